/**
 * The Web Worker the language server runs in (dist/web/server.js). On vscode.dev and github.dev the
 * extension is served over https and a worker starts from its URL. A web worker extension host that
 * loads the extension from a remote (code-server, a Codespace in the browser) refuses workers from
 * `vscode-remote:` URLs: there the script is read through the editor's file system and started from
 * a blob: URL, the same code.
 */
import * as vscode from 'vscode';

/** What the browser's worker scope offers here (the client's tsconfig has no DOM library). */
declare const Worker: new (url: string) => object;
declare const Blob: new (parts: Uint8Array[], options: { type: string }) => object;
declare const URL: { createObjectURL(blob: object): string };

export async function startServerWorker(script: vscode.Uri): Promise<object> {
  try {
    return new Worker(script.toString(true));
  } catch (e) {
    if (script.scheme !== 'vscode-remote') throw e;
    const bytes = await vscode.workspace.fs.readFile(script);
    return new Worker(URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' })));
  }
}
