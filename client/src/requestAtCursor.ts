/**
 * Which request the cursor is in, without parsing anything here: the server's CodeLenses carry each
 * request's index ({uri, index}) and its document symbols span each request block, so the request
 * is the block around the cursor (or, between blocks, the nearest request above).
 */
import * as vscode from 'vscode';
import { Commands } from '../../server/src/lsp/protocol';

interface LensTarget {
  index: number;
  line: number;
}

export async function requestIndexAt(document: vscode.TextDocument, position: vscode.Position): Promise<number | undefined> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 50)) ?? [];
  const targets: LensTarget[] = [];
  for (const l of lenses) {
    const cmd = l.command;
    if (!cmd || (cmd.command !== Commands.send && cmd.command !== Commands.validateOnly)) continue;
    const arg = cmd.arguments?.[0] as { index?: unknown } | undefined;
    if (typeof arg?.index === 'number' && !targets.some((t) => t.index === arg.index)) targets.push({ index: arg.index, line: l.range.start.line });
  }
  if (!targets.length) return undefined;
  targets.sort((a, b) => a.line - b.line);

  const symbols = (await vscode.commands.executeCommand<Array<vscode.DocumentSymbol | vscode.SymbolInformation>>('vscode.executeDocumentSymbolProvider', document.uri)) ?? [];
  const ranges = symbols.map((s) => ('range' in s && s.range ? s.range : (s as vscode.SymbolInformation).location.range));
  const around = ranges.filter((r) => r.start.line <= position.line && position.line <= r.end.line).sort((a, b) => (b.start.line - a.start.line))[0];
  if (around) {
    const inside = targets.find((t) => around.start.line <= t.line && t.line <= around.end.line);
    if (inside) return inside.index;
  }
  const above = targets.filter((t) => t.line <= position.line).pop();
  return (above ?? targets[0]).index;
}
