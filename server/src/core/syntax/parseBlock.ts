/**
 * Parses one request block. Never throws: whatever the text, it returns a tree (possibly without a
 * request) and the syntax errors found. Offsets are relative to the start of the block.
 *
 * Grammar, line by line (a line's first non-blank characters decide):
 *   ###title          separator (first line of every block but the first)
 *   # text  // text   comment; `# @name value` is a directive
 *   @name = value     file variable
 *   METHOD target     request line (or a bare `/path` or `https://...`, which means GET)
 *   ?a=1  &b=2        query continuation lines, right after the request line
 *   Name: value       header
 *   ?? status == 200  an httpYac assertion: not graphreq syntax, kept apart (never a parameter)
 *   (blank line)      ends the headers; the rest of the block is the body: JSON, form fields,
 *                     or `< path` / `<@ path` (a file's text), then any trailing `??` lines and
 *                     comment lines (`# @expect ...` lines go there)
 */
import type { Span } from '../types';
import type { Body, Directive, Header, Param, ParsedBlock, RequestNode, RequestTarget, SyntaxError, Token, VariableDef } from './ast';
import { parseParams } from './query';

export const HTTP_METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS'];
const METHOD_SET = new Set(HTTP_METHODS);
/** Each method as written in capitals, so that ten thousand requests share one string for it. */
const METHOD_TEXT = new Map(HTTP_METHODS.map((m) => [m, m]));
const VARIABLE_RE = /^@([A-Za-z_][\w.-]*)\s*=\s?(.*)$/;
const DIRECTIVE_RE = /^(#|\/\/)\s*@([A-Za-z][\w-]*)(?:\s+(.*))?$/;
const HEADER_RE = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*:\s?(.*)$/;
const HTTP_VERSION_RE = /\s+HTTP\/\d(?:\.\d)?\s*$/;
const FILE_BODY_RE = /^<(@?)\s+(\S(?:.*\S)?)\s*$/;

type State = 'pre' | 'headers' | 'body';

/**
 * The one empty list of every parse: most blocks have no comment, directive, variable, assertion or
 * error, and most requests no query parameter or continuation line. Seven empty arrays a block were
 * a tenth of a large file's parse, which lives as long as the document (a cold check's garbage
 * collector copies it). Never written to: `added` gives a list its own array at its first item.
 */
const NONE: never[] = Object.freeze([]) as unknown as never[];

/** `list` with `item` added: a new array in place of the shared empty one. */
function added<T>(list: T[], item: T): T[] {
  if (list === NONE) return [item];
  list.push(item);
  return list;
}

export function parseBlock(text: string): ParsedBlock {
  // Every field from the start (a field added later gives each block a second hidden class and a
  // property store of its own).
  const block: ParsedBlock = { length: text.length, separator: undefined, comments: NONE, directives: NONE, variables: NONE, request: undefined, assertions: NONE, errors: NONE };
  let state: State = 'pre';
  let request: RequestNode | undefined;
  let bodyStart = -1;
  let lineStart = 0;
  let first = true;
  const n = text.length;

  while (lineStart <= n) {
    let nl = text.indexOf('\n', lineStart);
    if (nl < 0) nl = n;
    let lineEnd = nl;
    if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
    const line = text.slice(lineStart, lineEnd);
    const indent = line.length - line.trimStart().length;
    const trimmed = line.trim();
    const contentStart = lineStart + indent;
    const contentEnd = contentStart + trimmed.length;

    if (state === 'body' && bodyStart !== -1) {
      // The body runs to the end of the block: no need to look at its lines one by one.
      break;
    } else if (first && trimmed.startsWith('###')) {
      block.separator = new LazyTitleSeparator(text, contentStart, contentEnd, contentEnd - trimmed.slice(3).trimStart().length);
    } else if (trimmed === '') {
      if (state === 'headers') {
        state = 'body';
      }
    } else if (trimmed.startsWith('#') || trimmed.startsWith('//')) {
      block.comments = added(block.comments, { start: contentStart, end: contentEnd });
      const directive = parseDirective(trimmed, contentStart);
      if (directive) block.directives = added(block.directives, directive);
    } else if (state !== 'body' && trimmed.startsWith('??')) {
      // An httpYac assertion: checked for and reported, never read as `?` query text or a request line.
      block.assertions = added(block.assertions, { text: trimmed, span: { start: contentStart, end: contentEnd } });
    } else if (state === 'body') {
      bodyStart = contentStart;
      break;
    } else if (state === 'pre') {
      if (trimmed.startsWith('@')) {
        const v = parseVariable(trimmed, contentStart);
        if (v) block.variables = added(block.variables, v);
        else block.errors = added(block.errors, err('SYNTAX-VARIABLE', 'A file variable is written `@name = value`; the name starts with a letter or `_`.', contentStart, contentEnd));
      } else {
        request = parseRequestLine(trimmed, contentStart, block);
        state = 'headers';
      }
    } else if (request) {
      // state === 'headers'
      const c = trimmed.charCodeAt(0);
      if (c === 63 /* ? */ || c === 38 /* & */) {
        request.continuationLines = added(request.continuationLines, { start: contentStart, end: contentEnd });
        for (const p of parseParams(trimmed, contentStart, 'query')) request.params = added(request.params, p);
      } else if (c === 123 /* { */ || c === 91 /* [ */ || FILE_BODY_RE.test(trimmed)) {
        // A body right after the headers without the blank line: accepted, because the intent is plain.
        state = 'body';
        bodyStart = contentStart;
        break;
      } else if (looksLikeRequestLine(trimmed)) {
        block.errors = added(block.errors, err('SYNTAX-SEPARATOR', 'A second request in the same block: start each request with a `###` line.', contentStart, contentEnd));
        // Keep the rest out of the headers so one missing separator does not cascade into header errors.
        state = 'body';
        bodyStart = -2;
      } else {
        const m = HEADER_RE.exec(trimmed);
        if (m) {
          const valueStart = contentEnd - m[2].length + (m[2].length - m[2].trimStart().length);
          const header = new LazyHeader(text, contentStart, contentEnd, contentStart + m[1].length, valueStart, valueStart + m[2].trim().length);
          request.headers = added(request.headers, header);
        } else {
          block.errors = added(block.errors, err('SYNTAX-HEADER', 'Expected a header (`Name: value`), a query line starting with `?` or `&`, or a blank line before the body.', contentStart, contentEnd));
        }
      }
    }
    first = false;
    if (nl >= n) break;
    lineStart = nl + 1;
  }

  if (request) {
    if (bodyStart >= 0) {
      let end = trailingLines(text, bodyStart, n, block);
      while (end > bodyStart && isSpace(text.charCodeAt(end - 1))) end--;
      if (end > bodyStart) request.body = makeBody(text.slice(bodyStart, end), bodyStart, block);
    }
    const last = request.body?.span.end ?? lastEnd(request);
    request.span.end = last;
    block.request = request;
  }
  return block;
}

/** A token whose span is made when read (kept for every request: its text is one of a few strings). */
class OffsetToken implements Token {
  constructor(
    readonly text: string,
    private readonly start: number,
    private readonly end: number,
  ) {}

  get span(): Span {
    return { start: this.start, end: this.end };
  }
}

/**
 * A `###` line whose title is read on first use: a check never reads it, and every request of a
 * large file has one, which a cold check keeps for the whole run (three objects and a string).
 */
class LazyTitleSeparator {
  readonly span: Span;

  constructor(
    private readonly source: string,
    start: number,
    end: number,
    private readonly titleStart: number,
  ) {
    this.span = { start, end };
  }

  get title(): Token | undefined {
    const end = this.span.end;
    return this.titleStart < end ? { text: this.source.slice(this.titleStart, end), span: { start: this.titleStart, end } } : undefined;
  }
}

/**
 * A header line kept as its offsets: its name, value and span are made when read. Nearly every
 * request of a large file has one or two headers, read once or twice by a check, and kept as long
 * as the parse (seven objects and two strings a header when made up front).
 */
class LazyHeader implements Header {
  constructor(
    private readonly source: string,
    private readonly start: number,
    private readonly end: number,
    private readonly nameEnd: number,
    private readonly valueStart: number,
    private readonly valueEnd: number,
  ) {}

  get span(): Span {
    return { start: this.start, end: this.end };
  }

  get name(): Token {
    return { text: this.source.slice(this.start, this.nameEnd), span: { start: this.start, end: this.nameEnd } };
  }

  get value(): Token {
    return { text: this.source.slice(this.valueStart, this.valueEnd), span: { start: this.valueStart, end: this.valueEnd } };
  }
}

function lastEnd(r: RequestNode): number {
  let end = r.target.span.end;
  for (const l of r.continuationLines) end = Math.max(end, l.end);
  for (const h of r.headers) end = Math.max(end, h.span.end);
  return end;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * Where the body ends once the lines that close the block are set apart: httpYac's `??` assertion
 * lines, and comment lines, where expectations (`# @expect status 200`) are written after the body
 * as httpYac and the JetBrains client put their checks. Only trailing lines: a JSON string cannot
 * span lines, so a line starting with `#` or `//` at the end of a body is a comment, and a comment
 * inside a `/* *\/` block ends with `*\/`, which stops the scan. A `??` line inside JSON is the
 * JSON's problem. The comment lines become the block's comments and directives, in order.
 */
function trailingLines(text: string, bodyStart: number, end: number, block: ParsedBlock): number {
  const assertions: Token[] = [];
  const comments: Array<{ start: number; end: number; trimmed: string }> = [];
  let cut = end;
  let lineEnd = end;
  while (lineEnd > bodyStart) {
    const nl = text.lastIndexOf('\n', lineEnd - 1);
    const lineStart = Math.max(nl + 1, bodyStart);
    const line = text.slice(lineStart, lineEnd);
    const trimmed = line.trim();
    const at = lineStart + line.indexOf(trimmed);
    if (trimmed.startsWith('??')) {
      assertions.unshift({ text: trimmed, span: { start: at, end: at + trimmed.length } });
      cut = lineStart;
    } else if (trimmed.startsWith('#') || trimmed.startsWith('//')) {
      comments.unshift({ start: at, end: at + trimmed.length, trimmed });
      cut = lineStart;
    } else if (trimmed !== '') {
      break;
    }
    if (nl < bodyStart) break;
    lineEnd = nl;
  }
  for (const a of assertions) block.assertions = added(block.assertions, a);
  for (const c of comments) {
    block.comments = added(block.comments, { start: c.start, end: c.end });
    const directive = parseDirective(c.trimmed, c.start);
    if (directive) block.directives = added(block.directives, directive);
  }
  return cut;
}

/** A JSON body (nearly every body): its text and where it starts; its span is made when read. */
class JsonBody implements Body {
  readonly kind = 'json';

  constructor(
    readonly text: string,
    private readonly start: number,
  ) {}

  get span(): Span {
    return { start: this.start, end: this.start + this.text.length };
  }
}

function makeBody(text: string, start: number, block: ParsedBlock): Body {
  const c = text.charCodeAt(0);
  if (c === 123 || c === 91) return new JsonBody(text, start);
  const span = { start, end: start + text.length };
  const file = c === 60 /* < */ && text.indexOf('\n') < 0 ? FILE_BODY_RE.exec(text) : null;
  if (file) {
    const pathStart = start + text.indexOf(file[2], 1 + file[1].length);
    return { span, text, kind: 'file', file: { path: { text: file[2], span: { start: pathStart, end: pathStart + file[2].length } }, substitute: file[1] === '@' } };
  }
  const form = parseFormText(text, start);
  for (const a of form.assertions) block.assertions = added(block.assertions, a);
  return { span, text, kind: 'form', formParams: form.params };
}

/**
 * A form-encoded body: `a=1&b=2`, possibly over several lines. Comment lines are skipped and `??`
 * assertion lines set apart. `start` is the text's offset (for the spans).
 */
export function parseFormText(text: string, start: number): { params: Param[]; assertions: Token[] } {
  const params: Param[] = [];
  const assertions: Token[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    let nl = text.indexOf('\n', lineStart);
    if (nl < 0) nl = text.length;
    const line = text.slice(lineStart, nl);
    const t = line.trimStart();
    if (t.startsWith('??')) {
      const at = start + lineStart + line.length - t.length;
      const trimmed = t.trimEnd();
      assertions.push({ text: trimmed, span: { start: at, end: at + trimmed.length } });
    } else if (!(t.startsWith('#') || t.startsWith('//'))) {
      for (const p of parseParams(line, start + lineStart, 'form')) params.push(p);
    }
    lineStart = nl + 1;
  }
  return { params, assertions };
}

export function looksLikeRequestLine(trimmed: string): boolean {
  const sp = trimmed.search(/\s/);
  if (sp <= 0) return false;
  const word = trimmed.slice(0, sp);
  if (!METHOD_SET.has(word)) return false;
  const rest = trimmed.slice(sp).trimStart();
  return rest.startsWith('/') || rest.startsWith('{{') || /^https?:\/\//i.test(rest);
}

function parseRequestLine(trimmed: string, start: number, block: ParsedBlock): RequestNode {
  let method: RequestNode['method'];
  let targetText = trimmed;
  let targetStart = start;
  const m = /^([A-Za-z]+)(\s+)/.exec(trimmed);
  const bare = trimmed.startsWith('/') || trimmed.startsWith('{{') || /^https?:\/\//i.test(trimmed);
  if (m && !bare) {
    const word = m[1];
    const known = METHOD_TEXT.get(word);
    method = new OffsetToken(known ?? word, start, start + word.length);
    if (known === undefined && !METHOD_SET.has(word.toUpperCase())) {
      addError(block, err('SYNTAX-METHOD', `\`${word}\` is not an HTTP method: a request line is \`METHOD /path\` (GET, POST or DELETE).`, start, start + word.length));
    } else if (word !== word.toUpperCase()) {
      addError(block, err('SYNTAX-METHOD', `Write the method in capitals: \`${word.toUpperCase()}\`.`, start, start + word.length));
    }
    targetStart = start + m[0].length;
    targetText = trimmed.slice(m[0].length);
  } else if (!bare) {
    const word = trimmed.split(/\s/, 1)[0];
    addError(block, err('SYNTAX-REQUEST', `Expected a request line such as \`GET /v23.0/<id>\`, found \`${word.slice(0, 40)}\`.`, start, start + trimmed.length));
    if (!m) {
      targetText = trimmed;
    }
  }
  // Cheap checks first: these regexes scan the whole target, and most targets have neither.
  const httpVersion = targetText.includes('HTTP/') ? HTTP_VERSION_RE.exec(targetText) : null;
  if (httpVersion) targetText = targetText.slice(0, httpVersion.index);
  const target = parseTarget(targetText, targetStart);
  // A space in the path (not in a `{{variable}}`, not in the query, where URL-ID-ENCODED explains it)
  // cannot be sent: say so here rather than let the path match no endpoint.
  // Looked for only when the line has a space or a tab at all (most have none): the path without its
  // `{{...}}` is a copy made by a replace with a callback.
  const pathEnd = target.queryStart !== undefined ? target.queryStart - targetStart : targetText.length;
  const blank = targetText.indexOf(' ');
  const tab = targetText.indexOf('\t');
  let pathText = (blank >= 0 && blank < pathEnd) || (tab >= 0 && tab < pathEnd) ? targetText.slice(0, pathEnd) : '';
  if (pathText.includes('{{')) pathText = pathText.replace(/\{\{[^}]*\}\}/g, (m) => 'x'.repeat(m.length));
  const space = pathText.includes(' ') || pathText.includes('\t') ? pathText.search(/\s/) : -1;
  if (space >= 0) {
    addError(block, err('SYNTAX-REQUEST', 'A path cannot contain spaces: encode them as `%20`, or move the words to a `#` comment.', targetStart + space, targetStart + pathText.trimEnd().length));
  }
  if (method && targetText.trim() === '') {
    addError(block, err('SYNTAX-REQUEST', 'The request line needs a path after the method, for example `GET /v23.0/<id>`.', start, start + trimmed.length));
  }
  const params = target.queryStart !== undefined
    ? parseParams(targetText.slice(target.queryStart - targetStart), target.queryStart, 'query')
    : NONE;
  return {
    span: { start, end: start + trimmed.length },
    method,
    target,
    params,
    continuationLines: NONE,
    headers: NONE,
    body: undefined,
  };
}

function parseTarget(raw: string, start: number): RequestTarget {
  let pathFrom = 0;
  let origin: RequestTarget['origin'];
  const abs = raw.charCodeAt(0) === 104 /* h */ || raw.charCodeAt(0) === 72 /* H */ ? ABSOLUTE_RE.exec(raw) : null;
  if (abs) {
    origin = { text: abs[0], span: { start, end: start + abs[0].length } };
    pathFrom = abs[0].length;
  }
  const q = raw.indexOf('?', pathFrom);
  return new LazyPathTarget(raw, start, origin, pathFrom, q < 0 ? raw.length : q, q < 0 ? undefined : start + q);
}

const ABSOLUTE_RE = /^https?:\/\/[^/?#\s]*/i;

/**
 * A request line's target whose path (its span and segments, four objects and a string a segment)
 * is read on first use. A cold check of 10,000 requests keeps every parse for the whole run, and
 * reads the segments only of the first request of each distinct request line (the endpoint's match
 * is cached by the path's text, `pathText`): the rest would be copied by every scavenge for nothing.
 */
class LazyPathTarget implements RequestTarget {
  private read: RequestTarget['path'] | undefined = undefined;

  constructor(
    readonly raw: string,
    private readonly start: number,
    readonly origin: Token | undefined,
    /** Where the path starts and ends in `raw` (after the origin, before the `?`). */
    private readonly pathFrom: number,
    private readonly pathTo: number,
    readonly queryStart: number | undefined,
  ) {}

  get span(): Span {
    return { start: this.start, end: this.start + this.raw.length };
  }

  get pathSpan(): Span {
    return this.read ? this.read.span : { start: this.start + this.pathFrom, end: this.start + this.pathTo };
  }

  get pathText(): string {
    return this.raw.slice(this.pathFrom, this.pathTo);
  }

  get path(): RequestTarget['path'] {
    return (this.read ??= readPath(this.raw, this.start, this.pathFrom, this.pathTo));
  }
}

function readPath(raw: string, start: number, pathStart: number, pathEnd: number): RequestTarget['path'] {
  const segments = [];
  let i = pathStart;
  while (i < pathEnd) {
    if (raw.charCodeAt(i) === 47 /* / */) {
      i++;
      continue;
    }
    let j = i;
    while (j < pathEnd && raw.charCodeAt(j) !== 47) j++;
    segments.push({ text: raw.slice(i, j), span: { start: start + i, end: start + j } });
    i = j;
  }
  // A copy of its own length: the pushes left room for 17 segments, kept as long as the parse.
  return { span: { start: start + pathStart, end: start + pathEnd }, segments: segments.slice() };
}

function parseVariable(trimmed: string, start: number): VariableDef | undefined {
  const m = VARIABLE_RE.exec(trimmed);
  if (!m) return undefined;
  const name = m[1];
  const value = m[2].trim();
  const valueStart = start + trimmed.length - m[2].length + (m[2].length - m[2].trimStart().length);
  return {
    name: { text: name, span: { start: start + 1, end: start + 1 + name.length } },
    value: { text: value, span: { start: valueStart, end: valueStart + value.length } },
    span: { start, end: start + trimmed.length },
  };
}

function parseDirective(trimmed: string, start: number): Directive | undefined {
  const m = DIRECTIVE_RE.exec(trimmed);
  if (!m) return undefined;
  const nameStart = start + trimmed.indexOf('@') + 1;
  const name = m[2];
  const valueText = (m[3] ?? '').trim();
  const valueStart = start + trimmed.length - valueText.length;
  return {
    name: { text: name, span: { start: nameStart, end: nameStart + name.length } },
    value: valueText ? { text: valueText, span: { start: valueStart, end: valueStart + valueText.length } } : undefined,
    span: { start, end: start + trimmed.length },
  };
}

function addError(block: ParsedBlock, e: SyntaxError): void {
  block.errors = added(block.errors, e);
}

function err(code: string, message: string, start: number, end: number): SyntaxError {
  return { code, message, span: { start, end: Math.max(end, start) } };
}
