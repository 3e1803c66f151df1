/**
 * Formatting of a .graphreq file (the editor's Format Document and Format Selection, and
 * `graphreq fmt`). Only layout changes, never what is sent or checked:
 *
 * - `###` separators: `### Title`, one blank line before each;
 * - the request line: one space between the method and the target, no indentation;
 * - query lines (`?a=1`, `&b=2`): one indentation unit;
 * - headers `Name: value`, file variables `@name = value`, directives `# @name value`;
 * - one blank line between the headers and the body, blank runs elsewhere cut to one, no trailing
 *   spaces, one line break at the end of the file;
 * - JSON bodies with jsonc-parser's formatter, comments kept. A `{{variable}}` standing as a value is
 *   not JSON: it is swapped for a placeholder string before formatting and put back after, so the
 *   formatter never splits its braces. `#` comment lines of a body are kept the same way.
 *
 * What the parser reports as broken (a JSON body that does not parse, a line that is not a header) is
 * left as written apart from trailing spaces. Formatting twice gives the result of formatting once.
 */
import { format as formatJson, type FormattingOptions as JsonFormattingOptions } from 'jsonc-parser';
import type { GraphreqDocument, ParsedBlock, RequestBlock } from '../syntax/ast';
import { parseBodyTree } from '../syntax/jsonBody';
import type { Span, TextEdit } from '../types';

export interface FormatOptions {
  /** Spaces per indentation level (JSON bodies, query lines). Default 2. */
  tabSize?: number;
  /** Indent with spaces (default) or tabs. */
  insertSpaces?: boolean;
  /** Keep the line breaks of JSON bodies as written (only spaces and indentation change). Default false. */
  keepLines?: boolean;
}

/**
 * The edits that format the document, or the blocks that `range` touches. Each changed block is one
 * edit, trimmed to the part that changes.
 */
export function formatDocument(doc: GraphreqDocument, options: FormatOptions = {}, range?: Span): TextEdit[] {
  const edits: TextEdit[] = [];
  const eol = detectEol(doc);
  const last = doc.blocks.length - 1;
  for (const block of doc.blocks) {
    const end = block.offset + block.text.length;
    if (range && (end < range.start || block.offset > range.end || (end === range.start && range.end > range.start))) continue;
    let formatted = formatBlock(block, options, eol, block.index === last);
    // A byte-order mark is the file's encoding, not layout: it stays (formatting trims it as a space).
    if (block.offset === 0 && block.text.startsWith('\uFEFF') && !formatted.startsWith('\uFEFF')) formatted = `\uFEFF${formatted}`;
    if (formatted !== block.text) edits.push(trimmedEdit(block.offset, block.text, formatted));
  }
  return edits;
}

