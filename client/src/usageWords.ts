/**
 * The usage of a response in words a user knows: "ads management: 42% of calls, regain in 3 min".
 * One line per scope (the app, the ad account, each business use case), its highest figure, the
 * highest scope first. The figures' own labels (`BUC ads_management (business 1) call_count`) stay
 * in the details. Pure (no 'vscode' import).
 */
import { regainMinutes, type UsageFigure, type UsageModel } from './sendModel';
import { formatMinutes, formatPercent } from './usagePresentation';

const METRIC_WORDS: Record<string, string> = {
  call_count: 'calls',
  total_cputime: 'CPU time',
  total_time: 'processing time',
  acc_id_util_pct: 'its limit',
};

export interface UsageLine {
  /** `ads management`, `app`, `ad account`. */
  scope: string;
  percent: number;
  /** `ads management: 42% of calls, regain in 3 min`. */
  text: string;
}

/** The scope of a figure in words: a business use case's type with spaces, `app`, `ad account`. */
export function scopeWords(f: Pick<UsageFigure, 'source' | 'type'>): string {
  if (f.source === 'buc') return (f.type ?? 'business use case').replace(/_/g, ' ');
  return f.source === 'app' ? 'app' : 'ad account';
}

/** One line per scope, highest first. */
export function usageLines(usage: UsageModel | null | undefined): UsageLine[] {
  const byScope = new Map<string, UsageFigure>();
  for (const f of usage?.figures ?? []) {
    const key = `${f.source}:${f.businessId ?? ''}:${f.type ?? ''}`;
    const seen = byScope.get(key);
    if (!seen || f.percent > seen.percent) byScope.set(key, f);
  }
  return [...byScope.values()]
    .sort((a, b) => b.percent - a.percent)
    .map((f) => {
      const minutes = regainMinutes(usage, f);
      const metric = METRIC_WORDS[f.metric] ?? f.metric.replace(/_/g, ' ');
      const scope = scopeWords(f);
      return { scope, percent: f.percent, text: `${scope}: ${formatPercent(f.percent)} of ${metric}${minutes ? `, regain in ${formatMinutes(minutes)}` : ''}` };
    });
}
