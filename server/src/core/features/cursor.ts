/**
 * What is at an offset of a request block: the part of the syntax tree that completion and hover
 * work on. One place decides it, so completion and hover agree about every position.
 */
import type { Node } from 'jsonc-parser';
import type { Directive, Header, Param, PathSegment, RequestBlock, VariableDef } from '../syntax/ast';
import { HTTP_METHODS } from '../syntax/parseBlock';
import { parseFieldList, type FieldItem, type FieldModifier } from '../syntax/fields';
import { getNodePath, nodeAtOffset, parseBodyTree, type JsonPath } from '../syntax/jsonBody';
import { useAt } from '../analysis/names';
import type { Span } from '../types';
import { openObjectAt } from './keyContext';

/**
 * The cursor inside a JSON string: `inner` is the text between its quotes (for a string not closed
 * on its line, the word at the cursor), and `closed` says whether its closing quote is there.
 * Completions replace `inner` with bare text, adding the closing quote only when it is missing, so
 * a client that honours only the start of an edit (Neovim's omnifunc) inserts them right as well.
 */
export interface InString {
  inner: Span;
  closed: boolean;
}

export type Cursor =
  /** A blank line (or a line being typed) where a request line, directive or variable can start. */
  | { kind: 'lineStart'; prefix: string; span: Span; hasRequest: boolean }
  | { kind: 'method'; span: Span; prefix: string }
  | { kind: 'path'; segmentIndex: number; segment?: PathSegment; prefix: string; span: Span; emptyTarget?: boolean }
  | { kind: 'paramName'; param?: Param; prefix: string; span: Span; source: 'query' | 'form' }
  | { kind: 'paramValue'; param: Param; prefix: string; span: Span }
  | { kind: 'field'; param: Param; parents: FieldItem[]; item?: FieldItem; prefix: string; span: Span; siblings: FieldItem[] }
  | { kind: 'modifier'; param: Param; parents: FieldItem[]; item: FieldItem; modifier?: FieldModifier; prefix: string; span: Span }
  | { kind: 'modifierArg'; param: Param; parents: FieldItem[]; item: FieldItem; modifier: FieldModifier; prefix: string; span: Span }
  | { kind: 'headerName'; header?: Header; prefix: string; span: Span }
  | { kind: 'headerValue'; header: Header; span: Span }
  /** In the body, where a property name goes (`path` is the object's path). */
  | { kind: 'bodyKey'; path: JsonPath; present: string[]; prefix: string; span: Span; quoted: boolean; inString?: InString; hasValue?: boolean }
  /** In the body, on a value (`path` is the value's path). */
  | { kind: 'bodyValue'; path: JsonPath; node?: Node; prefix: string; span: Span; quoted: boolean; inString?: InString }
  | { kind: 'variable'; expr: string; prefix: string; span: Span }
  | { kind: 'directive'; directive?: Directive; prefix: string; span: Span }
  | { kind: 'directiveValue'; directive: Directive; prefix: string; span: Span }
  | { kind: 'variableDef'; def: VariableDef }
  | { kind: 'none' };

const WORD = /[\w.$-]/;

