/**
 * Builds the `Call` of one request block: resolves variables, splits off the version, finds the
 * endpoint and merges query, form and body parameters. Records where each parameter was written so
 * findings can be located later (features/locate.ts).
 */
import type { ApiModel, EndpointDef, MatchSegment } from '../model/apiModel';
import { splitVersion } from '../model/apiModel';
import { parseVersion, type Version } from '../model/version';
import type { Param, RequestBlock } from '../syntax/ast';
import { parseFieldList, type FieldList } from '../syntax/fields';
import { keysMayRepeat } from '../syntax/duplicateKeys';
import { isOpaque, nestedTooDeep, OPAQUE_MARK, readBodyValue } from '../syntax/jsonBody';
import { decodeParamValue } from '../syntax/query';
import type { Call, CallParam } from './call';
import { CallParams } from './callParams';
import { hasOwn } from '../own';
import { isResponseRef, lookupVariable, resolveText, type FileContext } from './fileContext';
import { readFileBody } from './bodyFile';

export interface BlockCall {
  call: Call;
  /** Query or form parameters written again after an earlier one of the same name (each extra copy). */
  duplicateParams: Param[];
  /** Names given in the query and again in the JSON body (the body's wins). */
  bodyDuplicates: string[];
  /** Query and form parameters by name (the last one written wins, as in the call). */
  written: Map<string, Param>;
  /** Index in `block.parsed.request.target.path.segments` of the first segment after the version. */
  firstPathSegment: number;
  /** The body is JSON written in the document and could be read. */
  jsonBody: boolean;
  /** The JSON body written in the document as it was read (`cleanJsonc`): the locator reads the same text. */
  cleanBody?: string;
  /** The JSON body may write a key twice in one object (duplicateKeys.ts `keysMayRepeat`): only then is it scanned for REQ-DUPLICATE-PARAM. */
  bodyKeysMayRepeat: boolean;
  /** A `< path` body: the file it was read from, or why it cannot be. */
  fileBody?: { path: string } | { problem: string };
  /** For each segment of `call.segments`, the index of the written path segment it comes from. */
  segmentSources: number[];
  /** The origin the request is written for (`https://host`), literally or through a variable. */
  origin?: { text: string; segment?: number };
}

