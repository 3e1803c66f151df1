import type { GraphreqDocument, ParsedBlock, RequestBlock } from './ast';
import { parseBlock } from './parseBlock';
import { carryStartLines, recordStartLines } from './positions';
import { splitBlocks } from './splitBlocks';

/**
 * A carriage return not followed by a line feed is a line break, as LSP and every editor count it;
 * the core reads it as a line feed. One character for one keeps every offset, so the positions the
 * core gives (and the edits it computes) are the client's, and the parser, the line map and every
 * scanner that looks for `\n` see the same lines as the user.
 */
export function normalizeLineBreaks(text: string): string {
  return text.indexOf('\r') >= 0 && LONE_CR.test(text) ? text.replace(LONE_CR_ALL, '\n') : text;
}

const LONE_CR = /\r(?!\n)/;
const LONE_CR_ALL = /\r(?!\n)/g;

/** What the host knows of a document's text besides the text. */
export interface TextOrigin {
  /** Decoded from UTF-8 bytes (a file read strictly, files/textFile.ts): it holds no lone surrogate. */
  fromUtf8?: boolean;
}

/**
 * Parses a whole document. `previous` is the last parse of the same document: a block whose text is
 * unchanged is reused as it is (only its offset moves), so an edit re-parses just the edited request.
 */
export function parseDocument(text: string, previous?: GraphreqDocument, origin: TextOrigin = {}): GraphreqDocument {
  text = normalizeLineBreaks(text);
  const { starts, lines } = splitBlocks(text);
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
  const wellFormed = origin.fromUtf8 ? true : undefined;
  for (let i = 0; i < starts.length; i++) {
    const offset = starts[i];
    const end = i + 1 < starts.length ? starts[i + 1] : text.length;
    const blockText = text.slice(offset, end);
    const cached = reuse?.get(blockText)?.pop();
    blocks[i] = { offset, text: blockText, parsed: cached ?? parseBlock(blockText), index: i, wellFormed };
  }
  const doc = { blocks, length: text.length };
  recordStartLines(doc, lines);
  return doc;
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
 * Applies one text change to a parsed document without touching the rest of the text: only the
 * blocks around the change are split and parsed again; the blocks after it keep their parse and move
 * by the change's length. `start`/`oldEnd` are offsets in the old text.
 */
export function updateDocument(doc: GraphreqDocument, start: number, oldEnd: number, inserted: string): GraphreqDocument {
  const blocks = doc.blocks;
  start = Math.max(0, Math.min(start, doc.length));
  oldEnd = Math.max(start, Math.min(oldEnd, doc.length));
  const delta = inserted.length - (oldEnd - start);
  // The region to split again: from the block before the one holding `start` (an edit at the start of
  // a line can join it to the previous block) to the block after the one holding `oldEnd`.
  let first = indexAt(blocks, start) - 1;
  if (first < 0) first = 0;
  let last = indexAt(blocks, oldEnd) + 1;
  if (last >= blocks.length) last = blocks.length - 1;
  const regionStart = blocks[first].offset;
  // The region's new text, built from its old blocks and the change: the rest of the document is not read.
  let old = '';
  for (let i = first; i <= last; i++) old += blocks[i].text;
  // Normalized after the splice: deleting the line feed of a CRLF leaves a lone carriage return. (A line
  // feed typed right after a lone carriage return makes two breaks here and one for the client; only a
  // client that keeps lone carriage returns can do that, and its next full sync mends it.)
  const region = normalizeLineBreaks(old.slice(0, start - regionStart) + inserted + old.slice(oldEnd - regionStart));
  const { starts, lines, lineBreaks } = splitBlocks(region);
  const middle: RequestBlock[] = [];
  const middleLines: number[] = [];
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i];
    const e = i + 1 < starts.length ? starts[i + 1] : region.length;
    // An emptied region leaves no block behind, unless the document is empty.
    if (e === s && (i > 0 || first > 0 || last + 1 < blocks.length)) continue;
    const slice = region.slice(s, e);
    const reused = blocks.slice(first, last + 1).find((b) => b.text === slice);
    // A block unchanged keeps its text. Another is a copy, not a slice: a slice would keep this version
    // of a region alive for as long as the block lives; except a block that is most of its region,
    // which keeps at most its own size more alive, and whose copy would cost a keystroke in a body of
    // megabytes about 40 ms (issue 20).
    const text = reused ? reused.text : slice.length * 2 >= region.length ? slice : own(slice);
    middle.push({ offset: regionStart + s, text, parsed: reused ? reused.parsed : parseBlock(text), index: 0 });
    middleLines.push(lines[i]);
  }
  const out: RequestBlock[] = blocks.slice(0, first);
  for (const b of middle) out.push(b);
  for (let i = last + 1; i < blocks.length; i++) {
    const b = blocks[i];
    out.push({ offset: b.offset + delta, text: b.text, parsed: b.parsed, index: 0 });
  }
  for (let i = 0; i < out.length; i++) out[i].index = i;
  const updated = { blocks: out, length: doc.length + delta };
  carryStartLines(doc, updated, first, last, middleLines, lineBreaks);
  return updated;
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

/**
 * The number of the request in block `index` as people count requests: 1 for the first block that
 * holds a request; blocks without one (the variable preamble, comments) are not counted.
 */
export function requestNumber(doc: GraphreqDocument, index: number): number {
  let n = 0;
  for (let i = 0; i <= index && i < doc.blocks.length; i++) if (doc.blocks[i].parsed.request) n++;
  return Math.max(n, 1);
}
