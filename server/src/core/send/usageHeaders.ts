/**
 * Reads the usage headers of [3] into one UsageModel: X-App-Usage (USAGE-APP), X-Ad-Account-Usage
 * (USAGE-ADACCOUNT), X-Business-Use-Case-Usage per business and type (USAGE-BUC) and the stable
 * throttle indicators (USAGE-THROTTLE). A header is JSON text written by a service we do not
 * control: anything malformed becomes a warning in the model and the rest is still read.
 */
import type { ThrottleIndicators, ThrottleScore, UsageFigure, UsageModel } from './types';

export const USAGE_HEADERS = {
  app: 'x-app-usage',
  adAccount: 'x-ad-account-usage',
  buc: 'x-business-use-case-usage',
} as const;

const PERCENT_METRICS = ['call_count', 'total_cputime', 'total_time'] as const;

export function emptyUsage(): UsageModel {
  return { app: null, adAccount: null, buc: [], throttle: [], figures: [], highestPercent: null, limiting: null, regainAccessMinutes: null, blockedUntil: null, warnings: [] };
}

/** `headers` by lower-cased name; `receivedAt` (ms) dates `blockedUntil`. */
export function parseUsageHeaders(headers: Record<string, string>, receivedAt: number): UsageModel {
  const usage = emptyUsage();
  const warn = (s: string): void => {
    usage.warnings.push(s);
  };

  const appJson = readJson(headers, USAGE_HEADERS.app, warn);
  if (appJson) {
    const r = reader('X-App-Usage', appJson, warn);
    usage.app = { call_count: r.percent('call_count'), total_cputime: r.percent('total_cputime'), total_time: r.percent('total_time') };
    pushThrottle(usage, 'X-App-Usage', appJson, warn);
  }

  const accJson = readJson(headers, USAGE_HEADERS.adAccount, warn);
  if (accJson) {
    const r = reader('X-Ad-Account-Usage', accJson, warn);
    usage.adAccount = { acc_id_util_pct: r.percent('acc_id_util_pct'), reset_time_duration: r.count('reset_time_duration'), ads_api_access_tier: r.text('ads_api_access_tier') };
    pushThrottle(usage, 'X-Ad-Account-Usage', accJson, warn);
  }

  const bucJson = readJson(headers, USAGE_HEADERS.buc, warn);
  if (bucJson) {
    for (const [businessId, entries] of Object.entries(bucJson)) {
      if (!Array.isArray(entries)) {
        warn(`X-Business-Use-Case-Usage: business ${businessId} should hold a list of entries, not ${describe(entries)}`);
        continue;
      }
      entries.forEach((entry, i) => {
        const where = `X-Business-Use-Case-Usage ${businessId}[${i}]`;
        if (!isObject(entry)) {
          warn(`${where} should be an object, not ${describe(entry)}`);
          return;
        }
        const r = reader(where, entry, warn);
        const type = r.text('type');
        if (!type) {
          warn(`${where} has no type`);
          return;
        }
        usage.buc.push({
          businessId,
          type,
          call_count: r.percent('call_count'),
          total_cputime: r.percent('total_cputime'),
          total_time: r.percent('total_time'),
          estimated_time_to_regain_access: r.count('estimated_time_to_regain_access'),
          ads_api_access_tier: r.text('ads_api_access_tier'),
        });
        pushThrottle(usage, `${where} (${type})`, entry, warn);
      });
    }
  }

  summarise(usage, receivedAt);
  return usage;
}

