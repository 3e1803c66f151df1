/** Builders of send results and usage models for the client tests (the types are the server's). */
import { clientFailure, type SendResult, type UsageFigure, type UsageModel } from '../../client/src/sendModel';

type BucInput = { businessId: string; type: string; call_count?: number; total_cputime?: number; total_time?: number; estimated_time_to_regain_access?: number };

/** A usage model as the server builds it: every percentage as a figure, the highest, the limiting one. */
export function usage(p: { app?: Partial<Record<'call_count' | 'total_cputime' | 'total_time', number>>; buc?: BucInput[]; blockedUntil?: string; throttled?: boolean }): UsageModel {
  const figures: UsageFigure[] = [];
  const metrics = ['call_count', 'total_cputime', 'total_time'] as const;
  const app = p.app ? { call_count: p.app.call_count ?? null, total_cputime: p.app.total_cputime ?? null, total_time: p.app.total_time ?? null } : null;
  for (const m of metrics) if (app && app[m] !== null) figures.push({ source: 'app', metric: m, percent: app[m]!, businessId: null, type: null, label: `App ${m}` });
  const buc = (p.buc ?? []).map((b) => ({ call_count: null, total_cputime: null, total_time: null, estimated_time_to_regain_access: null, ads_api_access_tier: null, ...b }));
  for (const b of buc) for (const m of metrics) if (b[m] !== null) figures.push({ source: 'buc', metric: m, percent: b[m]!, businessId: b.businessId, type: b.type, label: `BUC ${b.type} (business ${b.businessId}) ${m}` });
  const limiting = figures.length ? figures.reduce((a, b) => (b.percent > a.percent ? b : a)) : null;
  return {
    app, adAccount: null, buc,
    throttle: p.throttled === undefined ? [] : [{ source: 'x-app-usage', throttled: p.throttled, backend_qps: { actual_score: 2, limit: 10, more_info: null }, complexity_score: null }],
    figures, highestPercent: limiting?.percent ?? null, limiting, regainAccessMinutes: null, blockedUntil: p.blockedUntil ?? null, warnings: [],
  };
}

export function result(p: Partial<SendResult>): SendResult {
  return { ...clientFailure(0, 'network', ''), failure: null, ...p };
}
