/**
 * Offsets and line/character positions (UTF-16, as LSP counts them) over a parsed document, without
 * the document's whole text: each block knows its line starts, and each document the line its blocks
 * start on. An edit then changes a few blocks' line starts, not a line table of the whole file, and
 * the server never has to rebuild one large string per keystroke.
 */
import type { GraphreqDocument, ParsedBlock, RequestBlock } from './ast';
import { blockAt } from './parseDocument';

/** Line starts of a block's text (relative offsets), cached with its parse. */
const lineStartsCache = new WeakMap<ParsedBlock, number[]>();
/** First line of each block, per document. */
const startLinesCache = new WeakMap<GraphreqDocument, number[]>();

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function blockLineStarts(b: RequestBlock): number[] {
  let starts = lineStartsCache.get(b.parsed);
  if (!starts) lineStartsCache.set(b.parsed, (starts = lineStartsOf(b.text)));
  return starts;
}

function startLines(doc: GraphreqDocument): number[] {
  let lines = startLinesCache.get(doc);
  if (!lines) {
    lines = new Array(doc.blocks.length);
    let line = 0;
    for (let i = 0; i < doc.blocks.length; i++) {
      lines[i] = line;
      line += blockLineStarts(doc.blocks[i]).length - 1;
    }
    startLinesCache.set(doc, lines);
  }
  return lines;
}

/**
 * Gives a document its blocks' first lines as the split counted them (`splitBlocks`), so that no
 * block's lines are counted for the line map: a position below a body of megabytes costs nothing
 * for that body.
 */
export function recordStartLines(doc: GraphreqDocument, lines: number[]): void {
  startLinesCache.set(doc, lines);
}

/**
 * Gives the document an edit made (`updateDocument`) its blocks' first lines from the document before
 * it: the same before the edited region, as the region's split counted them in it, moved by the lines
 * it gained after it. An edit then costs no line count of any block (ten thousand lookups per
 * keystroke in a large file, or the 100,000 lines of a large body next to the edit).
 * `first`..`last`: the old region's block indices; `regionLines`: the first line of each block that
 * replaces them, counted from the region's start; `regionBreaks`: the line feeds of the new region.
 */
export function carryStartLines(from: GraphreqDocument, to: GraphreqDocument, first: number, last: number, regionLines: readonly number[], regionBreaks: number): void {
  const old = startLinesCache.get(from);
  if (!old) return;
  const added = regionLines.length;
  const lines = new Array<number>(to.blocks.length);
  for (let i = 0; i < first; i++) lines[i] = old[i];
  const base = first < from.blocks.length ? old[first] : 0;
  for (let i = 0; i < added; i++) lines[first + i] = base + regionLines[i];
  const oldEnd = last + 1 < from.blocks.length ? old[last + 1] : undefined;
  const delta = oldEnd === undefined ? 0 : base + regionBreaks - oldEnd;
  for (let j = last + 1, i = first + added; j < from.blocks.length; j++, i++) lines[i] = old[j] + delta;
  startLinesCache.set(to, lines);
}

export function positionAt(doc: GraphreqDocument, offset: number): { line: number; character: number } {
  offset = Math.max(0, Math.min(offset, doc.length));
  const block = blockAt(doc, offset);
  if (!block) return { line: 0, character: 0 };
  const p = positionInBlock(block, offset - block.offset);
  return { line: startLines(doc)[block.index] + p.line, character: p.character };
}

/**
 * Positions of offsets given in ascending order (findings sorted, a list of edits in order), each
 * found by walking on from the one before rather than by two searches: the line feeds between one
 * offset and the next are counted as the walk goes, so a block's lines are counted only up to the
 * last offset in it and its table of line starts is not built (the split has counted its lines
 * already: printing 19,000 findings counted every block's lines again). An offset nearer its block's
 * end than to the last offset is counted back from the next block's first line instead. An offset
 * before the last one is searched for as `positionAt` does.
 */
export function positionWalker(doc: GraphreqDocument): (offset: number) => { line: number; character: number } {
  const blocks = doc.blocks;
  if (blocks.length === 0) return (offset) => positionAt(doc, offset);
  const firstLines = startLines(doc);
  let b = 0;
  let text = blocks[0].text;
  /** The block-relative offset the line feeds of block `b` are counted up to, the lines counted and where the last one starts. */
  let counted = 0;
  let line = 0;
  let lineStart = 0;
  let last = 0;
  return (offset) => {
    offset = Math.max(0, Math.min(offset, doc.length));
    if (offset < last) return positionAt(doc, offset);
    last = offset;
    while (b + 1 < blocks.length && blocks[b + 1].offset <= offset) {
      b++;
      text = blocks[b].text;
      counted = line = lineStart = 0;
    }
    const rel = offset - blocks[b].offset;
    if (b + 1 < blocks.length && text.length - rel < rel - counted) {
      // Nearer the block's end than the last offset counted (most findings of a request are on the
      // last members of its body): its line is the next block's first line less the line feeds from
      // it to the end, and the last of those found backwards ends the line before it.
      let after = 0;
      let i = text.lastIndexOf('\n');
      while (i >= rel) {
        after++;
        i = i > 0 ? text.lastIndexOf('\n', i - 1) : -1;
      }
      line = firstLines[b + 1] - firstLines[b] - after;
      lineStart = i + 1;
    } else {
      for (let i = text.indexOf('\n', counted); i >= 0 && i < rel; i = text.indexOf('\n', i + 1)) {
        line++;
        lineStart = i + 1;
      }
    }
    counted = rel;
    return { line: firstLines[b] + line, character: rel - lineStart };
  };
}

/**
 * A block-relative offset as a position counted from the block's first line: what a host that
 * keeps results per block (the language server's diagnostics) converts once, whatever moves before it.
 */
export function positionInBlock(block: RequestBlock, rel: number): { line: number; character: number } {
  const starts = blockLineStarts(block);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= rel) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: rel - starts[lo] };
}

/** The line each block of `doc` starts on, by block index. */
export function blockStartLines(doc: GraphreqDocument): readonly number[] {
  return startLines(doc);
}

export function offsetAt(doc: GraphreqDocument, pos: { line: number; character: number }): number {
  if (pos.line < 0) return 0;
  const lines = startLines(doc);
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid] <= pos.line) lo = mid;
    else hi = mid - 1;
  }
  // Blocks end with a line break, so a line belongs to the last block starting at or before it.
  const block = doc.blocks[lo];
  if (!block) return 0;
  const starts = blockLineStarts(block);
  const local = pos.line - lines[lo];
  if (local >= starts.length) return block.offset + block.text.length;
  const lineStart = starts[local];
  let lineEnd = local + 1 < starts.length ? starts[local + 1] - 1 : block.text.length;
  if (lineEnd > lineStart && block.text.charCodeAt(lineEnd - 1) === 13 && local + 1 < starts.length) lineEnd--;
  return block.offset + Math.min(lineStart + Math.max(0, pos.character), Math.max(lineStart, lineEnd));
}

/** The whole text (joined from the blocks): for the rare reader that needs it, such as sending. */
export function documentText(doc: GraphreqDocument): string {
  return doc.blocks.map((b) => b.text).join('');
}
