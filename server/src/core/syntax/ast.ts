/**
 * The syntax tree of a .graphreq file.
 *
 * A document is a list of request blocks. Each block is parsed on its own, with offsets relative to
 * the block's start, so an unchanged block can be reused after an edit elsewhere (see parseDocument).
 * Add `block.offset` to get document offsets. Bodies are kept as text plus a span: the JSON tree of a
 * body is built on demand (jsonBody.ts) because keeping one for every body of a large file costs
 * hundreds of megabytes.
 */
import type { Span } from '../types';

export interface Token {
  text: string;
  span: Span;
}

export interface SyntaxError {
  code: string;
  message: string;
  span: Span;
}

/** `@name = value`: a file variable. */
export interface VariableDef {
  name: Token;
  value: Token;
  span: Span;
}

/** `# @name value`: a directive written in a comment. */
export interface Directive {
  name: Token;
  value?: Token;
  span: Span;
}

export interface PathSegment {
  text: string;
  span: Span;
}

/** One `name=value` pair of a query string or a form body. Text is raw (not percent-decoded). */
export interface Param {
  name: Token;
  value?: Token;
  span: Span;
  source: 'query' | 'form';
}

export interface RequestTarget {
  span: Span;
  raw: string;
  /** `https://host` for an absolute URL. */
  origin?: Token;
  /** Read on first use: most requests never ask for their segments (parseBlock.ts). */
  readonly path: { span: Span; segments: PathSegment[] };
  /** `path.span`, without reading the segments. */
  readonly pathSpan: Span;
  /** The path as written (the text of `path.span`), without reading its segments. */
  readonly pathText: string;
  /** The `?` that starts the query string on the request line, if any. */
  queryStart?: number;
}

export interface Header {
  name: Token;
  value: Token;
  span: Span;
}

export interface Body {
  span: Span;
  text: string;
  /** JSONC (starts with `{` or `[`), form-encoded `a=1&b=2`, or read from a file (`< ./body.json`). */
  kind: 'json' | 'form' | 'file';
  formParams?: Param[];
  /**
   * `< path` (the file's text as it is) or `<@ path` (with its `{{variables}}` resolved), as REST
   * Client and httpYac write it. The path is relative to the request file's folder.
   */
  file?: { path: Token; substitute: boolean };
}

export interface RequestNode {
  span: Span;
  method?: Token;
  target: RequestTarget;
  /** Query parameters from the request line and from continuation lines (`?a=1`, `&b=2`). */
  params: Param[];
  /** Lines that continue the query (for folding, colouring and appending parameters). */
  continuationLines: Span[];
  headers: Header[];
  body?: Body;
}

/** One request: the text from a `###` line (or the start of the file) to the next `###` line. */
export interface ParsedBlock {
  /** Length of the block's text. */
  length: number;
  separator?: { span: Span; title?: Token };
  comments: Span[];
  directives: Directive[];
  variables: VariableDef[];
  request?: RequestNode;
  /**
   * httpYac assertion lines (`?? status == 200`): not graphreq syntax. Kept apart so that they never
   * become a query parameter or part of the body, and so that a fix can later turn them into
   * graphreq expectations.
   */
  assertions: Token[];
  errors: SyntaxError[];
}

export interface RequestBlock {
  /** Offset of the block in the document. */
  offset: number;
  /** The block's text; the parse cache is keyed by it. */
  text: string;
  parsed: ParsedBlock;
  /** Index of the block in the document. */
  index: number;
  /**
   * The text is known to hold no lone surrogate: the host decoded it from UTF-8 bytes (a file on
   * disk), which cannot encode one. REQ-LONE-SURROGATE then skips looking for raw ones (the escapes
   * written in a body, `"\ud800"`, are still looked for).
   */
  wellFormed?: true;
}

export interface GraphreqDocument {
  blocks: RequestBlock[];
  /** Length of the whole text. The text itself is not kept: it is the blocks' texts one after another. */
  length: number;
}
