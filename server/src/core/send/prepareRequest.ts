/**
 * Turns one request block into the HTTP request the API takes ([1], [2] Create, [3] Versioning):
 *
 * - every `{{reference}}` resolved (file and environment variables, earlier named responses);
 * - the version: the path's segment, else the environment's defaultVersion (prepended), else none,
 *   and the result says which;
 * - GET and DELETE carry every parameter in the query string; a POST keeps the parameters written on
 *   its request line in the query string (the documented shape of a refresh:
 *   `POST /{version}/?id=<url>&scrape=true`) and sends its body as form fields, objects and lists as
 *   JSON text ([2] Create). A JSON body in the file becomes form fields;
 * - every value is percent-encoded on its own, so the `id` of a refresh can never disturb `scrape`
 *   (URL-ID-ENCODED): `&`, `=`, `?`, `#`, `+` and `%` inside a value are always escaped.
 *
 * The access token is not part of the result: `toWire` adds it at the very last moment, in the form
 * body of a POST or the Authorization header of a GET or DELETE, never in the URL.
 */
import { EMBEDDED_EMULATOR_ORIGIN } from './embeddedEmulator';
import type { BuiltinRuntime } from '../analysis/builtins';
import { readFileBody } from '../analysis/bodyFile';
import { envInUrlMessage, envValuesInUrl } from '../analysis/envInUrl';
import type { FileContext } from '../analysis/fileContext';
import { requestName } from '../analysis/fileContext';
import { buildBlockCall } from '../analysis/blockCall';
import type { ApiModel, EndpointDef } from '../model/apiModel';
import { splitVersion } from '../model/apiModel';
import { resolveRef } from '../model/validateValue';
import { unencodedUrlId } from '../rules/urlRules';
import type { RequestBlock } from '../syntax/ast';
import { loneSurrogateAt, loneSurrogateReason, showLoneSurrogates } from '../syntax/loneSurrogate';
import { decodeParamValue } from '../syntax/query';
import { formFieldText, readLosslessBody } from './losslessJson';
import type { NamedResponses } from './namedResponses';
import { shownUrl } from './shownUrl';
import { resolveForSend, resolveJsonValue, UnresolvedReference } from './resolveForSend';
import type { FailureKind, Pairs, PreparedRequest, VersionInfo } from './types';

export interface PrepareOptions {
  model: ApiModel;
  /** From `buildFileContext(document, environment)`. */
  ctx: FileContext;
  responses: NamedResponses;
  /** Where the request goes unless it is written with an absolute URL of the same origin. */
  baseUrl: string;
  /**
   * The base URL is an embedded emulator's: a request written for its name (a link it wrote,
   * embeddedEmulator.ts) goes there too, whatever port it listens on in this run.
   */
  embedded?: boolean;
  /** Adds `validate_only` to `execution_options` of an ad set creation (ADSET-EXECUTION-OPTIONS). */
  validateOnly?: boolean;
  /** The clock and randomness of `{{$guid}}`, `{{$timestamp}}` & co.; without it they cannot be sent. */
  runtime?: BuiltinRuntime;
}

export type PrepareOutcome =
  | {
      ok: true;
      request: PreparedRequest;
      /** Access tokens written in the file: not sent, but redacted like the real one. */
      secretsInFile: string[];
    }
  | { ok: false; kind: Extract<FailureKind, 'build' | 'insecure'>; message: string; name: string | null; title: string | null };