export function buildBlockCall(block: RequestBlock, ctx: FileContext, model: ApiModel): BlockCall | undefined {
  const request = block.parsed.request;
  if (!request) return undefined;
  const method = (request.method?.text ?? 'GET').toUpperCase();
  const directives = new Map<string, string>();
  for (const d of block.parsed.directives) directives.set(d.name.text, d.value?.text ?? '');
  const { rest, version, versionLike, versionSource, firstPathSegment, match, sources, origin } = resolvePath(block, method, directives.get('node')?.trim().split(/\s/)[0] || undefined, ctx, model);

  const params = new Map<string, CallParam>();
  const written = new Map<string, Param>();
  const bodyDuplicates: string[] = [];
  const duplicateParams: Param[] = [];
  const add = (p: CallParam, written: Param): void => {
    if (params.has(p.name)) duplicateParams.push(written);
    params.set(p.name, p);
  };
  let fields: FieldList | undefined;
  let fieldsUnlocated = false;
  for (const p of request.params) {
    const cp = textParam(p, ctx);
    add(cp, p);
    written.set(p.name.text, p);
    if (p.name.text === 'fields' && p.value) ({ fields, fieldsUnlocated } = fieldList(p));
  }
  let bodyBroken = false;
  let jsonBody = false;
  let cleanBody: string | undefined;
  let bodyKeysMayRepeat = false;
  let bodyObject: Record<string, unknown> | undefined;
  let bodyMembers: Record<string, unknown> | undefined;
  let fileBody: BlockCall['fileBody'];
  const body = request.body;
  // A `< path` body counts as the file's text written in its place (bodyFile.ts).
  let kind = body?.kind;
  let bodyText = body?.text ?? '';
  let formParams = body?.formParams ?? [];
  if (body?.kind === 'file') {
    const read = readFileBody(body, ctx);
    fileBody = read.ok ? { path: read.path } : { problem: read.message };
    if (read.ok) ({ kind, text: bodyText, formParams } = read);
    else bodyBroken = true;
  }
  if (kind === 'form') {
    for (const p of formParams) {
      add(textParam(p, ctx), p);
      // Fields read from a file have no place in this document: locations fall back to the `<` line.
      if (body?.kind === 'form') written.set(p.name.text, p);
      if (p.name.text === 'fields' && p.value) ({ fields, fieldsUnlocated } = body?.kind === 'form' ? fieldList(p) : { fields: parseFieldList(decodeParamValue(p.value.text), -1), fieldsUnlocated: true });
    }
  } else if (kind === 'json') {
    const read = readBodyValue(bodyText);
    // Past MAX_BODY_DEPTH the body is not read further (the readers below recurse): REQ-CHECK-LIMIT.
    if (read.ok && !read.shallow && nestedTooDeep(read.value)) read.value = undefined;
    bodyBroken = !read.ok || read.value === undefined;
    jsonBody = read.ok && body?.kind === 'json';
    if (body?.kind === 'json') cleanBody = read.clean;
    if (jsonBody && cleanBody !== undefined) bodyKeysMayRepeat = keysMayRepeat(cleanBody, read.value);
    let value = read.value;
    if (bodyText.indexOf('{{') >= 0) {
      // A token taken from a variable stays a variable (REQ-TOKEN-IN-FILE): only literal tokens are flagged.
      const token = value !== null && typeof value === 'object' ? (value as Record<string, unknown>).access_token : undefined;
      value = resolveJsonValue(value, ctx);
      if (isOpaque(token) && value !== null && typeof value === 'object') (value as Record<string, unknown>).access_token = token;
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const members = value as Record<string, unknown>;
      bodyMembers = members;
      if (params.size === 0) bodyObject = members;
      // Members are read lazily (CallParams); only a name also given in the query is a duplicate.
      if (params.size) for (const name of params.keys()) if (hasOwn(members, name)) bodyDuplicates.push(name);
      if (typeof members.fields === 'string' && hasOwn(members, 'fields')) fields = parseFieldList(members.fields, -1);
    } else if (read.ok) {
      bodyBroken = true;
    }
  }

  const headers = new Map<string, string>();
  for (const h of request.headers) headers.set(h.name.text.toLowerCase(), h.value.text);
  // A parameter may choose the endpoint (`batch` makes a POST to the root a batch): known only now.
  const selected = model.selectByParams(match, (name) => params.has(name) || (bodyMembers !== undefined && hasOwn(bodyMembers, name)));

  return {
    call: {
      method,
      segments: rest,
      match: selected,
      endpoint: selected?.endpoint,
      version,
      versionSource,
      versionLike,
      params: new CallParams(params, bodyMembers),
      fields,
      fieldsUnlocated: fieldsUnlocated || undefined,
      directives,
      env: ctx.env,
      bodyBroken,
      headers,
      bodyObject,
    },
    written,
    duplicateParams,
    bodyDuplicates,
    firstPathSegment: sources[firstPathSegment] ?? request.target.path.segments.length,
    jsonBody,
    cleanBody,
    bodyKeysMayRepeat,
    fileBody,
    segmentSources: sources.slice(firstPathSegment),
    origin: request.target.origin ? { text: request.target.origin.text } : origin,
  };
}

interface PathResolution {
  rest: MatchSegment[];
  version?: Version;
  versionLike?: string;
  versionSource: Call['versionSource'];
  /** Index in the resolved segments of the first segment after the version. */
  firstPathSegment: number;
  match: ReturnType<ApiModel['match']>;
  /** For each resolved segment, the written segment it comes from. */
  sources: number[];
  /** An origin given by a variable at the start of the path (`{{host}}/v23.0/...`). */
  origin?: { text: string; segment: number };
}

/**
 * Resolved request lines, per file context: a file of many requests to the same endpoint resolves
 * and matches its request line once. Entries are shared, so they are never changed after creation.
 */
const pathCaches = new WeakMap<FileContext, Map<string, PathResolution>>();

