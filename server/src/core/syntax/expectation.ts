/**
 * The grammar of expectations: `# @expect SUBJECT [CHECK]` directives that say what a request's
 * response must be (docs/format.md, "Expectations"). Declarative only: an expectation names a part of
 * the response and a check; nothing written in a file is ever run.
 *
 *   expectation = "refused" RULE-ID
 *               | subject [check]
 *   subject     = "status" | "time" | "body" path? | "error" path? | "header" "." NAME | "usage" path?
 *   path        = ("." NAME | "[" INDEX "]")*              body.data[0].id, body.data.length, usage.buc.msgr
 *   check       = "exists" | "absent" | "matches" "snapshot"
 *               | ("==" | "!=" | "<" | "<=" | ">" | ">=" | "contains") value
 *               | value                                    (the same as "==" value)
 *   value       = number | "text in quotes" | true | false | null | 2xx (a status class) | 500ms | 2s
 *               | json-object | json-list                 ({"id": "1"}, ["DE", "FR"]: strict JSON, spaces allowed)
 *               | word                                     (a bare word is text: PAUSED, {{create.response.body.id}})
 *
 * Like the rest of the parser this never throws: a malformed expectation still yields what could be
 * read, with its errors (SYNTAX-EXPECT), so completion and hover work while it is being typed.
 */
