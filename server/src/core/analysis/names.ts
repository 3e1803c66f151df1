/**
 * The index of names of a file: what it defines (file variables `@x = ...`, named requests
 * `# @name create`) and every use of a name written as `{{...}}` (variables, environment variables,
 * built-ins such as `{{$guid}}`, named responses `{{create.response.body.id}}`), each with its span.
 *
 * It is the one reader of `{{...}}` in the core: definition, references, rename, highlight, workspace
 * symbols, variable completion, the unknown-variable rule and the request dependencies all ask it,
 * as the features of TypeScript ask its checker and rust-analyzer's ask `hir`. It is built from the
 * parse: uses are read from the parts of a block that can hold them (variable values, the request
 * line, query lines, headers, bodies with their comments left out), never from comments.
 *
 * Per block, the names are computed once and cached with the block's parse, so an edit re-reads only
 * the request it touched. The document's index is a cheap join of the blocks' names.
 */
import type { GraphreqDocument, ParsedBlock, RequestBlock, VariableDef } from '../syntax/ast';
import { cleanJsonc } from '../syntax/jsonBody';
import { blockAt } from '../syntax/parseDocument';
import type { Span } from '../types';

/** What a `{{...}}` names, read from its text alone (the environment decides later whether it exists). */
export type UseKind =
  /** `{{name}}`: a file variable or an environment variable. */
  | 'variable'
  /** `{{create.response.body.id}}`: a value of the response of the request named `create`. */
  | 'response'
  /** `{{$guid}}`, `{{$processEnv NAME}}`: a built-in variable. */
  | 'builtin';

/** One `{{...}}` written in a block. Spans are block-relative. */
export interface NameUse {
  /** From `{{` to `}}` included. */
  span: Span;
  /** The text between the braces, trimmed. */
  expr: string;
  exprSpan: Span;
  kind: UseKind;
  /** The variable's name, the request's name, or the built-in's name with its `$`. */
  name: string;
  nameSpan: Span;
  /** For a response reference, what follows `NAME.response.` (`body.id`, `headers.x-app-usage`). */
  path?: { text: string; span: Span };
  /** In the request (line, query, headers, body), which REQ-UNKNOWN-VARIABLE checks, or in a file variable's value. */
  place: 'request' | 'variable' | 'expectation';
}

/** The name a `# @name` directive gives its request: the directive value's first word. */
export interface RequestNameDef {
  name: string;
  span: Span;
  /**
   * For a GET, its path as written (`/v23.0/t_100200300`): the node it reads, whose id its response's
   * `id` is (analysis/blockCall.ts, `readNode`). Part of the name, so that readers are checked again
   * when it changes.
   */
  getPath?: string;
}

/** What one block defines and uses (block-relative spans). */
export interface BlockNames {
  variables: VariableDef[];
  requestName?: RequestNameDef;
  /** In text order. */
  uses: NameUse[];
}

/** `{{expr}}` on one line. The one pattern of references in the core (resolution substitutes with it too). */
export const REFERENCE_RE = /\{\{\s*([^{}\n]*?)\s*\}\}/g;
/** `NAME.response.PATH`, as the sender reads it (core/send/namedResponses.ts). */
const RESPONSE_RE = /^([\w-]+)\.response\.(.*)$/s;

/** Names a request may take: one word of letters, digits, `_` and `-`, as references read them. */
export const REQUEST_NAME_RE = /^[\w-]+$/;
/** Names a file or environment variable may take, as `@name = value` reads them. */
export const VARIABLE_NAME_RE = /^[A-Za-z_][\w.-]*$/;

const cache = new WeakMap<ParsedBlock, BlockNames>();
/** The uses of every block that has none (never written to). */
const NO_USES: NameUse[] = Object.freeze([]) as unknown as NameUse[];

/** The names of one block, computed once per parse of its text. */
export function blockNames(block: RequestBlock): BlockNames {
  let names = cache.get(block.parsed);
  if (!names) cache.set(block.parsed, (names = readBlockNames(block.text, block.parsed)));
  return names;
}

