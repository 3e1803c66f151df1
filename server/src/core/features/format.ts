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
 * - JSON bodies as Prettier lays out JSON (`jsonLayout.ts`: one line when it fits in the print width,
 *   objects kept expanded when their author expanded them), comments and `{{variables}}` kept whole.
 *   A body that layout does not read goes through jsonc-parser's formatter, with each `{{variable}}`
 *   swapped for a placeholder string before and put back after.
 *
 * What the parser reports as broken (a JSON body that does not parse, a line that is not a header),
 * and a body nested deeper than MAX_FORMAT_DEPTH, is left as written apart from trailing spaces. Formatting twice gives the result of formatting once.
 */
import { format as formatJson, type FormattingOptions as JsonFormattingOptions } from 'jsonc-parser';
import type { GraphreqDocument, ParsedBlock, RequestBlock } from '../syntax/ast';
import { parseBodyTree } from '../syntax/jsonBody';
import type { Span, TextEdit } from '../types';
import { applyEdits } from './fixAll';
import { layoutJsonBody } from './jsonLayout';

export interface FormatOptions {
  /** Spaces per indentation level (JSON bodies, query lines). Default 2. */
  tabSize?: number;
  /** Indent with spaces (default) or tabs. */
  insertSpaces?: boolean;
  /** Keep the line breaks of JSON bodies as written (only spaces and indentation change). Default false. */
  keepLines?: boolean;
  /** The width JSON bodies are kept within where they can be (Prettier's `printWidth`). Default 80. */
  printWidth?: number;
}

/** Prettier's default print width. */
export const DEFAULT_PRINT_WIDTH = 80;

/**
 * The edits that format the document, or the blocks that `range` touches: only what changes, so an
 * editor keeps its cursor, markers and undo steps. Layout changes are whitespace, and each edit
 * replaces one run of it (the indentation of a line, the gap between two JSON tokens, a space after
 * `###`); a formatted document gets none. Applying them gives `formatText`'s result.
 */
export function formatDocument(doc: GraphreqDocument, options: FormatOptions = {}, range?: Span): TextEdit[] {
  const edits: TextEdit[] = [];
  const eol = detectEol(doc);
  const last = doc.blocks.length - 1;
  for (const block of doc.blocks) {
    const end = block.offset + block.text.length;
    if (range && (end < range.start || block.offset > range.end || (end === range.start && range.end > range.start))) continue;
    blockEdits(block, options, eol, block.index === last, edits);
  }
  return edits;
}

