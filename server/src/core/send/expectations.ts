/**
 * The evaluator of expectations: given a request's `# @expect` lines and the result of sending it,
 * which pass and which fail, with what was expected and what came. Pure (no I/O): the CLI's
 * `graphreq test`, the language server and through it VS Code's Testing view all call it, so one
 * expectation means the same thing everywhere (docs/format.md, "Expectations").
 */
import type { ApiModel, EndpointDef } from '../model/apiModel';
import { errorMeaning, refusalErrors, type ErrorPair } from '../model/responses';
import { blockExpectations, subjectText, type ExpectCheck, type Expectation, type ExpectJson, type ExpectValue } from '../syntax/expectation';
import type { ParsedBlock } from '../syntax/ast';
import type { Span } from '../types';
import { firstDifference, maskForSnapshot, shortValue } from './snapshot';
import type { SendResult } from './types';

export interface ExpectationOutcome {
  /** Position of the expectation among the block's expectations. */
  index: number;
  /** As written after `@expect`. */
  text: string;
  /** Where it is written (block-relative, the whole directive line). */
  span: Span;
  passed: boolean;
  /** What was expected, in words (`200`, `< 80`, `exists`, `error 100/3858079 or 100/3858081`). */
  expected: string;
  /** What came (`400`, `absent`, `error 100/3858079`). */
  actual: string;
  /** One sentence saying the first difference, when it failed. */
  message?: string;
  /** For `matches snapshot`: the key and the masked value, which --update-snapshots writes. */
  snapshot?: { key: string; value: unknown; written?: boolean };
}

/** Stored snapshots of the file, by key (`found: false` when there is none yet). */
export interface SnapshotSource {
  get(key: string): { found: true; value: unknown } | { found: false };
  /** Write what came instead of comparing (`--update-snapshots`). */
  update: boolean;
  /** The request's key in the snapshot file (its name, title or number). */
  requestKey: string;
}

export interface EvaluateContext {
  model: ApiModel;
  /** The endpoint the request matched (for the codes of `refused` that depend on it). */
  endpoint?: EndpointDef;
  /** Resolves `{{...}}` in a value at evaluation time; `missing` lists what could not be resolved. */
  resolve?: (text: string) => { text: string; missing: string[] };
  snapshots?: SnapshotSource;
}

/** Outcomes of the block's expectations against `result`, in the order written. */
export function evaluateExpectations(parsed: ParsedBlock, result: SendResult, ctx: EvaluateContext): ExpectationOutcome[] {
  return blockExpectations(parsed).map((e, i) => evaluateOne(e, i, result, ctx));
}

function evaluateOne(e: Expectation, index: number, r: SendResult, ctx: EvaluateContext): ExpectationOutcome {
  const base = { index, text: e.text, span: e.directive.span };
  const fail = (expected: string, actual: string, message: string): ExpectationOutcome => ({ ...base, passed: false, expected, actual, message });
  if (e.errors.length || !e.subject) return fail(e.text, '—', `Not evaluated: ${e.errors[0]?.message ?? 'the expectation cannot be read'}`);
  if (r.status === null) {
    const why = r.failure?.kind === 'rate-limited' ? 'held back by a rate limit' : 'no response';
    return fail(expectedText(e, ctx), why, `No response to check: ${r.failure?.message ?? why}.`);
  }
  if (e.subject.kind === 'refused') return refused(e, base, r, ctx);
  const check = e.check!;
  const actual = valueOf(e, r);
  if (check.op === 'snapshot') return snapshot(e, base, actual, ctx);
  const expected = expectedText(e, ctx);
  let value: ExpectValue | undefined = check.value;
  if (value && value.kind === 'string' && value.value.includes('{{')) {
    const resolved = ctx.resolve?.(value.value) ?? { text: value.value, missing: [] };
    if (resolved.missing.length) return fail(expected, shortValue(actual), `Not evaluated: {{${resolved.missing[0]}}} has no value when the expectation is checked.`);
    value = { ...value, value: resolved.text };
  }
  const verdict = compare(check, value, actual, e.subject.kind, subjectText(e));
  const shown = e.subject.kind === 'status' || e.subject.kind === 'time' ? String(actual) : shortValue(actual);
  if (verdict.passed) return { ...base, passed: true, expected, actual: shown };
  return fail(expected, shown, `Expected ${expected}, got ${shown}${verdict.why ? ` (${verdict.why})` : ''}.`);
}

