/**
 * Document links and selection ranges: the core finds them, this converts offsets to positions and a
 * rule link to the section of docs/rules.md beside the server.
 */
import type { DocumentLink, SelectionRange } from 'vscode-languageserver';
import { offsetAt } from '../core';
import { ruleLink, toRange } from './convert';
import type { FeatureDeps } from './navigation';
import { runSafe } from './runSafe';

export function registerDocumentFeatures(d: FeatureDeps): void {
  const { connection, ls, documents, log } = d;

  connection.onDocumentLinks((p) => {
    const s = documents.get(p.textDocument.uri);
    if (!s) return [];
    return runSafe(log, 'documentLinks', [] as DocumentLink[], () =>
      ls.getDocumentLinks(s.parse).map((l) => ({
        range: toRange(s, l.span),
        target: l.target.kind === 'url' ? l.target.url : ruleLink(l.target.id),
        tooltip: l.target.kind === 'url' ? 'Open the URL' : `Open the rule ${l.target.id} in rules.md`,
      })),
    );
  });

  connection.onSelectionRanges((p) => {
    const s = documents.get(p.textDocument.uri);
    if (!s) return [];
    return runSafe(log, 'selectionRanges', [] as SelectionRange[], () =>
      ls.getSelectionRanges(s.parse, p.positions.map((pos) => offsetAt(s.parse, pos))).map((spans) => {
        let range: SelectionRange | undefined;
        for (const span of [...spans].reverse()) range = { range: toRange(s, span), parent: range };
        return range!;
      }),
    );
  });
}
