/**
 * The history view (GraphReq: Open History, Ctrl+Alt+H): the workspace's past exchanges rendered
 * (historyHtml.ts), newest first; one opens in the response view marked as old; Clear history
 * removes them after a confirmation. The entries are read and removed by the server's own history
 * store (server/src/send/history.ts), in each workspace folder on disk.
 */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { HistoryStore } from '../../server/src/send/history';
import { renderHistoryPage, type HistoryRow } from './historyHtml';
import type { Redactor } from './redact';
import type { ResponseView } from './responseView';

export class HistoryView implements vscode.Disposable {
  static readonly viewType = 'graphreq.history';
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly responseView: ResponseView, private readonly redactor: Redactor, private readonly icon: vscode.Uri) {}

  get visible(): boolean {
    return !!this.panel?.visible;
  }

  /** The history of each workspace folder on disk. */
  private stores(): HistoryStore[] {
    return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => new HistoryStore(f.uri.fsPath));
  }

  rows(): HistoryRow[] {
    const rows: HistoryRow[] = [];
    this.stores().forEach((store, i) => {
      for (const e of store.list()) {
        rows.push({ key: `${i}:${e.id}`, savedAt: e.savedAt, file: e.file, label: e.name || e.title || `${e.method} ${e.url}`, method: e.method, url: e.url, status: e.status, failure: e.failure });
      }
    });
    return rows.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  }

  show(): void {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(HistoryView.viewType, 'GraphReq History', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, { enableScripts: true, enableFindWidget: true, localResourceRoots: [] });
      this.panel.iconPath = this.icon;
      this.panel.onDidDispose(() => { this.panel = undefined; });
      this.panel.webview.onDidReceiveMessage((m: { command?: string; id?: string }) => {
        if (m.command === 'open' && m.id) this.open(m.id);
        else if (m.command === 'clear') void this.clear();
      });
    } else {
      this.panel.reveal(undefined, false);
    }
    this.render();
  }

  /** Opens the entry `<folder index>:<id>` in the response view, marked as old. */
  open(key: string): boolean {
    const [folder, id] = key.split(':');
    const entry = this.stores()[Number(folder)]?.read(id ?? '');
    if (!entry) return false;
    this.responseView.show([entry.result], undefined, undefined, { savedAt: entry.savedAt });
    return true;
  }

  /** Clear history, once the user confirms; returns how many exchanges were removed. */
  async clear(confirmed = false): Promise<number> {
    const count = this.rows().length;
    if (!count) {
      void vscode.window.showInformationMessage('GraphReq: the history is empty.');
      return 0;
    }
    if (!confirmed) {
      const clear = 'Clear History';
      const chosen = await vscode.window.showWarningMessage(`GraphReq: remove the ${count} saved exchange${count === 1 ? '' : 's'} of this workspace?`, { modal: true }, clear);
      if (chosen !== clear) return 0;
    }
    let removed = 0;
    for (const store of this.stores()) {
      try {
        removed += store.clear();
      } catch (e) {
        void vscode.window.showErrorMessage(`GraphReq: ${this.redactor.redact((e as Error).message)}`);
      }
    }
    this.render();
    return removed;
  }

  private render(): void {
    if (!this.panel) return;
    this.panel.webview.html = renderHistoryPage(this.rows().map((r) => this.redactor.redactValue(r)), { nonce: randomBytes(16).toString('base64'), cspSource: this.panel.webview.cspSource, now: Date.now() });
  }

  /** Shows the entries again (after a send added one). */
  refresh(): void {
    this.render();
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
