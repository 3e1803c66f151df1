/**
 * GraphReq: Open Example (the walkthrough's first step): the getting-started requests the
 * extension ships (client/walkthrough/getting-started.graphreq), written at the root of the first
 * workspace folder when the user asks, never over a file of that name (which is opened instead);
 * with no folder open, an unsaved document.
 */
import * as vscode from 'vscode';

export const EXAMPLE_NAME = 'getting-started.graphreq';

export async function openExample(extensionUri: vscode.Uri): Promise<vscode.TextEditor> {
  const source = vscode.Uri.joinPath(extensionUri, 'client', 'walkthrough', EXAMPLE_NAME);
  const text = Buffer.from(await vscode.workspace.fs.readFile(source)).toString('utf8');
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || !vscode.workspace.isTrusted) {
    const doc = await vscode.workspace.openTextDocument({ language: 'graphreq', content: text });
    return vscode.window.showTextDocument(doc);
  }
  const target = vscode.Uri.joinPath(folder.uri, EXAMPLE_NAME);
  const exists = await vscode.workspace.fs.stat(target).then(() => true, () => false);
  if (!exists) await vscode.workspace.fs.writeFile(target, Buffer.from(text, 'utf8'));
  return vscode.window.showTextDocument(target);
}
