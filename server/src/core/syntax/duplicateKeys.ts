/**
 * Keys written twice in one object of a JSON body, at any depth (REQ-DUPLICATE-PARAM). `JSON.parse`,
 * which reads bodies for the rules, the sender and the emulator alike, keeps the last one silently:
 * this scan finds the others so that the editor can say so. It reads the cleaned text
 * (`cleanJsonc`) of a body that parsed, in one pass, without building a tree.
 */
import type { Span } from '../types';
import { skipString } from './jsonScan';

export interface DuplicateKey {
  /** Where the object holding the key is: member names and list indexes from the top. */
  path: Array<string | number>;
  name: string;
  /** The key written first, quotes included (offsets into the text). */
  first: Span;
  /** The key written again. */
  later: Span;
}

interface Frame {
  parent: Frame | undefined;
  /** The member name or list index this object or list is the value of (undefined at the top). */
  at: string | number | undefined;
  isObject: boolean;
  /** Keys seen so far (made at the object's first key). */
  keys?: Map<string, Span>;
  /** The key whose value is being read (objects), or the index of the item (lists). */
  current: string | number;
}

/**
 * Whether `clean`, which `JSON.parse` read as `value`, may write a key twice: a cheap test before
 * `duplicateKeys`' scan of every character, which cost a quarter of a cold check of ten thousand
 * bodies. JSON.parse keeps one key of each name, so the value holds fewer keys than the text writes
 * exactly when a key is written twice. The keys written are counted as the `":` of the text, which
 * the engine finds far faster than a loop over the characters: every key written with its colon
 * right after it is one, and a text value holding `\":` adds one. A key written with white space
 * before its colon (`"name" : 1`) is not counted, so a text that has one is scanned whatever the
 * counts say, as is a value not read. (Regular expressions tested match by match, or quotes counted
 * with `split`, cost a third to a half of the scan they would save: bench/README.md.)
 */
export function keysMayRepeat(clean: string, value: unknown): boolean {
  if (value === undefined) return true;
  let written = 0;
  for (let i = clean.indexOf('":'); i >= 0; i = clean.indexOf('":', i + 2)) written++;
  return written !== keysHeld(value) || SPACED_KEY.test(clean);
}

/** A key followed by white space before its colon. */
const SPACED_KEY = /"[ \t\n\r]+:/;

/** The keys of every object in a value JSON.parse made (its own, enumerable: no others). */
function keysHeld(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  let n = 0;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) n += keysHeld(v[i]);
    return n;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) n += 1 + keysHeld(o[k]);
  return n;
}

/** Every key written again in its object, in text order; at most `limit` of them. */
export function duplicateKeys(t: string, limit = 1000): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  let top: Frame | undefined;
  const n = t.length;
  for (let i = 0; i < n && out.length < limit; i++) {
    const c = t.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = skipString(t, i);
      if (end < 0) break;
      if (top?.isObject && isKey(t, end)) {
        const name = keyName(t, i, end);
        const span = { start: i, end };
        const keys = (top.keys ??= new Map());
        const first = keys.get(name);
        if (first) out.push({ path: pathOf(top), name, first, later: span });
        else keys.set(name, span);
        top.current = name;
      }
      i = end - 1;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      top = { parent: top, at: top?.current, isObject: c === 123, current: 0 };
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      top = top?.parent;
    } else if (c === 44 /* , */ && top && !top.isObject) {
      top.current = (top.current as number) + 1;
    }
  }
  return out;
}

/** A string followed by `:` is a key (in text that parsed, no value is). */
function isKey(t: string, end: number): boolean {
  let j = end;
  while (j < t.length) {
    const d = t.charCodeAt(j);
    if (d !== 32 && d !== 10 && d !== 13 && d !== 9) return d === 58; /* : */
    j++;
  }
  return false;
}

/** The key's name as JSON reads it (`"na\u006de"` is `name`). */
function keyName(t: string, start: number, end: number): string {
  const raw = t.slice(start + 1, end - 1);
  if (raw.indexOf('\\') < 0) return raw;
  try {
    return JSON.parse(t.slice(start, end)) as string;
  } catch {
    return raw;
  }
}

function pathOf(frame: Frame): Array<string | number> {
  const path: Array<string | number> = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) path.unshift(f.at!);
  return path;
}
