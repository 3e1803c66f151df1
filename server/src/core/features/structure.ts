/**
 * Structure of a document: the outline (one symbol per request), folding ranges (requests, bodies,
 * continuation lines), CodeLenses (send, validate only) and semantic tokens. All are cheap walks over
 * the per-block parse; none needs validation.
 */
import { buildBlockCall } from '../analysis/blockCall';
import { requestName, type FileContext } from '../analysis/fileContext';
import { blockNames } from '../analysis/names';
import type { ApiModel } from '../model/apiModel';
import type { GraphreqDocument, ParsedBlock, RequestBlock } from '../syntax/ast';
import { cleanJsonc } from '../syntax/jsonBody';
import { parseFieldList, type FieldItem } from '../syntax/fields';
import type { Span } from '../types';

export interface DocumentSymbol {
  name: string;
  detail?: string;
  /** The whole request. */
  span: Span;
  /** The request line. */
  selection: Span;
  blockIndex: number;
  /** `# @name` of the request, if any. */
  requestName?: string;
}

/** Requests in document order, titled by `###` title, else `# @name`, else `METHOD path`. */
export function getDocumentSymbols(doc: GraphreqDocument): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const block of doc.blocks) {
    const r = block.parsed.request;
    if (!r) continue;
    const line = `${r.method?.text ?? 'GET'} ${r.target.raw}`;
    const title = block.parsed.separator?.title?.text;
    const name = requestName(block);
    out.push({
      name: title ?? (name ? `@${name}` : line),
      detail: title || name ? line : undefined,
      span: { start: block.offset, end: block.offset + trimEnd(block.text) },
      selection: { start: block.offset + r.span.start, end: block.offset + r.target.span.end },
      blockIndex: block.index,
      requestName: name,
    });
  }
  return out;
}

export interface FoldingRange {
  start: number;
  end: number;
  kind?: 'comment' | 'region';
}

export function getFoldingRanges(doc: GraphreqDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const block of doc.blocks) {
    const end = block.offset + trimEnd(block.text);
    if (block.parsed.separator) out.push({ start: block.offset, end, kind: 'region' });
    const body = block.parsed.request?.body;
    if (body) out.push({ start: block.offset + body.span.start, end: block.offset + body.span.end });
    if (body?.kind === 'json') for (const r of jsonMemberFolds(block)) out.push({ start: block.offset + r.start, end: block.offset + r.end });
  }
  return out;
}

const memberFolds = new WeakMap<ParsedBlock, FoldingRange[]>();

/**
 * The objects and lists inside a JSON body that span lines, as VS Code folds JSON: from the opening
 * bracket to the end of the line before the closing one, which stays in view. Block-relative, cached
 * with the block's parse: a bracket scan over the body with its comments blanked, no tree.
 */
function jsonMemberFolds(block: RequestBlock): FoldingRange[] {
  let folds = memberFolds.get(block.parsed);
  if (folds) return folds;
  folds = [];
  const body = block.parsed.request!.body!;
  const text = cleanJsonc(body.text, false);
  const open: number[] = [];
  // The last line break before `i`, kept as the scan goes: looking back from each closing bracket made
  // a body on one line, nested 10,000 deep, take seconds to fold.
  let lastBreak = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      lastBreak = i;
    } else if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34 && text.charCodeAt(i) !== 10; i++) {
        if (text.charCodeAt(i) !== 92) continue;
        i++;
        if (text.charCodeAt(i) === 10) lastBreak = i;
      }
      // An unclosed string stops at its line's end, which is a line break too.
      if (text.charCodeAt(i) === 10) lastBreak = i;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      open.push(i);
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      const start = open.pop();
      // The body itself is folded already; an inner object or list only when it spans lines.
      if (start === undefined || open.length === 0) continue;
      if (lastBreak > start) folds.push({ start: body.span.start + start, end: body.span.start + lastBreak });
    }
  }
  folds.sort((a, b) => a.start - b.start);
  memberFolds.set(block.parsed, folds);
  return folds;
}

export interface CodeLens {
  span: Span;
  title: string;
  command: string;
  blockIndex: number;
}

export function getCodeLenses(doc: GraphreqDocument, file: FileContext, model: ApiModel): CodeLens[] {
  const out: CodeLens[] = [];
  for (const block of doc.blocks) {
    const r = block.parsed.request;
    if (!r) continue;
    const span = { start: block.offset + r.span.start, end: block.offset + r.target.span.end };
    out.push({ span, title: '▶ Send request', command: 'graphreq.send', blockIndex: block.index });
    const endpointId = endpointOf(block, file, model);
    if (endpointId === 'adset.create') out.push({ span, title: 'Validate only', command: 'graphreq.validateOnly', blockIndex: block.index });
  }
  return out;
}