/** The highest figure, the limiting one, and how long until access returns. */
function summarise(usage: UsageModel, receivedAt: number): void {
  const figures: UsageFigure[] = [];
  if (usage.app) {
    for (const m of PERCENT_METRICS) {
      const p = usage.app[m];
      if (p !== null) figures.push({ source: 'app', metric: m, percent: p, businessId: null, type: null, label: `app ${m}` });
    }
  }
  if (usage.adAccount?.acc_id_util_pct != null) {
    figures.push({ source: 'adAccount', metric: 'acc_id_util_pct', percent: usage.adAccount.acc_id_util_pct, businessId: null, type: null, label: 'ad account acc_id_util_pct' });
  }
  for (const e of usage.buc) {
    for (const m of PERCENT_METRICS) {
      const p = e[m];
      if (p !== null) figures.push({ source: 'buc', metric: m, percent: p, businessId: e.businessId, type: e.type, label: `BUC ${e.type} (business ${e.businessId}) ${m}` });
    }
  }
  usage.figures = figures;
  for (const f of figures) if (!usage.limiting || f.percent > usage.limiting.percent) usage.limiting = f;
  usage.highestPercent = usage.limiting?.percent ?? null;

  let minutes: number | null = null;
  for (const e of usage.buc) {
    if (e.estimated_time_to_regain_access !== null) minutes = Math.max(minutes ?? 0, e.estimated_time_to_regain_access);
  }
  // The ad account score resets after reset_time_duration seconds; it limits only once it is at 100.
  const acc = usage.adAccount;
  if (acc && acc.acc_id_util_pct !== null && acc.acc_id_util_pct >= 100 && acc.reset_time_duration !== null) {
    minutes = Math.max(minutes ?? 0, Math.ceil(acc.reset_time_duration / 60));
  }
  usage.regainAccessMinutes = minutes;
  usage.blockedUntil = minutes !== null && minutes > 0 ? new Date(receivedAt + minutes * 60_000).toISOString() : null;
}

function readJson(headers: Record<string, string>, name: string, warn: (s: string) => void): Record<string, unknown> | undefined {
  const raw = headers[name];
  if (raw === undefined) return undefined;
  const label = canonical(name);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    warn(`${label} is not JSON text: ${clip(raw)}`);
    return undefined;
  }
  if (!isObject(parsed)) {
    warn(`${label} should be a JSON object, not ${describe(parsed)}`);
    return undefined;
  }
  return parsed;
}

function reader(where: string, obj: Record<string, unknown>, warn: (s: string) => void) {
  const number = (key: string, what: string): number | null => {
    const v = obj[key];
    if (v === undefined || v === null) return null;
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
    if (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v)) {
      warn(`${where} ${key} is the text "${v}", not a number; read as ${Number(v)}`);
      return Number(v);
    }
    warn(`${where} ${key} should be ${what}, not ${describe(v)}`);
    return null;
  };
  return {
    percent: (key: string) => number(key, 'a percentage (a number from 0)'),
    count: (key: string) => number(key, 'a whole number from 0'),
    text: (key: string): string | null => {
      const v = obj[key];
      if (v === undefined || v === null) return null;
      if (typeof v === 'string') return v;
      warn(`${where} ${key} should be text, not ${describe(v)}`);
      return null;
    },
  };
}

/** Throttle indicators, wherever a usage object carries them ([3] names the fields, not the header). */
function pushThrottle(usage: UsageModel, source: string, obj: Record<string, unknown>, warn: (s: string) => void): void {
  if (!('throttled' in obj) && !('backend_qps' in obj) && !('complexity_score' in obj)) return;
  const t: ThrottleIndicators = { source, throttled: null, backend_qps: null, complexity_score: null };
  if (typeof obj.throttled === 'boolean') t.throttled = obj.throttled;
  else if (obj.throttled !== undefined) warn(`${source} throttled should be true or false, not ${describe(obj.throttled)}`);
  t.backend_qps = score(`${source} backend_qps`, obj.backend_qps, warn);
  t.complexity_score = score(`${source} complexity_score`, obj.complexity_score, warn);
  usage.throttle.push(t);
}

function score(where: string, v: unknown, warn: (s: string) => void): ThrottleScore | null {
  if (v === undefined || v === null) return null;
  if (!isObject(v)) {
    warn(`${where} should be an object with actual_score, limit and more_info, not ${describe(v)}`);
    return null;
  }
  const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  return { actual_score: num(v.actual_score), limit: num(v.limit), more_info: typeof v.more_info === 'string' ? v.more_info : null };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  if (typeof v === 'string') return `the text "${clip(v)}"`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}

function canonical(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase());
}

