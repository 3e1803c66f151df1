/**
 * Which request the cursor is in, without parsing anything here: the server's CodeLenses carry each
 * request's index ({uri, index}) and its document symbols span each request block (its `###` line to
 * its last non-blank line). Outside every request, the requests to choose from (requestChoice.ts).
 */
import * as vscode from 'vscode';
import { Commands } from '../../server/src/lsp/protocol';
import type { LensCommand } from './lensCommands';
import { requestAtLine, type RequestAtCursor, type RequestSpan } from './requestChoice';

/** `target`: the server's command a lens's command runs (lenses carry commands without arguments, lensCommands.ts). */
export async function requestAt(document: vscode.TextDocument, position: vscode.Position, target: (c: LensCommand) => LensCommand = (c) => c): Promise<RequestAtCursor> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 50)) ?? [];
  const lensLines = new Map<number, number>();
  for (const l of lenses) {
    const cmd = l.command && target(l.command);
    if (!cmd || (cmd.command !== Commands.send && cmd.command !== Commands.validateOnly)) continue;
    const arg = cmd.arguments?.[0] as { index?: unknown } | undefined;
    if (typeof arg?.index === 'number' && !lensLines.has(arg.index)) lensLines.set(arg.index, l.range.start.line);
  }
  const symbols = (await vscode.commands.executeCommand<Array<vscode.DocumentSymbol | vscode.SymbolInformation>>('vscode.executeDocumentSymbolProvider', document.uri)) ?? [];
  const requests: RequestSpan[] = [];
  for (const s of symbols) {
    const range = 'range' in s && s.range ? s.range : (s as vscode.SymbolInformation).location.range;
    // The request of a symbol is the lens (request line) inside its range.
    const index = [...lensLines].find(([, line]) => range.start.line <= line && line <= range.end.line)?.[0];
    if (index === undefined) continue;
    requests.push({ index, startLine: range.start.line, endLine: range.end.line, label: s.name, detail: 'detail' in s ? s.detail || undefined : undefined });
  }
  return requestAtLine(requests, position.line);
}
