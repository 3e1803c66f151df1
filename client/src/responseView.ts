/**
 * The response view: one webview beside the editor, reused for every send. It shows each result as
 * an exchange (responseHtml.ts): status, time and its phases, size, when it came, the environment;
 * the decoded error and the usage in words; the request sent and the response headers; the body,
 * formatted (foldable) or raw. A response sent can be saved or copied as curl; one reopened from
 * the history is marked as old.
 */
import * as vscode from 'vscode';
import type { Redactor } from './redact';
import { renderResponsePage, renderUsagePage, type UsageSnapshot } from './responseHtml';
import type { UsageNow } from '../../server/src/core/send/recentUsage';
import type { SendResult } from './sendModel';
import { thresholds } from './settings';

export type ResponseAction = 'save' | 'curl';

export class ResponseView implements vscode.Disposable {
  static readonly viewType = 'graphreq.response';
  private panel: vscode.WebviewPanel | undefined;
  private results: SendResult[] = [];
  private environment: string | undefined;
  private target: string | undefined;
  private fromHistory: { savedAt: string } | undefined;

  constructor(private readonly redactor: Redactor, private readonly icon: vscode.Uri, private readonly onAction: (action: ResponseAction, result: SendResult) => unknown) {}

  /** The results shown were reopened from the history (a file of the workspace), not sent in this session. */
  get reopened(): boolean {
    return this.fromHistory !== undefined;
  }

  /** The results shown now (the last send). */
  get current(): SendResult[] {
    return this.results;
  }

  get visible(): boolean {
    return !!this.panel?.visible;
  }

  /**
   * `target`: the address the requests went to (the server's word), when they were sent;
   * `fromHistory`: the results were reopened from the history, saved then.
   */
  show(results: SendResult[], environment: string | undefined, target?: string, fromHistory?: { savedAt: string }): void {
    this.results = results;
    this.environment = environment;
    this.target = target;
    this.fromHistory = fromHistory;
    void vscode.commands.executeCommand('setContext', 'graphreq.hasResponse', results.length > 0);
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(ResponseView.viewType, 'GraphReq Response', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        enableScripts: true,
        enableFindWidget: true,
        retainContextWhenHidden: true,
        localResourceRoots: [],
      });
      this.panel.iconPath = this.icon;
      this.panel.onDidDispose(() => { this.panel = undefined; });
      this.panel.webview.onDidReceiveMessage((m: { command?: string; index?: number }) => {
        const r = this.results[m.index ?? 0];
        if (r && r.status !== null && (m.command === 'save' || m.command === 'curl')) void this.onAction(m.command, r);
      });
    } else if (!this.panel.visible) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    const last = results[results.length - 1];
    this.panel.title = last ? `${fromHistory ? 'History' : 'Response'}: ${last.status ?? last.failure?.kind ?? 'failed'}${last.name ? ` ${last.name}` : ''}` : 'GraphReq Response';
    this.panel.webview.html = renderResponsePage(results, {
      nonce: nonce(),
      cspSource: this.panel.webview.cspSource,
      redactor: this.redactor,
      thresholds: thresholds(),
      environment,
      target,
      now: Date.now(),
      fromHistory,
    });
  }

  /** Shows the last results again (e.g. after the thresholds changed). */
  refresh(): void {
    if (this.panel) this.show(this.results, this.environment, this.target, this.fromHistory);
  }

  dispose(): void {
    this.panel?.dispose();
  }
}

/** The usage view: the latest usage figures in full, and the recent sends. */
export class UsageView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private readonly snapshots: UsageSnapshot[] = [];

  /** `scopes`: the scopes seen recently, now (the status bar keeps them). */
  constructor(private readonly redactor: Redactor, private readonly icon: vscode.Uri, private readonly scopes: () => UsageNow) {}

  record(s: UsageSnapshot): void {
    this.snapshots.push(s);
    if (this.snapshots.length > 50) this.snapshots.shift();
    if (this.panel) this.render();
  }

  show(): void {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('graphreq.usage', 'GraphReq Usage', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, { enableScripts: true, localResourceRoots: [] });
      this.panel.iconPath = this.icon;
      this.panel.onDidDispose(() => { this.panel = undefined; });
    } else {
      this.panel.reveal(undefined, false);
    }
    this.render();
  }

  private render(): void {
    if (!this.panel) return;
    this.panel.webview.html = renderUsagePage(this.snapshots, this.scopes(), {
      nonce: nonce(),
      cspSource: this.panel.webview.cspSource,
      redactor: this.redactor,
      thresholds: thresholds(),
      now: Date.now(),
    });
  }

  dispose(): void {
    this.panel?.dispose();
  }
}

/** A fresh nonce for the page's Content-Security-Policy, from Web Crypto (the desktop's and the browser's extension host alike). */
function nonce(): string {
  return btoa(String.fromCharCode(...globalThis.crypto.getRandomValues(new Uint8Array(16))));
}
