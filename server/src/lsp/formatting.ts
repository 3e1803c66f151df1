/**
 * Format Document and Format Selection: the core formats whole requests (the ones a selection
 * touches) and gives an edit for each run of whitespace that changes; the indentation comes with the
 * request, the print width of JSON bodies from `graphreq.format.printWidth`, else the document's
 * `.editorconfig` (`max_line_length`), else 80, and `graphreq.format.keepLines` from the settings. A request whose layout changes throughout
 * (a body pasted on one line) goes out as one edit (`coalesceEdits`).
 */
import type { FormattingOptions, TextEdit } from 'vscode-languageserver';
import { applyEdits, offsetAt, positionWalker, type FormatOptions, type GraphreqDocument, type TextEdit as CoreTextEdit } from '../core';
import type { DocumentState } from './documentStore';
import type { FeatureDeps } from './navigation';
import { runSafe, throwIfCancelled } from './runSafe';

export function registerFormatting(d: FeatureDeps): void {
  const { connection, ls, documents, environment, log } = d;
  const options = (uri: string, o: FormattingOptions): FormatOptions => ({ tabSize: o.tabSize, insertSpaces: o.insertSpaces, keepLines: !!environment.settings.format?.keepLines, printWidth: printWidthOf(uri) });
  /** The setting, else the document's .editorconfig (read by the host, up to the workspace folder). */
  const printWidthOf = (uri: string): number | undefined => {
    const setting = environment.settings.format?.printWidth;
    if (typeof setting === 'number' && Number.isInteger(setting) && setting >= 20 && setting <= 1000) return setting;
    return d.host.editorConfigWidth(uri, environment.folderOf(uri));
  };

  connection.onDocumentFormatting((p, token) => {
    throwIfCancelled(token);
    const s = documents.get(p.textDocument.uri);
    if (!s) return [];
    return runSafe(log, 'formatting', [] as TextEdit[], () => toTextEdits(s, ls.format(s.parse, options(p.textDocument.uri, p.options))));
  });

  connection.onDocumentRangeFormatting((p, token) => {
    throwIfCancelled(token);
    const s = documents.get(p.textDocument.uri);
    if (!s) return [];
    const range = { start: offsetAt(s.parse, p.range.start), end: offsetAt(s.parse, p.range.end) };
    return runSafe(log, 'rangeFormatting', [] as TextEdit[], () => toTextEdits(s, ls.format(s.parse, options(p.textDocument.uri, p.options), range)));
  });
}

/** The core's edits (in document order) with LSP ranges, the positions found in one walk over the document. */
function toTextEdits(s: DocumentState, edits: CoreTextEdit[]): TextEdit[] {
  const at = positionWalker(s.parse);
  return coalesceEdits(s.parse, edits).map((e) => ({ range: { start: at(e.span.start), end: at(e.span.end) }, newText: e.newText }));
}

/** What an edit costs on the wire besides its new text: its range and keys as JSON (six-digit lines). */
const EDIT_BYTES = 90;
/** A request with at most this many edits keeps them all: a few fine edits are what a misindented request needs. */
const FEW_EDITS = 16;

/**
 * The edits (in document order) with each request's merged into one, over the span they cover, where
 * that request has many and one is fewer bytes: a body written on one line gets an edit per gap
 * between its tokens, and a file of such requests would send several times its own size (63 MB of
 * edits for the 16 MB bench file, against 16 MB merged). VS Code reduces a formatting edit to the
 * characters that change itself (so cursors and markers stay); other clients keep the fine edits of
 * requests that change little.
 */
export function coalesceEdits(doc: GraphreqDocument, edits: CoreTextEdit[]): CoreTextEdit[] {
  if (edits.length <= FEW_EDITS) return edits;
  const out: CoreTextEdit[] = [];
  let i = 0;
  for (const block of doc.blocks) {
    const end = block.offset + block.text.length;
    let j = i;
    while (j < edits.length && edits[j].span.start < end) j++;
    // Edits end within their request (the core formats request by request); an insertion at the end belongs to it.
    while (j < edits.length && edits[j].span.start === end && edits[j].span.end === end) j++;
    if (j - i > FEW_EDITS && merged(block.text, block.offset, edits, i, j, out)) i = j;
    else while (i < j) out.push(edits[i++]);
  }
  while (i < edits.length) out.push(edits[i++]);
  return out;
}

/** Adds edits `from` to `to` of one request as one edit, and says so, when that is fewer bytes. */
function merged(text: string, base: number, edits: CoreTextEdit[], from: number, to: number, out: CoreTextEdit[]): boolean {
  const start = edits[from].span.start;
  const end = edits[to - 1].span.end;
  if (start < base || end > base + text.length) return false;
  let fine = 0;
  let grown = 0;
  for (let k = from; k < to; k++) {
    const e = edits[k];
    fine += EDIT_BYTES + e.newText.length;
    grown += e.newText.length - (e.span.end - e.span.start);
  }
  if (EDIT_BYTES + end - start + grown >= fine) return false;
  out.push({ span: { start, end }, newText: applyEdits(text.slice(start - base, end - base), edits.slice(from, to), start) });
  return true;
}