/** The part of the result an expectation names; undefined when the response has no such part. */
function valueOf(e: Expectation, r: SendResult): unknown {
  const s = e.subject!;
  switch (s.kind) {
    case 'status':
      return r.status;
    case 'time':
      return r.durationMs;
    case 'header':
      return r.headers[s.path.map((p) => p.text).join('.').toLowerCase()];
    case 'usage':
      return usageValue(s.path.map((p) => p.text), r);
    case 'error': {
      const error = isObject(r.body) ? r.body.error : undefined;
      const path = s.path.map((p, i) => (i === 0 && p.text === 'subcode' ? { ...p, text: 'error_subcode' } : p));
      return walk(error, path);
    }
    default:
      return walk(r.body, s.path);
  }
}

function walk(value: unknown, path: Array<{ text: string; index?: number }>): unknown {
  let v = value;
  for (const step of path) {
    if (v === undefined || v === null) return undefined;
    if (step.index !== undefined) {
      v = Array.isArray(v) ? v[step.index] : isObject(v) ? v[step.text] : undefined;
    } else if (step.text === 'length' && (Array.isArray(v) || typeof v === 'string')) {
      v = v.length;
    } else {
      v = isObject(v) && Object.prototype.hasOwnProperty.call(v, step.text) ? v[step.text] : undefined;
    }
  }
  return v;
}

/** `usage.max`, `usage.app[.metric]`, `usage.ad_account[.metric]`, `usage.buc[.type[.metric]]`: a percentage (or minutes). */
function usageValue(path: string[], r: SendResult): number | undefined {
  const u = r.usage;
  const highest = (xs: Array<number | null | undefined>): number | undefined => {
    const n = xs.filter((x): x is number => typeof x === 'number');
    return n.length ? Math.max(...n) : undefined;
  };
  const [scope, a, b] = path;
  switch (scope) {
    case 'max':
      return u.highestPercent ?? undefined;
    case 'app':
      if (!u.app) return undefined;
      return a ? (u.app as unknown as Record<string, number | null>)[a] ?? undefined : highest([u.app.call_count, u.app.total_cputime, u.app.total_time]);
    case 'ad_account':
      if (!u.adAccount) return undefined;
      return a ? (u.adAccount as unknown as Record<string, number | null>)[a] ?? undefined : u.adAccount.acc_id_util_pct ?? undefined;
    case 'buc': {
      const entries = a ? u.buc.filter((x) => x.type === a) : u.buc;
      if (!entries.length) return undefined;
      if (b) return highest(entries.map((x) => (x as unknown as Record<string, number | null>)[b]));
      return highest(entries.flatMap((x) => [x.call_count, x.total_cputime, x.total_time]));
    }
    default:
      return undefined;
  }
}

function compare(check: ExpectCheck, v: ExpectValue | undefined, actual: unknown, kind: string, at: string): { passed: boolean; why?: string } {
  if (v?.kind === 'json') return compareJson(check.op, v, actual, kind, at);
  switch (check.op) {
    case 'exists':
      return { passed: actual !== undefined };
    case 'absent':
      return { passed: actual === undefined };
    case 'contains': {
      if (!v) return { passed: false };
      if (typeof actual === 'string') return { passed: actual.includes(String(v.value)) };
      if (Array.isArray(actual)) return { passed: actual.some((x) => equals(x, v, kind)) };
      if (isObject(actual)) return { passed: Object.prototype.hasOwnProperty.call(actual, String(v.value)), why: 'an object contains the member named' };
      return { passed: false, why: actual === undefined ? 'the response has no such part' : 'only text, lists and objects contain something' };
    }
    case '==':
      return { passed: v !== undefined && equals(actual, v, kind) };
    case '!=':
      return { passed: v !== undefined && actual !== undefined && !equals(actual, v, kind), why: actual === undefined ? 'the response has no such part' : undefined };
    default: {
      const a = numberOf(actual);
      const b = v ? (v.kind === 'string' ? Number(v.value) : Number(v.value)) : NaN;
      if (a === undefined) return { passed: false, why: actual === undefined ? 'the response has no such part' : 'not a number' };
      if (Number.isNaN(b)) return { passed: false, why: 'the expected value is not a number' };
      const ok = check.op === '<' ? a < b : check.op === '<=' ? a <= b : check.op === '>' ? a > b : a >= b;
      return { passed: ok };
    }
  }
}

/**
 * Equality of a response value with a written one. Ids and other numbers often come as text
 * (`"120200000000000001"`), so a bare number equals the same digits as text; a bare word equals text,
 * or the number or boolean it spells. A quoted value is text and equals text only.
 */
