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
