/**
 * Expectations checked against what the response can be (docs/rules.md):
 * - SYNTAX-EXPECT: an expectation that cannot be read, or one outside any request;
 * - EXPECT-PATH: a body, error or usage path the response of this request cannot have (from the
 *   endpoint's response schema, the node fields the request selects, the error envelope, the usage
 *   headers' schema and the business use case the endpoint counts under);
 * - EXPECT-CODE: an error code or subcode the documents never give for this endpoint;
 * - EXPECT-RULE: `refused RULE-ID` naming no rule, a rule the service never refuses a call for, or
 *   one that does not apply to this endpoint.
 * The evaluator (core/send/expectations.ts) reads the same data, so what the editor accepts is what
 * `graphreq test` can check.
 */
import type { BlockCall } from '../analysis/blockCall';
import type { ApiModel } from '../model/apiModel';
import { errorEnvelopeSchema, errorMeaning, isRefusalRule, lookupPath, refusalApplies, returnableErrors, successBodySchema, usageScopes } from '../model/responses';
import type { JsonSchema } from '../model/schemaTypes';
import { compareVersions, parseVersion } from '../model/version';
import type { RequestBlock } from '../syntax/ast';
import { blockExpectations, subjectText, type ExpectPathSegment, type Expectation } from '../syntax/expectation';
import type { Finding, Fix, Span } from '../types';
import { closest } from './suggest';

/** Adds the findings of the block's expectations to `out` (block-relative spans). */
export function checkExpectations(block: RequestBlock, bc: BlockCall | undefined, model: ApiModel, out: Finding[]): void {
  const list = blockExpectations(block.parsed);
  if (!list.length) return;
  if (!block.parsed.request) {
    for (const e of list) out.push({ code: 'SYNTAX-EXPECT', severity: 'error', message: 'An expectation belongs to a request: move it into the block of the request it checks.', span: e.directive.span });
    return;
  }
  for (const e of list) {
    if (e.errors.length) {
      out.push(syntaxFinding(e, block.text));
      continue;
    }
    const s = e.subject!;
    // `absent` of a part the response cannot have is true, and says so on purpose.
    if (e.check?.op === 'absent') continue;
    if (s.kind === 'refused') checkRule(e, bc, model, out);
    else if (s.kind === 'body') checkBodyPath(e, bc, model, out);
    else if (s.kind === 'error') checkErrorPath(e, bc, model, out, list);
    else if (s.kind === 'usage') checkUsage(e, bc, model, out);
  }
}

function syntaxFinding(e: Expectation, text: string): Finding {
  const first = e.errors[0];
  const fixes: Fix[] = [];
  const written = text.slice(first.span.start, first.span.end);
  if (written === '=' || written === '===') fixes.push({ title: 'Change to `==`', edits: [{ span: first.span, newText: '==' }], preferred: true });
  if (/^not\s+exists$/.test(written)) fixes.push({ title: 'Change to `absent`', edits: [{ span: first.span, newText: 'absent' }], preferred: true });
  return { code: 'SYNTAX-EXPECT', severity: 'error', message: first.message, span: first.span, fixes: fixes.length ? fixes : undefined };
}

/** EXPECT-RULE. */
function checkRule(e: Expectation, bc: BlockCall | undefined, model: ApiModel, out: Finding[]): void {
  const rule = e.rule!;
  if (!model.rule(rule.text)) {
    const near = closest(rule.text, Object.keys(model.rules));
    out.push({
      code: 'EXPECT-RULE',
      severity: 'error',
      message: `\`${rule.text}\` is not a rule ID${near ? `: did you mean \`${near}\`?` : ': the rule IDs are listed in docs/rules.md.'}`,
      span: rule.span,
      fixes: near ? [{ title: `Change to \`${near}\``, edits: [{ span: rule.span, newText: near }], preferred: true }] : undefined,
    });
    return;
  }
  if (!isRefusalRule(rule.text, model)) {
    out.push({
      code: 'EXPECT-RULE',
      severity: 'warning',
      message: `The service never refuses a call for ${rule.text} (${model.rule(rule.text)!.service}), so this cannot pass: expect what it does instead.`,
      detail: `RULES.md's Service column for ${rule.text}: ${model.rule(rule.text)!.service}. The rules the service refuses calls for, with their codes, are in schemas/rules-data/refusals.json.`,
      span: rule.span,
    });
    return;
  }
  const endpoint = bc?.call.endpoint;
  if (endpoint && !refusalApplies(rule.text, endpoint, model)) {
    out.push({
      code: 'EXPECT-RULE',
      severity: 'warning',
      message: `${rule.text} never refuses a call to ${endpoint.title.toLowerCase()}, so this cannot pass: name a rule of this endpoint.`,
      span: rule.span,
    });
  }
}

