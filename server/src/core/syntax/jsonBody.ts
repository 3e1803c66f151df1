/**
 * JSONC bodies, read two ways over the same bytes.
 *
 * Fast path (every check): `cleanJsonc` blanks comments and turns unquoted `{{variables}}` into
 * marked strings *of the same length*, then the native `JSON.parse` reads the value. No tree is built.
 * Slow path (only for a body that has findings, or for hover and completion): jsonc-parser's
 * `parseTree` over the cleaned text gives nodes whose offsets are exact offsets into the body,
 * because cleaning never changes a length.
 *
 * The issue's reference figures explain why: keeping a jsonc tree for every body of a 10,000-request
 * file costs ~300 MB, and building one per body is 1.4-1.9x slower than the native parse.
 */
import { getNodePath, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Span } from '../types';
import { MAX_NESTING } from './limits';
import { skipSpace, skipString, skipValue, type BodyMember } from './jsonScan';

export type { BodyMember };

/** Marks a string that stood for an unquoted `{{variable}}` in the body (U+2063, invisible separator). */
export const OPAQUE_MARK = '\u2063';

/** A value decided at send time: `{{name}}` inside a string, or an unquoted `{{name}}`. */
export function isOpaque(value: unknown): boolean {
  return typeof value === 'string' && (value.charCodeAt(0) === 0x2063 || value.indexOf('{{') >= 0);
}

/**
 * Returns `text` with comments (`//`, `/* *\/`, and lines starting with `#`) replaced by spaces and each
 * unquoted `{{expr}}` replaced by a same-length JSON string. Returns `text` itself when there is nothing to clean.
 * With `markVariables` false, only comments are blanked (the name index reads the uses that remain).
 */
export function cleanJsonc(text: string, markVariables = true): string {
  if (text.indexOf('/') < 0 && text.indexOf('#') < 0 && (!markVariables || text.indexOf('{{') < 0)) return text;
  const out: string[] = [];
  let copied = 0;
  let i = 0;
  const n = text.length;
  let lineStart = true;
  const blank = (from: number, to: number): void => {
    out.push(text.slice(copied, from));
    out.push(text.slice(from, to).replace(/[^\r\n]/g, ' '));
    copied = to;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i += 2;
        else if (d === 34 || d === 10) break;
        else i++;
      }
      i++;
      lineStart = false;
      continue;
    }
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      let e = text.indexOf('\n', i);
      if (e < 0) e = n;
      blank(i, e);
      i = e;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      let e = text.indexOf('*/', i + 2);
      e = e < 0 ? n : e + 2;
      blank(i, e);
      i = e;
      continue;
    }
    if (c === 35 /* # */ && lineStart) {
      let e = text.indexOf('\n', i);
      if (e < 0) e = n;
      blank(i, e);
      i = e;
      continue;
    }
    if (markVariables && c === 123 /* { */ && text.charCodeAt(i + 1) === 123) {
      const close = text.indexOf('}}', i + 2);
      const nl = text.indexOf('\n', i);
      if (close >= 0 && (nl < 0 || close < nl)) {
        const expr = text.slice(i + 2, close).replace(/["\\\u0000-\u001f]/g, '_');
        out.push(text.slice(copied, i));
        out.push('"' + OPAQUE_MARK + expr + OPAQUE_MARK + '"');
        copied = close + 2;
        i = close + 2;
        lineStart = false;
        continue;
      }
    }
    if (c === 10) lineStart = true;
    else if (c !== 32 && c !== 9 && c !== 13) lineStart = false;
    i++;
  }
  if (copied === 0) return text;
  out.push(text.slice(copied));
  return out.join('');
}

/** Past this depth a body is reported once (REQ-CHECK-LIMIT) and no tree is built for it (limits.ts). */
export const MAX_BODY_DEPTH = MAX_NESTING;

/**
 * The offset of the first `{` or `[` that opens a level deeper than `limit`, outside strings, in a
 * cleaned text (comments blanked); undefined when the text nests no deeper. One pass, no recursion.
 */
export function tooDeepAt(text: string, limit = MAX_BODY_DEPTH): number | undefined {
  const n = text.length;
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 34 || d === 10) break;
        if (d === 92 /* \ */) i++;
      }
    } else if (c === 123 || c === 91) {
      if (++depth > limit) return i;
    } else if (c === 125 || c === 93) {
      if (depth > 0) depth--;
    }
  }
  return undefined;
}

