/**
 * The status bar item of an environment's account context: the calls its reads made this hour and
 * when the service was last read (contextPresentation.ts), from each `graphreq/contextStatus` the
 * server sends. Shown once a read happened in this window; drawn again every 30 seconds so that
 * "fetched 3 min ago" stays true. Click: fetch the context of the active file.
 */
import * as vscode from 'vscode';
import type { ContextStatus } from '../../server/src/lsp/protocol';
import { contextStatusText, contextTooltip } from './contextPresentation';

const TICK_MS = 30_000;

export class ContextStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('graphreq.context', vscode.StatusBarAlignment.Left, 97);
  private status: ContextStatus | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly clock: () => number = Date.now) {
    this.item.name = 'GraphReq account context';
    this.item.command = 'graphreq.fetchAccountContext';
  }

  update(status: ContextStatus): void {
    this.status = status;
    this.render();
    this.item.show();
    this.timer ??= setInterval(() => this.render(), TICK_MS);
  }

  /** The text shown now (for the extension's API). */
  get text(): string {
    return this.item.text;
  }

  private render(): void {
    if (!this.status) return;
    const now = this.clock();
    const text = contextStatusText(this.status, now);
    this.item.text = `${this.status.problems.length ? '$(warning)' : '$(database)'} ${text}`;
    this.item.tooltip = contextTooltip(this.status, now);
    this.item.accessibilityInformation = { label: `GraphReq account ${text}`, role: 'button' };
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.item.dispose();
  }
}
