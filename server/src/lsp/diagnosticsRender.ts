/**
 * Diagnostics as the bytes of their JSON, kept per page of request blocks. The core keeps findings
 * per block (`DocumentValidation`); here each block's findings become JSON text once, with holes for
 * the line numbers (counted from the block's first line). Blocks are grouped in pages whose bytes are
 * kept joined, so a message is a few dozen pieces, not one per request. A keystroke re-renders the
 * edited block's text and re-joins its page by filling the page's templates for the lines their
 * blocks start on, which is string concatenation, not serialisation; a line added above a block does
 * the same for the pages below. The filled bytes are kept per page only, not per block as well
 * (issue 26: a second copy of every diagnostic, and an ArrayBuffer per request, 10-15 MB of the
 * server's memory on a file of ten thousand requests with findings).
 */
import { blockStartLines, positionInBlock, type BlockResult, type DocumentValidation, type Finding, type GraphreqDocument, type RequestBlock } from '../core';
import { diagnosticOf, toDiagnostic, type DiagnosticExtras } from './convert';
import { RawJson } from './rawJson';

/** A block's diagnostics as JSON text: `parts[0] + line[0] + parts[1] + ... + parts[n]`, lines relative to the block. */
interface Template {
  parts: string[];
  lines: number[];
  count: number;
  /** The block's hints, rendered or not. */
  hints: number;
}

/** A line number as it appears in a template's JSON before the holes are cut: `-1 - line` (never a real one). */
const HOLE = /"line":-(\d+)/g;

/** Blocks per page: an edit re-joins one page's bytes. */
const PAGE = 128;

/** A page's joined bytes, and what they were made from (the blocks' results and start lines). */
interface Page {
  results: BlockResult[];
  bases: number[];
  bytes: Uint8Array | undefined;
  count: number;
  hints: number;
}

export class DiagnosticsRenderer {
  private readonly templates = new WeakMap<BlockResult, Template>();
  private pages: Page[] = [];

  constructor(
    private readonly uri: string,
    /** What each diagnostic carries besides its range, severity, code and message (convert.ts). */
    private readonly links: DiagnosticExtras,
    /** Leave hints out (a large document being typed in: lsp/diagnostics.ts, `QUIET_MS`). */
    private readonly withoutHints = false,
  ) {}

  /**
   * The document's diagnostics (all, or all but hints), as a JSON array to splice into a message:
   * `count` of them, and the number of hints of the document, sent or not.
   */
  render(doc: GraphreqDocument, v: DocumentValidation): { diagnostics: RawJson; count: number; hints: number } {
    const startLines = blockStartLines(doc);
    const chunks: Uint8Array[] = [];
    let count = 0;
    let hints = 0;
    const pages: Page[] = [];
    for (let start = 0; start < v.results.length; start += PAGE) {
      const page = this.page(doc, v.results, start, Math.min(start + PAGE, v.results.length), startLines, this.pages[pages.length]);
      pages.push(page);
      if (page.bytes) chunks.push(page.bytes);
      count += page.count;
      hints += page.hints;
    }
    this.pages = pages;
    const cross = this.shown(v.cross);
    hints += v.cross.length - cross.length;
    if (cross.length) {
      const doc_ = { uri: this.uri, parse: doc };
      chunks.push(utf8.encode(cross.map((f) => JSON.stringify(toDiagnostic(doc_, f, this.links))).join(',')));
      count += cross.length;
    }
    return { diagnostics: new RawJson(chunks), count, hints };
  }

  /** A page of blocks: the previous one if its blocks' results and start lines are the same, else joined again. */
  private page(doc: GraphreqDocument, all: BlockResult[], from: number, to: number, startLines: readonly number[], old: Page | undefined): Page {
    const n = to - from;
    if (old && old.results.length === n) {
      let same = true;
      for (let i = 0; i < n && same; i++) same = old.results[i] === all[from + i] && old.bases[i] === startLines[from + i];
      if (same) return old;
    }
    const results: BlockResult[] = new Array(n);
    const bases: number[] = new Array(n);
    let text = '';
    let count = 0;
    let hints = 0;
    for (let i = 0; i < n; i++) {
      const block = doc.blocks[from + i];
      const result = all[from + i];
      const base = startLines[from + i];
      results[i] = result;
      bases[i] = base;
      if (!result.findings.length) continue;
      const template = this.template(block, result);
      hints += template.hints;
      if (!template.count) continue;
      text = count ? `${text},${fill(template, base)}` : fill(template, base);
      count += template.count;
    }
    return { results, bases, bytes: count ? utf8.encode(text) : undefined, count, hints };
  }

  private template(block: RequestBlock, result: BlockResult): Template {
    let t = this.templates.get(result);
    if (!t) this.templates.set(result, (t = this.build(block, result.findings)));
    return t;
  }

  /** The findings this renderer sends. */
  private shown(findings: Finding[]): Finding[] {
    return this.withoutHints ? findings.filter((f) => f.severity !== 'hint') : findings;
  }

  private build(block: RequestBlock, all: Finding[]): Template {
    const findings = this.shown(all);
    const hints = this.withoutHints ? all.length - findings.length : all.filter((f) => f.severity === 'hint').length;
    // Ranges relative to the block, with each line written as -1 - line so that the JSON marks it.
    const range = (s: { start: number; end: number }) => ({ start: hole(positionInBlock(block, s.start)), end: hole(positionInBlock(block, s.end)) });
    const text = findings.map((f) => JSON.stringify(diagnosticOf(f, this.uri, range, this.links))).join(',');
    const parts: string[] = [];
    const lines: number[] = [];
    let at = 0;
    for (const m of text.matchAll(HOLE)) {
      parts.push(text.slice(at, m.index! + 7));
      lines.push(Number(m[1]) - 1);
      at = m.index! + m[0].length;
    }
    parts.push(text.slice(at));
    return { parts, lines, count: findings.length, hints };
  }
}

/** Bytes as UTF-8 without Node's Buffer, so the server runs in a browser worker too (web/). */
const utf8 = new TextEncoder();

function hole(p: { line: number; character: number }): { line: number; character: number } {
  return { line: -1 - p.line, character: p.character };
}

function fill(t: Template, base: number): string {
  let s = t.parts[0];
  for (let i = 0; i < t.lines.length; i++) s += base + t.lines[i] + t.parts[i + 1];
  return s;
}