/**
 * Whether a parsed value nests deeper than `limit` (the body itself is level 1), by a walk with its
 * own stack that stops at the limit: every check asks it of every body, and it visits containers only.
 */
export function nestedTooDeep(value: unknown, limit = MAX_BODY_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: object[] = [value];
  const depths: number[] = [1];
  while (stack.length) {
    const v = stack.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const c: unknown = v[i];
        if (c !== null && typeof c === 'object') {
          stack.push(c);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const k in v) {
        const c = (v as Record<string, unknown>)[k];
        if (c !== null && typeof c === 'object') {
          stack.push(c);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/** The message of a body past MAX_BODY_DEPTH (REQ-CHECK-LIMIT). */
export const TOO_DEEP_MESSAGE = `The body nests more than ${MAX_BODY_DEPTH} levels deep: graphreq does not check it, and hover, completion and selection stay off inside it; flatten it.`;

export interface BodyValue {
  value: unknown;
  /** False when the body is not valid JSON(C); the value is then what jsonc-parser recovered. */
  ok: boolean;
  /** The text read: `cleanJsonc`'s, which locating a finding in the body reads too. */
  clean: string;
  /** The value is known to nest no deeper than MAX_BODY_DEPTH (`nestedTooDeep` need not be asked). */
  shallow?: true;
}

/** Reads a body's value, native parser first. */
export function readBodyValue(text: string): BodyValue {
  const clean = cleanJsonc(text);
  try {
    const value: unknown = JSON.parse(clean);
    // The common body (no integer past 2^53, not nested past the limit) is walked once for both.
    if (plainAndShallow(value)) return { value, ok: true, clean, shallow: true };
    return { value: exactAfterParse(value, clean), ok: true, clean };
  } catch {
    // jsonc-parser's reader recurses: a body nested thousands deep is not read (REQ-CHECK-LIMIT).
    if (tooDeepAt(clean) !== undefined) return { value: undefined, ok: false, clean };
    // Trailing commas are accepted (as in VS Code's JSONC); anything else is a syntax error.
    const errors: ParseError[] = [];
    const root = parseTree(clean, errors, { allowTrailingComma: true, disallowComments: false });
    return { value: root ? exactValue(root, clean) : undefined, ok: errors.length === 0, clean };
  }
}

/**
 * `JSON.parse`, except that an integer too large for a JavaScript number (beyond 2^53) keeps its
 * digits, as a numeric string: int64 budgets and 18-digit ids written unquoted (`"campaign_id":
 * 120200000000000001`) stay exact, and the schemas read a numeric string where they take an integer
 * (docs/schemas.md, "Coercion"). Throws as `JSON.parse` does. Bodies whose value holds no number
 * past 2^53 take the native parser alone: looking at the parsed numbers costs less than a regular
 * expression over the text (which also matched digits inside strings).
 */
export function parseJsonExact(text: string): unknown {
  return exactAfterParse(JSON.parse(text), text);
}

/** `JSON.parse(text)`'s value with its integers past 2^53 read again from `text` as their digits. */
function exactAfterParse(value: unknown, text: string): unknown {
  if (!hasUnsafeInteger(value) || tooDeepAt(text) !== undefined) return value;
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  return root ? exactValue(root, text) : value;
}

/**
 * Whether a parsed value holds a whole number a JavaScript number may not hold exactly (its literal
 * had more digits than 2^53's). Iterative: a body nested thousands deep does not overflow the stack.
 */
function hasUnsafeInteger(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);
  const stack: object[] = [value];
  while (stack.length) {
    const o = stack.pop()!;
    // Members read in place: no array of values per object of every body.
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) if (unsafeOrNested(o[i], stack)) return true;
    } else {
      for (const k in o) if (unsafeOrNested((o as Record<string, unknown>)[k], stack)) return true;
    }
  }
  return false;
}

/**
 * Whether a parsed value holds no unsafe integer (`hasUnsafeInteger`) and nests no deeper than
 * MAX_BODY_DEPTH (`nestedTooDeep`): both questions every body is asked, in one walk. False says
 * only that one of them must be asked on its own.
 */
function plainAndShallow(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return !(typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value));
  const stack: object[] = [value];
  const depths: number[] = [1];
  while (stack.length) {
    const o = stack.pop()!;
    const depth = depths.pop()!;
    if (depth > MAX_BODY_DEPTH) return false;
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) {
        const c: unknown = o[i];
        if (typeof c === 'number') {
          if (Number.isInteger(c) && !Number.isSafeInteger(c)) return false;
        } else if (c !== null && typeof c === 'object') {
          stack.push(c);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const k in o) {
        const c: unknown = (o as Record<string, unknown>)[k];
        if (typeof c === 'number') {
          if (Number.isInteger(c) && !Number.isSafeInteger(c)) return false;
        } else if (c !== null && typeof c === 'object') {
          stack.push(c);
          depths.push(depth + 1);
        }
      }
    }
  }
  return true;
}

