/**
 * Diagnostics as the bytes of their JSON, kept per page of request blocks. The core keeps findings
 * per block (`DocumentValidation`); here each block's findings become JSON once, encoded as UTF-8 in
 * their page's bytes, which also say where each line number is (an offset in the bytes, and the line
 * counted from the block's first line). Blocks are grouped in pages, so a message is a few dozen
 * pieces, not one per request. A keystroke renders the edited block's findings and re-joins its page
 * by copying the other blocks' bytes from the page before; a line added above a block does the same
 * for the pages below, with their line numbers written again as they are copied.
 *
 * Nothing else is kept per block (issue 26, the server's memory on a file of ten thousand requests
 * with findings): no second copy of a block's diagnostics as bytes (10-15 MB), nor as text with holes
 * for its lines (a template per block, 16 MB with both renderers).
 */
import { blockStartLines, positionInBlock, type BlockResult, type DocumentValidation, type Finding, type GraphreqDocument, type RequestBlock } from '../core';
import { diagnosticOf, toDiagnostic, type DiagnosticExtras } from './convert';
import { RawJson } from './rawJson';

/** Blocks per page: an edit re-joins one page's bytes. */
const PAGE = 128;

/**
 * Blocks' diagnostics as bytes: a page's, or one block's just rendered. Slot `i` (the page's i-th
 * block) is `bytes[starts[i], ends[i])`, its line numbers' digits start at `holeAt[k]` for `k` in
 * `[holeFrom[i], holeFrom[i + 1])`, and each is `bases[i] + holeRel[k]`.
 */
interface Rendered {
  bytes: Uint8Array;
  bases: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  holeFrom: Int32Array;
  holeAt: Int32Array;
  holeRel: Int32Array;
  /** Per slot: the diagnostics written, and the block's hints (written or not). */
  counts: Int32Array;
  hintCounts: Int32Array;
}

/** A page: its blocks' results (what its bytes were made from) and its bytes. */
interface Page extends Rendered {
  results: BlockResult[];
  count: number;
  hints: number;
}

const EMPTY = new Uint8Array(0);
/** A block without findings. */
const NONE: Rendered = { bytes: EMPTY, bases: Int32Array.of(0), starts: Int32Array.of(0), ends: Int32Array.of(0), holeFrom: Int32Array.of(0, 0), holeAt: new Int32Array(0), holeRel: new Int32Array(0), counts: Int32Array.of(0), hintCounts: Int32Array.of(0) };