/** EXPECT-PATH on `body...`: the success body of the endpoint, or the error envelope. */
function checkBodyPath(e: Expectation, bc: BlockCall | undefined, model: ApiModel, out: Finding[]): void {
  const s = e.subject!;
  if (!bc || !s.path.length) return;
  const envelope = errorEnvelopeSchema(model);
  const first = s.path[0].text;
  if (s.path[0].index === undefined && envelope.properties?.[first]) {
    report(e, lookupPath(envelope, envelope, s.path), s.path, 'An error answer', out);
    return;
  }
  const success = successBodySchema(bc.call, model);
  if (!success) return;
  const found = lookupPath(success, model.nodeSchema(bc.call.endpoint?.node) ?? success, s.path);
  if (found.kind === 'found') return;
  // A field the node has but the request does not ask for: say how to get it.
  const node = model.nodeSchema(bc.call.endpoint?.node);
  if (found.at === 0 && node?.properties?.[s.path[0].text] && bc.call.endpoint?.node) {
    const seg = s.path[0];
    out.push({ code: 'EXPECT-PATH', severity: 'warning', message: `\`${seg.text}\` is not in the response: the request does not ask for it; add it to \`fields=\`.`, span: seg.span });
    return;
  }
  report(e, found, s.path, `The answer of ${bc.call.endpoint?.title.toLowerCase() ?? 'this request'}`, out);
}

/** EXPECT-PATH on `error...`, and EXPECT-CODE on `error.code` and `error.subcode`. */
function checkErrorPath(e: Expectation, bc: BlockCall | undefined, model: ApiModel, out: Finding[], all: Expectation[]): void {
  const s = e.subject!;
  const envelope = errorEnvelopeSchema(model);
  const error = envelope.properties!.error;
  const path = s.path.map((p, i) => (i === 0 && p.text === 'subcode' ? { ...p, text: 'error_subcode' } : p));
  if (path.length) {
    const found = lookupPath(error, envelope, path);
    if (found.kind === 'missing') {
      report(e, found, s.path, 'The error envelope', out, ['subcode']);
      return;
    }
  }
  const member = path[0]?.text;
  if ((member !== 'code' && member !== 'error_subcode') || path.length !== 1) return;
  const v = e.check?.value;
  if (!v || v.kind !== 'number' || (e.check?.op !== '==' && e.check?.op !== '!=')) return;
  if (e.check.op === '!=') return;
  const returnable = returnableErrors(bc?.call.endpoint, model);
  if (!returnable) return;
  const title = bc!.call.endpoint!.title.toLowerCase();
  if (member === 'code') {
    if (returnable.some((p) => p.code === v.value)) return;
    const meaning = errorMeaning(v.value, null, model);
    // [3]'s iOS 14 numbers travel as subcodes of 100 (docs/api.md, [3] iOS 14 error codes).
    const asSubcode = returnable.find((p) => p.subcode === v.value);
    out.push({
      code: 'EXPECT-CODE',
      severity: 'warning',
      message: asSubcode
        ? `${v.value}${meaning ? ` (${meaning.title})` : ''} is sent as a subcode of ${asSubcode.code}, not as the code: expect \`error.subcode == ${v.value}\`.`
        : `The documents never give code ${v.value}${meaning ? ` (${meaning.title})` : ''} for ${title}: expect a code it can answer (hover lists them).`,
      detail: `Codes of ${title}: ${[...new Set(returnable.map((p) => p.code))].join(', ')}.`,
      span: v.span,
    });
    return;
  }
  // A subcode must go with the code expected beside it, when there is one.
  const codeExpect = all.find((x) => x.subject?.kind === 'error' && x.subject.path.length === 1 && x.subject.path[0].text === 'code' && x.check?.op === '==' && x.check.value?.kind === 'number');
  const code = codeExpect?.check?.value?.value as number | undefined;
  if (returnable.some((p) => p.subcode === v.value && (code === undefined || p.code === code))) return;
  const meaning = errorMeaning(code ?? null, v.value, model);
  out.push({
    code: 'EXPECT-CODE',
    severity: 'warning',
    message: `The documents never give subcode ${v.value}${code !== undefined ? ` with code ${code}` : ''}${meaning ? ` (${meaning.title})` : ''} for ${title}: expect one it can answer.`,
    detail: `Subcodes of ${title}: ${returnable.filter((p) => p.subcode !== null).map((p) => `${p.code}/${p.subcode}`).join(', ') || 'none'}.`,
    span: v.span,
  });
}

