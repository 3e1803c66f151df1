/**
 * Diagnostics for a document: syntax errors, then the rule engine on each request, then the rules
 * that look across requests (URL-READ-RATE).
 *
 * Results are cached per block, keyed by the block's text and the file context's signature, so an
 * edit re-checks only the request it touched. The cache is owned by the caller (the LSP server keeps
 * one per document; the CLI none).
 */
import { fieldsNode } from '../analysis/call';
import { buildBlockCall } from '../analysis/blockCall';
import { buildFileContext, lookupVariable, namesRequest, type FileContext } from '../analysis/fileContext';
import { placesOf, type WorkspaceScope } from '../analysis/workspaceNames';
import { blockNames, VARIABLE_NAME_RE, type NameUse } from '../analysis/names';
import type { ApiModel } from '../model/apiModel';
import { checkCall } from '../rules/engine';
import type { GraphreqDocument, ParsedBlock, RequestBlock } from '../syntax/ast';
import { parseBodyTree, readBodyValue } from '../syntax/jsonBody';
import { duplicateKeys } from '../syntax/duplicateKeys';
import type { Environment, Finding, Fix, Severity, Span } from '../types';
import { copyFinding, fixesDeferred } from './deferredFixes';
import { LaterLocator, Locator } from './locate';
import { checkWrittenBlock, checkWrittenRequest } from './writtenChecks';
import { closest, inlineList, listForMessage } from '../rules/suggest';
import { checkExpectations, expectedRefusals } from '../rules/expectRules';
import { urlCounterKey } from '../model/limitFormulas';
import { fileSecrets } from '../send/fileSecrets';
import { Redactor } from '../send/redact';

/** What a block's check leaves behind: its findings (block-relative) and what cross-request rules need. */
export interface BlockResult {
  findings: Finding[];
  /** The URLs a GET of the URL node reads (one per id named), for URL-READ-RATE. */
  urlReads?: Array<{ url: string; finding: () => Finding | undefined; expected?: boolean }>;
}

/**
 * Per-block results, keyed by the block's parse object: an unchanged block keeps its parse across
 * edits (parseDocument, updateDocument), so its result is found without hashing its text. A result is
 * valid while the file context's signature (variables, request names, environment) is unchanged.
 */
export class ValidationCache {
  private entries = new WeakMap<ParsedBlock, { signature: string; result: BlockResult }>();
  /**
   * The last document's blocks and results, by position: after an edit, a block at the same place
   * with the same parse is found by comparing two array entries, not by a lookup in the map for each
   * of ten thousand blocks (the per-keystroke cost of a large file).
   */
  last: { parsed: ParsedBlock[]; results: BlockResult[]; signature: string } | undefined;
  get(block: RequestBlock, signature: string): BlockResult | undefined {
    const e = this.entries.get(block.parsed);
    return e && e.signature === signature ? e.result : undefined;
  }
  set(block: RequestBlock, signature: string, result: BlockResult): void {
    this.entries.set(block.parsed, { signature, result });
  }
}

export interface ValidateOptions {
  env: Environment;
  model: ApiModel;
  cache?: ValidationCache;
  /** Set by a caller that wants to stop early (LSP cancellation). */
  isCancelled?: () => boolean;
  /** The workspace the file is checked in: names of requests in other files (workspaceNames.ts). */
  workspace?: WorkspaceScope;
  /**
   * False: the findings of rules carry no fixes, not even deferred ones (a host that never applies
   * them: `check` without `--fix`). Not with a `cache`, whose results others may ask fixes of.
   */
  fixes?: boolean;
}

export function validateDocument(doc: GraphreqDocument, opts: ValidateOptions): Finding[] {
  return allFindings(validateByBlock(doc, buildFileContext(doc, opts.env, opts.workspace), opts));
}

/**
 * A document's findings, kept per block: an edit re-checks one block, and a host that converts
 * findings per block (the language server's diagnostics) never moves the others' to document offsets.
 */
export interface DocumentValidation {
  doc: GraphreqDocument;
  /** The result of each block of `doc`, by index (findings relative to the block). Shorter when cancelled. */
  results: BlockResult[];
  /** Findings that look across requests (URL-READ-RATE), at document offsets. */
  cross: Finding[];
  /** False when the check was cancelled before its last block. */
  complete: boolean;
  /** The file context's signature: the same text under the same signature gives the same findings. */
  signature: string;
}

