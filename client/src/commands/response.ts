/** Save response, Copy as cURL: actions on a response shown in the response view; Open history. */
import * as vscode from 'vscode';
import { writeFileAtomic } from '../../../server/src/files/atomicWrite';
import { curlWithPlaceholder, renderCurl, type Redactor } from '../redact';
import type { ResponseView } from '../responseView';
import type { SendResult } from '../sendModel';

/** Where the send engine keeps the workspace's history (see docs/vscode.md). */
export const HISTORY_DIR = '.graphreq-history';

function bodyText(r: SendResult): { text: string; json: boolean } {
  if (r.bodyKind === 'json') return { text: JSON.stringify(r.body, null, 2) + '\n', json: true };
  return { text: r.body === null || r.body === undefined ? '' : String(r.body), json: false };
}

function latest(view: ResponseView): SendResult | undefined {
  const all = view.current;
  return all[all.length - 1];
}

export async function saveResponse(view: ResponseView, redactor: Redactor, r = latest(view)): Promise<void> {
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
  // On disk, through the one atomic-write helper (a crash leaves the old file or the new one); elsewhere, the file system provider.
  if (target.scheme === 'file') await writeFileAtomic(target.fsPath, data);
  else await vscode.workspace.fs.writeFile(target, Buffer.from(data, 'utf8'));
  void vscode.window.showInformationMessage(`GraphReq: saved ${vscode.workspace.asRelativePath(target)}`);
}

export async function copyAsCurl(view: ResponseView, redactor: Redactor, r = latest(view)): Promise<void> {
  if (!r) {
    void vscode.window.showInformationMessage('GraphReq: send a request first; its curl command is copied from the response.');
    return;
  }
  // The server renders the curl command with the token read from an environment variable; the
  // redactor runs once more so that a token can never reach the clipboard.
  const curl = r.curl ? curlWithPlaceholder(r.curl, redactor) : renderCurl({ method: r.request.method, url: r.request.url, headers: Object.entries(r.request.headers), body: r.request.body ?? undefined }, redactor);
  await vscode.env.clipboard.writeText(curl);
  void vscode.window.showInformationMessage('GraphReq: curl command copied (the token is $GRAPHREQ_ACCESS_TOKEN).');
}

interface HistoryFile {
  uri: vscode.Uri;
  id: string;
}

/** The history entries of the workspace (one JSON file each, named by time: newest last). */
async function historyFiles(): Promise<HistoryFile[]> {
  const out: HistoryFile[] = [];
  for (const f of vscode.workspace.workspaceFolders ?? []) {
    const dir = vscode.Uri.joinPath(f.uri, HISTORY_DIR);
    let list: Array<[string, vscode.FileType]> = [];
    try {
      list = await vscode.workspace.fs.readDirectory(dir);
    } catch {
      continue; // No history in this folder.
    }
    for (const [name, type] of list) {
      const m = /^(\d{8}T\d{9}Z-\d+-[0-9a-f]{4})\.json$/.exec(name);
      if (type === vscode.FileType.File && m) out.push({ uri: vscode.Uri.joinPath(dir, name), id: m[1] });
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

interface HistoryEntry {
  id: string;
  savedAt: string;
  file: string | null;
  result: SendResult;
}

async function readEntry(uri: vscode.Uri): Promise<HistoryEntry | undefined> {
  try {
    const e = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8')) as HistoryEntry;
    return e && typeof e === 'object' && e.result ? e : undefined;
  } catch {
    return undefined;
  }
}

/** Opens the history: a pick of every entry of the workspace, newest first. An entry opens in the response view, marked as old. */
export async function openHistory(view: ResponseView): Promise<void> {
  const files = await historyFiles();
  if (!files.length) {
    const enabled = vscode.workspace.getConfiguration('graphreq').get<boolean>('history.enabled', true);
    void vscode.window.showInformationMessage(enabled ? 'GraphReq: the history is empty: send a request first.' : 'GraphReq: the history is off (setting graphreq.history.enabled).');
    return;
  }
  const entries: Array<{ entry: HistoryEntry; uri: vscode.Uri }> = [];
  for (const f of [...files].reverse().slice(0, 200)) {
    const entry = await readEntry(f.uri);
    if (entry) entries.push({ entry, uri: f.uri });
  }
  const items = entries.map(({ entry, uri }) => {
    const x = entry.result;
    const status = x.status ?? (x.failure ? x.failure.kind : '–');
    return {
      label: `${status} ${x.name || x.title || `${x.request.method} ${x.request.url}`}`,
      description: new Date(entry.savedAt).toLocaleString(),
      detail: `${x.request.method} ${x.request.url}${entry.file ? ` · ${entry.file}` : ''}`,
      entry,
      uri,
    };
  });
  const chosen = await vscode.window.showQuickPick(items, { title: 'GraphReq: open a response from the history', matchOnDescription: true, matchOnDetail: true });
  if (chosen) view.show([chosen.entry.result], undefined, undefined, { savedAt: chosen.entry.savedAt });
}
