/**
 * Checks of how a request is written where send would read it differently from how it looks, so
 * that check and send never disagree (they share the readers: builtins.ts, bodyFile.ts, blockCall's
 * path resolution, the model's dropped headers):
 *
 * - REQ-BUILTIN-VARIABLE: `{{$name ...}}` misspelt, with wrong arguments, or naming a value the host
 *   does not have (send refuses the request);
 * - REQ-BASE-URL: a request written with an absolute URL (literally or through `{{host}}`) for an
 *   origin that is not where sends go (send refuses it);
 * - REQ-BODY-FILE: a `< path` body that cannot be read (send refuses it);
 * - REQ-ENV-IN-URL: a `$processEnv` or `$dotenv` value in the URL (send refuses it, envInUrl.ts);
 * - SYNTAX-ASSERTION: httpYac `??` lines (never sent, never evaluated);
 * - REQ-UNKNOWN-DIRECTIVE: `# @nme` and other directives graphreq does not know (ignored);
 * - REQ-HEADER-DROPPED: headers graphreq sets itself (not sent as written);
 * - REQ-LONE-SURROGATE: half of a surrogate pair, written as a JSON escape (`"\ud800"`) or present
 *   in the editor's text, which UTF-8 cannot carry (send refuses the request);
 * - REQ-TOKEN-IN-FILE, for a token written in a file variable and used as the access_token or in
 *   the Authorization header (`@token = EAAB...`, then `access_token={{token}}`): the rule engine sees
 *   a value from a variable and leaves it alone, but the token is in the file all the same.
 */
import { EMBEDDED_EMULATOR_ORIGIN } from '../send/embeddedEmulator';
import type { BlockCall } from '../analysis/blockCall';
import { parseBuiltin, builtinValue } from '../analysis/builtins';
import { envInUrlMessage, envValuesInUrl } from '../analysis/envInUrl';
import type { FileContext } from '../analysis/fileContext';
import { blockNames } from '../analysis/names';
import type { ApiModel } from '../model/apiModel';
import { closest, listForMessage } from '../rules/suggest';
import type { Param, RequestBlock } from '../syntax/ast';
import type { Finding } from '../types';
import { hasOwn, own } from '../own';
import { expectationFromAssertion } from '../syntax/expectation';
import { cleanJsonc } from '../syntax/jsonBody';
import { loneSurrogateEscapes, loneSurrogateOffsets, surrogateEscape } from '../syntax/loneSurrogate';
import { Redactor } from '../send/redact';

/** The patterns of redaction alone (a token's shape, `Bearer …`, `access_token=…`), for text the file itself holds. */
const TOKEN_SHAPES = new Redactor();

/** What any block may hold, with or without a request: variables, directives, assertion lines. */
export function checkWrittenBlock(block: RequestBlock, ctx: FileContext, model: ApiModel, out: Finding[]): void {
  checkBuiltins(block, ctx, out);
  checkAssertions(block, out);
  checkUnknownDirectives(block, model, out);
  checkLoneSurrogates(block, out);
}

/** At most this many REQ-LONE-SURROGATE findings per block: one is enough to refuse it. */
const MAX_SURROGATE_FINDINGS = 10;

function checkLoneSurrogates(block: RequestBlock, out: Finding[]): void {
  // Made at the first one found: nearly every block has none.
  let found: Array<{ start: number; end: number; shown: string }> | undefined;
  // Raw code units: a file on disk cannot hold them (it is read as strict UTF-8, and its host says so:
  // looking was a fiftieth of a cold check of 16 MB), an editor's buffer can.
  if (!block.wellFormed) for (const at of loneSurrogateOffsets(block.text, MAX_SURROGATE_FINDINGS)) (found ??= []).push({ start: at, end: at + 1, shown: surrogateEscape(block.text, at) });
  const body = block.parsed.request?.body;
  // A body without `\u` holds no escape: it is not cleaned of its comments to look for one.
  if (body?.kind === 'json' && body.text.indexOf('\\u') >= 0) {
    for (const e of loneSurrogateEscapes(cleanJsonc(body.text, false), MAX_SURROGATE_FINDINGS - (found?.length ?? 0))) {
      (found ??= []).push({ start: body.span.start + e.start, end: body.span.start + e.end, shown: body.text.slice(e.start, e.end) });
    }
  }
  if (found) for (const f of found) {
    out.push({
      code: 'REQ-LONE-SURROGATE',
      severity: 'error',
      message: `\`${f.shown}\` is half of a UTF-16 surrogate pair without its other half: UTF-8 cannot carry it, so the request is not sent.`,
      detail: 'Write the whole pair (`\\ud83d\\ude00`) or the character itself.',
      span: { start: f.start, end: f.end },
    });
  }
}