/** Checks each block (or takes its cached result), then the rules that look across requests. */
export function validateByBlock(doc: GraphreqDocument, ctx: FileContext, opts: ValidateOptions): DocumentValidation {
  const n = doc.blocks.length;
  const results: BlockResult[] = [];
  const parsed: ParsedBlock[] = [];
  const urlReads: UrlRead[] = [];
  const { cache, isCancelled } = opts;
  const signature = ctx.signature;
  const last = cache?.last?.signature === signature ? cache.last : undefined;
  for (let i = 0; i < n; i++) {
    const block = doc.blocks[i];
    let result = last && last.parsed[i] === block.parsed ? last.results[i] : cache ? cache.get(block, signature) : undefined;
    if (!result) {
      // Asked before each block to check, not each block found done: a check in slices goes over the
      // blocks done again at each slice.
      if (isCancelled && isCancelled()) break;
      result = validateBlock(block, ctx, opts.model, opts.fixes !== false);
      if (cache) cache.set(block, signature, result);
    }
    results.push(result);
    parsed.push(block.parsed);
    if (result.urlReads) collectUrlReads(block, result.urlReads, urlReads);
  }
  // Kept when the check stopped early too: the next slice finds the blocks done by position.
  if (cache) cache.last = { parsed, results, signature };
  const complete = results.length === n;
  return { doc, results, cross: complete ? urlReadRate(urlReads) : [], complete, signature };
}

function collectUrlReads(block: RequestBlock, reads: NonNullable<BlockResult['urlReads']>, out: UrlRead[]): void {
  for (const r of reads) {
    const read = r.finding();
    if (read) out.push({ url: r.url, finding: shiftFinding(read, block.offset), expected: r.expected });
  }
}

/**
 * The findings at document offsets: every one, or those of the blocks that overlap `span` (a hover,
 * a code action's range) and the cross-request ones there.
 */
export function allFindings(v: DocumentValidation, span?: Span): Finding[] {
  const out: Finding[] = [];
  for (let i = 0; i < v.results.length; i++) {
    const block = v.doc.blocks[i];
    if (span && (block.offset > span.end || block.offset + block.text.length < span.start)) continue;
    for (const f of v.results[i].findings) out.push(shiftFinding(f, block.offset));
  }
  for (const f of v.cross) if (!span || (f.span.start <= span.end && f.span.end >= span.start)) out.push(f);
  return out;
}

/**
 * Each finding of `v` in document order (by start; among equal starts in the order found, which is
 * what a stable sort of `allFindings` gives), with the offset its span is relative to (its block's;
 * 0 for the findings across requests). None is copied to document offsets: printing the 19,000
 * findings of a large file made as many copies, and their spans, for the garbage collector.
 */
export function eachFindingInOrder(v: DocumentValidation, each: (f: Finding, by: number) => void): void {
  const blocks = v.doc.blocks;
  const lists: Finding[][] = new Array(v.results.length);
  let last = -Infinity;
  for (let i = 0; i < v.results.length; i++) {
    const list = inOrder(v.results[i].findings);
    lists[i] = list;
    if (!list.length) continue;
    const offset = blocks[i].offset;
    // Spans stay inside their block, so each block's findings follow the ones before; were one not
    // to, the whole list is sorted as before.
    if (offset + list[0].span.start < last) {
      for (const f of allFindings(v).sort(byStart)) each(f, 0);
      return;
    }
    last = offset + list[list.length - 1].span.start;
  }
  const cross = inOrder(v.cross);
  let c = 0;
  for (let i = 0; i < lists.length; i++) {
    const offset = blocks[i].offset;
    for (const f of lists[i]) {
      // A finding across requests goes after those of a block that start where it starts.
      while (c < cross.length && cross[c].span.start < offset + f.span.start) each(cross[c++], 0);
      each(f, offset);
    }
  }
  while (c < cross.length) each(cross[c++], 0);
}

function byStart(a: Finding, b: Finding): number {
  return a.span.start - b.span.start;
}