/** Whether `v` is an unsafe integer; an object or array is put on `stack` to be looked into. */
function unsafeOrNested(v: unknown, stack: object[]): boolean {
  if (typeof v === 'number') return Number.isInteger(v) && !Number.isSafeInteger(v);
  if (v !== null && typeof v === 'object') stack.push(v);
  return false;
}

/** A jsonc node's value, integers beyond 2^53 as their digits. */
function exactValue(node: Node, text: string): unknown {
  return valueOfNode(node, text, (literal, value) => (/^-?\d+$/.test(literal) ? literal : value));
}

/**
 * A jsonc node's value, with `unsafe` deciding what an integer literal too large for a JavaScript
 * number becomes (its digits, here; a BigIntText when sending, core/send/losslessJson.ts).
 */
export function valueOfNode(node: Node, text: string, unsafe: (literal: string, value: number) => unknown): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        // defineProperty: a member named `__proto__` stays a member, as JSON.parse keeps it.
        if (key && value) Object.defineProperty(out, String(key.value), { value: valueOfNode(value, text, unsafe), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map((c) => valueOfNode(c, text, unsafe));
    case 'number':
      return Number.isSafeInteger(node.value) ? node.value : unsafe(text.slice(node.offset, node.offset + node.length), node.value);
    default:
      return node.value;
  }
}

export interface BodyTree {
  root: Node | undefined;
  errors: Array<{ message: string; span: Span }>;
  /** The cleaned text the tree was built from (same length as the body). */
  text: string;
  /** The offset of the bracket past MAX_BODY_DEPTH, when the body nests deeper: no tree is built for it. */
  tooDeep?: number;
}

const ERROR_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Unexpected character in the JSON body',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Expected a property name in double quotes',
  ValueExpected: 'Expected a value',
  ColonExpected: 'Expected `:` after the property name',
  CommaExpected: 'Expected `,` between members',
  CloseBraceExpected: 'Expected `}`: the object is not closed',
  CloseBracketExpected: 'Expected `]`: the list is not closed',
  EndOfFileExpected: 'Unexpected text after the end of the JSON body',
  InvalidCommentToken: 'Invalid comment',
  UnexpectedEndOfComment: 'The comment is not closed',
  UnexpectedEndOfString: 'The string is not closed',
  UnexpectedEndOfNumber: 'The number is not complete',
  InvalidUnicode: 'Invalid unicode escape',
  InvalidEscapeCharacter: 'Invalid escape character',
  InvalidCharacter: 'Invalid character in a string',
};

/** Builds the jsonc tree of a body, with offsets relative to the body's first character. */
export function parseBodyTree(text: string): BodyTree {
  const clean = cleanJsonc(text);
  const tooDeep = tooDeepAt(clean);
  if (tooDeep !== undefined) return { root: undefined, errors: [{ message: TOO_DEEP_MESSAGE, span: { start: tooDeep, end: tooDeep + 1 } }], text: clean, tooDeep };
  const errs: ParseError[] = [];
  const root = parseTree(clean, errs, { allowTrailingComma: true, disallowComments: false });
  const errors = errs.map((e) => {
    const code = printParseErrorCode(e.error);
    return { message: `${ERROR_MESSAGES[code] ?? code}.`, span: { start: e.offset, end: e.offset + Math.max(1, e.length) } };
  });
  return { root, errors, text: clean };
}

export type JsonPath = Array<string | number>;