/** The formatted text of a whole document (for `graphreq fmt` and tests). */
export function formatText(text: string, doc: GraphreqDocument, options: FormatOptions = {}): string {
  const eol = detectEol(doc);
  const last = doc.blocks.length - 1;
  const parts: string[] = [];
  let at = 0;
  for (const block of doc.blocks) {
    if (block.offset > at) parts.push(text.slice(at, block.offset));
    const body = laidOutBody(block, options, eol);
    const l = layoutBlock(block, options, eol, block.index === last, !!body);
    parts.push(l.head, body?.text ?? '', l.tail);
    at = block.offset + block.text.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * A block laid out. With a body laid out on its own (`laidOutBody`), `head` is the new text before
 * the body and `tail` the new text after it; otherwise `head` is the whole formatted block.
 */
interface BlockLayout {
  head: string;
  tail: string;
}

/** The block's JSON body laid out as Prettier lays out JSON, with where it is in the block's text; undefined when that layout does not read it. */
function laidOutBody(block: RequestBlock, options: FormatOptions, eol: string): { span: Span; text: string } | undefined {
  const body = block.parsed.request?.body;
  if (!body || body.kind !== 'json' || options.keepLines) return undefined;
  const laid = layoutJsonBody(block.text.slice(body.span.start, body.span.end), jsonLayoutOptions(options));
  return laid === undefined ? undefined : { span: body.span, text: eol === '\n' ? laid : laid.replace(/\n/g, eol) };
}

/**
 * Bodies nested deeper than this are left as written (only trailing spaces go). Each level indents
 * every line inside it, so the layout of a body grows with the square of its depth: a 60 KB body
 * nested 10,000 deep became 200 MB. The emulator refuses JSON nested deeper than 64 levels
 * (docs/emulator.md, Limits); no documented parameter comes near.
 */
export const MAX_FORMAT_DEPTH = 64;

/** Whether `{` and `[` (outside strings) nest deeper than MAX_FORMAT_DEPTH: one scan, stopped at the limit. */
function nestedTooDeep(json: string): boolean {
  let depth = 0;
  const n = json.length;
  for (let i = 0; i < n; i++) {
    const c = json.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < n; i++) {
        const d = json.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34 || d === 10) break;
      }
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > MAX_FORMAT_DEPTH) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

function jsonLayoutOptions(options: FormatOptions): { printWidth: number; indent: string; indentWidth: number } {
  return { printWidth: options.printWidth ?? DEFAULT_PRINT_WIDTH, indent: indentOf(options), indentWidth: options.tabSize ?? 2 };
}

/** The edits that format one block, added to `edits` in order: one per run of whitespace that changes. */
function blockEdits(block: RequestBlock, options: FormatOptions, eol: string, isLast: boolean, edits: TextEdit[]): void {
  const text = block.text;
  const body = laidOutBody(block, options, eol);
  if (body) {
    const l = layoutBlock(block, options, eol, isLast, true);
    whitespaceEdits(text, 0, body.span.start, l.head, block.offset, edits);
    whitespaceEdits(text, body.span.start, body.span.end, body.text, block.offset, edits);
    whitespaceEdits(text, body.span.end, text.length, l.tail, block.offset, edits);
    return;
  }
  const l = layoutBlock(block, options, eol, isLast, false);
  if (l.head !== text) whitespaceEdits(text, 0, text.length, l.head, block.offset, edits);
}

/**
 * The edits that turn `text` from `from` to `to` into `after`, one per run of whitespace that differs
 * (formatting only changes layout). Where the two differ in anything else, one edit covers the rest,
 * so the edits always give `after`.
 */
function whitespaceEdits(text: string, from: number, to: number, after: string, base: number, edits: TextEdit[]): void {
  let i = from;
  let j = 0;
  const m = after.length;
  for (;;) {
    while (i < to && j < m && text.charCodeAt(i) === after.charCodeAt(j)) {
      i++;
      j++;
    }
    if (i === to && j === m) return;
    let i2 = i;
    while (i2 < to && isSpace(text.charCodeAt(i2))) i2++;
    let j2 = j;
    while (j2 < m && isSpace(after.charCodeAt(j2))) j2++;
    const resync = (i2 === to && j2 === m) || (i2 < to && j2 < m && text.charCodeAt(i2) === after.charCodeAt(j2));
    if (!resync) {
      i2 = to;
      j2 = m;
    }
    // Without the end the two share (`\n  ` before `\n    `: two spaces are inserted, not a line).
    let ei = i2;
    let ej = j2;
    while (ei > i && ej > j && text.charCodeAt(ei - 1) === after.charCodeAt(ej - 1)) {
      ei--;
      ej--;
    }
    edits.push({ span: { start: base + i, end: base + ei }, newText: after.slice(j, ej) });
    if (!resync) return;
    i = i2;
    j = j2;
  }
}

/** What `String.prototype.trim` removes: the whitespace formatting may change. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

type LineKind = 'separator' | 'comment' | 'directive' | 'variable' | 'request' | 'query' | 'header' | 'blank' | 'other';

function layoutBlock(block: RequestBlock, options: FormatOptions, eol: string, isLast: boolean, bodyApart: boolean): BlockLayout {
  const text = block.text;
  const p = block.parsed;
  const request = p.request;
  const bodyStart = request?.body ? request.body.span.start : -1;
  const kinds = lineKinds(p);
  const indent = indentOf(options);
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
  // The lines before the body's own line (an indented body starts after its line's start).
  emitLines(0, bodyStart < 0 ? text.length : text.lastIndexOf('\n', bodyStart - 1) + 1);
  /**
   * The block's text from `lines`: one copy, the last line break and the blank line before the next
   * request joined in. `afterBody`: the lines after a body laid out apart, each after a line break.
   */
  const joined = (lines: string[], afterBody: boolean): string => {
    // No blank lines at the end of the block.
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    if (afterBody) lines.unshift('');
    else if (lines.length === 0) return '';
    lines.push('');
    if (!isLast) lines.push('');
    return lines.join(eol);
  };
  if (!request?.body) return { head: bom(block, joined(out, false)), tail: '' };
  if (blank || !blankSinceRequest) out.push('');
  const strict = bodyApart;
  let head: string;
  if (strict) {
    // A body laid out on its own (laidOutBody) goes between head and tail; it never ends in a line break.
    out.push('');
    head = out.join(eol);
  } else {
    // The body goes in as one piece (the lines are joined by `eol` anyway), unless it ends in blank lines.
    const body = formatLooseBody(request.body.text, request.body.kind, options, eol);
    if (body === '' || body.endsWith(eol)) out.push(...body.split(eol));
    else out.push(body);
    head = '';
  }
  // The lines that close the block after the body: expectations (`# @expect ...`), other comments, `??` lines.
  const bodyLines = out.length;
  blank = false;
  const afterBody = text.indexOf('\n', request.body.span.end);
  if (afterBody >= 0) emitLines(afterBody + 1, text.length);
  if (!strict) return { head: bom(block, joined(out, false)), tail: '' };
  return { head: bom(block, head), tail: joined(out.slice(bodyLines), true) };
}