import { ParseErrorCode, parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { Directive, ParsedBlock, SyntaxError, Token } from './ast';
import type { Span } from '../types';

/** The directive name of expectations. */
export const EXPECT_DIRECTIVE = 'expect';

export type ExpectSubjectKind = 'status' | 'time' | 'body' | 'error' | 'header' | 'usage' | 'refused';

/** Subject words as written, in the order completion offers them. */
export const EXPECT_SUBJECTS: readonly ExpectSubjectKind[] = ['status', 'body', 'error', 'refused', 'usage', 'time', 'header'];

/** One step of a path: a member name (`data`, `length`) or a list index (`[0]`, `.0`). */
export interface ExpectPathSegment {
  text: string;
  span: Span;
  /** Set for a list index. */
  index?: number;
}

export interface ExpectSubject {
  kind: ExpectSubjectKind;
  /** The subject word (`body`). */
  word: Token;
  path: ExpectPathSegment[];
  /** The word and its path (`body.data[0].id`). */
  span: Span;
}

export type ExpectOperator = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'contains' | 'exists' | 'absent' | 'snapshot';

export const COMPARATORS: readonly ExpectOperator[] = ['==', '!=', '<', '<=', '>', '>='];

/** A leaf of a JSON value: as a value of the same kind written alone (a JSON text is quoted). */
export type ExpectJsonLeaf = Extract<ExpectValue, { kind: 'number' | 'string' | 'boolean' | 'null' }>;

/** A JSON object or list written as a value, parsed member by member (numbers keep their digits as written). */
export type ExpectJson =
  | ExpectJsonLeaf
  | { kind: 'object'; members: Array<{ name: string; value: ExpectJson }>; span: Span }
  | { kind: 'list'; items: ExpectJson[]; span: Span };

export type ExpectValue =
  | { kind: 'number'; value: number; text: string; span: Span }
  | { kind: 'string'; value: string; text: string; span: Span; quoted: boolean }
  | { kind: 'boolean'; value: boolean; text: string; span: Span }
  | { kind: 'null'; value: null; text: string; span: Span }
  /** `2xx`: any status from 200 to 299. */
  | { kind: 'statusClass'; value: number; text: string; span: Span }
  /** `500ms`, `2s`: a duration, in milliseconds. */
  | { kind: 'duration'; value: number; text: string; span: Span }
  /** `{"id": "1"}`, `["DE", "FR"]`: a JSON object or list; `value` is it parsed (null when it is not JSON). */
  | { kind: 'json'; value: unknown; json: ExpectJson | null; text: string; span: Span };

export interface ExpectCheck {
  op: ExpectOperator;
  /** The operator as written; absent when a value stands alone (an implicit `==`). */
  opToken?: Token;
  value?: ExpectValue;
  span: Span;
}

/** One `# @expect ...` line, parsed. Spans are block-relative, like the rest of the tree. */
export interface Expectation {
  /** The directive it came from. */
  directive: Directive;
  /** The text after `@expect`, as written. */
  text: string;
  /** The span of that text (the directive's name when there is none). */
  span: Span;
  subject?: ExpectSubject;
  /** `refused RULE-ID`: the rule ID. */
  rule?: Token;
  check?: ExpectCheck;
  /** Why it cannot be read as written (SYNTAX-EXPECT); empty when well formed. */
  errors: SyntaxError[];
}

const cache = new WeakMap<ParsedBlock, Expectation[]>();
const NO_EXPECTATIONS: Expectation[] = Object.freeze([]) as unknown as Expectation[];

/** The expectations of a block, in the order written (parsed once per parse of the block). */
export function blockExpectations(parsed: ParsedBlock): Expectation[] {
  // Most blocks have no directive: one shared empty list, no cache entry (a WeakMap entry per block).
  if (parsed.directives.length === 0) return NO_EXPECTATIONS;
  let list = cache.get(parsed);
  if (!list) {
    // Directives other than `@expect` (`# @campaign-budget none`) give the same shared list: a second
    // kind of empty list here threw away the check's compiled code (V8: "wrong map" in checkBlock).
    list = NO_EXPECTATIONS;
    for (const d of parsed.directives) if (d.name.text === EXPECT_DIRECTIVE) (list === NO_EXPECTATIONS ? (list = []) : list).push(parseExpectation(d));
    cache.set(parsed, list);
  }
  return list;
}

interface Word {
  text: string;
  start: number;
  end: number;
}

/** Parses the value of one `@expect` directive. */
export function parseExpectation(directive: Directive): Expectation {
  const value = directive.value;
  const out: Expectation = { directive, text: value?.text ?? '', span: value?.span ?? directive.name.span, errors: [] };
  const error = (message: string, span: Span): void => {
    out.errors.push({ code: 'SYNTAX-EXPECT', message, span });
  };
  if (!value) {
    error('`@expect` needs something to expect, such as `status 200`, `body.id exists` or `refused ADSET-DSA-REQUIRED`.', directive.name.span);
    return out;
  }
  const words = splitWords(value.text, value.span.start, error);
  const first = words[0];
  const head = /^[A-Za-z_]+/.exec(first.text)?.[0] ?? '';
  const kind = (EXPECT_SUBJECTS as readonly string[]).includes(head.toLowerCase()) ? (head.toLowerCase() as ExpectSubjectKind) : undefined;
  if (!kind) {
    const shown = first.text.length > 30 ? `${first.text.slice(0, 29)}…` : first.text;
    error(`\`${shown}\` is not something a response has: start with status, body, error, header, usage, time or refused.`, span(first));
    return out;
  }
  const word: Token = { text: first.text.slice(0, head.length), span: { start: first.start, end: first.start + head.length } };
  // An operator written against the subject (`status==200`, `body.id!=1`): the path stops before it.
  let pathText = first.text.slice(head.length);
  const glued = /==|!=|<=|>=|[<>=]/.exec(pathText);
  if (glued) {
    const at = first.start + head.length + glued.index;
    error(`Leave a space before and after \`${glued[0]}\`.`, { start: at, end: at + glued[0].length });
    pathText = pathText.slice(0, glued.index);
  }
  const path = parsePath(pathText, first.start + head.length, error);
  out.subject = { kind, word, path, span: span(first) };

  if (kind === 'refused') {
    if (path.length) error('`refused` takes a rule ID after a space: `refused ADSET-DSA-REQUIRED`.', span(first));
    const rule = words[1];
    if (!rule) error('Name the rule the service refuses the request for: `refused ADSET-DSA-REQUIRED`.', span(first));
    else {
      out.rule = { text: rule.text, span: span(rule) };
      if (!/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/.test(rule.text)) error(`\`${rule.text}\` is not a rule ID: rule IDs are written in capitals, as \`ADSET-DSA-REQUIRED\`.`, span(rule));
      if (words[2]) error('Nothing goes after the rule ID of `refused`.', { start: words[2].start, end: words[words.length - 1].end });
    }
    return out;
  }

  if (kind === 'header' && path.length === 0) error('Name the header: `header.x-app-usage exists`.', span(first));
  if ((kind === 'status' || kind === 'time') && path.length) error(`\`${kind}\` has no parts: write \`${kind} ${kind === 'status' ? '200' : '< 500'}\`.`, { start: word.span.end, end: first.end });

  const rest = words.slice(1);
  const check = parseCheck(rest, error);
  if (!check && glued) return out;
  if (!check) {
    error(`Say what to expect of \`${first.text}\`: a value, a comparison (\`< 80\`), \`exists\` or \`absent\`.`, span(first));
    return out;
  }
  out.check = check;
  checkFits(kind, path, check, error);
  return out;
}

/** The check after the subject; undefined when nothing follows it. */
function parseCheck(words: Word[], error: (message: string, span: Span) => void): ExpectCheck | undefined {
  const op = words[0];
  if (!op) return undefined;
  const end = words[words.length - 1].end;
  const whole = { start: op.start, end };
  const opToken: Token = { text: op.text, span: span(op) };
  const extra = (from: number): void => {
    if (words[from]) error(`Unexpected \`${words[from].text}\`: put text with spaces in quotes ("…").`, { start: words[from].start, end });
  };
  if (op.text === 'exists' || op.text === 'absent') {
    extra(1);
    return { op: op.text, opToken, span: whole };
  }
  if (op.text === 'matches') {
    if (words[1]?.text !== 'snapshot') error('Write `matches snapshot`: a response part is matched against its snapshot file.', words[1] ? span(words[1]) : span(op));
    extra(2);
    return { op: 'snapshot', opToken, span: whole };
  }
  if (op.text === 'not' && words[1]?.text === 'exists') {
    error('Write `absent` for a part the response must not have.', { start: op.start, end: words[1].end });
    return { op: 'absent', opToken, span: whole };
  }
  if (op.text === '=' || op.text === '===') {
    error('Compare with `==` (or write the value alone).', span(op));
  }
  // An operator written against its value (`==200`, `contains"Alex"`, `contains{"id": "1"}`) would be
  // read as one bare word, text that the part is then expected to equal.
  const against = /^(?:==|!=|<=|>=|[<>](?!=))(?=[^\s=<>!])|^contains(?=["{[])/.exec(op.text);
  if (against) error(`Leave a space after \`${against[0]}\`.`, { start: op.start, end: op.start + against[0].length });
  const comparator = (COMPARATORS as readonly string[]).includes(op.text) || op.text === 'contains' ? (op.text as ExpectOperator) : op.text === '=' || op.text === '===' ? '==' : undefined;
  if (comparator) {
    const v = words[1];
    if (!v) {
      error(`\`${op.text}\` needs a value after it.`, span(op));
      return { op: comparator, opToken, span: whole };
    }
    extra(2);
    return { op: comparator, opToken, value: parseValue(v, error), span: whole };
  }
  if (/^[<>=!]+$/.test(op.text)) {
    error(`\`${op.text}\` is not a comparison: use ==, !=, <, <=, > or >=.`, span(op));
    return { op: '==', opToken, span: whole };
  }
  extra(1);
  return { op: '==', value: parseValue(op, error), span: whole };
}

/** Whether the check makes sense for the subject, whatever the request (the rest needs the API model: core/rules/expectRules.ts). */
function checkFits(kind: ExpectSubjectKind, path: ExpectPathSegment[], check: ExpectCheck, error: (message: string, span: Span) => void): void {
  const v = check.value;
  const at = check.opToken?.span ?? v?.span ?? check.span;
  if (check.op === 'snapshot' && kind !== 'body' && kind !== 'error') error('Only the body (or a part of it) is matched against a snapshot: `body matches snapshot`.', at);
  if ((kind === 'status' || kind === 'time') && (check.op === 'exists' || check.op === 'absent' || check.op === 'contains')) {
    error(`\`${kind}\` is always there and is a number: compare it (\`${kind} ${kind === 'status' ? '== 200' : '< 500'}\`).`, at);
  }
  if (!v) return;
  const numeric = check.op === '<' || check.op === '<=' || check.op === '>' || check.op === '>=';
  if (v.kind === 'json') {
    // A broken JSON value has its own error; a whole one only fits a body, error or header part.
    const what = v.text.startsWith('[') ? 'a list' : 'an object';
    if (v.json && (kind === 'status' || kind === 'time' || kind === 'usage' || numeric)) error(`${numeric ? `\`${check.op}\` compares numbers` : `\`${kind}\` is a number`}, not ${what}: compare ${what} with == or contains.`, v.span);
    return;
  }
  if (kind === 'status' && v.kind !== 'number' && v.kind !== 'statusClass') error(`A status is a number such as 200, or a class such as 4xx, not \`${v.text}\`.`, v.span);
  else if (kind === 'status' && v.kind === 'statusClass' && numeric) error(`Compare a status class with == or !=: \`status ${v.text}\`.`, v.span);
  else if (kind === 'time' && v.kind !== 'number' && v.kind !== 'duration') error(`A time is milliseconds, such as 500, 500ms or 2s, not \`${v.text}\`.`, v.span);
  else if (kind === 'usage' && check.op !== 'contains' && v.kind !== 'number') error(`Usage figures are percentages: compare with a number, such as \`< 80\`.`, v.span);
  else if (numeric && v.kind !== 'number' && v.kind !== 'duration' && !(v.kind === 'string' && !v.quoted && v.value.includes('{{'))) {
    error(`\`${check.op}\` compares numbers, not \`${v.text}\`.`, v.span);
  }
  if (v.kind === 'statusClass' && kind !== 'status') error(`\`${v.text}\` is a status class: it only fits \`status\`.`, v.span);
  if (v.kind === 'duration' && kind !== 'time') error(`\`${v.text}\` is a duration: it only fits \`time\`.`, v.span);
  void path;
}

function parseValue(w: Word, error: (message: string, span: Span) => void): ExpectValue {
  const text = w.text;
  const s = span(w);
  if (startsJson(text, 0)) return parseJsonValue(text, s, error);
  if (text.startsWith('"')) {
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value === 'string') return { kind: 'string', value, text, span: s, quoted: true };
    } catch {
      // Reported below.
    }
    error('This quoted text is not closed or has a bad escape: write it as JSON text, "like this".', s);
    return { kind: 'string', value: text.replace(/^"|"$/g, ''), text, span: s, quoted: true };
  }
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return { kind: 'number', value: Number(text), text, span: s };
  if (text === 'true' || text === 'false') return { kind: 'boolean', value: text === 'true', text, span: s };
  if (text === 'null') return { kind: 'null', value: null, text, span: s };
  const cls = /^([1-5])xx$/i.exec(text);
  if (cls) return { kind: 'statusClass', value: Number(cls[1]), text, span: s };
  const duration = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(text);
  if (duration) return { kind: 'duration', value: Number(duration[1]) * (duration[2] === 's' ? 1000 : 1), text, span: s };
  return { kind: 'string', value: text, text, span: s, quoted: false };
}

/** Whether a JSON object or list starts at `i` (`{{` starts a reference, not an object). */
export function startsJson(text: string, i: number): boolean {
  return text[i] === '[' || (text[i] === '{' && text[i + 1] !== '{');
}

const JSON_ERRORS: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'this is not a JSON value (text goes in double quotes)',
  [ParseErrorCode.InvalidNumberFormat]: 'this number is not written as JSON',
  [ParseErrorCode.PropertyNameExpected]: 'a member name in double quotes is expected here',
  [ParseErrorCode.ValueExpected]: 'a value is expected here',
  [ParseErrorCode.ColonExpected]: 'a colon is expected here',
  [ParseErrorCode.CommaExpected]: 'a comma is expected here',
  [ParseErrorCode.CloseBraceExpected]: '`}` is expected here',
  [ParseErrorCode.CloseBracketExpected]: '`]` is expected here',
  [ParseErrorCode.EndOfFileExpected]: 'nothing goes after the end of the value',
  [ParseErrorCode.UnexpectedEndOfString]: 'this text is not closed',
  [ParseErrorCode.InvalidEscapeCharacter]: 'this escape is not JSON',
  [ParseErrorCode.InvalidUnicode]: 'this \\u escape is not JSON',
  [ParseErrorCode.InvalidCharacter]: 'this character must be escaped',
};