/**
 * The top-level members of an object body. The scan keeps four numbers a member (key offset, key
 * length, value offset, value length) and no object or string per member: nearly every request of a
 * file being written has a finding in its body, and a member object and key string for each of its
 * twenty-five members were most of the index's cost. A member is made when asked for, once.
 */
export class BodyMembers {
  private readonly made: Array<BodyMember | undefined> = [];
  private byName: Map<string, number> | undefined;
  constructor(
    /** The cleaned text the offsets are into (same length as the body). */
    readonly text: string,
    /** The object's own span (from `{` to `}` inclusive). */
    readonly offset: number,
    readonly length: number,
    private readonly spans: number[],
    /** The names of the keys written with escapes (`"na\u006de"`), by member. */
    private readonly escapedNames: Map<number, string> | undefined,
  ) {}

  get count(): number {
    return this.spans.length >> 2;
  }

  /** Every member, in the body's order. */
  get members(): BodyMember[] {
    const out: BodyMember[] = [];
    for (let k = 0; k < this.count; k++) out.push(this.member(k));
    return out;
  }

  /** The `k`th member (the same object each time: locate.ts keeps a member's tree by it). */
  member(k: number): BodyMember {
    let m = this.made[k];
    if (!m) {
      const s = this.spans;
      this.made[k] = m = { name: this.nameAt(k), keyOffset: s[4 * k], keyLength: s[4 * k + 1], valueOffset: s[4 * k + 2], valueLength: s[4 * k + 3] };
    }
    return m;
  }

  private nameAt(k: number): string {
    const escaped = this.escapedNames?.get(k);
    if (escaped !== undefined) return escaped;
    const at = this.spans[4 * k];
    return this.text.slice(at + 1, at + this.spans[4 * k + 1] - 1);
  }

  /** Whether the `k`th member is named `name`, read in place. */
  private named(k: number, name: string): boolean {
    const escaped = this.escapedNames?.get(k);
    if (escaped !== undefined) return escaped === name;
    return this.spans[4 * k + 1] === name.length + 2 && this.text.startsWith(name, this.spans[4 * k] + 1);
  }

  /** The first member named `name`, as jsonc-parser's path lookup finds it. */
  first(name: string): BodyMember | undefined {
    const n = this.count;
    // Few members: found by going through them, cheaper than a map for a body's one or two findings.
    if (n <= SCAN_MEMBERS) {
      for (let k = 0; k < n; k++) if (this.named(k, name)) return this.member(k);
      return undefined;
    }
    // A body with 100,000 unknown parameters has as many findings, each located by name: a scan per
    // finding made the check quadratic in the body's size (2.8 s of a 4.5 s check at 10,000 members).
    if (!this.byName) {
      this.byName = new Map();
      for (let k = 0; k < n; k++) {
        const key = this.nameAt(k);
        if (!this.byName.has(key)) this.byName.set(key, k);
      }
    }
    const k = this.byName.get(name);
    return k === undefined ? undefined : this.member(k);
  }
}

/** Up to this many members, a member is found by going through them. */
const SCAN_MEMBERS = 64;

/**
 * The top-level members of a well-formed object body, found by one scan, without building a tree:
 * locating a finding on a parameter (most findings) needs no more, and a finding deeper in a value
 * parses that value alone (`parseMemberValue`). A whole jsonc tree per body with findings was a
 * tenth of a check of a file being written. For a body that parsed (JSONC without errors); undefined
 * when it is not one object, or the scan meets something it does not expect (the caller then builds the tree).
 */
export function indexBodyMembers(text: string): BodyMembers | undefined {
  return indexCleanBodyMembers(cleanJsonc(text));
}

