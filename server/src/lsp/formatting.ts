/**
 * Format Document and Format Selection: the core formats whole requests (the ones a selection
 * touches) and gives an edit for each run of whitespace that changes; the indentation comes with the
 * request, `graphreq.format.keepLines` from the settings.
 */
import type { FormattingOptions, TextEdit } from 'vscode-languageserver';
import { offsetAt, positionWalker, type FormatOptions, type TextEdit as CoreTextEdit } from '../core';
import type { DocumentState } from './documentStore';
import type { FeatureDeps } from './navigation';
import { runSafe } from './runSafe';

export function registerFormatting(d: FeatureDeps): void {
  const { connection, ls, documents, environment, log } = d;
  const options = (o: FormattingOptions): FormatOptions => ({ tabSize: o.tabSize, insertSpaces: o.insertSpaces, keepLines: !!environment.settings.format?.keepLines });

  connection.onDocumentFormatting((p) => {
    const s = documents.get(p.textDocument.uri);
    if (!s) return [];
    return runSafe(log, 'formatting', [] as TextEdit[], () => toTextEdits(s, ls.format(s.parse, options(p.options))));
  });

  connection.onDocumentRangeFormatting((p) => {
    const s = documents.get(p.textDocument.uri);
    if (!s) return [];
    const range = { start: offsetAt(s.parse, p.range.start), end: offsetAt(s.parse, p.range.end) };
    return runSafe(log, 'rangeFormatting', [] as TextEdit[], () => toTextEdits(s, ls.format(s.parse, options(p.options), range)));
  });
}

/** The core's edits (in document order) with LSP ranges, the positions found in one walk over the document. */
function toTextEdits(s: DocumentState, edits: CoreTextEdit[]): TextEdit[] {
  const at = positionWalker(s.parse);
  return edits.map((e) => ({ range: { start: at(e.span.start), end: at(e.span.end) }, newText: e.newText }));
}
