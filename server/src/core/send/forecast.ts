/**
 * The forecast before a run ("Send all", `graphreq send --all --dry-run`): how many calls the
 * requests make in each scope the service meters ([3] Limits), the share of each limit they use by
 * the documented formulas, what the usage headers last said about each scope, and whether the run
 * would cross a limit. Pure: the host passes the formulas' inputs and what it saw.
 *
 * Scopes, as the emulator meters them (server/src/emulator/limits/meter.ts):
 * - ad set calls: the ads-management BUC limit of their ad account (300 + 40 x active ads per hour,
 *   or 100000 + 40 x active ads with standard access);
 * - thread reads: the messaging BUC limit (200 x engaged users per 24 hours);
 * - anything else: the app's platform limit (200 x daily active users per hour); a read of the URL
 *   node also counts against its URL's 10 reads per hour ([1] Limits).
 * A request naming several ids counts one call per id (REQ-IDS-COUNT).
 *
 * When an input of a formula is unknown, the formula's lowest value stands in (one daily user, no
 * active ads, the default tier): the real limit is at least that, so the share shown is at most the
 * real one, and a crossing is "may cross".
 */
import { buildBlockCall } from '../analysis/blockCall';
import { idsNamed } from '../analysis/call';
import type { FileContext } from '../analysis/fileContext';
import type { ApiModel } from '../model/apiModel';
import { adsManagementPerHour, appCallsPerHour, messagingPerDay, URL_READS_PER_HOUR, type AccessTier } from '../model/limitFormulas';
import type { GraphreqDocument } from '../syntax/ast';
import type { UsageNow } from './recentUsage';

/** The inputs of the formulas, where known. */
export interface LimitInputs {
  dailyActiveUsers?: number;
  accessTier?: AccessTier;
  /** Active ads of every ad account, unless `accountActiveAds` names the account. */
  activeAds?: number;
  /** Active ads by `act_<id>`. */
  accountActiveAds?: Record<string, number>;
  engagedUsers?: number;
}

export interface ForecastInputs {
  limits: LimitInputs;
  /** Where the inputs come from, for the explanation (`graphreq.env.json`, `the embedded emulator's configuration`). */
  limitsSource?: string;
  /** The usage headers seen, as figures now (core/send/recentUsage.ts). */
  usage?: UsageNow;
  /** Reads of each URL node the client made within the last hour. */
  urlReads?: Record<string, number>;
  /**
   * The calls the environment's account context reads made within the last hour
   * (account/environmentSource.ts: `GET /?ids=...`, one call per id, metered as the app's calls),
   * and the hour's allowance (graphreq.env.json `context.callsPerHour`).
   */
  contextCalls?: { made: number; callsPerHour: number };
}

export interface ForecastScope {
  /** `app`, `ads:act_1`, `ads:?`, `msgr`, `url:<url>`. */
  key: string;
  /** For people: `app`, `ads management, ad account act_1`, `URL https://...`. */
  label: string;
  calls: number;
  /** The limit in its window by the formula (or the documented number). */
  limit: number;
  window: 'hour' | '24 hours';
  /** The formula, with its inputs. */
  formula: string;
  /** Some input is unknown: the limit is at least `limit`, so the share is at most `share`. */
  atLeast: boolean;
  /** Percent of the limit the run uses. */
  share: number;
  /** Percent already used, from the usage headers seen (or the URL reads made), when known. */
  seen?: number;
  /** `seen` + `share`. */
  total: number;
  /** Over 100%: the run crosses the limit (with `atLeast`: it may). */
  crosses: boolean;
}

export interface Forecast {
  requests: number;
  calls: number;
  scopes: ForecastScope[];
  /** One sentence per scope the run would cross. */
  warnings: string[];
  /** The account context's reads of the last hour, when it made any: counted in the app's use (`seen`). */
  context?: { made: number; callsPerHour: number };
}

/** One file of a run: the requests `indexes` of `doc` (every request when absent), in order. */
export interface ForecastItem {
  doc: GraphreqDocument;
  ctx: FileContext;
  indexes?: number[];
}

