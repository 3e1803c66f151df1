/**
 * Format Document and Format Selection: the core formats whole requests (the ones a selection
 * touches); the indentation comes with the request, `graphreq.format.keepLines` from the settings.
 */
import type { FormattingOptions, TextEdit } from 'vscode-languageserver';
import { offsetAt, type FormatOptions } from '../core';
import { toTextEdit } from './convert';
import type { FeatureDeps } from './navigation';
import { runSafe } from './runSafe';

export function registerFormatting(d: FeatureDeps): void {
  const { connection, ls, documents, environment, log } = d;
  const options = (o: FormattingOptions): FormatOptions => ({ tabSize: o.tabSize, insertSpaces: o.insertSpaces, keepLines: !!environment.settings.format?.keepLines });

  connection.onDocumentFormatting((p) => {
    const s = documents.get(p.textDocument.uri);
    if (!s) return [];
    return runSafe(log, 'formatting', [] as TextEdit[], () => ls.format(s.parse, options(p.options)).map((e) => toTextEdit(s, e)));
  });

  connection.onDocumentRangeFormatting((p) => {
    const s = documents.get(p.textDocument.uri);
    if (!s) return [];
    const range = { start: offsetAt(s.parse, p.range.start), end: offsetAt(s.parse, p.range.end) };
    return runSafe(log, 'rangeFormatting', [] as TextEdit[], () => ls.format(s.parse, options(p.options), range).map((e) => toTextEdit(s, e)));
  });
}