/** The formatted text of a whole document (for `graphreq fmt` and tests). */
export function formatText(text: string, doc: GraphreqDocument, options: FormatOptions = {}): string {
  let out = text;
  for (const e of [...formatDocument(doc, options)].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}

type LineKind = 'separator' | 'comment' | 'directive' | 'variable' | 'request' | 'query' | 'header' | 'blank' | 'other';

function formatBlock(block: RequestBlock, options: FormatOptions, eol: string, isLast: boolean): string {
  const text = block.text;
  const p = block.parsed;
  const request = p.request;
  const bodyStart = request?.body ? request.body.span.start : -1;
  const kinds = lineKinds(p);
  const indent = options.insertSpaces === false ? '\t' : ' '.repeat(options.tabSize ?? 2);
  const out: string[] = [];
  let blank = false;
  // Whether a blank line has come since the request line: the body needs one before it.
  let blankSinceRequest = false;
  /** The lines from `from` to `to`, each formatted as what it is; blank runs become one blank line. */
  const emitLines = (from: number, to: number): void => {
    let lineStart = from;
    while (lineStart < to) {
      let nl = text.indexOf('\n', lineStart);
      if (nl < 0) nl = text.length;
      const line = text.slice(lineStart, nl).replace(/\r$/, '');
      const content = lineStart + (line.length - line.trimStart().length);
      const trimmed = line.trim();
      const kind: LineKind = trimmed === '' ? 'blank' : kinds.get(content) ?? 'other';
      if (kind === 'blank') {
        // Blank lines are layout, except the one that ends the headers: a run becomes one.
        blank = out.length > 0;
      } else {
        if (blank) {
          out.push('');
          blankSinceRequest = true;
        }
        blank = false;
        if (kind === 'request') blankSinceRequest = false;
        out.push(formatLine(kind, trimmed, line, indent));
      }
      lineStart = nl + 1;
    }
  };
  emitLines(0, bodyStart < 0 ? text.length : bodyStart);
  if (request?.body) {
    if (blank || !blankSinceRequest) out.push('');
    // The body goes in as one piece (the lines are joined by `eol` anyway), unless it ends in blank lines.
    const body = formatBody(text.slice(request.body.span.start, request.body.span.end), request.body.kind, options, eol);
    if (body === '' || body.endsWith(eol)) out.push(...body.split(eol));
    else out.push(body);
    // The lines that close the block after the body: expectations (`# @expect ...`), other comments, `??` lines.
    blank = false;
    const afterBody = text.indexOf('\n', request.body.span.end);
    if (afterBody >= 0) emitLines(afterBody + 1, text.length);
  }
  // No blank lines at the end of the block.
  while (out.length && out[out.length - 1] === '') out.pop();
  if (out.length === 0) return '';
  // The line break after the last line (and the blank line before the next request) joined in with
  // the rest: one copy of the block's text instead of a join and two concatenations.
  out.push('');
  if (!isLast) out.push('');
  return out.join(eol);
}

/** What each line of the block is, by the offset of its first non-blank character. */
function lineKinds(p: ParsedBlock): Map<number, LineKind> {
  const kinds = new Map<number, LineKind>();
  if (p.separator) kinds.set(p.separator.span.start, 'separator');
  for (const c of p.comments) kinds.set(c.start, 'comment');
  for (const d of p.directives) kinds.set(d.span.start, 'directive');
  for (const v of p.variables) kinds.set(v.span.start, 'variable');
  const r = p.request;
  if (r) {
    // A request line with a syntax error is left as written: its words may not be where they seem.
    if (!p.errors.some((e) => e.span.start >= r.span.start && e.span.start <= r.target.span.end && e.code === 'SYNTAX-REQUEST')) kinds.set(r.span.start, 'request');
    for (const l of r.continuationLines) kinds.set(l.start, 'query');
    for (const h of r.headers) kinds.set(h.span.start, 'header');
  }
  return kinds;
}

function formatLine(kind: LineKind, trimmed: string, line: string, indent: string): string {
  switch (kind) {
    case 'separator': {
      const title = trimmed.slice(3).trim();
      return title ? `### ${title}` : '###';
    }
    case 'directive': {
      const m = /^(#|\/\/)\s*@([A-Za-z][\w-]*)(?:\s+(.*))?$/.exec(trimmed);
      return m ? `${m[1]} @${m[2]}${m[3]?.trim() ? ` ${m[3].trim()}` : ''}` : trimmed;
    }
    case 'variable': {
      const m = /^@([A-Za-z_][\w.-]*)\s*=\s?(.*)$/.exec(trimmed);
      return m ? `@${m[1]} = ${m[2].trim()}`.trimEnd() : trimmed;
    }
    case 'request': {
      const m = /^([A-Za-z]+)\s+(.*)$/.exec(trimmed);
      // A bare path or URL (`/v23.0/...`, `https://...`) has no method to space out.
      return m && !/^(\/|\{\{|https?:)/i.test(trimmed) ? `${m[1]} ${m[2]}` : trimmed;
    }
    case 'query':
      return indent + trimmed;
    case 'header': {
      const m = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*:\s?(.*)$/.exec(trimmed);
      return m ? `${m[1]}: ${m[2].trim()}`.trimEnd() : trimmed;
    }
    case 'comment':
      return trimmed;
    default:
      // Not something the parser could read: keep it as written, only without trailing spaces.
      return line.trimEnd();
  }
}

/** Marks a placeholder of a `{{variable}}` or `#` comment while jsonc-parser formats the body. */
const MARK = '\u2063';

/** A body laid out: JSON by jsonc-parser's rules (strict JSON in one pass), other bodies only without trailing spaces. */
export function formatBody(body: string, kind: string, options: FormatOptions, eol: string): string {
  const indent = options.insertSpaces === false ? '\t' : ' '.repeat(options.tabSize ?? 2);
  // Strict JSON (most bodies) is laid out in one pass; the rest goes through jsonc-parser.
  // (A MARK in the text is not strict JSON outside strings, and the one-pass layout refuses it inside.)
  const fast = kind === 'json' && !options.keepLines ? layoutStrictJson(body, indent, eol) : undefined;
  if (fast !== undefined) return fast;
  const lines = body.split(/\r?\n/);
  if (kind !== 'json' || body.includes(MARK) || parseBodyTree(body).errors.length) return lines.map((l) => l.trimEnd()).join(eol);
  const { text, restore } = protect(lines.join('\n'));
  const jsonOptions: JsonFormattingOptions = { tabSize: options.tabSize ?? 2, insertSpaces: options.insertSpaces !== false, eol, keepLines: !!options.keepLines };
  const formatted = applyJsonEdits(text, formatJson(text, undefined, jsonOptions));
  return restore(formatted).split(/\r?\n/).map((l) => l.trimEnd()).join(eol);
}

/** jsonc-parser's edits applied in one pass (its `applyEdits` rebuilds the whole text for each edit). */
function applyJsonEdits(text: string, edits: Array<{ offset: number; length: number; content: string }>): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  const parts: string[] = [];
  let at = 0;
  for (const e of sorted) {
    parts.push(text.slice(at, e.offset), e.content);
    at = e.offset + e.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * The layout jsonc-parser's formatter gives a strict JSON text (no comments, no `{{variables}}`, no
 * trailing commas), in one pass over it: each member and item on its own line, `": "` after keys,
 * `{}` and `[]` when empty; strings, numbers and literals copied as written. Undefined for anything
 * else (the caller then takes jsonc-parser's path), so it never has to be right about what it does not
 * read. `test/core/format.test.ts` holds it to jsonc-parser's result on the bench's 20,000 bodies.
 */
function layoutStrictJson(text: string, indent: string, eol: string): string | undefined {
  const n = text.length;
  const pads: string[] = [];
  const pad = (d: number): string => (pads[d] ??= eol + indent.repeat(d));
  /** The containers open around `i`: true for an object. */
  const objects: boolean[] = [];
  // What may come next: a value, an object's key, or what follows a value (a comma, a close, the end).
  let state: 'value' | 'key' | 'after' = 'value';
  // The layout differs from the text only in the spaces between tokens: the text is copied from `mark`
  // on, and only where a gap is not already what it should be does the result take a new piece, so a
  // body already laid out costs no string at all.
  let out = '';
  let mark = 0;
  /** The spaces from `a` to `b` become `want`. */
  const gap = (a: number, b: number, want: string): void => {
    if (b - a === want.length && (want.length === 0 || text.startsWith(want, a))) return;
    out += text.slice(mark, a) + want;
    mark = b;
  };
  /** After `{`, `[` or `,`: the gap before the next token. */
  let next = '';
  // The other control characters, and MARK (jsonc-parser's path swaps placeholders marked with it), send
  // the body to that path; the next `\`, line break and tab are found as the strings need them.
  if (OTHER_CONTROLS.test(text)) return undefined;
  let backslash = -1;
  let newline = -1;
  let cr = -1;
  let tab = -1;
  let i = 0;
  for (;;) {
    const from = i;
    let c = text.charCodeAt(i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
    if (i >= n) {
      if (state !== 'after' || objects.length !== 0) return undefined;
      gap(from, n, '');
      return mark === 0 ? text : out + text.slice(mark);
    }
    if (state === 'after') {
      if (objects.length === 0) return undefined;
      const inObject = objects[objects.length - 1];
      if (c === 44) {
        gap(from, i, '');
        next = pad(objects.length);
        state = inObject ? 'key' : 'value';
      } else if (c === (inObject ? 125 : 93)) {
        objects.pop();
        gap(from, i, pad(objects.length));
      } else return undefined;
      i++;
      continue;
    }
    gap(from, i, next);
    if (c === 34) {
      // A string, copied as written once its escapes and characters are those JSON allows.
      if (objects.length === 0) return undefined;
      // To the closing quote by native searches: the next quote, and whether an escape, a line break or
      // a tab (not allowed in a JSON string) comes before it. Each "next" is searched again only once passed.
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return undefined;
        if (backslash < j) backslash = nextOf(text, '\\', j);
        if (backslash < q) {
          const e = text.charCodeAt(backslash + 1);
          if (e === 117) {
            if (!HEX4.test(text.slice(backslash + 2, backslash + 6))) return undefined;
            j = backslash + 6;
          } else if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) j = backslash + 2;
          else return undefined;
          continue;
        }
        if (newline < j) newline = nextOf(text, '\n', j);
        if (cr < j) cr = nextOf(text, '\r', j);
        if (tab < j) tab = nextOf(text, '\t', j);
        if (newline < q || cr < q || tab < q) return undefined;
        i = q + 1;
        break;
      }
      if (state === 'key') {
        const keyEnd = i;
        c = text.charCodeAt(i);
        while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
        if (c !== 58) return undefined;
        gap(keyEnd, i, '');
        i++;
        next = ' ';
        state = 'value';
      } else state = 'after';
      continue;
    }
    if (state === 'key') return undefined;
    if (c === 123 || c === 91) {
      const close = c === 123 ? 125 : 93;
      // Empty: `{}` or `[]`, whatever the spacing inside.
      let j = i + 1;
      let d = text.charCodeAt(j);
      while (d === 32 || d === 10 || d === 13 || d === 9) d = text.charCodeAt(++j);
      if (d === close) {
        gap(i + 1, j, '');
        i = j + 1;
        state = 'after';
        continue;
      }
      objects.push(c === 123);
      next = pad(objects.length);
      i++;
      state = c === 123 ? 'key' : 'value';
      continue;
    }
    // A number or a literal, copied as written once it reads as one; the top level is an object or a list.
    if (objects.length === 0) return undefined;
    WORD.lastIndex = i;
    if (!WORD.test(text)) return undefined;
    i = WORD.lastIndex;
    const after = text.charCodeAt(i);
    if (!(after === 44 || after === 93 || after === 125 || after === 32 || after === 10 || after === 13 || after === 9)) return undefined;
    state = 'after';
  }
}

const HEX4 = /^[0-9a-fA-F]{4}$/;
const OTHER_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u2063]/;

/** Where `ch` next occurs in `text` from `from`, or the text's length. */
function nextOf(text: string, ch: string, from: number): number {
  const k = text.indexOf(ch, from);
  return k < 0 ? text.length : k;
}
const WORD = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Swaps what jsonc-parser would misread for text it keeps as it is: an unquoted `{{expr}}` for the
 * string `"⁣n⁣"`, a `#` comment line for the line comment `//⁣n⁣`. `restore` puts the originals back.
 */
function protect(body: string): { text: string; restore: (formatted: string) => string } {
  const saved: string[] = [];
  const keep = (original: string): number => saved.push(original) - 1;
  let out = '';
  let i = 0;
  let lineStart = true;
  const n = body.length;
  while (i < n) {
    const c = body[i];
    if (c === '"') {
      let j = i + 1;
      while (j < n && body[j] !== '"' && body[j] !== '\n') j += body[j] === '\\' ? 2 : 1;
      out += body.slice(i, j + 1);
      i = j + 1;
      lineStart = false;
      continue;
    }
    if (c === '/' && (body[i + 1] === '/' || body[i + 1] === '*')) {
      const close = body[i + 1] === '/' ? body.indexOf('\n', i) : body.indexOf('*/', i + 2);
      const end = close < 0 ? n : body[i + 1] === '/' ? close : close + 2;
      out += body.slice(i, end);
      i = end;
      continue;
    }
    if (c === '#' && lineStart) {
      let end = body.indexOf('\n', i);
      if (end < 0) end = n;
      out += `//${MARK}${keep(body.slice(i, end).trimEnd())}${MARK}`;
      i = end;
      continue;
    }
    if (c === '{' && body[i + 1] === '{') {
      const close = body.indexOf('}}', i + 2);
      const nl = body.indexOf('\n', i);
      if (close >= 0 && (nl < 0 || close < nl)) {
        out += `"${MARK}${keep(body.slice(i, close + 2))}${MARK}"`;
        i = close + 2;
        lineStart = false;
        continue;
      }
    }
    if (c === '\n') lineStart = true;
    else if (c !== ' ' && c !== '\t' && c !== '\r') lineStart = false;
    out += c;
    i++;
  }
  const placeholder = new RegExp(`//${MARK}(\\d+)${MARK}|"${MARK}(\\d+)${MARK}"`, 'g');
  return { text: out, restore: (formatted) => formatted.replace(placeholder, (_m, comment: string | undefined, value: string | undefined) => saved[Number(comment ?? value)]) };
}

function detectEol(doc: GraphreqDocument): string {
  for (const b of doc.blocks) {
    const nl = b.text.indexOf('\n');
    if (nl >= 0) return nl > 0 && b.text[nl - 1] === '\r' ? '\r\n' : '\n';
  }
  return '\n';
}

/** One edit replacing `before` (at `offset`) with `after`, without the unchanged start and end. */
function trimmedEdit(offset: number, before: string, after: string): TextEdit {
  let s = 0;
  const max = Math.min(before.length, after.length);
  while (s < max && before.charCodeAt(s) === after.charCodeAt(s)) s++;
  let e = 0;
  while (e < max - s && before.charCodeAt(before.length - 1 - e) === after.charCodeAt(after.length - 1 - e)) e++;
  return { span: { start: offset + s, end: offset + before.length - e }, newText: after.slice(s, after.length - e) };
}