/** The forecast of a run: the files' requests one after another, counted in the scopes they share. */
export function forecastRun(items: ForecastItem[], model: ApiModel, inputs: ForecastInputs): Forecast {
  const counts = new Map<string, { calls: number; account?: string; url?: string; kind: 'app' | 'ads' | 'msgr' | 'url' }>();
  const count = (key: string, n: number, extra: { account?: string; url?: string; kind: 'app' | 'ads' | 'msgr' | 'url' }): void => {
    const c = counts.get(key);
    if (c) c.calls += n;
    else counts.set(key, { calls: n, ...extra });
  };
  let requests = 0;
  let calls = 0;
  for (const { doc, ctx, indexes } of items) {
    const blocks = indexes ? indexes.map((i) => doc.blocks[i]).filter(Boolean) : doc.blocks;
    for (const block of blocks) {
      if (!block.parsed.request) continue;
      const call = buildBlockCall(block, ctx, model)?.call;
      if (!call) continue;
      requests++;
      const ids = idsNamed(call);
      const units = Math.max(1, ids.length);
      calls += units;
      const buc = call.endpoint?.bucType;
      if (buc === 'ads_management') {
        const account = call.match?.values?.['ad-account-id'];
        const known = account !== undefined && /^\d+$/.test(account) ? `act_${account}` : undefined;
        count(`ads:${known ?? '?'}`, units, { kind: 'ads', account: known });
      } else if (buc === 'msgr') {
        count('msgr', units, { kind: 'msgr' });
      } else {
        count('app', units, { kind: 'app' });
        // Ids of other nodes read through `?ids=` (ad sets, threads: fieldsNode) are calls, not URL reads.
        if (call.endpoint?.id === 'url.read') for (const url of ids) if (!/^(\d+|t_.*)$/.test(url)) count(`url:${url}`, 1, { kind: 'url', url });
      }
    }
  }
  const scopes = [...counts].map(([key, c]) => scopeOf(key, c, inputs));
  const warnings = scopes.filter((s) => s.crosses).map(warningOf);
  const context = inputs.contextCalls?.made ? inputs.contextCalls : undefined;
  return { requests, calls, scopes, warnings, ...(context ? { context } : {}) };
}

/** `account context: 12 calls this hour (of 20 allowed), counted in the app's use`: the reads made outside any send. */
export function contextLine(f: Forecast): string | undefined {
  const c = f.context;
  if (!c) return undefined;
  return `account context: ${c.made} call${c.made === 1 ? '' : 's'} this hour (of ${c.callsPerHour} allowed), counted in the app's use`;
}

function scopeOf(key: string, c: { calls: number; account?: string; url?: string; kind: 'app' | 'ads' | 'msgr' | 'url' }, inputs: ForecastInputs): ForecastScope {
  const L = inputs.limits;
  const usage = inputs.usage?.scopes ?? [];
  const highest = (match: (k: string) => boolean): number | undefined => {
    const figures = usage.filter((u) => match(u.key)).map((u) => u.now);
    return figures.length ? Math.max(...figures) : undefined;
  };
  let label: string;
  let limit: number;
  let formula: string;
  let atLeast = false;
  let window: ForecastScope['window'] = 'hour';
  let seen: number | undefined;
  switch (c.kind) {
    case 'app': {
      const users = L.dailyActiveUsers;
      atLeast = users === undefined;
      limit = appCallsPerHour(users ?? 1);
      formula = users !== undefined ? `200 × ${users} daily active users` : '200 × daily active users; unknown, so counted as 1';
      label = 'app';
      seen = highest((k) => k === 'app');
      // The account context's reads are the app's calls too; the usage headers may predate them, so the higher figure counts.
      if (inputs.contextCalls?.made) seen = Math.max(seen ?? 0, (100 * inputs.contextCalls.made) / limit);
      break;
    }
    case 'ads': {
      const ads = (c.account ? L.accountActiveAds?.[c.account] : undefined) ?? L.activeAds;
      atLeast = ads === undefined || L.accessTier === undefined;
      const tier = L.accessTier ?? 'development_access';
      limit = adsManagementPerHour(tier, ads ?? 0);
      const unknown = [ads === undefined ? 'active ads unknown, so counted as 0' : '', L.accessTier ? '' : 'access tier unknown, so the default one'].filter(Boolean).join('; ');
      formula = `${tier === 'standard_access' ? '100000' : '300'} + 40 × ${ads ?? ''}${ads === undefined ? '' : ' '}active ads${unknown ? `; ${unknown}` : ''}`;
      label = `ads management, ad account ${c.account ?? '(of the ad sets named)'}`;
      // X-Ad-Account-Usage names the account; X-Business-Use-Case-Usage names the business, not the account.
      seen = highest((k) => (c.account !== undefined && k === `adAccount:${c.account}`) || /^buc:.*:ads_management$/.test(k));
      break;
    }
    case 'msgr': {
      const users = L.engagedUsers;
      atLeast = users === undefined;
      limit = messagingPerDay(users ?? 1);
      formula = users !== undefined ? `200 × ${users} engaged users` : '200 × engaged users; unknown, so counted as 1';
      window = '24 hours';
      label = 'messaging';
      seen = highest((k) => /^buc:.*:msgr$/.test(k));
      break;
    }
    default: {
      // A documented number, not a formula: exact.
      limit = URL_READS_PER_HOUR;
      formula = `${URL_READS_PER_HOUR} reads per URL, per app`;
      label = `URL ${c.url}`;
      const made = inputs.urlReads?.[c.url!];
      seen = made !== undefined ? (100 * made) / limit : undefined;
    }
  }
  const share = (100 * c.calls) / limit;
  const total = (seen ?? 0) + share;
  return { key, label, calls: c.calls, limit, window, formula, atLeast, share: round(share), seen: seen === undefined ? undefined : round(seen), total: round(total), crosses: total > 100 };
}