export function prepareRequest(block: RequestBlock, opts: PrepareOptions): PrepareOutcome {
  const name = requestName(block) ?? null;
  const title = block.parsed.separator?.title?.text ?? null;
  const fail = (message: string, kind: 'build' | 'insecure' = 'build'): PrepareOutcome => ({ ok: false, kind, message, name, title });
  const request = block.parsed.request;
  if (!request) return fail(`request ${block.index} has no request line`);
  const syntax = block.parsed.errors[0];
  if (syntax) return fail(`the request has a syntax error: ${syntax.message}`);
  const method = (request.method?.text ?? 'GET').toUpperCase();
  const warnings: string[] = [];
  const secretsInFile: string[] = [];
  const { ctx, responses, runtime } = opts;
  // REQ-ENV-IN-URL: a value of the environment never goes in a URL (the checker says the same).
  const envInUrl = envValuesInUrl(block, ctx)[0];
  if (envInUrl) return fail(`${envInUrlMessage(envInUrl).replace(/\.$/, '')} (REQ-ENV-IN-URL)`, 'insecure');
  // The checker reports these lines (SYNTAX-ASSERTION); they never go on the wire.
  if (block.parsed.assertions.length) warnings.push(`${block.parsed.assertions.length === 1 ? 'the `??` line is an httpYac assertion' : `the ${block.parsed.assertions.length} \`??\` lines are httpYac assertions`}, not graphreq syntax: not sent and not evaluated`);

  try {
    // The path: resolved as a whole, so a variable may hold several segments or the origin itself.
    const rawPath = request.target.queryStart === undefined ? request.target.raw : request.target.raw.slice(0, request.target.queryStart - request.target.span.start);
    let pathText = resolveForSend(rawPath.trim(), ctx, responses, 'encoded', runtime);
    let baseUrl = opts.baseUrl.replace(/\/+$/, '');
    const absolute = /^(https?:\/\/[^/?#\s]*)(.*)$/i.exec(pathText);
    if (absolute) {
      const target = originOf(absolute[1]);
      if (!target) return fail(`\`${absolute[1]}\` is not a valid URL`);
      // A link of the embedded emulator names it, not a port: it goes to this run's embedded emulator.
      const toEmbedded = opts.embedded === true && target === EMBEDDED_EMULATOR_ORIGIN;
      if (target !== originOf(baseUrl) && !toEmbedded) {
        return fail(`the request is written for ${target}, but the access token goes only to the base URL's origin ${originOf(baseUrl) ?? shownUrl(baseUrl)}: set the base URL to it, or write the path without the origin`, 'insecure');
      }
      if (!toEmbedded) baseUrl = target;
      pathText = absolute[2];
    }
    const segments = pathText.split('/').filter((s) => s !== '').map(decodeParamValue);

    const { version, rest, versionLike } = splitVersion(segments.map((text) => ({ text, opaque: false })));
    let versionInfo: VersionInfo;
    if (version) versionInfo = { text: version.text, source: 'path' };
    else if (versionLike) {
      versionInfo = { text: versionLike, source: 'path' };
      warnings.push(`the version segment \`${versionLike}\` is not in the documented form v<major>.<minor> (REQ-VERSION-FORMAT)`);
    } else if (ctx.env.defaultVersion) {
      versionInfo = { text: ctx.env.defaultVersion, source: 'default' };
      segments.unshift(ctx.env.defaultVersion);
    } else {
      versionInfo = { text: null, source: 'none' };
      warnings.push('sent without a version: the service uses the version set in the app dashboard; always sending one is advised (REQ-VERSION-MISSING)');
    }
    const match = opts.model.match(method, rest);
    const endpoint = match?.endpoint;
    // URL-ID-ENCODED: a refresh whose URL is written with a raw `&`, `?`, `#` or space is refused here,
    // as the editor and the service refuse it: encoding it now would mean guessing where the URL ends.
    if (endpoint?.id === 'url.refresh') {
      const unencoded = unencodedRefreshUrl(block, opts);
      if (unencoded) return fail(unencoded);
    }

    const query: Pairs = [];
    for (const p of request.params) query.push([decodeParamValue(p.name.text), decodeParamValue(resolveForSend(p.value?.text ?? '', ctx, responses, 'encoded', runtime))]);
    let bodyFields: Pairs | null = null;
    const body = request.body;
    // A `< path` body is the file's text in place of the line (the checker reads the same text).
    let kind = body?.kind;
    let bodyText = body?.text ?? '';
    let formParams = body?.formParams ?? [];
    if (body?.kind === 'file') {
      const read = readFileBody(body, ctx);
      if (!read.ok) return fail(lowerFirst(read.message.replace(/\.$/, '')));
      ({ kind, text: bodyText, formParams } = read);
    }
    if (kind === 'form') {
      bodyFields = formParams.map((p) => [decodeParamValue(p.name.text), decodeParamValue(resolveForSend(p.value?.text ?? '', ctx, responses, 'encoded', runtime))]);
    } else if (kind === 'json') {
      const read = readLosslessBody(bodyText);
      if (read.errors.length) return fail(`the JSON body cannot be read: ${read.errors[0].message}`);
      if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) return fail('the JSON body must be an object whose members are the parameters of the call');
      const value = resolveJsonValue(read.value, ctx, responses, runtime) as Record<string, unknown>;
      const nullMember = Object.keys(value).find((k) => value[k] === null && !takesNull(opts.model, endpoint, k));
      if (nullMember !== undefined) {
        return fail(`\`${nullMember}\` is null in the JSON body, which it does not take, and a form field cannot carry null: give it a value or leave it out`);
      }
      bodyFields = Object.entries(value).map(([k, v]) => [k, formFieldText(v)]);
    }

    for (const list of [query, bodyFields]) {
      if (!list) continue;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i][0] !== 'access_token') continue;
        if (list[i][1]) secretsInFile.push(list[i][1]);
        list.splice(i, 1);
        warnings.push('the access_token written in the file was not sent: the token comes from GRAPHREQ_ACCESS_TOKEN or the editor\'s secret storage (REQ-TOKEN-IN-FILE)');
      }
    }

    let form: Pairs | null = null;
    if (method === 'POST') form = bodyFields ?? [];
    else if (bodyFields?.length) {
      // The API reads a GET's parameters from the query string only, so a body written for a GET moves there.
      query.push(...bodyFields);
      warnings.push(`the body's parameters were sent in the query string: a ${method} takes its parameters there`);
    }

    if (opts.validateOnly) {
      if (endpoint?.id !== 'adset.create' || !form) return fail('validate only applies to an ad set creation (POST /{version}/act_<id>/adsets)');
      addValidateOnly(form);
    }

    const headers: Pairs = [];
    for (const h of request.headers) {
      // The same table gives the checker's REQ-HEADER-DROPPED hint.
      const dropped = opts.model.droppedHeader(h.name.text);
      if (dropped && h.name.text.toLowerCase() === 'authorization') {
        // The token is graphreq's to send: one written in the file is a leak risk (REQ-TOKEN-IN-FILE), so it is dropped and redacted like the real one.
        const credential = /^\s*(?:Bearer|OAuth)\s+(\S+)/i.exec(resolveForSend(h.value.text, ctx, responses, 'plain', runtime))?.[1];
        if (credential) secretsInFile.push(credential);
      }
      if (dropped) {
        warnings.push(`the ${h.name.text} header written in the file was not sent: ${dropped}`);
        continue;
      }
      headers.push([h.name.text, resolveForSend(h.value.text, ctx, responses, 'plain', runtime)]);
    }

    const unsendable = unsendableText(segments, [query, form, headers]);
    if (unsendable) return fail(unsendable);

    // [3] Limits: a request naming several ids counts one call per id, so `ids=a,b` is two URL reads.
    const urlReads = endpoint?.id !== 'url.read' ? [] : query.filter(([k]) => k === 'id' || k === 'ids').flatMap(([k, v]) => (k === 'ids' ? v.split(',') : [v])).map((u) => u.trim()).filter((u) => u !== '');
    return {
      ok: true,
      secretsInFile,
      request: {
        index: block.index,
        name,
        title,
        method,
        baseUrl,
        path: '/' + segments.map(encodeURIComponent).join('/') + (segments.length > 0 && pathText.endsWith('/') ? '/' : ''),
        query,
        form,
        headers,
        tokenIn: method === 'POST' ? 'form' : 'header',
        version: versionInfo,
        endpointId: endpoint?.id ?? null,
        bucType: endpoint?.bucType ?? null,
        urlReads,
        warnings,
      },
    };
  } catch (e) {
    if (e instanceof UnresolvedReference) return fail(e.message);
    throw e;
  }
}

