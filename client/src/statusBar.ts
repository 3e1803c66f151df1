/**
 * The usage item of the status bar: the highest usage figure of the scopes seen recently (the app,
 * each ad account, each business use case), naming its scope, coloured by the configured
 * thresholds, with a tooltip table of every scope. A response updates only the scopes its headers
 * name, and each figure falls as its window rolls (core/send/recentUsage.ts), so the item is drawn
 * again as time passes: every second while a scope is blocked (a countdown), else every 15 seconds.
 * One record per base URL: the item shows the service the latest send went to. Click: the usage view.
 */
import * as vscode from 'vscode';
import { emptyRecentUsage, pruneRecentUsage, recordUsage, usageNow, type RecentUsage, type UsageNow } from '../../server/src/core/send/recentUsage';
import type { SendResult, UsageModel } from './sendModel';
import { statusView, usageTooltipMarkdown } from './usagePresentation';
import { thresholds } from './settings';

export interface UsageContext {
  environment?: string;
  baseUrl?: string;
  requestLabel?: string;
  receivedAt: number;
}

const SLOW_TICK_MS = 15_000;

export class UsageStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('graphreq.usage', vscode.StatusBarAlignment.Left, 98);
  /** Scopes seen, per service (base URL, or the embedded emulator). */
  private readonly seen = new Map<string, RecentUsage>();
  private target = '';
  private latest: UsageModel | null | undefined;
  private ctx: UsageContext | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerMs = 0;
  private readonly sub: vscode.Disposable;

  constructor(private readonly clock: () => number = Date.now) {
    this.item.name = 'GraphReq usage';
    this.item.command = 'graphreq.showUsage';
    this.sub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('graphreq.usage')) this.render();
    });
  }

  /** Records the usage headers of the results of one send (to `ctx.baseUrl`) and shows the scopes of that service. */
  record(results: Array<Pick<SendResult, 'status' | 'usage' | 'request'>>, ctx: UsageContext): void {
    this.target = ctx.baseUrl ?? '';
    let state = this.seen.get(this.target) ?? emptyRecentUsage();
    for (const r of results) if (r.status !== null && r.usage) state = recordUsage(state, r, ctx.receivedAt);
    this.seen.set(this.target, pruneRecentUsage(state, this.clock()));
    this.latest = [...results].reverse().find((r) => r.usage?.figures.length)?.usage ?? this.latest;
    this.ctx = ctx;
    this.render();
    this.item.show();
  }

  /** The scopes of the current service at this moment (the usage view and the extension's API read it). */
  now(): UsageNow {
    return usageNow(this.seen.get(this.target) ?? emptyRecentUsage(), this.clock());
  }

  /** The text shown now (for tests and the extension's API). */
  get text(): string {
    return this.item.text;
  }

  private render(): void {
    if (!this.ctx) return;
    const now = this.clock();
    const t = thresholds();
    const scopes = this.now();
    const view = statusView(scopes, now, t);
    this.item.text = `${view.counting ? '$(watch)' : '$(graph)'} ${view.text}`;
    this.item.backgroundColor = view.level === 'error'
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : view.level === 'warning' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    // Not trusted, no theme icons: the text holds a response's and the workspace's words (usagePresentation.ts).
    this.item.tooltip = new vscode.MarkdownString(usageTooltipMarkdown(scopes, { ...this.ctx, latest: this.latest, thresholds: t, now }));
    this.item.accessibilityInformation = { label: `GraphReq usage: ${view.text}`, role: 'button' };
    // A countdown ticks every second; falling figures are drawn again now and then; nothing seen, no timer.
    this.tick(view.counting ? 1000 : scopes.scopes.length ? SLOW_TICK_MS : 0);
  }

  private tick(ms: number): void {
    if (ms === this.timerMs) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = ms ? setInterval(() => this.render(), ms) : undefined;
    this.timerMs = ms;
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.sub.dispose();
    this.item.dispose();
  }
}