function warningOf(s: ForecastScope): string {
  const what = `${s.label}: ${s.calls} call${s.calls === 1 ? '' : 's'}${s.seen ? ` after ${s.seen}% already used` : ''}`;
  if (s.key.startsWith('url:')) return `${what} ${s.atLeast ? 'may cross' : 'cross'} the limit of ${s.limit} reads per URL per hour (URL-READ-RATE): spread the reads out.`;
  return `${what} would reach ${percent(s.total)} of ${s.atLeast ? 'at least ' : ''}${s.limit} calls per ${s.window} (${s.formula}): the service refuses calls past 100%.`;
}

/** One line for a scope: `app: 4 calls, 2% of 200 calls per hour (200 × 1 daily active users); 12% used when last seen → 14%`. */
export function scopeLine(s: ForecastScope): string {
  const seen = s.seen !== undefined ? `; ${percent(s.seen)} used when last seen → ${percent(s.total)}` : '';
  return `${s.label}: ${s.calls} call${s.calls === 1 ? '' : 's'}, ${s.atLeast ? 'at most ' : ''}${percent(s.share)} of ${s.atLeast ? 'at least ' : ''}${s.limit} calls per ${s.window} (${s.formula})${seen}${s.crosses ? (s.atLeast ? ': may cross the limit' : ': crosses the limit') : ''}`;
}

/** A share for people: one decimal, and `<0.1%` rather than a misleading `0%`. */
function percent(n: number): string {
  return n > 0 && n < 0.1 ? '<0.1%' : `${Math.round(n * 10) / 10}%`;
}

/** The short form for a CodeLens: `7 calls · app ≤3.5% of 200/h · URL https://… 20% of 10/h`. */
export function forecastTitle(f: Forecast): string {
  const parts = f.scopes.map((s) => `${s.crosses ? '⚠ ' : ''}${shortLabel(s)} ${s.atLeast ? '≤' : ''}${percent(s.total)} of ${s.limit}/${s.window === 'hour' ? 'h' : '24 h'}`);
  const context = f.context ? [`context ${f.context.made}/${f.context.callsPerHour} this hour`] : [];
  return [`${f.calls} call${f.calls === 1 ? '' : 's'}`, ...parts, ...context].join(' · ');
}

function shortLabel(s: ForecastScope): string {
  if (s.key.startsWith('url:')) return s.label.length > 40 ? `${s.label.slice(0, 39)}…` : s.label;
  if (s.key.startsWith('ads:')) return `ads ${s.key.slice(4) === '?' ? '(ad sets)' : s.key.slice(4)}`;
  return s.label;
}

/** Two decimals: enough to tell a tiny share from none. */
function round(n: number): number {
  return Math.round(n * 100) / 100;
}