/** `{"id": "1"}`, `["DE", "FR"]`: strict JSON; a broken one is reported where it breaks. */
function parseJsonValue(text: string, s: Span, error: (message: string, span: Span) => void): ExpectValue {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const bad = errors[0];
  if (bad || !root) {
    const offset = bad?.offset ?? 0;
    // A value cut short (`{"id": `) also lacks its closing bracket: that is what to say.
    const unclosed = errors.some((x) => (x.error === ParseErrorCode.CloseBraceExpected || x.error === ParseErrorCode.CloseBracketExpected) && x.offset >= text.length);
    const reference = [...text.matchAll(/\{\{.*?(\}\}|$)/g)].find((m) => m.index! <= offset && offset < m.index! + m[0].length);
    if (reference) {
      error('A {{reference}} is not resolved inside a JSON value: compare its part alone (`body.data[0].id {{create.response.body.id}}`).', { start: s.start + reference.index!, end: s.start + reference.index! + reference[0].length });
    } else if (unclosed) {
      error(`This \`${text[0]}\` is never closed: write the object or list whole, as JSON, on the one line.`, { start: s.start, end: s.start + 1 });
    } else {
      const trailingComma = /[}\]]/.test(text[offset] ?? '') && /,\s*$/.test(text.slice(0, offset));
      const what = trailingComma ? 'JSON has no comma before a closing bracket' : (bad && JSON_ERRORS[bad.error]) ?? 'this is not JSON';
      const from = Math.min(offset, text.length - 1);
      error(`Not JSON: ${what}; write objects and lists as JSON, {"id": "1"} or ["DE", "FR"].`, { start: s.start + from, end: s.start + Math.min(text.length, from + Math.max(1, bad?.length ?? 1)) });
    }
    return { kind: 'json', value: null, json: null, text, span: s };
  }
  return { kind: 'json', value: JSON.parse(text) as unknown, json: jsonOf(root, text, s.start), text, span: s };
}