export class DiagnosticsRenderer {
  private pages: Page[] = [];
  /** The blocks of the document last rendered: blocks added or removed above a page move its results by as many slots. */
  private blocks = 0;

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
    const moved = doc.blocks.length - this.blocks;
    for (let start = 0; start < v.results.length; start += PAGE) {
      const page = this.page(doc, v.results, start, Math.min(start + PAGE, v.results.length), startLines, moved);
      pages.push(page);
      if (page.count) chunks.push(page.bytes);
      count += page.count;
      hints += page.hints;
    }
    this.pages = pages;
    this.blocks = doc.blocks.length;
    const cross = this.shown(v.cross);
    hints += v.cross.length - cross.length;
    if (cross.length) {
      const doc_ = { uri: this.uri, parse: doc };
      chunks.push(utf8.encode(cross.map((f) => JSON.stringify(toDiagnostic(doc_, f, this.links))).join(',')));
      count += cross.length;
    }
    return { diagnostics: new RawJson(chunks), count, hints };
  }

  /** Where the last rendering has the bytes of block `index` if its result is `result` (it is at the same index, or moved by `moved` blocks). */
  private kept(index: number, result: BlockResult, moved: number): { from: Rendered; slot: number } | undefined {
    for (let at = index, tries = moved ? 2 : 1; tries > 0 && at >= 0; tries--, at = index - moved) {
      const page = this.pages[Math.floor(at / PAGE)];
      if (page && page.results[at % PAGE] === result) return { from: page, slot: at % PAGE };
    }
    return undefined;
  }

  /**
   * A page of blocks: the previous one if its blocks' results and start lines are the same; else
   * joined again, each block's bytes copied from where the last rendering has them (its lines
   * written again), or rendered now.
   */
  private page(doc: GraphreqDocument, all: BlockResult[], from: number, to: number, startLines: readonly number[], moved: number): Page {
    const n = to - from;
    const old = this.pages[from / PAGE];
    if (old && old.results.length === n) {
      let same = true;
      for (let i = 0; i < n && same; i++) same = old.results[i] === all[from + i] && old.bases[i] === startLines[from + i];
      if (same) return old;
    }
    const results = all.slice(from, to);
    const sources: Rendered[] = new Array(n);
    const slots = new Int32Array(n);
    const bases = new Int32Array(n);
    let size = 0;
    let holes = 0;
    let count = 0;
    let hints = 0;
    for (let i = 0; i < n; i++) {
      const base = (bases[i] = startLines[from + i]);
      const result = results[i];
      const found = result.findings.length ? this.kept(from + i, result, moved) : undefined;
      const source = found?.from ?? (result.findings.length ? this.build(doc.blocks[from + i], result.findings, base) : NONE);
      const slot = found?.slot ?? 0;
      sources[i] = source;
      slots[i] = slot;
      const c = source.counts[slot];
      hints += source.hintCounts[slot];
      if (!c) continue;
      size += source.ends[slot] - source.starts[slot] + (count ? 1 : 0);
      for (let k = source.holeFrom[slot]; k < source.holeFrom[slot + 1]; k++) size += digits(base + source.holeRel[k]) - digits(source.bases[slot] + source.holeRel[k]);
      holes += source.holeFrom[slot + 1] - source.holeFrom[slot];
      count += c;
    }
    const page: Page = {
      results,
      bases,
      bytes: size ? new Uint8Array(size) : EMPTY,
      starts: new Int32Array(n),
      ends: new Int32Array(n),
      holeFrom: new Int32Array(n + 1),
      holeAt: new Int32Array(holes),
      holeRel: new Int32Array(holes),
      counts: new Int32Array(n),
      hintCounts: new Int32Array(n),
      count,
      hints,
    };
    const out = page.bytes;
    let w = 0;
    let h = 0;
    for (let i = 0; i < n; i++) {
      const source = sources[i];
      const slot = slots[i];
      page.holeFrom[i] = h;
      page.hintCounts[i] = source.hintCounts[slot];
      page.counts[i] = source.counts[slot];
      if (!page.counts[i]) {
        page.starts[i] = page.ends[i] = w;
        continue;
      }
      if (w) out[w++] = 0x2c; // ,
      page.starts[i] = w;
      // The block's bytes, each line number written for the block's line now.
      const bytes = source.bytes;
      const oldBase = source.bases[slot];
      let at = source.starts[slot];
      for (let k = source.holeFrom[slot]; k < source.holeFrom[slot + 1]; k++) {
        const hole = source.holeAt[k];
        const rel = source.holeRel[k];
        out.set(bytes.subarray(at, hole), w);
        w += hole - at;
        page.holeAt[h] = w;
        page.holeRel[h++] = rel;
        w = writeNumber(out, w, bases[i] + rel);
        at = hole + digits(oldBase + rel);
      }
      const end = source.ends[slot];
      out.set(bytes.subarray(at, end), w);
      w += end - at;
      page.ends[i] = w;
    }
    page.holeFrom[n] = h;
    return page;
  }

  /** The findings this renderer sends. */
  private shown(findings: Finding[]): Finding[] {
    return this.withoutHints ? findings.filter((f) => f.severity !== 'hint') : findings;
  }

  /** One block's diagnostics, rendered now for the block starting on line `base`. */
  private build(block: RequestBlock, all: Finding[], base: number): Rendered {
    const findings = this.shown(all);
    const hints = this.withoutHints ? all.length - findings.length : all.filter((f) => f.severity === 'hint').length;
    const at = (offset: number) => {
      const p = positionInBlock(block, offset);
      return { line: base + p.line, character: p.character };
    };
    const range = (s: { start: number; end: number }) => ({ start: at(s.start), end: at(s.end) });
    const bytes = findings.length ? utf8.encode(findings.map((f) => JSON.stringify(diagnosticOf(f, this.uri, range, this.links))).join(',')) : EMPTY;
    const holeAt: number[] = [];
    const holeRel: number[] = [];
    // Every `"line":` of the JSON is a range's: in a string a quote is escaped (`\"line\":`).
    for (let k = bytes.indexOf(0x22); k >= 0; k = bytes.indexOf(0x22, k + 1)) {
      if (!startsWithLine(bytes, k)) continue;
      let d = k + LINE_KEY.length;
      holeAt.push(d);
      let line = 0;
      for (; bytes[d] >= 0x30 && bytes[d] <= 0x39; d++) line = line * 10 + bytes[d] - 0x30;
      holeRel.push(line - base);
    }
    return {
      bytes,
      bases: Int32Array.of(base),
      starts: Int32Array.of(0),
      ends: Int32Array.of(bytes.length),
      holeFrom: Int32Array.of(0, holeAt.length),
      holeAt: Int32Array.from(holeAt),
      holeRel: Int32Array.from(holeRel),
      counts: Int32Array.of(findings.length),
      hintCounts: Int32Array.of(hints),
    };
  }
}

/** Bytes as UTF-8 without Node's Buffer, so the server runs in a browser worker too (web/). */
const utf8 = new TextEncoder();

/** `"line":`, which starts each line number of a range. */
const LINE_KEY = utf8.encode('"line":');

function startsWithLine(bytes: Uint8Array, k: number): boolean {
  for (let j = 1; j < LINE_KEY.length; j++) if (bytes[k + j] !== LINE_KEY[j]) return false;
  return true;
}

/** The digits of a line number (never negative). */
function digits(n: number): number {
  let d = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    d++;
  }
  return d;
}

/** Writes `n`'s digits at `w`; returns the offset after them. */
function writeNumber(out: Uint8Array, w: number, n: number): number {
  const end = w + digits(n);
  for (let k = end - 1; k >= w; k--) {
    out[k] = 0x30 + (n % 10);
    n = Math.floor(n / 10);
  }
  return end;
}