function equals(actual: unknown, v: ExpectValue, kind: string): boolean {
  switch (v.kind) {
    case 'statusClass':
      return kind === 'status' && typeof actual === 'number' && Math.floor(actual / 100) === v.value;
    case 'number':
    case 'duration':
      if (typeof actual === 'number') return actual === v.value;
      return typeof actual === 'string' && (actual === v.text || (actual.trim() !== '' && Number(actual) === v.value && Number.isSafeInteger(Math.trunc(v.value))));
    case 'boolean':
      return actual === v.value || actual === String(v.value);
    case 'null':
      return actual === null;
    case 'string':
      if (typeof actual === 'string') return actual === v.value;
      if (v.quoted) return false;
      return (typeof actual === 'number' || typeof actual === 'boolean') && String(actual) === v.value;
    case 'json':
      return !!v.json && !jsonDifference(actual, v.json, '', kind, false);
  }
}

/**
 * `== {...}`, `!= [...]`, `contains {...}` (docs/format.md, Expectations): equal is deep equality,
 * each leaf compared as the same value written alone (a number also equals its digits as text);
 * an object contains an object whose members it has with equal values, and a list contains an
 * object one of its items contains, or a list equal to one of its items.
 */
function compareJson(op: ExpectCheck['op'], v: Extract<ExpectValue, { kind: 'json' }>, actual: unknown, kind: string, at: string): { passed: boolean; why?: string } {
  const j = v.json;
  if (!j) return { passed: false, why: 'the expected value is not JSON' };
  // A part of another kind altogether (absent, text for a list) is said by "got ..." already.
  const why = (d: JsonDifference | undefined): string | undefined => (d && !(d.kind && d.path === at) ? d.text : undefined);
  if (op === '==') {
    const d = jsonDifference(actual, j, at, kind, false);
    return { passed: !d, why: why(d) };
  }
  if (op === '!=') return { passed: actual !== undefined && !!jsonDifference(actual, j, at, kind, false), why: actual === undefined ? 'the response has no such part' : undefined };
  if (op !== 'contains') return { passed: false, why: 'the expected value is not a number' };
  const partial = j.kind === 'object';
  if (Array.isArray(actual)) {
    return actual.some((x, i) => !jsonDifference(x, j, `${at}[${i}]`, kind, partial)) ? { passed: true } : { passed: false, why: partial ? 'no item has these members' : 'no item is this list' };
  }
  if (partial && isObject(actual)) {
    const d = jsonDifference(actual, j, at, kind, true);
    return { passed: !d, why: d?.text };
  }
  return { passed: false, why: actual === undefined ? 'the response has no such part' : `only ${partial ? 'lists and objects contain an object' : 'lists contain a list'}` };
}

interface JsonDifference {
  path: string;
  text: string;
  /** Set when the part is not of the value's kind (not an object, not a list). */
  kind?: true;
}

/** The first place where `actual` differs from the JSON value `j`; `partial`: members of `actual` beyond `j`'s are allowed (at its top only). */
function jsonDifference(actual: unknown, j: ExpectJson, path: string, kind: string, partial: boolean): JsonDifference | undefined {
  const differs = (text: string): JsonDifference => ({ path, text: `${path}: ${text}` });
  if (j.kind === 'object') {
    if (!isObject(actual)) return { ...differs(`expected an object, got ${shortValue(actual)}`), kind: true };
    for (const m of j.members) {
      if (!Object.prototype.hasOwnProperty.call(actual, m.name)) return { path: `${path}.${m.name}`, text: `${path}.${m.name} is missing` };
      const d = jsonDifference(actual[m.name], m.value, `${path}.${m.name}`, kind, false);
      if (d) return d;
    }
    const extra = partial ? undefined : Object.keys(actual).find((k) => !j.members.some((m) => m.name === k));
    return extra === undefined ? undefined : { path: `${path}.${extra}`, text: `${path}.${extra} is not expected` };
  }
  if (j.kind === 'list') {
    if (!Array.isArray(actual)) return { ...differs(`expected a list, got ${shortValue(actual)}`), kind: true };
    if (actual.length !== j.items.length) return differs(`expected ${j.items.length} items, got ${actual.length}`);
    for (let i = 0; i < j.items.length; i++) {
      const d = jsonDifference(actual[i], j.items[i], `${path}[${i}]`, kind, false);
      if (d) return d;
    }
    return undefined;
  }
  return equals(actual, j, kind) ? undefined : differs(`expected ${j.text}, got ${shortValue(actual)}`);
}

function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  return undefined;
}