/** EXPECT-PATH on `usage...`: a scope the usage headers have, and one this endpoint's calls report. */
function checkUsage(e: Expectation, bc: BlockCall | undefined, model: ApiModel, out: Finding[]): void {
  const s = e.subject!;
  if (!s.path.length) {
    out.push({ code: 'EXPECT-PATH', severity: 'warning', message: 'Name a usage figure: `usage.max`, or a scope such as `usage.app.call_count` (completion lists them).', span: s.span });
    return;
  }
  const path = s.path.map((p) => p.text).join('.');
  const scopes = usageScopes(model);
  const scope = scopes.find((x) => x.path === path);
  const span = { start: s.path[0].span.start, end: s.path[s.path.length - 1].span.end };
  if (!scope) {
    const near = closest(path, scopes.map((x) => x.path));
    out.push({
      code: 'EXPECT-PATH',
      severity: 'warning',
      message: `The usage headers have no \`${path}\`${near ? `: did you mean \`${near}\`?` : ': completion lists the usage figures.'}`,
      span,
      fixes: near ? [{ title: `Change to \`usage.${near}\``, edits: [{ span, newText: near }], preferred: true }] : undefined,
    });
    return;
  }
  const endpoint = bc?.call.endpoint;
  if (scope.bucType && endpoint?.bucType && scope.bucType !== endpoint.bucType) {
    out.push({ code: 'EXPECT-PATH', severity: 'warning', message: `${endpoint.title} counts under ${endpoint.bucType}, so its responses carry no ${scope.bucType} usage: write \`usage.buc.${endpoint.bucType}\`.`, span });
    return;
  }
  const version = bc?.call.version;
  const last = parseVersion('v3.3');
  if (path.startsWith('ad_account') && version && last && compareVersions(version, last) > 0) {
    out.push({ code: 'EXPECT-PATH', severity: 'warning', message: `X-Ad-Account-Usage is sent only for ads API calls of v3.3 and older, not ${version.text}: use \`usage.buc\` (USAGE-ADACCOUNT).`, span });
  }
}

/** The finding for a path step the response cannot have, with the closest name as a fix. */
function report(e: Expectation, found: ReturnType<typeof lookupPath>, path: ExpectPathSegment[], what: string, out: Finding[], extra: string[] = []): void {
  if (found.kind !== 'missing') return;
  const seg = path[found.at];
  const before = subjectText({ ...e, subject: { ...e.subject!, path: path.slice(0, found.at) } });
  const known = [...found.known, ...extra];
  const near = seg.index === undefined ? closest(seg.text, known) : undefined;
  const holder = describeHolder(found.holder);
  const span: Span = seg.span;
  out.push({
    code: 'EXPECT-PATH',
    severity: 'warning',
    message:
      seg.index !== undefined
        ? `\`${before}\` is ${holder}, not a list: drop the index.`
        : known.length === 0
          ? `\`${before}\` is ${holder}: it has no \`${seg.text}\`.`
          : `${what} has no \`${before}.${seg.text}\`${near ? `: did you mean \`${near}\`?` : '; hover lists what it has.'}`,
    detail: known.length ? `\`${before}\` has ${known.map((k) => `\`${k}\``).join(', ')}.` : undefined,
    span,
    fixes: near ? [{ title: `Change to \`${near}\``, edits: [{ span, newText: near }], preferred: true }] : undefined,
  });
}

function describeHolder(s: JsonSchema): string {
  const t = Array.isArray(s.type) ? s.type[0] : s.type;
  if (t === 'array') return 'a list';
  if (t === 'string') return 'text';
  if (t === 'integer' || t === 'number') return 'a number';
  if (t === 'boolean') return 'true or false';
  return 'an object';
}

/**
 * The rules a block expects to be refused for (`# @expect refused RULE-ID`): the checker leaves
 * their findings out, since the request breaks them on purpose (validation.ts).
 */
export function expectedRefusals(block: RequestBlock): ReadonlySet<string> {
  let out: Set<string> | undefined;
  for (const e of blockExpectations(block.parsed)) if (e.subject?.kind === 'refused' && e.rule && !e.errors.length) (out ??= new Set()).add(e.rule.text);
  return out ?? NO_RULES;
}

/** What a block without `# @expect refused` expects (shared: callers only read it). */
const NO_RULES: ReadonlySet<string> = new Set();
