/**
 * How usage looks in the status bar: its text, its colour level and its tooltip table, from the
 * usage model the server decoded. Plain module (no 'vscode' import) so unit tests can load it.
 */
import type { ScopeNow, UsageNow } from '../../server/src/core/send/recentUsage';
import { markdownText } from '../../server/src/core/features/markdownText';
import type { UsageModel } from './sendModel';

export type UsageLevel = 'normal' | 'warning' | 'error';

export interface Thresholds {
  warning: number;
  error: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { warning: 75, error: 90 };

/** The colour level of a percentage: error from `error`, warning from `warning`. */
export function usageLevel(percent: number | undefined, t: Thresholds = DEFAULT_THRESHOLDS): UsageLevel {
  if (percent === undefined) return 'normal';
  if (percent >= t.error) return 'error';
  if (percent >= t.warning) return 'warning';
  return 'normal';
}

export interface StatusView {
  /** Status bar text, e.g. `Graph 42% · ads_management` or `Graph blocked 4:59 · msgr`. */
  text: string;
  level: UsageLevel;
  /** True while a block is counting down (the item refreshes every second). */
  counting: boolean;
}

/**
 * Status bar text and level at `now` (epoch ms), from the scopes seen recently (the app, each ad
 * account, each business use case): the highest figure and the scope it belongs to, or the countdown
 * while a scope is blocked. Figures fall as their windows roll (core/send/recentUsage.ts).
 */
export function statusView(view: UsageNow, now: number, t: Thresholds = DEFAULT_THRESHOLDS): StatusView {
  const blocked = view.scopes.filter((s) => s.holdUntil !== null && s.holdUntil > now).sort((a, b) => b.holdUntil! - a.holdUntil!)[0];
  if (blocked) return { text: `Graph blocked ${formatCountdown(blocked.holdUntil! - now)} · ${shortScope(blocked)}`, level: 'error', counting: true };
  const h = view.highest;
  if (!h) return { text: 'Graph –', level: 'normal', counting: false };
  return { text: `Graph ${formatPercent(h.now)} · ${shortScope(h)}`, level: usageLevel(h.now, t), counting: false };
}

/** The scope in a word for the status bar: the BUC type, the ad account, or `app`. */
export function shortScope(s: Pick<ScopeNow, 'key'>): string {
  if (s.key.startsWith('buc:')) return s.key.slice(s.key.lastIndexOf(':') + 1);
  if (s.key.startsWith('adAccount:')) return s.key.slice('adAccount:'.length);
  return s.key;
}

export function formatPercent(p: number): string {
  return `${Number.isInteger(p) ? p : Math.round(p * 10) / 10}%`;
}

/** `h:mm:ss` or `m:ss`. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** `5 min`, `1 h 10 min`. */
export function formatMinutes(min: number): string {
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  const m = min % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

export interface TooltipContext {
  environment?: string;
  baseUrl?: string;
  /** When the latest figures were received (epoch ms). */
  receivedAt?: number;
  requestLabel?: string;
  thresholds?: Thresholds;
  /** The latest response's usage: its throttle indicators and header warnings. */
  latest?: UsageModel | null;
  now: number;
}

const LEVEL_MARK: Record<UsageLevel, string> = { normal: '', error: ' ⛔', warning: ' ⚠️' };

/**
 * Markdown of the tooltip: each scope seen recently with its figure now and when seen, the limiting one, throttle, environment.
 * Every word of a response or the workspace (scope labels, metrics, warnings, the environment, the base URL) is plain text
 * (markdownText), and the tooltip is not trusted: it holds no command link (a click on the item opens the usage view).
 */
export function usageTooltipMarkdown(view: UsageNow, ctx: TooltipContext): string {
  const t = ctx.thresholds ?? DEFAULT_THRESHOLDS;
  const lines: string[] = [];
  lines.push('**Graph API usage**, the highest figure of the scopes seen recently' + (ctx.requestLabel ? ` (last: ${markdownText(ctx.requestLabel)})` : ''));
  lines.push('');
  if (!view.scopes.length) {
    lines.push('No usage headers seen recently (X-App-Usage is sent once an app issues enough requests).');
  } else {
    lines.push('| Scope | Now | Seen | |');
    lines.push('|:--|--:|:--|:--|');
    for (const s of view.scopes) {
      const blocked = s.holdUntil !== null && s.holdUntil > ctx.now;
      const when = blocked ? `blocked until ${time(s.holdUntil!)}` : s.now > 0 ? `0% by ${time(Math.max(s.at, s.holdUntil ?? s.at) + s.windowMs)}` : '';
      lines.push(`| ${markdownText(s.label)} | ${formatPercent(s.now)}${LEVEL_MARK[usageLevel(s.now, t)]} | ${formatPercent(s.percent)} ${markdownText(s.metric)} at ${time(s.at)} | ${when} |`);
    }
    if (view.highest) {
      lines.push('');
      lines.push(`Limiting scope: **${markdownText(view.highest.label)}** (${markdownText(view.highest.metric)}). Each figure falls as its window rolls; a call to another scope does not reset it.`);
    }
  }
  for (const th of ctx.latest?.throttle ?? []) {
    const parts: string[] = [];
    if (th.throttled !== null) parts.push(`throttled: **${th.throttled ? 'yes' : 'no'}**`);
    for (const k of ['backend_qps', 'complexity_score'] as const) {
      const sc = th[k];
      if (sc) parts.push(`${markdownText(k)}: ${markdownText(String(sc.actual_score ?? '?'))} of ${markdownText(String(sc.limit ?? '?'))}`);
    }
    if (parts.length) {
      lines.push('');
      lines.push(`Throttle (${markdownText(th.source)}): ${parts.join(' · ')}`);
    }
  }
  for (const w of ctx.latest?.warnings ?? []) {
    lines.push('');
    lines.push(`⚠️ ${markdownText(w)}`);
  }
  lines.push('');
  lines.push(`Environment: **${markdownText(ctx.environment || '(none)')}** · ${ctx.baseUrl ? markdownText(ctx.baseUrl) : 'embedded emulator'}`);
  if (ctx.receivedAt) lines.push(`  \nLast response ${time(ctx.receivedAt)}`);
  lines.push('');
  lines.push('Click to open the usage view.');
  return lines.join('\n');
}

function time(ms: number): string {
  return new Date(ms).toLocaleTimeString();
}