function jsonOf(n: Node, text: string, base: number): ExpectJson {
  const s = { start: base + n.offset, end: base + n.offset + n.length };
  const raw = text.slice(n.offset, n.offset + n.length);
  switch (n.type) {
    case 'object':
      return { kind: 'object', span: s, members: (n.children ?? []).map((p) => ({ name: p.children![0].value as string, value: jsonOf(p.children![1], text, base) })) };
    case 'array':
      return { kind: 'list', span: s, items: (n.children ?? []).map((c) => jsonOf(c, text, base)) };
    case 'string':
      return { kind: 'string', value: n.value as string, text: raw, span: s, quoted: true };
    case 'number':
      return { kind: 'number', value: n.value as number, text: raw, span: s };
    case 'boolean':
      return { kind: 'boolean', value: n.value as boolean, text: raw, span: s };
    default:
      return { kind: 'null', value: null, text: raw, span: s };
  }
}

/** `.data[0].length` after the subject word. */
function parsePath(text: string, start: number, error: (message: string, span: Span) => void): ExpectPathSegment[] {
  const out: ExpectPathSegment[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '.') {
      let j = i + 1;
      while (j < text.length && text[j] !== '.' && text[j] !== '[') j++;
      const name = text.slice(i + 1, j);
      const s = { start: start + i + 1, end: start + j };
      if (!name) error('A path step is missing between two dots (or after the last one).', { start: start + i, end: start + i + 1 });
      else if (/^\d+$/.test(name)) out.push({ text: name, span: s, index: Number(name) });
      else out.push({ text: name, span: s });
      i = j;
    } else if (c === '[') {
      const close = text.indexOf(']', i);
      const inner = close < 0 ? text.slice(i + 1) : text.slice(i + 1, close);
      // The step's span holds its brackets, so a finding on it underlines `[0]`.
      const s = { start: start + i, end: start + (close < 0 ? text.length : close + 1) };
      if (close < 0 || !/^\d+$/.test(inner)) error('A list index is a number in brackets, such as `[0]`.', { start: start + i, end: start + (close < 0 ? text.length : close + 1) });
      if (/^\d+$/.test(inner)) out.push({ text: inner, span: s, index: Number(inner) });
      i = close < 0 ? text.length : close + 1;
    } else {
      error('Parts of a path are joined with dots: `body.data.length`.', { start: start + i, end: start + text.length });
      break;
    }
  }
  return out;
}