function readBlockNames(text: string, parsed: ParsedBlock): BlockNames {
  const uses: NameUse[] = [];
  const scan = (from: number, to: number, place: NameUse['place'], source = text): void => {
    if (to <= from) return;
    const i = source.indexOf('{{', from);
    if (i < 0 || i >= to) return;
    readUses(source.slice(from, to), from, place, uses);
  };
  for (const v of parsed.variables) scan(v.value.span.start, v.value.span.end, 'variable');
  const r = parsed.request;
  if (r) {
    scan(r.target.span.start, r.target.span.end, 'request');
    for (const l of r.continuationLines) scan(l.start, l.end, 'request');
    for (const h of r.headers) scan(h.span.start, h.span.end, 'request');
    const body = r.body;
    if (body && body.text.indexOf('{{') >= 0) {
      if (body.kind === 'json') {
        // Comments are not sent: a `{{name}}` in one is not a use. Blanking keeps every offset.
        const visible = cleanJsonc(body.text, false);
        const before = uses.length;
        readUses(visible, 0, 'request', uses);
        for (let k = before; k < uses.length; k++) shiftUse(uses[k], body.span.start);
      } else if (body.kind === 'file') {
        // `< {{dir}}/body.json`: the path is resolved like the rest of the request.
        if (body.file) scan(body.file.path.span.start, body.file.path.span.end, 'request');
      } else {
        for (const p of body.formParams ?? []) scan(p.span.start, p.span.end, 'request');
      }
    }
  }
  // `# @expect body.id {{create.response.body.id}}`: read when the expectation is checked.
  for (const d of parsed.directives) if (d.name.text === 'expect' && d.value) scan(d.value.span.start, d.value.span.end, 'expectation');
  if (uses.length > 1) uses.sort((a, b) => a.span.start - b.span.start);
  let requestName: RequestNameDef | undefined;
  for (const d of parsed.directives) {
    if (d.name.text !== 'name' || !d.value) continue;
    const word = d.value.text.split(/\s/)[0];
    requestName = { name: word, span: { start: d.value.span.start, end: d.value.span.start + word.length } };
    if (r?.method?.text.toUpperCase() === 'GET') requestName.getPath = r.target.pathText;
    break;
  }
  // Kept as long as the parse: a list of its own size (one use is the common case; a list filled by
  // pushes keeps room for 17), and no list at all for a block without uses.
  return { variables: parsed.variables, requestName, uses: uses.length === 0 ? NO_USES : uses.length === 1 ? [uses[0]] : uses };
}

function readUses(text: string, base: number, place: NameUse['place'], out: NameUse[]): void {
  for (const m of text.matchAll(REFERENCE_RE)) {
    const start = base + m.index!;
    const expr = m[1];
    const exprStart = start + m[0].indexOf(expr, 2);
    out.push(classify(expr, { start, end: start + m[0].length }, exprStart, place));
  }
}

function classify(expr: string, span: Span, exprStart: number, place: NameUse['place']): NameUse {
  const exprSpan = { start: exprStart, end: exprStart + expr.length };
  if (expr.charCodeAt(0) === 36 /* $ */) {
    const word = expr.split(/\s/)[0];
    return { span, expr, exprSpan, kind: 'builtin', name: word, nameSpan: { start: exprStart, end: exprStart + word.length }, place };
  }
  const m = RESPONSE_RE.exec(expr);
  if (m) {
    const pathStart = exprStart + m[1].length + '.response.'.length;
    return {
      span,
      expr,
      exprSpan,
      kind: 'response',
      name: m[1],
      nameSpan: { start: exprStart, end: exprStart + m[1].length },
      path: { text: m[2], span: { start: pathStart, end: exprSpan.end } },
      place,
    };
  }
  return { span, expr, exprSpan, kind: 'variable', name: expr, nameSpan: exprSpan, place };
}

function shiftUse(u: NameUse, by: number): void {
  const s = (x: Span): void => {
    x.start += by;
    x.end += by;
  };
  s(u.span);
  s(u.exprSpan);
  if (u.nameSpan !== u.exprSpan) s(u.nameSpan);
  if (u.path) s(u.path.span);
}

/** What an expression written between braces names (`create.response.body.id`: request `create`). */
export function readExpr(expr: string): NameUse {
  const trimmed = expr.trim();
  return classify(trimmed, { start: 0, end: trimmed.length }, 0, 'request');
}

/** The uses written in a piece of text (a variable's value, a path written elsewhere), offsets relative to it. */
export function usesIn(text: string): NameUse[] {
  const out: NameUse[] = [];
  if (text.indexOf('{{') >= 0) readUses(text, 0, 'variable', out);
  return out;
}

/** What a name in the file is: a variable (file or environment), a named request, or a built-in. */
export type NameKind = 'variable' | 'request' | 'builtin';

/** A place in the document where a name is written, with document offsets. */
export interface NameSite {
  kind: NameKind;
  name: string;
  /** The name itself (what rename replaces). */
  span: Span;
  block: number;
  /** `definition`: `@x = ...` or `# @name x`; `use`: inside `{{...}}`. */
  role: 'definition' | 'use';
  /** For a use, the use itself (block-relative spans). */
  use?: NameUse;
}