/** The findings by start, in the order found among equal starts: the list itself when it is so already. */
function inOrder(findings: Finding[]): Finding[] {
  for (let i = 1; i < findings.length; i++) if (findings[i].span.start < findings[i - 1].span.start) return findings.slice().sort(byStart);
  return findings;
}

/**
 * The findings, at document offsets, of the blocks that overlap `span`: each block's result from the
 * cache, or checked now. What a hover or a quick fix needs, without checking the rest of a document
 * whose check is still under way (the language server checks large documents in slices). The
 * findings that look across requests (URL-READ-RATE) need the whole document: they are not among them.
 */
export function findingsAround(doc: GraphreqDocument, ctx: FileContext, opts: ValidateOptions, span: Span): Finding[] {
  const out: Finding[] = [];
  for (const block of doc.blocks) {
    if (block.offset > span.end || block.offset + block.text.length < span.start) continue;
    let result = opts.cache?.get(block, ctx.signature);
    if (!result) {
      result = validateBlock(block, ctx, opts.model);
      opts.cache?.set(block, ctx.signature, result);
    }
    for (const f of result.findings) out.push(shiftFinding(f, block.offset));
  }
  return out;
}

/** A GET of the URL node, for URL-READ-RATE: the URL and the finding to show if it is one read too many. */
export interface UrlRead {
  url: string;
  finding: Finding;
  /** The request expects the service to refuse it for URL-READ-RATE (`# @expect refused URL-READ-RATE`). */
  expected?: boolean;
}

/**
 * URL-READ-RATE: at most 10 reads per URL, per app, per hour ([1] Limits). A file that reads one URL
 * more than 10 times cannot be run in one go within the limit: each read after the 10th is flagged.
 */
export function urlReadRate(reads: UrlRead[]): Finding[] {
  const byUrl = new Map<string, UrlRead[]>();
  for (const r of reads) {
    // One URL however its scheme and host are cased, as the service and the client count it.
    const key = urlCounterKey(r.url);
    const list = byUrl.get(key);
    if (list) list.push(r);
    else byUrl.set(key, [r]);
  }
  const out: Finding[] = [];
  for (const [url, list] of byUrl) {
    for (let i = 10; i < list.length; i++) {
      // A read meant to be refused (`# @expect refused URL-READ-RATE`) tests the limit: not a mistake.
      if (list[i].expected) continue;
      out.push({
        ...list[i].finding,
        message: `This is read ${i + 1} of this URL in the file; it may be read 10 times an hour: spread the reads out.`,
        detail: `${url}: the URL node allows at most 10 reads per URL, per app, per hour, so running the file at once hits the limit ([1] Limits).`,
      });
    }
  }
  return out;
}

function shiftFinding(f: Finding, by: number): Finding {
  if (by === 0) return f;
  return copyFinding(
    f,
    {
      span: { start: f.span.start + by, end: f.span.end + by },
      related: f.related?.map((r) => ({ ...r, span: { start: r.span.start + by, end: r.span.end + by } })),
    },
    // Made only for a finding that has fixes or may have (a fifth of them): a closure per finding was garbage.
    fixesDeferred(f) || f.fixes ? (x) => ({ ...x, edits: x.edits.map((e) => ({ ...e, span: { start: e.span.start + by, end: e.span.end + by } })) }) : undefined,
  );
}

/**
 * At most this many findings a request (REQ-CHECK-LIMIT): nobody reads the 100,000 findings of
 * a generated body, every editor receives all of a document's diagnostics on each keystroke (20 MB
 * and a minute a keystroke for such a body), and VS Code shows 1,000 a file anyway. The rules stop
 * at the limit, so such a body costs about what a body with 1,000 findings costs.
 */
export const MAX_FINDINGS_PER_REQUEST = 1000;

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2, hint: 3 };