/**
 * REQ-LONE-SURROGATE: the first part of the request that holds half of a surrogate pair (a JSON
 * escape `"\ud800"` in the file, or a value of a variable or an earlier answer), as the reason it is
 * not sent: UTF-8 cannot carry it, so it can be neither percent-encoded nor sent in a body.
 */
function unsendableText(segments: string[], lists: Array<Pairs | null>): string | undefined {
  const holds = (where: string, text: string): string | undefined => {
    const at = loneSurrogateAt(text);
    return at < 0 ? undefined : `${where} ${loneSurrogateReason(text, at)}`;
  };
  for (const s of segments) {
    const found = holds('the path', s);
    if (found) return found;
  }
  for (const list of lists) {
    for (const [name, value] of list ?? []) {
      const found = holds(`\`${showLoneSurrogates(name)}\``, name + value);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Whether the service reads a null for parameter `name`. A JSON null goes out as the form text `null`
 * (its JSON text, as objects and lists go out as theirs), which the service reads as null where the
 * parameter takes null ([2]: regional_regulated_categories "Accepts null"). For a documented parameter
 * that does not take null the text would arrive as the word "null", another request than the one
 * written, so the request is not sent. Undocumented parameters and endpoints go as written.
 */
function takesNull(model: ApiModel, endpoint: EndpointDef | undefined, name: string): boolean {
  const schema = model.paramsSchema(endpoint);
  const prop = schema?.properties?.[name];
  if (!prop) return true;
  const type = resolveRef(prop, schema!).type;
  // Where the parameter also takes text, the text `null` would be read as the word, not as null.
  return type === undefined || type === 'null' || (Array.isArray(type) && type.includes('null') && !type.includes('string'));
}

/** The URL-ID-ENCODED finding of a refresh block, as the reason it is not sent; undefined when the URL is encoded. */
function unencodedRefreshUrl(block: RequestBlock, opts: PrepareOptions): string | undefined {
  const built = buildBlockCall(block, opts.ctx, opts.model);
  if (!built) return undefined;
  const problem = unencodedUrlId(built.call, opts.model, (name) => built.written.get(name)?.value?.text);
  if (!problem) return undefined;
  return `the URL in \`id\` has ${problem.reason} (URL-ID-ENCODED): encode it with the quick fix or \`graphreq check --fix\`; graphreq does not guess where the URL ends`;
}

/** `execution_options` is a list written as JSON text; validate_only joins whatever is there. */
function addValidateOnly(form: Pairs): void {
  const at = form.findIndex(([k]) => k === 'execution_options');
  let list: unknown[] = [];
  if (at >= 0) {
    try {
      const parsed = JSON.parse(form[at][1]);
      list = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      list = [form[at][1]];
    }
  }
  if (!list.includes('validate_only')) list.push('validate_only');
  const text = JSON.stringify(list);
  if (at >= 0) form[at][1] = text;
  else form.push(['execution_options', text]);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