/** The names of a whole document. Built on demand from the blocks' cached names. */
export class NameIndex {
  private readonly byName = new Map<string, NameSite[]>();

  constructor(readonly doc: GraphreqDocument) {
    for (const block of doc.blocks) {
      const names = blockNames(block);
      const at = (s: Span): Span => ({ start: block.offset + s.start, end: block.offset + s.end });
      for (const v of names.variables) this.add({ kind: 'variable', name: v.name.text, span: at(v.name.span), block: block.index, role: 'definition' });
      if (names.requestName) this.add({ kind: 'request', name: names.requestName.name, span: at(names.requestName.span), block: block.index, role: 'definition' });
      for (const u of names.uses) {
        const kind: NameKind = u.kind === 'response' ? 'request' : u.kind;
        this.add({ kind, name: u.name, span: at(u.nameSpan), block: block.index, role: 'use', use: u });
      }
    }
  }

  private add(site: NameSite): void {
    const key = `${site.kind}:${site.name}`;
    const list = this.byName.get(key);
    if (list) list.push(site);
    else this.byName.set(key, [site]);
  }

  /** Every place `name` of `kind` is written, in document order. */
  sites(kind: NameKind, name: string): NameSite[] {
    return this.byName.get(`${kind}:${name}`) ?? [];
  }

  /** The definitions of a file variable, in document order (the last one wins). */
  variableDefinitions(name: string): NameSite[] {
    return this.sites('variable', name).filter((s) => s.role === 'definition');
  }

  /** The `# @name` directives naming `name`, in document order (the first one wins). */
  requestDefinitions(name: string): NameSite[] {
    return this.sites('request', name).filter((s) => s.role === 'definition');
  }

  /** Every name of a kind that the file defines or uses. */
  names(kind: NameKind): string[] {
    const out: string[] = [];
    const prefix = `${kind}:`;
    for (const key of this.byName.keys()) if (key.startsWith(prefix)) out.push(key.slice(prefix.length));
    return out;
  }

  /** The name written at `offset` (document offset), if any: a use, a `@x` definition, or a `# @name`. */
  siteAt(offset: number): NameSite | undefined {
    const block = blockAt(this.doc, offset);
    if (!block) return undefined;
    const rel = offset - block.offset;
    const names = blockNames(block);
    const inside = (s: Span): boolean => s.start <= rel && rel <= s.end;
    const at = (s: Span): Span => ({ start: block.offset + s.start, end: block.offset + s.end });
    for (const u of names.uses) {
      if (!inside(u.span)) continue;
      const kind: NameKind = u.kind === 'response' ? 'request' : u.kind;
      return { kind, name: u.name, span: at(u.nameSpan), block: block.index, role: 'use', use: u };
    }
    for (const v of names.variables) if (inside(v.name.span)) return { kind: 'variable', name: v.name.text, span: at(v.name.span), block: block.index, role: 'definition' };
    const r = names.requestName;
    if (r && inside(r.span)) return { kind: 'request', name: r.name, span: at(r.span), block: block.index, role: 'definition' };
    return undefined;
  }
}

const indexes = new WeakMap<GraphreqDocument, NameIndex>();

/** The name index of a parse (one per document version). */
export function nameIndex(doc: GraphreqDocument): NameIndex {
  let index = indexes.get(doc);
  if (!index) indexes.set(doc, (index = new NameIndex(doc)));
  return index;
}

/**
 * The names a file writes, as the workspace's index keeps them: every `kind:name` it defines or
 * uses (variables and requests) and, by name, the `# @name` directives (document offsets). Read from
 * the blocks' cached names without building the document's NameIndex and its sites: a check of a
 * 10,000-request file needs only these.
 */
export interface WrittenNames {
  keys: Set<string>;
  /** The request names the file defines or reads the response of. */
  requests: Set<string>;
  /** The `# @name` directives, by name, in document order (with the path of a GET: `RequestNameDef.getPath`). */
  definitions: Map<string, Array<{ block: number; span: Span; getPath?: string }>>;
}

const written = new WeakMap<GraphreqDocument, WrittenNames>();
/**
 * The last parse of a file whose written names were read, by its first and its last block's parse:
 * an edit keeps one of them, so the next parse of that file finds the one before it (`sameNames`).
 */
const lastParse = new WeakMap<ParsedBlock, GraphreqDocument>();