/** The first findings up to the limit, errors first (in the order found within each severity), and one that says the rest are not shown. */
function limitFindings(result: BlockResult, block: RequestBlock, rulesStopped: boolean): BlockResult {
  const { findings } = result;
  if (!rulesStopped && findings.length <= MAX_FINDINGS_PER_REQUEST) return result;
  const kept = findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] || a.i - b.i)
    .slice(0, MAX_FINDINGS_PER_REQUEST)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.f);
  const request = block.parsed.request;
  // On the request line: the body may be megabytes long.
  const line = request ? { start: (request.method ?? request.target).span.start, end: Math.max(request.target.span.end, (request.method ?? request.target).span.end) } : { start: 0, end: Math.min(block.text.length, 1) };
  kept.push({
    code: 'REQ-CHECK-LIMIT',
    severity: 'warning',
    message: `This request has more than ${MAX_FINDINGS_PER_REQUEST.toLocaleString('en-US')} findings: the first ${MAX_FINDINGS_PER_REQUEST.toLocaleString('en-US')} are shown (errors first); fix them to see the rest.`,
    span: line,
  });
  return { ...result, findings: kept };
}

/** The secrets of each file context as one Redactor (send/fileSecrets.ts); null when it has none. */
const secretRedactors = new WeakMap<FileContext, Redactor | null>();

/**
 * A finding may quote a value the file reads from its environment (`billing_event` does not take the
 * text `…`, `{{$processEnv GRAPHREQ_VAR_KEY}}` in a parameter): a secret there is redacted, so that
 * neither the editor's diagnostics (and the hovers that explain them) nor `graphreq check` show it.
 * The secrets are those the editor masks (send/fileSecrets.ts, display): a value the hover shows
 * (`GRAPHREQ_VAR_FIELD` = `name`) would otherwise turn every `name` of every message into
 * `[REDACTED]`. `graphreq check` redacts every value `$processEnv` and `$dotenv` read in what it prints.
 */
function withoutSecrets(result: BlockResult, ctx: FileContext): BlockResult {
  if (result.findings.length === 0) return result;
  let redactor = secretRedactors.get(ctx);
  if (redactor === undefined) {
    const secrets = fileSecrets(ctx, false);
    secretRedactors.set(ctx, (redactor = secrets.length ? new Redactor(secrets) : null));
  }
  if (!redactor) return result;
  const r = redactor;
  let changed = false;
  const findings = result.findings.map((f) => {
    const changes: Partial<Finding> = {};
    const message = r.text(f.message);
    if (message !== f.message) changes.message = message;
    const detail = f.detail === undefined ? undefined : r.text(f.detail);
    if (detail !== f.detail) changes.detail = detail;
    const related = f.related?.map((x) => {
      const m = r.text(x.message);
      return m === x.message ? x : { ...x, message: m };
    });
    if (related && related.some((x, i) => x !== f.related![i])) changes.related = related;
    // A fix's title may quote the value it replaces (`Replace \`…\` with …`): redacted when read,
    // as the fixes are computed when read (deferredFixes.ts). Its edits are left: they write the file.
    const hasFixes = fixesDeferred(f) || (f.fixes !== undefined && f.fixes.length > 0);
    if (Object.keys(changes).length === 0 && !hasFixes) return f;
    changed = true;
    return copyFinding(f, changes, hasFixes ? (fix) => withTitle(fix, r.text(fix.title)) : undefined);
  });
  return changed ? { ...result, findings } : result;
}

function withTitle(fix: Fix, title: string): Fix {
  return title === fix.title ? fix : { ...fix, title };
}

/** With `fixes` false, the findings of rules carry no fixes (ValidateOptions.fixes). */
export function validateBlock(block: RequestBlock, ctx: FileContext, model: ApiModel, fixes = true): BlockResult {
  try {
    const limit = { reached: false };
    return withoutSecrets(limitFindings(checkBlock(block, ctx, model, limit, fixes), block, limit.reached), ctx);
  } catch (e) {
    // Any text gets diagnostics, never a crash: a body or field list nested thousands of levels deep
    // exhausts the stack of the recursive readers, and is reported as such.
    if (!(e instanceof RangeError)) throw e;
    const request = block.parsed.request;
    const span = request?.body?.span ?? request?.span ?? { start: 0, end: Math.min(block.text.length, 1) };
    return {
      findings: [
        ...block.parsed.errors.map((x) => ({ code: x.code, severity: 'error' as const, message: x.message, span: x.span })),
        { code: request?.body ? 'SYNTAX-JSON' : 'SYNTAX-REQUEST', severity: 'error', message: 'This request is nested too deeply to be checked (thousands of levels): flatten it.', span: { start: span.start, end: Math.min(span.end, span.start + 1) } },
      ],
    };
  }
}