/** What send does with the request's headers, body file and origin (after the rules: it reads their findings). */
export function checkWrittenRequest(block: RequestBlock, ctx: FileContext, bc: BlockCall | undefined, model: ApiModel, out: Finding[]): void {
  const request = block.parsed.request;
  if (!request) return;
  checkTokenVariables(block, ctx, out);
  for (const found of envValuesInUrl(block, ctx)) out.push({ code: 'REQ-ENV-IN-URL', severity: 'error', message: envInUrlMessage(found), span: found.span });
  for (const h of request.headers) {
    const why = model.droppedHeader(h.name.text);
    // A token written in the header is REQ-TOKEN-IN-FILE's (a warning): one finding is enough.
    if (!why || out.some((f) => f.code === 'REQ-TOKEN-IN-FILE' && f.span.start >= h.span.start && f.span.end <= h.span.end)) continue;
    out.push({
      code: 'REQ-HEADER-DROPPED',
      severity: 'hint',
      message: `graphreq does not send this ${h.name.text} header: ${why}.`,
      span: h.span,
      tags: ['unnecessary'],
      fixes: [{ title: `Remove the ${h.name.text} header`, edits: [{ span: lineOf(block.text, h.span), newText: '' }], preferred: true }],
    });
  }
  if (!bc) return;
  if (bc.fileBody && 'problem' in bc.fileBody) {
    out.push({ code: 'REQ-BODY-FILE', severity: 'error', message: bc.fileBody.problem, span: request.body!.file!.path.span });
  }
  checkOrigin(block, ctx, bc, out);
}

/** A literal token (no space, no variable, 8 characters or more), as REQ-TOKEN-IN-FILE takes it when written directly. */
const LITERAL_TOKEN_RE = /^[^\s{}]{8,}$/;

/**
 * REQ-TOKEN-IN-FILE through a file variable: `access_token={{token}}` (query or form) or
 * `Authorization: Bearer {{token}}`, where `@token = EAAB...` holds the token itself. The finding is
 * on the use; the message names the variable, where the token is written.
 */
function checkTokenVariables(block: RequestBlock, ctx: FileContext, out: Finding[]): void {
  const request = block.parsed.request!;
  // The two lists in turn, each without a joined copy, a list of both or a closure per request.
  tokenParams(request.params, ctx, out);
  if (request.body?.formParams) tokenParams(request.body.formParams, ctx, out);
  for (const h of request.headers) {
    if (h.name.text.toLowerCase() !== 'authorization') continue;
    const credential = /^\s*(?:Bearer|OAuth)\s+(.*)$/i.exec(h.value.text)?.[1];
    const name = credential !== undefined ? literalTokenVariable(credential, ctx) : undefined;
    if (name) out.push({ code: 'REQ-TOKEN-IN-FILE', severity: 'warning', message: tokenVariableMessage(name), span: h.span });
  }
}

function tokenParams(list: Param[], ctx: FileContext, out: Finding[]): void {
  for (const p of list) {
    if (p.name.text !== 'access_token' || !p.value) continue;
    const name = literalTokenVariable(p.value.text, ctx);
    if (name) out.push({ code: 'REQ-TOKEN-IN-FILE', severity: 'warning', message: tokenVariableMessage(name), span: p.value.span });
  }
}

function tokenVariableMessage(name: string): string {
  return `An access token is written in the file, in \`@${name}\`, where anyone who sees the file can use it: remove it (graphreq adds the token at send time).`;
}

/** The file variable that `text` (`{{name}}` and nothing else) reads, when its value is a literal token. */
function literalTokenVariable(text: string, ctx: FileContext): string | undefined {
  const m = /^\s*\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}\s*$/.exec(text);
  if (!m) return undefined;
  const value = ctx.variables.get(m[1])?.value.trim();
  return value !== undefined && LITERAL_TOKEN_RE.test(value) ? m[1] : undefined;
}

/** REQ-BUILTIN-VARIABLE in the request and in the file variables this block defines (the name index's uses). */
function checkBuiltins(block: RequestBlock, ctx: FileContext, out: Finding[]): void {
  for (const use of blockNames(block).uses) {
    if (use.kind !== 'builtin') continue;
    const span = use.span;
    const parsed = parseBuiltin(use.expr);
    if (!parsed.ok) {
      const fix = parsed.suggestion;
      out.push({
        code: 'REQ-BUILTIN-VARIABLE',
        severity: 'error',
        message: parsed.message,
        detail: parsed.detail,
        span,
        fixes: fix && use.expr.split(/\s+/).length === 1 ? [{ title: `Change to \`{{${fix}}}\``, edits: [{ span, newText: `{{${fix}}}` }], preferred: true }] : undefined,
      });
      continue;
    }
    const value = builtinValue(parsed.call, ctx.env);
    // A name graphreq may not read is wrong wherever it runs (an error); one not set may be set where it sends (a warning).
    if (value.kind === 'missing') out.push({ code: 'REQ-BUILTIN-VARIABLE', severity: value.notAllowed ? 'error' : 'warning', message: value.message, span });
  }
}

