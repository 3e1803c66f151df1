/**
 * `graphreq import`'s conversion, pure: curl commands or REST Client / httpYac `.http` text in,
 * `.graphreq` text (laid out by the formatter) and the notes on what was not carried over out.
 */
import { formatText } from '../features/format';
import { parseDocument } from '../syntax/parseDocument';
import { importCurl, looksLikeCurl } from './fromCurl';
import { importHttp } from './fromHttp';
import type { ImportResult } from './notes';

export type { ImportResult } from './notes';
export type ImportSource = 'curl' | 'http' | 'auto';

/** The converted text and its notes, and how many requests it holds (for a summary). */
export interface ImportOutput extends ImportResult {
  requests: number;
}

export function importText(text: string, from: ImportSource): ImportOutput {
  const kind = from === 'auto' ? (looksLikeCurl(text) ? 'curl' : 'http') : from;
  const result = kind === 'curl' ? importCurl(text) : importHttp(text);
  const doc = parseDocument(result.text);
  return { text: formatText(result.text, doc), notes: result.notes, requests: doc.blocks.filter((b) => b.parsed.request).length };
}