/** The names `doc` writes (one per parse; after an edit that changed no name, the previous parse's). */
export function writtenNames(doc: GraphreqDocument): WrittenNames {
  let out = written.get(doc);
  if (out) return out;
  const blocks = doc.blocks;
  const prev = blocks.length ? (lastParse.get(blocks[0].parsed) ?? lastParse.get(blocks[blocks.length - 1].parsed)) : undefined;
  const before = prev && written.get(prev);
  out = before && sameNames(prev, doc) && definitionsStay(before, prev, doc) ? before : readWrittenNames(doc);
  written.set(doc, out);
  if (blocks.length) {
    lastParse.set(blocks[0].parsed, doc);
    lastParse.set(blocks[blocks.length - 1].parsed, doc);
  }
  return out;
}

/**
 * The blocks in which two parses of a file differ, `from` to `to` included (an empty range when
 * they are the same): both have as many blocks, and outside that range the same parses. Undefined
 * when the number of blocks differs. One comparison per block: no name is read.
 */
export function changedBlocks(a: GraphreqDocument, b: GraphreqDocument): { from: number; to: number } | undefined {
  const x = a.blocks;
  const y = b.blocks;
  if (x.length !== y.length) return undefined;
  let from = 0;
  while (from < x.length && x[from].parsed === y[from].parsed) from++;
  let to = x.length - 1;
  while (to >= from && x[to].parsed === y[to].parsed) to--;
  return { from, to };
}

/**
 * Whether two parses of a file define and use the same names block by block: each block that
 * changed defines the same variables (names, values and places in the block) and request name, and
 * uses the same names in the same order (their places may move). What an edit inside a request's
 * body or line leaves alone: the file's variables, its request names and what it reads.
 */
export function sameNames(a: GraphreqDocument, b: GraphreqDocument): boolean {
  const changed = changedBlocks(a, b);
  if (!changed) return false;
  for (let i = changed.from; i <= changed.to; i++) if (!sameBlockNames(blockNames(a.blocks[i]), blockNames(b.blocks[i]))) return false;
  return true;
}

function sameBlockNames(x: BlockNames, y: BlockNames): boolean {
  if (x.variables.length !== y.variables.length || x.uses.length !== y.uses.length) return false;
  const sameSpan = (s: Span, t: Span): boolean => s.start === t.start && s.end === t.end;
  for (let i = 0; i < x.variables.length; i++) {
    const v = x.variables[i];
    const w = y.variables[i];
    if (v.name.text !== w.name.text || v.value.text !== w.value.text || !sameSpan(v.name.span, w.name.span) || !sameSpan(v.value.span, w.value.span)) return false;
  }
  const r = x.requestName;
  const q = y.requestName;
  if (r || q) if (!r || !q || r.name !== q.name || r.getPath !== q.getPath || !sameSpan(r.span, q.span)) return false;
  for (let i = 0; i < x.uses.length; i++) if (x.uses[i].kind !== y.uses[i].kind || x.uses[i].name !== y.uses[i].name) return false;
  return true;
}

/** Whether the `# @name` directives keep their document offsets: none is at or after the first block that changed, or nothing moved. */
function definitionsStay(names: WrittenNames, a: GraphreqDocument, b: GraphreqDocument): boolean {
  if (!names.definitions.size) return true;
  const changed = changedBlocks(a, b)!;
  const moved = a.length !== b.length || changed.to > changed.from;
  if (!moved) return true;
  for (const defs of names.definitions.values()) for (const d of defs) if (d.block >= changed.from) return false;
  return true;
}

function readWrittenNames(doc: GraphreqDocument): WrittenNames {
  const out: WrittenNames = { keys: new Set(), requests: new Set(), definitions: new Map() };
  for (const block of doc.blocks) {
    const names = blockNames(block);
    for (const v of names.variables) out.keys.add(`variable:${v.name.text}`);
    const def = names.requestName;
    if (def) {
      out.requests.add(def.name);
      const span = { start: block.offset + def.span.start, end: block.offset + def.span.end };
      const entry = def.getPath === undefined ? { block: block.index, span } : { block: block.index, span, getPath: def.getPath };
      const list = out.definitions.get(def.name);
      if (list) list.push(entry);
      else out.definitions.set(def.name, [entry]);
    }
    for (const u of names.uses) {
      if (u.kind === 'response') out.requests.add(u.name);
      else if (u.kind === 'variable') out.keys.add(`variable:${u.name}`);
    }
  }
  for (const name of out.requests) out.keys.add(`request:${name}`);
  return out;
}

/** The use whose braces hold `offset` (block-relative), for completion and hover. */
export function useAt(block: RequestBlock, offset: number): NameUse | undefined {
  return blockNames(block).uses.find((u) => u.span.start <= offset && offset <= u.span.end);
}