function checkBlock(block: RequestBlock, ctx: FileContext, model: ApiModel, limit: { reached: boolean }, fixes: boolean): BlockResult {
  const findings: Finding[] = [];
  const parsed = block.parsed;
  for (const e of parsed.errors) findings.push({ code: e.code, severity: 'error', message: e.message, span: e.span });
  checkWrittenBlock(block, ctx, model, findings);
  const request = parsed.request;
  if (!request) {
    checkExpectations(block, undefined, model, findings);
    return { findings };
  }
  const body = request.body;
  // A request line that is not one (SYNTAX-REQUEST) has no method or path to check: rules run on it
  // would only repeat the syntax error as an unknown endpoint and a missing version.
  const bc = parsed.errors.some((e) => e.code === 'SYNTAX-REQUEST') ? undefined : buildBlockCall(block, ctx, model);
  // The call has read the body already (bodyBroken); the tree for the error's position is built only then.
  if (body?.kind === 'json' && (bc ? bc.call.bodyBroken : !readBodyValue(body.text).ok)) {
    const tree = parseBodyTree(body.text);
    // One syntax error is enough to point at: the ones after it are usually its consequences.
    const first = tree.errors[0];
    if (tree.tooDeep !== undefined) findings.push({ code: 'REQ-CHECK-LIMIT', severity: 'warning', message: first.message, span: { start: body.span.start + first.span.start, end: body.span.start + first.span.end } });
    else if (first) findings.push({ code: 'SYNTAX-JSON', severity: 'error', message: first.message, span: { start: body.span.start + first.span.start, end: body.span.start + first.span.end } });
    else if (tree.root && tree.root.type !== 'object') {
      findings.push({ code: 'SYNTAX-JSON', severity: 'error', message: `The body is a JSON ${tree.root.type === 'array' ? 'list' : tree.root.type}: it must be an object of the call's parameters, as in \`{ "name": "Spring sale" }\`.`, span: { start: body.span.start, end: body.span.start + 1 } });
    }
  }
  checkVariables(block, ctx, findings);
  checkRequestName(block, ctx, findings);
  checkDirectives(block, model, findings);
  checkExpectations(block, bc, model, findings);
  if (!bc) {
    checkWrittenRequest(block, ctx, bc, model, findings);
    return { findings };
  }
  // Made when a finding is to be located: a valid request has none.
  let located: Locator | undefined;
  const locator = (): Locator => (located ??= new Locator(block, bc));
  // A request written to be refused (`# @expect refused RULE-ID`) breaks that rule on purpose.
  const expected = expectedRefusals(block);
  const ruleFindings = checkCall(bc.call, model, { written: (name) => bc.written.get(name)?.value?.text, maxFindings: MAX_FINDINGS_PER_REQUEST });
  limit.reached = ruleFindings.length >= MAX_FINDINGS_PER_REQUEST;
  if (ruleFindings.length) {
    // Fixes are computed when asked (a code action, fix all, check --fix), by a locator built again then:
    // the block's call is not kept for them.
    const later = fixes ? new LaterLocator(block, ctx, model) : false;
    for (const f of ruleFindings) {
      if (expected.has(f.rule)) continue;
      findings.push(locator().finding(f, severityOf(f.rule, f.severity, model), later));
    }
  }
  checkWrittenRequest(block, ctx, bc, model, findings);
  // REQ-DUPLICATE-PARAM: one warning on each later copy, where it is written.
  const duplicate = (name: string, span: Finding['span']): void => {
    findings.push({ code: 'REQ-DUPLICATE-PARAM', severity: 'warning', message: `\`${name}\` is given twice: only the last one is sent.`, span });
  };
  for (const p of bc.duplicateParams) duplicate(p.name.text, p.name.span);
  for (const name of bc.bodyDuplicates) duplicate(name, locator().bodyKeySpan(name) ?? locator().span({ kind: 'param', name, part: 'key' }));
  // A key written twice in one object of the JSON body: JSON.parse, and so the sender and the service, keep the last.
  if (bc.bodyKeysMayRepeat && bc.cleanBody !== undefined) duplicateBodyKeys(bc.cleanBody, block.parsed.request!.body!.span.start, findings);
  // Every URL read counts, one per id named ([3] Limits): `id=...` and each of `ids=a,b`.
  const urlReads: NonNullable<BlockResult['urlReads']> = [];
  // `ids` naming ad sets or threads reads those nodes (fieldsNode), which have no per-URL limit.
  if (bc.call.endpoint?.id === 'url.read' && fieldsNode(bc.call) === 'url') {
    for (const name of ['id', 'ids']) {
      const p = bc.call.params.get(name);
      if (!p || p.opaque || typeof p.value !== 'string') continue;
      const urls = name === 'id' ? [p.value] : p.value.split(',').map((u) => u.trim()).filter(Boolean);
      for (const url of urls) {
        // Located once, when first asked: the cached result is read again on every revalidation.
        let found: Finding | undefined;
        urlReads.push({ url, expected: expected.has('URL-READ-RATE'), finding: () => (found ??= locator().finding({ rule: 'URL-READ-RATE', message: '', at: { kind: 'param', name, part: 'value' } }, severityOf('URL-READ-RATE', undefined, model))) });
      }
    }
  }
  return { findings, urlReads: urlReads.length ? urlReads : undefined };
}