function resolvePath(block: RequestBlock, method: string, node: string | undefined, ctx: FileContext, model: ApiModel): PathResolution {
  const target = block.parsed.request!.target;
  // Keyed by the path's text, which decides its segments: a request line seen before reads none.
  const key = `${method} ${node ?? ''} ${target.pathText}`;
  let cache = pathCaches.get(ctx);
  if (!cache) pathCaches.set(ctx, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) return hit;
  const { segments, sources, origin } = resolveSegments(target.path.segments.map((s) => s.text), !!target.origin, ctx);
  let { version, versionLike, rest } = splitVersion(segments);
  let firstPathSegment = segments.length - rest.length;
  // An unresolved `{{version}}`-like first segment: treat it as the version segment.
  if (!version && !versionLike && segments[0]?.opaque && /version/i.test(segments[0].text)) {
    rest = segments.slice(1);
    firstPathSegment = 1;
  }
  const versionSource: Call['versionSource'] = version ? 'path' : firstPathSegment === 1 && !versionLike ? 'path' : ctx.env.defaultVersion ? 'default' : 'none';
  if (!version && versionSource === 'default') version = parseVersion(ctx.env.defaultVersion!);
  const hint = (candidates: EndpointDef[]): EndpointDef | undefined => pickByHint(candidates, rest, node, ctx, model);
  const resolution = { rest, version, versionLike, versionSource, firstPathSegment, match: model.match(method, rest, hint, node), sources, origin };
  cache.set(key, resolution);
  return resolution;
}

const ORIGIN_RE = /^https?:\/\/[^/?#\s]*/i;

/**
 * The path's segments as send resolves them (prepareRequest): variables replaced, a variable may
 * hold several segments (`@base = v23.0/act_1`) or, at the start, the origin (`@host = http://...`),
 * and each segment is percent-decoded. A segment that keeps an unresolved reference stays whole and
 * opaque. `sources` maps each segment back to the written one, so findings are shown where written.
 */
export function resolveSegments(raw: string[], literalOrigin: boolean, ctx: FileContext): { segments: MatchSegment[]; sources: number[]; origin?: { text: string; segment: number } } {
  const segments: MatchSegment[] = [];
  const sources: number[] = [];
  let origin: { text: string; segment: number } | undefined;
  raw.forEach((text, i) => {
    const r = resolveText(text, ctx);
    if (r.opaque) {
      segments.push({ text, opaque: true });
      sources.push(i);
      return;
    }
    let value = r.text;
    const o = i === 0 && !literalOrigin && text !== value ? ORIGIN_RE.exec(value) : null;
    if (o) {
      origin = { text: o[0], segment: 0 };
      value = value.slice(o[0].length);
    }
    for (const part of value.split('/')) {
      if (part === '') continue;
      segments.push({ text: decodeParamValue(part), opaque: false });
      sources.push(i);
    }
  });
  return { segments, sources, origin };
}

/**
 * A `fields=` value as written. Percent-encoded (as curl and copied URLs write it), it is decoded
 * first; its items then have no offsets of their own, and findings point at the whole value.
 */
function fieldList(p: Param): { fields: FieldList; fieldsUnlocated: boolean } {
  const raw = p.value!.text;
  if (/%[0-9A-Fa-f]{2}|\+/.test(raw)) return { fields: parseFieldList(decodeParamValue(raw), -1), fieldsUnlocated: true };
  return { fields: parseFieldList(raw, p.value!.span.start), fieldsUnlocated: false };
}

function textParam(p: Param, ctx: FileContext): CallParam {
  const raw = p.value?.text ?? '';
  const r = resolveText(raw, ctx);
  const name = decodeParamValue(p.name.text);
  // A token taken from a variable is how it should be done (REQ-TOKEN-IN-FILE): its value stays unknown here.
  const secret = name === 'access_token' && raw.includes('{{');
  return { name, value: decodeParamValue(r.text), source: p.source, opaque: r.opaque || secret };
}

/** Resolves `{{variables}}` inside body values; an unquoted variable takes its value as JSON when it is JSON. */
function resolveJsonValue(value: unknown, ctx: FileContext): unknown {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) === 0x2063) {
      const expr = value.slice(1, value.lastIndexOf(OPAQUE_MARK)).trim();
      const v = lookupVariable(expr, ctx);
      if (v === undefined) return value;
      const r = resolveText(v, ctx);
      if (r.opaque) return value;
      try {
        return JSON.parse(r.text);
      } catch {
        return r.text;
      }
    }
    if (value.indexOf('{{') >= 0) {
      const r = resolveText(value, ctx);
      return r.opaque ? value : r.text;
    }
    return value;
  }
  // Copied only where a variable resolved: a copy of each list and object (a body with `{{name}}` in one
  // text) gave the rules lists with holes (`map`), which V8 had compiled them for without (JSON.parse's).
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = resolveJsonValue(value[i], ctx);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    for (const k of Object.keys(obj)) {
      const v = resolveJsonValue(obj[k], ctx);
      if (v !== obj[k]) (out ??= { ...obj })[k] = v;
    }
    return out ?? value;
  }
  return value;
}