/** Splits on blanks, keeping quoted text ("a b") and `{{ ... }}` references whole. */
function splitWords(text: string, start: number, error: (message: string, span: Span) => void): Word[] {
  const out: Word[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (i >= text.length) break;
    const from = i;
    if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i = Math.min(text.length, i + 1);
      if (i < text.length && !/\s/.test(text[i])) error('Leave a space after the closing quote.', { start: start + i, end: start + i + 1 });
    } else if (out.length > 0 && startsJson(text, i)) {
      // A JSON object or list is one word, spaces and all: up to its closing bracket (or the end).
      i = jsonEnd(text, i);
      if (i < text.length && !/\s/.test(text[i])) error('Leave a space after the closing bracket.', { start: start + i, end: start + i + 1 });
    } else {
      while (i < text.length && !/\s/.test(text[i])) {
        if (text.startsWith('{{', i)) {
          const close = text.indexOf('}}', i + 2);
          i = close < 0 ? text.length : close + 2;
        } else if (startsJson(text, i) && (/(==|!=)$/.test(text.slice(from, i)) || (out.length > 0 && text.slice(from, i) === 'contains'))) {
          // An operator against a JSON value (`contains{"id": "1"}`, `body.data==[1]`): the value is a word of its own.
          if (out.length > 0) error(`Leave a space after \`${text.slice(from, i)}\`.`, { start: start + from, end: start + i });
          break;
        } else i++;
      }
    }
    out.push({ text: text.slice(from, i), start: start + from, end: start + i });
  }
  return out;
}