/** SYNTAX-ASSERTION: httpYac's `??` lines. The span is the line, for a later fix that rewrites it. */
function checkAssertions(block: RequestBlock, out: Finding[]): void {
  for (const a of block.parsed.assertions) {
    // A token written in the line (`?? body token == EAAB…`) is not quoted: cut at 40 characters, its
    // first 20 would no longer have a token's shape for the redaction of what is shown.
    const text = TOKEN_SHAPES.text(a.text);
    const shown = text.length > 40 ? `${text.slice(0, 39)}…` : text;
    out.push({
      code: 'SYNTAX-ASSERTION',
      severity: 'warning',
      message: `\`${shown}\` is an httpYac assertion, not graphreq syntax: graphreq neither sends nor evaluates it.`,
      span: a.span,
      // graphreq's own expectations say the same declaratively (docs/format.md, Expectations).
      fixes: assertionFix(a.text, a.span),
    });
  }
}

function assertionFix(text: string, span: Finding['span']): Finding['fixes'] {
  const expectation = expectationFromAssertion(text);
  if (!expectation) return undefined;
  const newText = `# @expect ${expectation}`;
  return [{ title: `Change to \`${TOKEN_SHAPES.text(newText)}\``, edits: [{ span, newText }], preferred: true }];
}

/** REQ-UNKNOWN-DIRECTIVE: a directive graphreq does not know is ignored, so a misspelt `@name` names nothing. */
function checkUnknownDirectives(block: RequestBlock, model: ApiModel, out: Finding[]): void {
  for (const d of block.parsed.directives) {
    const name = d.name.text;
    if (hasOwn(model.directives, name)) continue;
    const tool = own(model.foreignDirectives, name);
    if (tool) {
      out.push({ code: 'REQ-UNKNOWN-DIRECTIVE', severity: 'hint', message: `\`# @${name}\` is a ${tool} directive that graphreq ignores.`, span: d.name.span, tags: ['unnecessary'] });
      continue;
    }
    const known = Object.keys(model.directives);
    const suggestion = closest(name, known);
    out.push({
      code: 'REQ-UNKNOWN-DIRECTIVE',
      severity: 'warning',
      message: suggestion
        ? `graphreq has no directive \`@${name}\`, so it is ignored: did you mean \`@${suggestion}\`?`
        : `graphreq has no directive \`@${name}\`, so it is ignored: write one it knows (hover lists them), or drop the @ of a comment.`,
      detail: `The directives graphreq reads: ${listForMessage(known.map((k) => `@${k}`), known.length)}.`,
      span: d.name.span,
      fixes: suggestion ? [{ title: `Change to \`@${suggestion}\``, edits: [{ span: d.name.span, newText: suggestion }], preferred: true }] : undefined,
    });
  }
}

/**
 * REQ-BASE-URL: the token goes only to the base URL's origin, so send refuses a request written for
 * another one (prepareRequest); without a base URL, sends go to the embedded emulator, whose
 * address is never the one written, but whose name (a link it wrote) is.
 */
function checkOrigin(block: RequestBlock, ctx: FileContext, bc: BlockCall, out: Finding[]): void {
  const origin = bc.origin;
  if (!origin) return;
  const target = block.parsed.request!.target;
  const written = originOf(origin.text);
  const configured = ctx.env.baseUrl ? originOf(ctx.env.baseUrl) : undefined;
  if (written && configured && written === configured) return;
  // Without a base URL sends go to the embedded emulator, which a link it wrote names (embeddedEmulator.ts).
  if (!configured && written === EMBEDDED_EMULATOR_ORIGIN) return;
  const span = origin.segment !== undefined ? target.path.segments[origin.segment]?.span ?? target.span : target.origin?.span ?? target.span;
  const shown = written ?? origin.text;
  out.push({
    code: 'REQ-BASE-URL',
    severity: 'error',
    message: configured
      ? written === EMBEDDED_EMULATOR_ORIGIN
        ? `Not sent: a link of the embedded emulator, but the token goes only to the base URL ${configured}; drop the origin or the base URL.`
        : `Not sent: written for ${shown}, but the token goes only to the base URL ${configured}; drop the origin or change baseUrl.`
      : `Not sent: written for ${shown}, but no baseUrl is set (sends go to the embedded emulator); set baseUrl to ${shown}.`,
    detail: 'The access token only ever goes to the base URL\'s origin (graphreq.env.json\'s baseUrl or the editor\'s graphreq.baseUrl setting), so send refuses a request written for another origin (docs/sending.md).',
    span,
  });
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The whole line of `span`, with its line break, for edits that remove a line. */
function lineOf(text: string, span: { start: number; end: number }): { start: number; end: number } {
  const start = text.lastIndexOf('\n', span.start - 1) + 1;
  const nl = text.indexOf('\n', span.end);
  return { start, end: nl < 0 ? text.length : nl + 1 };
}