/**
 * Picks the endpoint for an opaque id segment: from a `# @node adset|thread|url` directive, or from
 * the named request the reference points to (the `id` of a node read is that node's; an id created
 * by an ad set create or copy is an ad set).
 */
function pickByHint(candidates: EndpointDef[], segments: MatchSegment[], node: string | undefined, ctx: FileContext, model: ApiModel): EndpointDef | undefined {
  if (node) return candidates.find((c) => c.id.startsWith(node + '.'));
  for (const s of segments) {
    if (!s.opaque) continue;
    const m = /\{\{\s*([\w-]+)\.response\.body\.([\w.]+)\s*\}\}/.exec(s.text);
    if (m && isResponseRef(`${m[1]}.response.body.${m[2]}`, ctx)) {
      const produced = (m[2] === 'id' ? readNode(m[1], ctx, model) : undefined) ?? producedNode(m[2]);
      if (produced) return candidates.find((c) => c.id.startsWith(produced + '.'));
    }
    if (lookupVariable(s.text.replace(/[{}\s]/g, ''), ctx) === undefined && /thread|^\{\{\s*t_/i.test(s.text)) {
      return candidates.find((c) => c.id.startsWith('thread.'));
    }
  }
  return undefined;
}

/**
 * The node that the request named `name` reads, when it is a GET of a node (`GET /v23.0/t_100200300`
 * reads a thread, `GET /v23.0/?id=...` a URL): the `id` of its response is that node's. The request
 * is this file's, else the one file of the workspace that names it; its path is matched as written
 * there (another file's variables are not this one's: a segment with `{{...}}` stays open), and
 * without hints, so a chain of reads is not followed. Undefined when it is not such a read, or when
 * its node cannot be told: the id's shape and the other hints decide then.
 */
function readNode(name: string, ctx: FileContext, model: ApiModel): string | undefined {
  let path = ctx.getPaths?.get(name);
  const own = path !== undefined;
  if (!own && !ctx.names.has(name)) {
    const elsewhere = ctx.elsewhere?.get(name);
    if (elsewhere?.length === 1) path = elsewhere[0].getPath;
  }
  if (path === undefined) return undefined;
  const written = path.split('/').filter((p) => p !== '');
  const segments = own ? resolveSegments(written, false, ctx).segments : written.map((text) => (text.includes('{{') ? { text, opaque: true } : { text: decodeParamValue(text), opaque: false }));
  const { rest } = splitVersion(segments);
  // `/{{version}}/...`: an unresolved version-like first segment is the version, as resolvePath reads it.
  const afterVersion = rest === segments && segments[0]?.opaque && /version/i.test(segments[0].text) ? segments.slice(1) : rest;
  const read = model.match('GET', afterVersion)?.endpoint;
  const node = read?.id.split('.')[0];
  return read && read.id === `${node}.read` ? node : undefined;
}

/**
 * Which node an id taken from a named response refers to, when its request does not say (it is not a
 * read of a node). The documents show ids in two responses: ad set creation (`id`) and copies
 * (`copied_adset_id`); both are ad sets.
 */
function producedNode(bodyPath: string): string | undefined {
  if (bodyPath === 'id' || bodyPath === 'copied_adset_id') return 'adset';
  return undefined;
}