/** Where the JSON object or list starting at `from` ends: after its closing bracket, else the end of the text. */
function jsonEnd(text: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return text.length;
}

function span(w: Word): Span {
  return { start: w.start, end: w.end };
}

/** The subject written as text again (`body.data[0].id`), for messages and reports. */
export function subjectText(e: Expectation): string {
  const s = e.subject;
  if (!s) return e.text;
  if (s.kind === 'refused') return 'refused';
  return s.word.text + s.path.map((p) => (p.index !== undefined ? `[${p.index}]` : `.${p.text}`)).join('');
}

const ASSERTION_PREDICATES: Record<string, string> = {
  '==': '==', '===': '==', '!=': '!=', '!==': '!=', '<': '<', '<=': '<=', '>': '>', '>=': '>=',
  includes: 'contains', contains: 'contains', exists: 'exists', isTrue: '== true', isFalse: '== false',
};

/**
 * The expectation an httpYac assertion line means, when graphreq has one (`?? status == 200` →
 * `status == 200`, `?? duration < 500` → `time < 500`, `?? header content-type includes json` →
 * `header.content-type contains json`, `?? body $.id exists` → `body.id exists`); undefined for what
 * has no declarative equal (`?? js ...` runs code, which a graphreq file never does).
 */
export function expectationFromAssertion(line: string): string | undefined {
  const m = /^\?\?\s*(status|duration|header|body)\b\s*(.*)$/.exec(line.trim());
  if (!m) return undefined;
  const [, kind, rest] = m;
  const words = rest.match(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\S+/g) ?? [];
  let subject = kind === 'duration' ? 'time' : kind;
  if (kind === 'header' || (kind === 'body' && words.length > 0 && !isPredicate(words[0] ?? ''))) {
    const target = words.shift();
    if (!target) return undefined;
    const path = target.replace(/^\$\.?/, '').replace(/^\./, '');
    if (kind === 'header') subject = `header.${path.toLowerCase()}`;
    else if (path) subject = `body.${path}`;
  }
  const predicate = words.shift();
  if (!predicate || !isPredicate(predicate)) return undefined;
  const op = ASSERTION_PREDICATES[predicate];
  if (op === 'exists' || op.startsWith('== ')) return words.length ? undefined : `${subject} ${op}`;
  if (words.length !== 1) return undefined;
  let value = words[0];
  // httpYac values may be in single quotes; expectations write text in double quotes, as JSON does.
  if (/^'.*'$/.test(value)) value = JSON.stringify(value.slice(1, -1).replace(/\\'/g, "'"));
  return `${subject} ${op} ${value}`;
}

function isPredicate(word: string): boolean {
  return Object.prototype.hasOwnProperty.call(ASSERTION_PREDICATES, word);
}
