/**
 * Workspace symbols: the requests of a file by their `###` title and their `# @name`, for the
 * editor's "Go to Symbol in Workspace". The host runs this over every .graphreq file of the
 * workspace (opened or not) and gathers the results.
 *
 * Each request's symbol, with the lower-case texts a query is matched against and the mask of their
 * characters, is built once per parse of its block, and a file's list once per parse of the file
 * (WeakMaps): a query over 10,000 requests reads prepared lists instead of computing every file's
 * document symbols again (954 ms under load for 1,000 files before, issue 22).
 */
import type { GraphreqDocument, ParsedBlock } from '../syntax/ast';
import type { Span } from '../types';
import { requestName } from '../analysis/fileContext';

export interface WorkspaceSymbol {
  /** The title, else `@name`, else the request line. */
  name: string;
  /** The request line, and its name when it has a title. */
  detail?: string;
  /** The request line (where the editor puts the cursor). */
  span: Span;
}

/** A request's symbol, with the lower-case texts queries are matched against. */
interface PreparedSymbol {
  name: string;
  detail?: string;
  /** The request line: relative to the block in the block's cache, to the document in the file's. */
  span: Span;
  /** The title, the `@name` and the request line, lower case. */
  keys: string[];
  /** The letters and digits of the keys (`charMask`): a query with one they lack cannot match. */
  mask: number;
}

const byBlock = new WeakMap<ParsedBlock, PreparedSymbol | null>();
const byDocument = new WeakMap<GraphreqDocument, PreparedSymbol[]>();

function blockSymbol(block: GraphreqDocument['blocks'][number]): PreparedSymbol | null {
  let s = byBlock.get(block.parsed);
  if (s !== undefined) return s;
  const r = block.parsed.request;
  s = null;
  if (r) {
    const line = `${r.method?.text ?? 'GET'} ${r.target.raw}`;
    const title = block.parsed.separator?.title?.text;
    const requestNamed = requestName(block);
    const at = requestNamed ? `@${requestNamed}` : undefined;
    const name = title ?? at ?? line;
    const detail = title || at ? line : undefined;
    // A request matches by its title or by its name, so `create` finds "Create a paused ad set" and `# @name create`.
    const keys = [name, at, detail].filter((k): k is string => !!k).map((k) => k.toLowerCase());
    s = {
      name,
      detail: name === at ? detail : [at, detail].filter(Boolean).join(' · ') || undefined,
      span: { start: r.span.start, end: r.target.span.end },
      keys,
      mask: keys.reduce((m, k) => m | charMask(k), 0),
    };
  }
  byBlock.set(block.parsed, s);
  return s;
}

/** The symbols of a document, at document offsets: one lookup per file and query; an edited file reuses its unchanged blocks'. */
function documentSymbols(doc: GraphreqDocument): PreparedSymbol[] {
  let list = byDocument.get(doc);
  if (list) return list;
  list = [];
  for (const block of doc.blocks) {
    const s = blockSymbol(block);
    if (s) list.push({ ...s, span: { start: block.offset + s.span.start, end: block.offset + s.span.end } });
  }
  byDocument.set(doc, list);
  return list;
}

/**
 * The symbols of `doc` that match `query`. The objects are the document's own, the same for every
 * query while the parse lives (a host may key its converted symbols by them): never change them.
 */
export function getWorkspaceSymbols(doc: GraphreqDocument, query: string): readonly WorkspaceSymbol[] {
  const all = documentSymbols(doc);
  const q = symbolQuery(query);
  if (!q) return all;
  const qMask = charMask(q);
  const out: WorkspaceSymbol[] = [];
  for (const s of all) {
    if ((s.mask & qMask) !== qMask) continue;
    for (const k of s.keys) {
      if (matchesLower(q, k)) {
        out.push(s);
        break;
      }
    }
  }
  return out;
}

/**
 * One bit for each letter, and for each digit (folded on six bits), of `text` (lower case): a text
 * lacks a character of the query when their masks say so, without reading it.
 */
function charMask(text: string): number {
  let m = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) m |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) m |= 1 << (26 + ((c - 48) % 6));
  }
  return m;
}

/** The query as it is matched: lower case, without white space. */
function symbolQuery(query: string): string {
  return query.toLowerCase().replace(/\s+/g, '');
}

/**
 * The query's characters appear in order in the text, ignoring case, the first one at the start of a
 * word (`engmnt` finds "Engagement", `read` does not find "Create").
 */
export function matches(query: string, text: string): boolean {
  const q = symbolQuery(query);
  return !q || matchesLower(q, text.toLowerCase());
}

/**
 * `matches` of a query and a text already in lower case. Only the first start of a word with the
 * query's first character is tried: the rest of the query found in order after a later start would
 * be found after this one too, so one scan of the text decides.
 */
function matchesLower(q: string, t: string): boolean {
  let start = t.indexOf(q[0]);
  while (start > 0 && isWordChar(t.charCodeAt(start - 1))) start = t.indexOf(q[0], start + 1);
  if (start < 0) return false;
  // The rest of the query in order, each character found by the native search (a loop over the text's characters was most of a query's time).
  for (let i = 1, j = start; i < q.length; i++) if ((j = t.indexOf(q[i], j + 1)) < 0) return false;
  return true;
}

/** [a-z0-9] */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}