/** `refused RULE-ID`: an error answer with one of the code/subcode pairs the documents give for the rule. */
function refused(e: Expectation, base: Pick<ExpectationOutcome, 'index' | 'text' | 'span'>, r: SendResult, ctx: EvaluateContext): ExpectationOutcome {
  const rule = e.rule!.text;
  const pairs = refusalErrors(rule, ctx.endpoint, ctx.model);
  const expected = expectedText(e, ctx);
  const error = isObject(r.body) && isObject(r.body.error) ? r.body.error : undefined;
  const ok = r.status! >= 200 && r.status! < 300;
  if (ok || !error) {
    const actual = ok ? `accepted (${r.status})` : `${r.status} without an error envelope`;
    return { ...base, passed: false, expected, actual, message: `Not refused: expected ${expected}, got ${actual}.` };
  }
  const code = typeof error.code === 'number' ? error.code : null;
  const subcode = typeof error.error_subcode === 'number' ? error.error_subcode : null;
  const actual = `error ${pairText({ code: code ?? 0, subcode })}`;
  // A pair without a subcode takes an answer without one, or with one the documents do not give
  // (the service may refine a code further); a documented subcode means something else.
  const documented = (sub: number | null): boolean => sub !== null && ctx.model.errors.some((x) => x.subcode === sub);
  const matches = pairs.some((p) => p.code === code && (p.subcode === null ? !documented(subcode) : p.subcode === subcode));
  // The emulator names the rule behind each refusal (X-Graphreq-Rule): a refusal with the right code
  // for another rule is not the refusal expected. A real service sends no such header.
  const named = r.headers['x-graphreq-rule'];
  if (matches && (!named || named === rule)) return { ...base, passed: true, expected, actual };
  const meaning = errorMeaning(code, subcode, ctx.model)?.title;
  const why = matches ? `the emulator refused it for ${named}` : meaning ? meaning : 'another error';
  return { ...base, passed: false, expected, actual, message: `Refused, but not for ${rule}: expected ${expected}, got ${actual}: ${why}.` };
}

function snapshot(e: Expectation, base: Pick<ExpectationOutcome, 'index' | 'text' | 'span'>, actual: unknown, ctx: EvaluateContext): ExpectationOutcome {
  const subject = subjectText(e);
  const source = ctx.snapshots;
  const value = maskForSnapshot(actual === undefined ? null : actual);
  const key = `${source?.requestKey ?? 'request'}: ${subject}`;
  if (!source) return { ...base, passed: false, expected: 'the snapshot', actual: shortValue(value), message: 'Not evaluated: no snapshot file here.', snapshot: { key, value } };
  if (source.update) return { ...base, passed: true, expected: 'the snapshot', actual: 'written', snapshot: { key, value, written: true } };
  const stored = source.get(key);
  if (!stored.found) {
    return { ...base, passed: false, expected: 'the snapshot', actual: 'no snapshot yet', message: `No snapshot of ${subject} yet: run graphreq test --update-snapshots to write it.`, snapshot: { key, value } };
  }
  const d = firstDifference(stored.value, value, subject);
  if (!d) return { ...base, passed: true, expected: 'the snapshot', actual: 'matches', snapshot: { key, value } };
  const what = d.kind === 'missing' ? `${d.path} is missing` : d.kind === 'extra' ? `${d.path} is new` : `${d.path}: expected ${shortValue(d.expected)}, got ${shortValue(d.actual)}`;
  return { ...base, passed: false, expected: shortValue(d.expected), actual: shortValue(d.actual), message: `Differs from the snapshot: ${what}.`, snapshot: { key, value } };
}

/** What an expectation expects, in words. */
export function expectedText(e: Expectation, ctx: Pick<EvaluateContext, 'model' | 'endpoint'>): string {
  if (e.subject?.kind === 'refused' && e.rule) {
    const pairs = refusalErrors(e.rule.text, ctx.endpoint, ctx.model);
    return pairs.length ? `error ${pairs.map(pairText).join(' or ')} (${e.rule.text})` : `a refusal for ${e.rule.text}`;
  }
  const c = e.check;
  if (!c) return e.text;
  if (c.op === 'exists' || c.op === 'absent') return c.op;
  if (c.op === 'snapshot') return 'the snapshot';
  const v = c.value?.text ?? '';
  return c.opToken ? `${c.op === 'contains' ? 'contains' : c.op} ${v}` : v;
}

function pairText(p: ErrorPair): string {
  return p.subcode === null ? String(p.code) : `${p.code}/${p.subcode}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Whether a request expects an error answer (`refused ...`, `error.code ...`, a 4xx or 5xx status):
 * `graphreq send` then counts its refusal as the expected answer, not a failure, and sends it even
 * when the client knows a rate limit will refuse it, since that refusal is what it checks.
 */
export function expectsError(parsed: ParsedBlock): boolean {
  return blockExpectations(parsed).some((e) => {
    if (e.errors.length || !e.subject) return false;
    if (e.subject.kind === 'refused') return true;
    if (e.subject.kind === 'error') return e.check?.op !== 'absent';
    const v = e.check?.value;
    if (e.subject.kind === 'status' && e.check?.op === '==' && v) return v.kind === 'statusClass' ? v.value >= 4 : Number(v.value) >= 400;
    return false;
  });
}