/** REQ-DUPLICATE-PARAM for each key written again in its object of the body, with the first one as related information. */
function duplicateBodyKeys(clean: string, bodyStart: number, findings: Finding[]): void {
  for (const d of duplicateKeys(clean, MAX_FINDINGS_PER_REQUEST)) {
    const where = jsonPathText([...d.path, d.name]);
    const at = (s: { start: number; end: number }): Finding['span'] => ({ start: bodyStart + s.start, end: bodyStart + s.end });
    findings.push({
      code: 'REQ-DUPLICATE-PARAM',
      severity: 'warning',
      message: `\`${where}\` is given twice: only the last one is sent.`,
      span: at(d.later),
      related: [{ span: at(d.first), message: `\`${where}\` given first here, and ignored` }],
    });
  }
}

/** `targeting.geo_locations.countries`, `adset_schedule[0].days`. */
function jsonPathText(path: Array<string | number>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function severityOf(rule: string, explicit: Severity | undefined, model: ApiModel): Severity {
  return explicit ?? model.rule(rule)?.severity ?? 'warning';
}

/**
 * REQ-UNKNOWN-VARIABLE: a `{{name}}` in the request that nothing defines (asked of the name index),
 * and REQ-AMBIGUOUS-NAME: a response read from a request name that more than one file gives.
 */
function checkVariables(block: RequestBlock, ctx: FileContext, out: Finding[]): void {
  for (const use of blockNames(block).uses) {
    if (use.place === 'variable') continue;
    if (isDefined(use, ctx)) {
      if (use.kind === 'response' && lookupVariable(use.expr, ctx) === undefined) checkAmbiguousRead(use, ctx, out);
      continue;
    }
    out.push(unknownVariable(use, ctx));
  }
}

function unknownVariable(use: NameUse, ctx: FileContext): Finding {
  const expr = use.expr;
  const base = { code: 'REQ-UNKNOWN-VARIABLE', severity: 'warning' as const, span: use.span };
  if (use.kind === 'response') {
    // `{{springSale.response.body.id}}`: a response is read from a named request, never from a variable.
    return {
      ...base,
      message: `\`{{${expr}}}\`: no request of the workspace is named \`${use.name}\`: name the request that makes it (\`# @name ${use.name}\`).`,
      detail: `A response is read from a request named \`# @name ${use.name}\` in this file or another .graphreq file of the workspace (docs/sending.md, "Named responses").`,
    };
  }
  const name = expr.split('.')[0];
  if (ctx.names.has(name) || (ctx.workspace && ctx.workspace.names.producerCount(name) > 0)) {
    return { ...base, message: `\`{{${expr}}}\`: a reference to request \`${name}\` is written \`{{${name}.response.body.<path>}}\`.` };
  }
  // `{{}}`, `{{foo bar}}`, `{{9lives}}`: no `@name = value` can define it, so saying to define one would not help.
  if (!VARIABLE_NAME_RE.test(expr)) {
    return { ...base, message: `\`{{${expr}}}\` names no variable: a variable's name is a letter or \`_\`, then letters, digits, \`_\`, \`-\` or \`.\`.` };
  }
  return {
    ...base,
    message: `\`{{${expr}}}\` is not defined: define \`@${expr} = value\` in this file or in graphreq.env.json.`,
    detail: `Variables come from the file (\`@${expr} = value\`) or graphreq.env.json; a response comes from a named request (\`{{NAME.response.body.<path>}}\` with \`# @name NAME\`).`,
  };
}

/** REQ-AMBIGUOUS-NAME on a reader: the name it reads names requests in two files or more. */
function checkAmbiguousRead(use: NameUse, ctx: FileContext, out: Finding[]): void {
  const elsewhere = ctx.elsewhere?.get(use.name);
  if (!elsewhere) return;
  const files = new Set(elsewhere.map((r) => r.file));
  if (files.size + (ctx.names.has(use.name) ? 1 : 0) < 2) return;
  const places = ctx.names.has(use.name) ? `this file and ${placesOf(elsewhere)}` : placesOf(elsewhere);
  out.push({
    code: 'REQ-AMBIGUOUS-NAME',
    severity: 'warning',
    message: `\`${use.name}\` names a request in more than one file (${places}): this reads whichever was sent last; rename all but one.`,
    span: use.nameSpan,
  });
}

/**
 * REQ-DUPLICATE-NAME: a request name given twice in one file (an error at each); REQ-AMBIGUOUS-NAME:
 * a request name that another file of the workspace gives too (a warning at each, naming the other).
 */
function checkRequestName(block: RequestBlock, ctx: FileContext, out: Finding[]): void {
  const def = blockNames(block).requestName;
  if (!def) return;
  const twins = ctx.duplicates?.get(def.name);
  if (twins) {
    const others = twins.filter((t) => t.block !== block.index).map((t) => t.line);
    out.push({
      code: 'REQ-DUPLICATE-NAME',
      severity: 'error',
      message: `\`${def.name}\` also names the request at line ${others.join(', ')}: a reader of its response cannot tell which; rename one.`,
      span: def.span,
    });
  }
  const elsewhere = ctx.elsewhere?.get(def.name);
  if (elsewhere) {
    out.push({
      code: 'REQ-AMBIGUOUS-NAME',
      severity: 'warning',
      message: `\`${def.name}\` also names a request in ${placesOf(elsewhere)}: named responses are the workspace's, so a reader cannot tell which; rename one.`,
      span: def.span,
    });
  }
}

/** Whether a use names something: a variable of the file or environment, a named request, or a built-in. */
export function isDefined(use: NameUse, ctx: FileContext): boolean {
  if (use.kind === 'builtin') return true;
  if (lookupVariable(use.expr, ctx) !== undefined) return true;
  return use.kind === 'response' && namesRequest(ctx, use.name);
}

/** REQ-DIRECTIVE-VALUE: a directive whose values are known (`# @objective`, `# @node`, ...) with another value. */
function checkDirectives(block: RequestBlock, model: ApiModel, out: Finding[]): void {
  for (const d of block.parsed.directives) {
    const allowed = model.directiveValues[d.name.text];
    if (!allowed) continue; // Unknown directives may belong to other tools (REST Client, httpYac): left alone.
    const value = d.value?.text.split(/\s/)[0] ?? '';
    if (allowed.includes(value)) continue;
    const suggestion = closest(value, allowed);
    const span = d.value ? { start: d.value.span.start, end: d.value.span.start + value.length } : d.name.span;
    out.push({
      code: 'REQ-DIRECTIVE-VALUE',
      severity: 'warning',
      message: `\`# @${d.name.text}\` ${value ? `does not take \`${value}\`` : 'needs a value'}: ${suggestion ? `did you mean \`${suggestion}\`?` : `use ${inlineList(allowed) ?? `one of its ${allowed.length} values`}.`}`,
      detail: `It takes ${listForMessage(allowed, allowed.length)}. Until then the rules that need it stay quiet.`,
      span,
      fixes: suggestion && d.value ? [{ title: `Change to \`${suggestion}\``, edits: [{ span, newText: suggestion }], preferred: true }] : undefined,
    });
  }
}
