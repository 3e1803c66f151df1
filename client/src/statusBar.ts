/**
 * The usage item of the status bar: after each send, `Graph 42%` (the highest usage figure of the
 * response) coloured by the configured thresholds, a tooltip table of every figure, and while the
 * API blocks calls, a countdown to the estimated time of regained access. Click: the usage view.
 */
import * as vscode from 'vscode';
import type { UsageModel } from './sendModel';
import { statusView, usageTooltipMarkdown } from './usagePresentation';
import { thresholds } from './settings';

export interface UsageContext {
  environment?: string;
  baseUrl?: string;
  requestLabel?: string;
  receivedAt: number;
}

export class UsageStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('graphreq.usage', vscode.StatusBarAlignment.Left, 98);
  private usage: UsageModel | null | undefined;
  private ctx: UsageContext | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly sub: vscode.Disposable;

  constructor() {
    this.item.name = 'GraphReq usage';
    this.item.command = 'graphreq.showUsage';
    this.sub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('graphreq.usage')) this.render();
    });
  }

  /** Shows the usage of the latest response. */
  update(usage: UsageModel | null | undefined, ctx: UsageContext): void {
    this.usage = usage;
    this.ctx = ctx;
    this.render();
    this.item.show();
  }

  /** The text shown now (for tests and the extension's API). */
  get text(): string {
    return this.item.text;
  }

  private render(): void {
    if (!this.ctx) return;
    const now = Date.now();
    const t = thresholds();
    const view = statusView(this.usage, now, t);
    this.item.text = `${view.counting ? '$(watch)' : '$(graph)'} ${view.text}`;
    this.item.backgroundColor = view.level === 'error'
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : view.level === 'warning' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const md = new vscode.MarkdownString(usageTooltipMarkdown(this.usage, { ...this.ctx, thresholds: t, now }), true);
    md.isTrusted = { enabledCommands: ['graphreq.showUsage'] };
    this.item.tooltip = md;
    this.item.accessibilityInformation = { label: `GraphReq usage: ${view.text}`, role: 'button' };
    // While blocked, tick every second until access should have returned; then settle.
    if (view.counting && !this.timer) this.timer = setInterval(() => this.render(), 1000);
    if (!view.counting && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.sub.dispose();
    this.item.dispose();
  }
}