function endpointOf(block: RequestBlock, file: FileContext, model: ApiModel): string | undefined {
  // Cheap pre-check: only POST requests can be ad set creations.
  const m = block.parsed.request?.method?.text.toUpperCase();
  if (m !== 'POST') return undefined;
  return buildBlockCall(block, file, model)?.call.endpoint?.id;
}

/** Token types, in the order of the legend the LSP server announces. */
export const SEMANTIC_TOKEN_TYPES = ['keyword', 'namespace', 'number', 'property', 'string', 'variable', 'macro', 'function', 'comment', 'enumMember', 'type', 'operator'] as const;
export type SemanticTokenType = (typeof SEMANTIC_TOKEN_TYPES)[number];

export interface SemanticToken {
  start: number;
  length: number;
  type: SemanticTokenType;
}

/**
 * Tokens of the blocks that intersect `range` (the whole document when absent), in document order.
 * Bodies are left to the TextMate grammar's embedded JSON; tokens here cover what only the parser
 * knows: methods, version and path segments, parameter names and values, field lists, variables, directives.
 */
export function getSemanticTokens(doc: GraphreqDocument, range?: Span): SemanticToken[] {
  const out: SemanticToken[] = [];
  for (const block of doc.blocks) {
    const bStart = block.offset;
    const bEnd = block.offset + block.text.length;
    if (range && (bEnd < range.start || bStart > range.end)) continue;
    const tokens: SemanticToken[] = [];
    const add = (s: Span, type: SemanticTokenType): void => {
      if (s.end > s.start) tokens.push({ start: bStart + s.start, length: s.end - s.start, type });
    };
    const p = block.parsed;
    // A directive's line is a comment only up to its name: `# @` then the directive's own tokens.
    const directiveStarts = new Set(p.directives.map((d) => d.span.start));
    for (const c of p.comments) if (!directiveStarts.has(c.start)) add(c, 'comment');
    for (const d of p.directives) {
      add({ start: d.span.start, end: d.name.span.start }, 'comment');
      add(d.name.span, 'macro');
      if (d.value) add(d.value.span, 'string');
    }
    for (const v of p.variables) {
      add(v.name.span, 'variable');
      add(v.value.span, 'string');
    }
    const r = p.request;
    if (r) {
      if (r.method) add(r.method.span, 'keyword');
      r.target.path.segments.forEach((s, i) => add(s.span, i === 0 && /^v\d/.test(s.text) ? 'number' : 'namespace'));
      for (const param of [...r.params, ...(r.body?.formParams ?? [])]) {
        add(param.name.span, 'property');
        if (!param.value) continue;
        if (param.name.text === 'fields') fieldTokens(parseFieldList(param.value.text, param.value.span.start).items, add);
        else add(param.value.span, 'string');
      }
      for (const h of r.headers) {
        add(h.name.span, 'type');
        add(h.value.span, 'string');
      }
    }
    // Variables override what they sit in (`act_{{account}}`): other tokens are cut around them.
    const variables = blockNames(block).uses.map((u) => ({ start: bStart + u.span.start, end: bStart + u.span.end }));
    const pieces: SemanticToken[] = variables.map((v) => ({ start: v.start, length: v.end - v.start, type: 'variable' as const }));
    for (const t of tokens) {
      let from = t.start;
      const end = t.start + t.length;
      for (const v of variables) {
        if (v.end <= from || v.start >= end) continue;
        if (v.start > from) pieces.push({ start: from, length: v.start - from, type: t.type });
        from = Math.max(from, v.end);
      }
      if (from < end) pieces.push({ start: from, length: end - from, type: t.type });
    }
    pieces.sort((a, b) => a.start - b.start || b.length - a.length);
    // Field lists and parameters never overlap each other; the guard keeps the output valid regardless.
    let lastEnd = -1;
    for (const t of pieces) {
      if (t.start < lastEnd) continue;
      out.push(t);
      lastEnd = t.start + t.length;
    }
  }
  return out;
}

function fieldTokens(items: FieldItem[], add: (s: Span, t: SemanticTokenType) => void): void {
  for (const i of items) {
    if (i.opaque) continue;
    add(i.nameSpan, 'property');
    for (const m of i.modifiers) {
      add(m.nameSpan, 'function');
      if (m.argSpan) add(m.argSpan, /^\d+$/.test(m.arg ?? '') ? 'number' : 'enumMember');
    }
    if (i.selection) fieldTokens(i.selection, add);
  }
}


function trimEnd(text: string): number {
  let e = text.length;
  while (e > 0 && /\s/.test(text[e - 1])) e--;
  return e;
}
