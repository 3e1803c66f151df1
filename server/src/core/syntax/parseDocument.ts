import type { GraphreqDocument, ParsedBlock, RequestBlock } from './ast';
import { parseBlock } from './parseBlock';
import { findBlockStarts } from './splitBlocks';

/**
 * Parses a whole document. `previous` is the last parse of the same document: a block whose text is
 * unchanged is reused as it is (only its offset moves), so an edit re-parses just the edited request.
 */
export function parseDocument(text: string, previous?: GraphreqDocument): GraphreqDocument {
  const starts = findBlockStarts(text);
  let reuse: Map<string, ParsedBlock[]> | undefined;
  if (previous && previous.blocks.length > 1) {
    reuse = new Map();
    for (const b of previous.blocks) {
      const list = reuse.get(b.text);
      if (list) list.push(b.parsed);
      else reuse.set(b.text, [b.parsed]);
    }
  }
  const blocks: RequestBlock[] = new Array(starts.length);
  for (let i = 0; i < starts.length; i++) {
    const offset = starts[i];
    const end = i + 1 < starts.length ? starts[i + 1] : text.length;
    const blockText = text.slice(offset, end);
    const cached = reuse?.get(blockText)?.pop();
    blocks[i] = { offset, text: blockText, parsed: cached ?? parseBlock(blockText), index: i };
  }
  return { text, blocks };
}

/** The block that contains `offset` (binary search). */
export function blockAt(doc: GraphreqDocument, offset: number): RequestBlock | undefined {
  let lo = 0;
  let hi = doc.blocks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = doc.blocks[mid];
    if (offset < b.offset) hi = mid - 1;
    else if (offset > b.offset + b.text.length || (offset === b.offset + b.text.length && mid + 1 < doc.blocks.length)) lo = mid + 1;
    else return b;
  }
  return doc.blocks[doc.blocks.length - 1];
}

/**
 * Applies one text change to a parsed document without rescanning the whole text: only the blocks
 * around the change are split and parsed again; the blocks after it keep their parse and move by the
 * change's length. `start`/`oldEnd` are offsets in the old text; `newText` is the whole new text.
 */
export function updateDocument(doc: GraphreqDocument, newText: string, start: number, oldEnd: number, insertedLength: number): GraphreqDocument {
  const blocks = doc.blocks;
  if (blocks.length < 4) return parseDocument(newText, doc);
  const delta = insertedLength - (oldEnd - start);
  // The region to split again: from the block before the one holding `start` (an edit at the start of
  // a line can join it to the previous block) to the block after the one holding `oldEnd`.
  let first = indexAt(blocks, start) - 1;
  if (first < 0) first = 0;
  let last = indexAt(blocks, oldEnd) + 1;
  if (last >= blocks.length) last = blocks.length - 1;
  const regionStart = blocks[first].offset;
  const oldRegionEnd = last + 1 < blocks.length ? blocks[last + 1].offset : doc.text.length;
  const newRegionEnd = oldRegionEnd + delta;
  const region = newText.slice(regionStart, newRegionEnd);
  const starts = findBlockStarts(region);
  const middle: RequestBlock[] = [];
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i];
    const e = i + 1 < starts.length ? starts[i + 1] : region.length;
    if (e === s && i > 0) continue;
    // A copy, not a slice: a slice would keep this whole version of the document alive for as long
    // as the block lives, and after many edits that is many versions of a large file.
    const text = own(region.slice(s, e));
    const old = blocks.slice(first, last + 1).find((b) => b.text === text);
    middle.push({ offset: regionStart + s, text, parsed: old ? old.parsed : parseBlock(text), index: 0 });
  }
  const out: RequestBlock[] = blocks.slice(0, first);
  for (const b of middle) out.push(b);
  for (let i = last + 1; i < blocks.length; i++) {
    const b = blocks[i];
    out.push({ offset: b.offset + delta, text: b.text, parsed: b.parsed, index: 0 });
  }
  for (let i = 0; i < out.length; i++) out[i].index = i;
  return { text: newText, blocks: out };
}

function indexAt(blocks: RequestBlock[], offset: number): number {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[mid].offset <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A flat copy of a short string that does not point into its parent string. */
function own(s: string): string {
  return s.length > 12 ? (JSON.parse(JSON.stringify(s)) as string) : s;
}