export function cursorAt(block: RequestBlock, offset: number): Cursor {
  const text = block.text;
  const parsed = block.parsed;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let lineEnd = text.indexOf('\n', offset);
  if (lineEnd < 0) lineEnd = text.length;
  const line = text.slice(lineStart, lineEnd);
  const before = text.slice(lineStart, offset);

  // `{{...}}` anywhere on the line: the reference whose braces hold the cursor (on its braces too).
  const variable = variableAt(block, lineStart, lineEnd, offset);
  if (variable) return variable;

  const trimmed = before.trimStart();
  if (trimmed.startsWith('#') || trimmed.startsWith('//')) {
    // The directive on this line, even when the cursor sits after a trailing space; not before its `@`.
    const d = parsed.directives.find((x) => x.span.start >= lineStart && x.name.span.start <= offset && offset <= lineEnd);
    const at = before.lastIndexOf('@');
    if (d && d.value && offset >= d.value.span.start) return { kind: 'directiveValue', directive: d, prefix: text.slice(d.value.span.start, offset), span: d.value.span };
    if (d && offset <= d.name.span.end) return { kind: 'directive', directive: d, prefix: text.slice(d.name.span.start, offset), span: d.name.span };
    if (d && d.name.span.end < offset) return { kind: 'directiveValue', directive: d, prefix: '', span: { start: offset, end: offset } };
    if (at >= 0 && /^(#|\/\/)\s*@[\w-]*$/.test(trimmed)) return { kind: 'directive', prefix: before.slice(at + 1), span: { start: lineStart + at + 1, end: offset } };
    if (d || at >= 0) return { kind: 'none' };
    return { kind: 'none' };
  }
  const def = parsed.variables.find((v) => v.span.start >= lineStart && v.span.start <= offset && offset <= lineEnd);
  if (def) return { kind: 'variableDef', def };

  const request = parsed.request;
  if (!request || offset < request.span.start) {
    if (line.trim() === '' || !/\s/.test(trimmed)) {
      return { kind: 'lineStart', prefix: trimmed, span: { start: offset - trimmed.length, end: offset }, hasRequest: !!request };
    }
    return { kind: 'none' };
  }

  // Request line and query continuation lines.
  const requestLine = request.span.start <= offset && offset <= request.target.span.end + 1 && lineStart <= request.span.start;
  const continuation = request.continuationLines.find((l) => l.start <= offset && offset <= l.end);
  if (requestLine || continuation) {
    if (requestLine && request.method && offset <= request.method.span.end) return { kind: 'method', span: request.method.span, prefix: text.slice(request.method.span.start, offset) };
    // A method and a space, nothing else yet (`POST ‸`): a whole path goes here.
    const typed = /^([A-Za-z]+)\s+$/.exec(before.trimStart());
    if (requestLine && typed && HTTP_METHODS.includes(typed[1].toUpperCase()) && line.slice(before.length).trim() === '') {
      return { kind: 'path', segmentIndex: 0, prefix: '', span: { start: offset, end: offset }, emptyTarget: true };
    }
    // A word being typed where the request line starts (`GE`): a method or a whole template goes here.
    if (requestLine && !request.method && !/^(\/|\{\{|https?:)/i.test(request.target.raw)) {
      return { kind: 'lineStart', prefix: trimmed, span: { start: offset - trimmed.length, end: offset }, hasRequest: false };
    }
    if (requestLine && request.target.origin && offset <= request.target.origin.span.end) return { kind: 'none' };
    const params = request.params;
    const qs = request.target.queryStart;
    if (continuation || (qs !== undefined && offset > qs)) return paramCursor(text, params, offset, 'query');
    const segs = request.target.path.segments;
    const idx = segs.findIndex((s) => s.span.start <= offset && offset <= s.span.end);
    if (idx >= 0) return { kind: 'path', segmentIndex: idx, segment: segs[idx], prefix: text.slice(segs[idx].span.start, offset), span: segs[idx].span };
    const count = segs.filter((s) => s.span.end < offset).length;
    return { kind: 'path', segmentIndex: count, prefix: '', span: { start: offset, end: offset } };
  }

  // The header of this line, also with the cursor after a trailing space (`Content-Type: ‸`).
  const header = request.headers.find((h) => h.span.start >= lineStart && h.span.start <= offset && offset <= lineEnd);
  if (header) {
    if (offset <= header.name.span.end) return { kind: 'headerName', header, prefix: text.slice(header.name.span.start, offset), span: header.name.span };
    return { kind: 'headerValue', header, span: header.value.text ? header.value.span : { start: offset, end: offset } };
  }

  const body = request.body;
  // A JSON body's span ends at its last character, so blanks after it (`{ "status": ‸` or `{⏎  ‸` with
  // nothing after: the last request of a file, its object not closed yet) are the body's too; after
  // a closed body the parse holds nothing there.
  const afterJson = body?.kind === 'json' && offset > body.span.end && text.slice(body.span.end, offset).trim() === '';
  if (body && offset >= body.span.start && (offset <= body.span.end || afterJson)) {
    if (body.kind === 'form') return paramCursor(text, body.formParams ?? [], offset, 'form');
    if (body.kind === 'file') return { kind: 'none' };
    return bodyCursor(text.slice(body.span.start, Math.max(offset, body.span.end)), offset - body.span.start, body.span.start);
  }
  if (!body && line.trim() === '' && offset > request.span.end) {
    // After the request line and headers: a header name can go here.
    return { kind: 'headerName', prefix: '', span: { start: offset, end: offset } };
  }
  if (/^[\w-]*$/.test(trimmed) && lineStart > request.span.start && (!body || offset < body.span.start)) {
    return { kind: 'headerName', prefix: trimmed, span: { start: offset - trimmed.length, end: offset } };
  }
  return { kind: 'none' };
}

function variableAt(block: RequestBlock, lineStart: number, lineEnd: number, offset: number): Cursor | undefined {
  // A whole reference comes from the name index; its braces count as part of it.
  const use = useAt(block, offset);
  if (use) {
    const start = use.span.start + 2;
    const end = use.span.end - 2;
    const at = Math.max(start, Math.min(offset, end));
    return { kind: 'variable', expr: use.expr, prefix: block.text.slice(start, at).trimStart(), span: { start, end } };
  }
  // A reference being typed (`{{cre‸`, no closing braces yet on the line).
  const text = block.text;
  const open = text.lastIndexOf('{{', offset - 1);
  if (open < lineStart || open + 2 > offset) return undefined;
  const close = text.indexOf('}}', open + 2);
  if (close >= 0 && close < lineEnd) return undefined;
  const start = open + 2;
  return { kind: 'variable', expr: text.slice(start, offset).trim(), prefix: text.slice(start, offset).trimStart(), span: { start, end: offset } };
}

function paramCursor(text: string, params: Param[], offset: number, source: 'query' | 'form'): Cursor {
  const p = params.find((x) => x.span.start <= offset && offset <= (x.value ? x.value.span.end : x.span.end));
  if (p && p.value && offset >= p.value.span.start) {
    if (p.name.text === 'fields') return fieldCursor(text, p, offset);
    return { kind: 'paramValue', param: p, prefix: text.slice(p.value.span.start, offset), span: p.value.span };
  }
  if (p) return { kind: 'paramName', param: p, prefix: text.slice(p.name.span.start, offset), span: p.name.span, source };
  // Right after `?` or `&`: a new parameter.
  let s = offset;
  while (s > 0 && WORD.test(text[s - 1])) s--;
  return { kind: 'paramName', prefix: text.slice(s, offset), span: { start: s, end: offset }, source };
}

function fieldCursor(text: string, param: Param, offset: number): Cursor {
  const value = param.value!;
  const list = parseFieldList(value.text, value.span.start);
  // Walk down to the innermost selection that contains the offset.
  let items = list.items;
  const parents: FieldItem[] = [];
  for (;;) {
    const holder = items.find((i) => i.selectionSpan && i.selectionSpan.start < offset && (offset < i.selectionSpan.end || text[i.selectionSpan.end - 1] !== '}'));
    if (!holder) break;
    parents.push(holder);
    items = holder.selection ?? [];
  }
  const item = items.find((i) => i.span.start <= offset && offset <= i.span.end);
  if (item) {
    for (const m of item.modifiers) {
      if (m.argSpan && m.argSpan.start <= offset && offset <= m.argSpan.end) {
        return { kind: 'modifierArg', param, parents, item, modifier: m, prefix: text.slice(m.argSpan.start, offset), span: m.argSpan };
      }
      if (m.nameSpan.start <= offset && offset <= m.nameSpan.end) {
        return { kind: 'modifier', param, parents, item, modifier: m, prefix: text.slice(m.nameSpan.start, offset), span: m.nameSpan };
      }
    }
    if (offset > item.nameSpan.end && text[offset - 1] === '.') {
      return { kind: 'modifier', param, parents, item, prefix: '', span: { start: offset, end: offset } };
    }
    if (offset <= item.nameSpan.end) {
      return { kind: 'field', param, parents, item, prefix: text.slice(item.nameSpan.start, offset), span: item.nameSpan, siblings: items };
    }
  }
  let s = offset;
  while (s > value.span.start && /\w/.test(text[s - 1])) s--;
  // A name goes at the list's start, after a comma or an opening brace, or right after a selection or a
  // modifier (completion adds the comma). Elsewhere (`targeting%7B‸`, `{‸` with no field before it) the
  // parse holds no selection for the cursor, and names of the enclosing level would be wrong ones.
  if (!fieldNameFits(text, value.span.start, s, parents)) return { kind: 'none' };
  return { kind: 'field', param, parents, prefix: text.slice(s, offset), span: { start: s, end: offset }, siblings: items };
}

/** Whether a field name starting at `s` belongs to the innermost selection the parse found (`parents`). */
function fieldNameFits(text: string, start: number, s: number, parents: FieldItem[]): boolean {
  if (s === start) return parents.length === 0;
  const before = text[s - 1];
  if (before === '{') return parents.length > 0 && parents[parents.length - 1].selectionSpan!.start === s - 1;
  return before === ',' || before === '}' || before === ')';
}

function bodyCursor(body: string, rel: number, base: number): Cursor {
  const tree = parseBodyTree(body);
  const node = nodeAtOffset(tree.root, rel);
  const shift = (s: number, e: number): Span => ({ start: base + s, end: base + e });
  // The string whose opening quote is at `open`, ending at `end` (its closing quote included, if any).
  const inString = (open: number, end: number): InString => {
    const closed = end - open >= 2 && body[end - 1] === '"' && body[end - 2] !== '\\' && rel < end;
    let e = closed ? end - 1 : rel;
    if (!closed) while (e < body.length && /[\w.-]/.test(body[e])) e++;
    return { inner: shift(open + 1, e), closed };
  };
  // A key typed at the start of its line below a broken line (`"daily_budget": {{`, a value not
  // written yet): the tree's recovery cannot be trusted there, the brackets can (keyContext.ts).
  const lineStart = body.lastIndexOf('\n', rel - 1) + 1;
  const typedOnLine = body.slice(lineStart, rel);
  if (/^[ \t]*"?[\w-]*$/.test(typedOnLine) && tree.errors.some((e) => e.span.start < lineStart)) {
    const open = openObjectAt(tree.text, lineStart);
    if (open) {
      const s = lineStart + typedOnLine.length - typedOnLine.trimStart().length;
      const quotedKey = body[s] === '"';
      return { kind: 'bodyKey', path: open.path, present: open.present, prefix: body.slice(s, rel).replace(/"/g, ''), span: shift(s, rel), quoted: quotedKey, inString: quotedKey ? inString(s, rel) : undefined };
    }
  }
  if (!node) return { kind: 'none' };
  // Right before an object's or list's opening bracket: nothing goes there.
  if ((node.type === 'object' || node.type === 'array') && rel <= node.offset) return { kind: 'none' };
  const quoted = node.type === 'string';
  // On a property key.
  if (node.type === 'string' && node.parent?.type === 'property' && node.parent.children?.[0] === node) {
    const objectNode = node.parent.parent!;
    return {
      kind: 'bodyKey',
      path: getNodePath(objectNode),
      present: presentKeys(objectNode).filter((k) => k !== node.value),
      prefix: body.slice(node.offset + 1, rel),
      span: shift(node.offset, node.offset + node.length),
      quoted,
      inString: rel > node.offset ? inString(node.offset, node.offset + node.length) : undefined,
      hasValue: (node.parent.colonOffset ?? -1) >= 0,
    };
  }
  // On a value.
  if (node.type !== 'object' && node.type !== 'array' && node.type !== 'property') {
    return {
      kind: 'bodyValue',
      path: getNodePath(node),
      node,
      prefix: quoted ? body.slice(node.offset + 1, rel) : body.slice(node.offset, rel),
      span: shift(node.offset, node.offset + node.length),
      quoted,
      inString: quoted && rel > node.offset ? inString(node.offset, node.offset + node.length) : undefined,
    };
  }
  if (node.type === 'property') {
    // After the colon, before a value: a value goes here.
    const key = node.children?.[0];
    const colon = node.colonOffset ?? -1;
    if (key && colon >= 0 && rel > colon) {
      // A value being typed without quotes (`IMP`): replace the whole word.
      let s = rel;
      while (s > colon + 1 && /[\w-]/.test(body[s - 1])) s--;
      let e = rel;
      while (e < body.length && /[\w-]/.test(body[e])) e++;
      return { kind: 'bodyValue', path: [...getNodePath(node.parent!), String(key.value)], prefix: body.slice(s, rel), span: shift(s, e), quoted: false };
    }
    return { kind: 'bodyKey', path: getNodePath(node.parent!), present: presentKeys(node.parent!), prefix: '', span: shift(rel, rel), quoted: false };
  }
  if (node.type === 'array') {
    const index = (node.children ?? []).filter((c) => c.offset + c.length <= rel).length;
    return { kind: 'bodyValue', path: [...getNodePath(node), index], prefix: '', span: shift(rel, rel), quoted: false };
  }
  // Inside an object, between members.
  let s = rel;
  while (s > 0 && /[\w"]/.test(body[s - 1])) s--;
  const typed = body.slice(s, rel);
  const quotedKey = typed.startsWith('"');
  return { kind: 'bodyKey', path: getNodePath(node), present: presentKeys(node), prefix: typed.replace(/"/g, ''), span: shift(s, rel), quoted: quotedKey, inString: quotedKey ? inString(s, rel) : undefined };
}

function presentKeys(objectNode: Node): string[] {
  return (objectNode.children ?? []).map((p) => p.children?.[0]?.value).filter((k): k is string => typeof k === 'string');
}
