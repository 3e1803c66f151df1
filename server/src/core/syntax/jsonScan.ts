/**
 * Offsets in a body's cleaned text (`cleanJsonc`: comments blanked, unquoted variables as strings),
 * read by scanning the text rather than building a tree: what locating a finding needs. For text
 * that parsed (its callers know it did); a scan that meets what it does not expect gives up, and the
 * caller builds the tree.
 */
import type { Span } from '../types';
import type { JsonPath } from './jsonBody';

/** A top-level member of an object body; offsets are into the body, as jsonc-parser's tree gives them. */
export interface BodyMember {
  name: string;
  /** The key, quotes included. */
  keyOffset: number;
  keyLength: number;
  /** The value: a string with its quotes, an object or list with its brackets. */
  valueOffset: number;
  valueLength: number;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** The first offset from `i` that is not white space. */
export function skipSpace(t: string, i: number): number {
  // Bounded: a read past the end (a key at the end of a body) threw away the compiled scan (V8: "out of bounds").
  while (i < t.length && isSpace(t.charCodeAt(i))) i++;
  return i;
}

/** The offset past the string starting at `i` (a `"`): its closing quote is the next one not escaped; -1 when there is none. */
export function skipString(t: string, i: number): number {
  let q = i;
  for (;;) {
    q = t.indexOf('"', q + 1);
    if (q < 0) return -1;
    let backslashes = 0;
    while (t.charCodeAt(q - 1 - backslashes) === 92 /* \ */) backslashes++;
    if ((backslashes & 1) === 0) return q + 1;
  }
}

/** The offset past the value starting at `i` (a string, an object or list with its brackets, a literal); -1 when there is none. */
export function skipValue(t: string, i: number): number {
  const n = t.length;
  const c = t.charCodeAt(i);
  if (c === 34 /* " */) return skipString(t, i);
  if (c === 123 /* { */ || c === 91 /* [ */) {
    let depth = 0;
    while (i < n) {
      const d = t.charCodeAt(i);
      if (d === 34) {
        i = skipString(t, i);
        if (i < 0) return -1;
        continue;
      }
      if (d === 123 || d === 91) depth++;
      else if ((d === 125 || d === 93) && --depth === 0) return i + 1;
      i++;
    }
    return -1;
  }
  const start = i;
  while (i < n) {
    const d = t.charCodeAt(i);
    if (d === 44 /* , */ || d === 125 /* } */ || d === 93 /* ] */ || isSpace(d)) break;
    i++;
  }
  return i > start ? i : -1;
}

/**
 * The member `name` of an object body that has one at its top level (the caller knows it from the
 * parsed value), found by looking for its key instead of going through the members before it.
 *
 * In JSON text without a backslash no string holds a quote, so each `"` opens or closes a string,
 * and `"name"` followed by `:` is a key wherever it is. When the text holds exactly one such key, it
 * is the top-level member's. Undefined when that cannot be told (a backslash anywhere in the text,
 * the key written more than once at any depth, a name that is no plain key): the caller then
 * indexes the members. `plain`: whether `t` holds no backslash, for a caller that asks about
 * several members of one body (each look for a backslash reads the whole body).
 */
export function soleMember(t: string, name: string, plain = t.indexOf('\\') < 0): BodyMember | undefined {
  if (!plain || name.indexOf('"') >= 0) return undefined;
  // Looked for without its opening quote: the body's text is mostly quotes, and a search for a pattern
  // that starts with one stops at each of them (V8 then builds a table for every search).
  const tail = `${name}"`;
  let found = -1;
  let colon = -1;
  for (let at = t.indexOf(tail, 1); at >= 0; at = t.indexOf(tail, at + 1)) {
    if (t.charCodeAt(at - 1) !== 34 /* " */) continue;
    const after = skipSpace(t, at + tail.length);
    if (t.charCodeAt(after) !== 58 /* : */) continue;
    if (found >= 0) return undefined;
    found = at - 1;
    colon = after;
  }
  if (found < 0) return undefined;
  const valueOffset = skipSpace(t, colon + 1);
  const end = skipValue(t, valueOffset);
  if (end < 0) return undefined;
  return { name, keyOffset: found, keyLength: tail.length + 1, valueOffset, valueLength: end - valueOffset };
}

/** A node below a member's value, as `nodeAtPath` on the value's tree finds it (offsets into the body). */
export interface ScannedNode {
  node: Span;
  /** Its key, when it is an object member's value. */
  key?: Span;
  /** How many segments of the path it took to reach it: fewer than the path's length when the path goes further than the value. */
  depth: number;
}

/**
 * The node at `path` below the value at `start` (an object member's or a list item's), or the
 * deepest one the path reaches, by scanning the value's text: what `nodeAtPath` finds in the value's
 * jsonc tree (the first member of a name, a list's item by index), without building the tree.
 * Undefined when the scan meets what it does not expect.
 */
export function scanPath(t: string, start: number, path: JsonPath): ScannedNode | undefined {
  let node: Span = { start, end: skipValue(t, start) };
  if (node.end < 0) return undefined;
  let key: Span | undefined;
  let depth = 0;
  for (; depth < path.length; depth++) {
    const segment = path[depth];
    const open = t.charCodeAt(node.start);
    if (typeof segment === 'string' ? open !== 123 /* { */ : open !== 91 /* [ */) break;
    const close = typeof segment === 'string' ? 125 : 93;
    let i = skipSpace(t, node.start + 1);
    let index = 0;
    let next: ScannedNode | undefined;
    while (t.charCodeAt(i) !== close) {
      let itemKey: Span | undefined;
      if (typeof segment === 'string') {
        if (t.charCodeAt(i) !== 34) return undefined;
        const keyEnd = skipString(t, i);
        if (keyEnd < 0) return undefined;
        itemKey = { start: i, end: keyEnd };
        i = skipSpace(t, keyEnd);
        if (t.charCodeAt(i) !== 58 /* : */) return undefined;
        i = skipSpace(t, i + 1);
      }
      const end = skipValue(t, i);
      if (end < 0) return undefined;
      if (itemKey ? keyIs(t, itemKey, segment as string) : index === segment) {
        next = { node: { start: i, end }, key: itemKey, depth: 0 };
        break;
      }
      index++;
      i = skipSpace(t, end);
      if (t.charCodeAt(i) === 44 /* , */) i = skipSpace(t, i + 1);
      else if (t.charCodeAt(i) !== close) return undefined;
    }
    if (!next) break;
    node = next.node;
    key = next.key;
  }
  return { node, key, depth };
}

/** Whether the key at `span` (quotes included) names `name`, its escapes read as JSON reads them. */
function keyIs(t: string, span: Span, name: string): boolean {
  let escaped = false;
  for (let q = span.start + 1; q < span.end - 1 && !escaped; q++) escaped = t.charCodeAt(q) === 92; /* \ */
  if (!escaped) return span.end - span.start === name.length + 2 && t.startsWith(name, span.start + 1);
  try {
    return JSON.parse(t.slice(span.start, span.end)) === name;
  } catch {
    return false;
  }
}