/** `indexBodyMembers` of a body already cleaned (`cleanJsonc`): a caller that has it does not clean it again. */
export function indexCleanBodyMembers(t: string): BodyMembers | undefined {
  let i = skipSpace(t, 0);
  if (t.charCodeAt(i) !== 123 /* { */) return undefined;
  const offset = i;
  i++;
  const spans: number[] = [];
  let escapedNames: Map<number, string> | undefined;
  for (;;) {
    i = skipSpace(t, i);
    if (t.charCodeAt(i) === 125 /* } */) break;
    if (t.charCodeAt(i) !== 34 /* " */) return undefined;
    const keyOffset = i;
    i = skipString(t, i);
    if (i < 0) return undefined;
    const keyLength = i - keyOffset;
    let escapes = false;
    for (let q = keyOffset + 1; q < i - 1 && !escapes; q++) escapes = t.charCodeAt(q) === 92; /* \ */
    if (escapes) {
      try {
        (escapedNames ??= new Map()).set(spans.length >> 2, JSON.parse(t.slice(keyOffset, i)) as string);
      } catch {
        return undefined;
      }
    }
    i = skipSpace(t, i);
    if (t.charCodeAt(i) !== 58 /* : */) return undefined;
    const valueOffset = skipSpace(t, i + 1);
    i = skipValue(t, valueOffset);
    if (i < 0) return undefined;
    spans.push(keyOffset, keyLength, valueOffset, i - valueOffset);
    i = skipSpace(t, i);
    if (t.charCodeAt(i) === 44 /* , */) {
      i++;
      continue;
    }
    if (t.charCodeAt(i) === 125) break;
    return undefined;
  }
  if (skipSpace(t, i + 1) < t.length) return undefined;
  return new BodyMembers(t, offset, t.length - offset, spans, escapedNames);
}

/** The first member named `name`, as jsonc-parser's path lookup finds it. */
export function memberNamed(index: BodyMembers, name: string): BodyMember | undefined {
  return index.first(name);
}

/** The tree of one member's value (`clean`: the body's cleaned text), with offsets relative to the value's first character. */
export function parseMemberValue(clean: string, m: BodyMember): Node | undefined {
  const text = clean.slice(m.valueOffset, m.valueOffset + m.valueLength);
  if (tooDeepAt(text) !== undefined) return undefined;
  return parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
}

/** The children of an object node by key (the first of each), built when first asked for a large object. */
const childrenByKey = new WeakMap<Node, Map<string, Node>>();

/** `findNodeAtLocation(root, path.slice(0, k))`, without scanning every member of a large object for each finding in it. */
function nodeAt(root: Node, path: JsonPath, k: number): Node | undefined {
  let node: Node | undefined = root;
  for (let i = 0; i < k && node; i++) {
    const segment = path[i];
    const children: Node[] = node.children ?? [];
    if (typeof segment === 'string') {
      if (node.type !== 'object') return undefined;
      if (children.length < 32) {
        node = children.find((prop) => prop.children?.length === 2 && prop.children[0].value === segment)?.children?.[1];
        continue;
      }
      let byKey = childrenByKey.get(node);
      if (!byKey) {
        byKey = new Map();
        for (const prop of children) {
          const key = prop.children?.[0];
          if (prop.children?.length === 2 && key && !byKey.has(String(key.value))) byKey.set(String(key.value), prop.children[1]);
        }
        childrenByKey.set(node, byKey);
      }
      node = byKey.get(segment);
    } else {
      if (node.type !== 'array' || segment < 0 || segment >= children.length) return undefined;
      node = children[segment];
    }
  }
  return node;
}

/** The node at a path, or the deepest existing ancestor when the path goes further than the tree. */
export function nodeAtPath(root: Node | undefined, path: JsonPath): { node: Node | undefined; exact: boolean } {
  if (!root) return { node: undefined, exact: false };
  for (let k = path.length; k >= 0; k--) {
    const node = k === 0 ? root : nodeAt(root, path, k);
    if (node) return { node, exact: k === path.length };
  }
  return { node: root, exact: false };
}

/** The property node (key and value) that holds the value at `path`. */
export function propertyAtPath(root: Node | undefined, path: JsonPath): Node | undefined {
  const { node, exact } = nodeAtPath(root, path);
  if (!node || !exact) return undefined;
  return node.parent && node.parent.type === 'property' ? node.parent : undefined;
}

/** The innermost node containing `offset` (body-relative). */
export function nodeAtOffset(root: Node | undefined, offset: number): Node | undefined {
  if (!root || offset < root.offset || offset > root.offset + root.length) return undefined;
  let node: Node = root;
  for (;;) {
    const child: Node | undefined = node.children?.find((c) => offset >= c.offset && offset <= c.offset + c.length);
    if (!child) return node;
    node = child;
  }
}

export { getNodePath, getNodeValue, type Node };
