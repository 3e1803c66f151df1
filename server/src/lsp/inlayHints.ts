/**
 * Inlay hints for the range the editor shows: the core computes them for the requests in it, with
 * the settings `graphreq.inlayHints.*`; a change of settings asks the editor to fetch them again.
 */
import { InlayHintKind, MarkupKind, type InlayHint as LspInlayHint } from 'vscode-languageserver';
import { offsetAt, positionAt } from '../core';
import type { FeatureDeps } from './navigation';
import { runSafe } from './runSafe';

export function registerInlayHints(d: FeatureDeps): void {
  const { connection, ls, documents, environment, log } = d;
  connection.languages.inlayHint.on((p) => {
    const s = documents.get(p.textDocument.uri);
    if (!s || !d.fileContext) return [];
    const fileContext = d.fileContext;
    return runSafe(log, 'inlayHint', [] as LspInlayHint[], () => {
      const range = { start: offsetAt(s.parse, p.range.start), end: offsetAt(s.parse, p.range.end) };
      return ls.getInlayHints(s.parse, fileContext(s), range, environment.settings.inlayHints ?? {}).map((h) => ({
        position: positionAt(s.parse, h.offset),
        label: h.label,
        kind: h.kind === 'variable' ? InlayHintKind.Parameter : InlayHintKind.Type,
        tooltip: h.tooltip ? { kind: MarkupKind.Markdown, value: h.tooltip } : undefined,
        paddingLeft: true,
      }));
    });
  });
}
