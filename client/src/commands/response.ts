/**
 * Save response, Copy as cURL: actions on a response shown in the response view. Where a saved body
 * is written is the host's (`ResponseWriter`: responseFile.ts on the desktop, the editor's file
 * system on the web).
 */
import * as vscode from 'vscode';
import { curlOf, type Redactor } from '../redact';
import type { ResponseView } from '../responseView';
import type { SendResult } from '../sendModel';

function bodyText(r: SendResult): { text: string; json: boolean } {
  if (r.bodyKind === 'json') return { text: JSON.stringify(r.body, null, 2) + '\n', json: true };
  return { text: r.body === null || r.body === undefined ? '' : String(r.body), json: false };
}

function latest(view: ResponseView): SendResult | undefined {
  const all = view.current;
  return all[all.length - 1];
}

/** Writes a saved response body to the file the user chose. */
export type ResponseWriter = (target: vscode.Uri, text: string) => Promise<void>;

/** Through the file system provider (the web build's, and any scheme but `file`). */
export const workspaceWriter: ResponseWriter = async (target, text) => {
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
};

export async function saveResponse(view: ResponseView, redactor: Redactor, write: ResponseWriter, r = latest(view)): Promise<void> {
  if (!r) {
    void vscode.window.showInformationMessage('GraphReq: no response to save yet.');
    return;
  }
  const { text, json } = bodyText(r);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const name = `${(r.name || 'response').replace(/[^\w.-]+/g, '_')}-${stamp}.${json ? 'json' : 'txt'}`;
  const target = await vscode.window.showSaveDialog({
    title: 'GraphReq: save the response body',
    defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
    filters: json ? { JSON: ['json'] } : { Text: ['txt'] },
  });
  if (!target) return;
  const data = redactor.redact(text);
  await write(target, data);
  void vscode.window.showInformationMessage(`GraphReq: saved ${vscode.workspace.asRelativePath(target)}`);
}

export async function copyAsCurl(view: ResponseView, redactor: Redactor, r = latest(view)): Promise<void> {
  if (!r) {
    void vscode.window.showInformationMessage('GraphReq: send a request first; its curl command is copied from the response.');
    return;
  }
  // The server renders the curl command with the token read from an environment variable; the
  // redactor runs once more so that a token can never reach the clipboard.
  const curl = curlOf(r, view.reopened, redactor);
  await vscode.env.clipboard.writeText(curl);
  void vscode.window.showInformationMessage('GraphReq: curl command copied (the token is $GRAPHREQ_ACCESS_TOKEN).');
}
