/**
 * How usage looks in the status bar: its text, its colour level and its tooltip table, from the
 * usage model the server decoded. Plain module (no 'vscode' import) so unit tests can load it.
 */
import { blockedUntilMs, highestPercent, limitingLabel, regainMinutes, usageFigures, type UsageModel } from './sendModel';

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
  /** Status bar text, e.g. `Graph 42%` or `Graph blocked 4:59`. */
  text: string;
  level: UsageLevel;
  /** True while a block is counting down (the item refreshes every second). */
  counting: boolean;
}

/** Status bar text and level at time `now` (epoch ms). */
export function statusView(usage: UsageModel | null | undefined, now: number, t: Thresholds = DEFAULT_THRESHOLDS): StatusView {
  const until = blockedUntilMs(usage);
  if (until !== undefined && until > now) {
    return { text: `Graph blocked ${formatCountdown(until - now)}`, level: 'error', counting: true };
  }
  const p = highestPercent(usage);
  if (p === undefined) return { text: 'Graph –', level: 'normal', counting: false };
  return { text: `Graph ${formatPercent(p)}`, level: usageLevel(p, t), counting: false };
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
  /** When the figures were received (epoch ms). */
  receivedAt?: number;
  requestLabel?: string;
  thresholds?: Thresholds;
  now: number;
}

const LEVEL_MARK: Record<UsageLevel, string> = { normal: '', error: ' ⛔', warning: ' ⚠️' };

/** Markdown of the tooltip: a table of every figure, throttle indicators, block and environment. */
export function usageTooltipMarkdown(usage: UsageModel | null | undefined, ctx: TooltipContext): string {
  const t = ctx.thresholds ?? DEFAULT_THRESHOLDS;
  const lines: string[] = [];
  lines.push('**Graph API usage**' + (ctx.requestLabel ? ` after \`${ctx.requestLabel.replace(/`/g, "'")}\`` : ''));
  lines.push('');
  const figures = usageFigures(usage);
  if (!figures.length) {
    lines.push('No usage headers in the last response (X-App-Usage is sent once an app issues enough requests).');
  } else {
    lines.push('| Figure | Used | Regain access |');
    lines.push('|:--|--:|:--|');
    for (const f of [...figures].sort((a, b) => b.percent - a.percent)) {
      const minutes = regainMinutes(usage, f);
      const regain = minutes ? `in ${formatMinutes(minutes)}` : f.source === 'buc' ? '–' : '';
      lines.push(`| ${escapeMd(f.label)} | ${formatPercent(f.percent)}${LEVEL_MARK[usageLevel(f.percent, t)]} | ${regain} |`);
    }
    const lim = limitingLabel(usage);
    if (lim) {
      lines.push('');
      lines.push(`Limiting figure: **${escapeMd(lim)}**`);
    }
  }
  for (const th of usage?.throttle ?? []) {
    const parts: string[] = [];
    if (th.throttled !== null) parts.push(`throttled: **${th.throttled ? 'yes' : 'no'}**`);
    for (const k of ['backend_qps', 'complexity_score'] as const) {
      const s = th[k];
      if (s) parts.push(`${escapeMd(k)}: ${s.actual_score ?? '?'} of ${s.limit ?? '?'}`);
    }
    if (parts.length) {
      lines.push('');
      lines.push(`Throttle (${escapeMd(th.source)}): ${parts.join(' · ')}`);
    }
  }
  const until = blockedUntilMs(usage);
  if (until !== undefined && until > ctx.now) {
    lines.push('');
    lines.push(`⛔ **Blocked**: access should return in ${formatCountdown(until - ctx.now)} (at ${new Date(until).toLocaleTimeString()}). Calling meanwhile lengthens the wait.`);
  }
  for (const w of usage?.warnings ?? []) {
    lines.push('');
    lines.push(`⚠️ ${escapeMd(w)}`);
  }
  lines.push('');
  lines.push(`Environment: **${escapeMd(ctx.environment || '(none)')}** · ${ctx.baseUrl ? escapeMd(ctx.baseUrl) : 'embedded emulator'}`);
  if (ctx.receivedAt) lines.push(`  \nReceived ${new Date(ctx.receivedAt).toLocaleTimeString()}`);
  lines.push('');
  lines.push('[Open the usage view](command:graphreq.showUsage)');
  return lines.join('\n');
}

function escapeMd(s: string): string {
  return s.replace(/[\\`*_{}[\]#+!|<>]/g, (c) => `\\${c}`);
}