/** A byte-order mark is the file's encoding, not layout: it stays (formatting trims it as a space). */
function bom(block: RequestBlock, formatted: string): string {
  return block.offset === 0 && block.text.startsWith('\uFEFF') && !formatted.startsWith('\uFEFF') ? `\uFEFF${formatted}` : formatted;
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

/** A body laid out: JSON as Prettier lays it out (jsonc-parser's layout where that does not read it), other bodies only without trailing spaces. */
export function formatBody(body: string, kind: string, options: FormatOptions, eol: string): string {
  const laid = kind === 'json' && !options.keepLines ? layoutJsonBody(body, jsonLayoutOptions(options)) : undefined;
  return laid === undefined ? formatLooseBody(body, kind, options, eol) : laid.replace(/\n/g, eol);
}

/** A body that is not strict JSON: jsonc-parser's layout when it parses, else only without trailing spaces. */
function formatLooseBody(body: string, kind: string, options: FormatOptions, eol: string): string {
  const lines = body.split(/\r?\n/);
  if (kind !== 'json' || body.includes(MARK) || nestedTooDeep(body) || parseBodyTree(body).errors.length) return lines.map((l) => l.trimEnd()).join(eol);
  const { text, restore } = protect(lines.join('\n'));
  const jsonOptions: JsonFormattingOptions = { tabSize: options.tabSize ?? 2, insertSpaces: options.insertSpaces !== false, eol, keepLines: !!options.keepLines };
  // Applied in one pass (jsonc-parser's own `applyEdits` rebuilds the whole text for each edit).
  const formatted = applyEdits(text, formatJson(text, undefined, jsonOptions).map((e) => ({ span: { start: e.offset, end: e.offset + e.length }, newText: e.content })));
  return restore(formatted).split(/\r?\n/).map((l) => l.trimEnd()).join(eol);
}

function indentOf(options: FormatOptions): string {
  return options.insertSpaces === false ? '\t' : ' '.repeat(options.tabSize ?? 2);
}

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
