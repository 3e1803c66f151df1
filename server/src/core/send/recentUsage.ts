/**
 * The usage seen recently, scope by scope: the app (X-App-Usage), each ad account
 * (X-Ad-Account-Usage, named by the act_<id> of the request), each business use case of each
 * business (X-Business-Use-Case-Usage). A response updates only the scopes its headers name, so a
 * thread read (msgr) never hides how close the ads_management figure of an ad account is.
 *
 * Each figure falls as its window rolls ([3] Limits: "All windows are rolling"): the calls behind
 * it leave the window one by one, so with no new call it is at 0 one window after it was seen.
 * graphreq cannot know when each of those calls was made, so it lets the figure fall linearly over
 * the window (schemas/rules-data/limits.json usageWindows): an estimate, never above what was seen.
 * A blocked scope (estimated_time_to_regain_access) keeps its figure until access should return;
 * an ad account's figure reaches 0 when reset_time_duration says its score resets.
 *
 * Pure and plain data: the editors keep one per base URL and render `usageNow` as time passes; the
 * language server reports the highest figure to editors other than VS Code.
 */
// The table itself, not the whole schema bundle: the VS Code client bundles this module too.
import limitsData from '../../../../schemas/rules-data/limits.json';
import { own } from '../own';
import type { SendResult } from './types';

export interface UsageScope {
  /** `app`, `adAccount:act_1`, `buc:<business>:<type>`. */
  key: string;
  /** For people: `app`, `ad account act_1`, `ads_management (business 1)`. */
  label: string;
  /** The highest figure of the scope when seen (call_count, total_cputime, total_time or acc_id_util_pct). */
  percent: number;
  metric: string;
  /** When it was seen (ms). */
  at: number;
  /** How long the figure takes to fall to 0 once it starts falling (ms). */
  windowMs: number;
  /** Blocked: the figure holds until then (ms), when access should return. */
  holdUntil: number | null;
}

export interface RecentUsage {
  scopes: Record<string, UsageScope>;
}

/** A scope's figure now. */
export interface ScopeNow extends UsageScope {
  /** The figure at `now`, one decimal. */
  now: number;
}

export interface UsageNow {
  /** Scopes seen within their window, highest first (a scope seen at 0% is one too). */
  scopes: ScopeNow[];
  /** The highest figure now: the scope that will limit first. */
  highest: ScopeNow | null;
}

export function emptyRecentUsage(): RecentUsage {
  return { scopes: {} };
}

const MINUTE = 60_000;

/** The state after the usage headers of `result` came at `at` (a new object; scopes not named are kept). */
export function recordUsage(state: RecentUsage, result: Pick<SendResult, 'usage' | 'request'>, at: number): RecentUsage {
  const next: RecentUsage = { scopes: { ...state.scopes } };
  const usage = result.usage;
  if (!usage) return next;
  const windows = (limitsData as unknown as { usageWindows: { app: number; adAccount: number; buc: Record<string, number>; default: number } }).usageWindows;
  const set = (scope: UsageScope): void => {
    next.scopes[scope.key] = scope;
  };
  const highest = (values: Array<[string, number | null]>): [string, number] | undefined => {
    let best: [string, number] | undefined;
    for (const [metric, v] of values) if (v !== null && (!best || v > best[1])) best = [metric, v];
    return best;
  };
  if (usage.app) {
    const h = highest([['call_count', usage.app.call_count], ['total_cputime', usage.app.total_cputime], ['total_time', usage.app.total_time]]);
    if (h) set({ key: 'app', label: 'app', metric: h[0], percent: h[1], at, windowMs: windows.app * MINUTE, holdUntil: null });
  }
  const acc = usage.adAccount;
  if (acc && acc.acc_id_util_pct !== null) {
    const account = adAccountOf(result.request?.url ?? '');
    const reset = acc.reset_time_duration;
    set({
      key: `adAccount:${account ?? '?'}`,
      label: `ad account ${account ?? '(not in the URL)'}`,
      metric: 'acc_id_util_pct',
      percent: acc.acc_id_util_pct,
      at,
      // The score is back at 0 when reset_time_duration has passed; at 100 it limits until then.
      windowMs: reset !== null && reset > 0 ? reset * 1000 : windows.adAccount * MINUTE,
      holdUntil: acc.acc_id_util_pct >= 100 && reset !== null && reset > 0 ? at + reset * 1000 : null,
    });
  }
  for (const e of usage.buc) {
    const h = highest([['call_count', e.call_count], ['total_cputime', e.total_cputime], ['total_time', e.total_time]]);
    if (!h) continue;
    const regain = e.estimated_time_to_regain_access;
    set({
      key: `buc:${e.businessId}:${e.type}`,
      label: `${e.type} (business ${e.businessId})`,
      metric: h[0],
      percent: h[1],
      at,
      windowMs: (own(windows.buc, e.type) ?? windows.default) * MINUTE,
      holdUntil: regain !== null && regain > 0 ? at + regain * MINUTE : null,
    });
  }
  return next;
}

/** Every scope's figure at `now`, highest first; scopes whose window has rolled past are left out. */
export function usageNow(state: RecentUsage, now: number): UsageNow {
  const scopes: ScopeNow[] = [];
  for (const s of Object.values(state.scopes)) if (current(s, now)) scopes.push({ ...s, now: figureAt(s, now) });
  scopes.sort((a, b) => b.now - a.now || a.key.localeCompare(b.key));
  return { scopes, highest: scopes[0] ?? null };
}

/** The state without the scopes that have fallen to 0 (to keep it small). */
export function pruneRecentUsage(state: RecentUsage, now: number): RecentUsage {
  const scopes: Record<string, UsageScope> = {};
  for (const [k, s] of Object.entries(state.scopes)) if (current(s, now)) scopes[k] = s;
  return { scopes };
}

/** Seen recently: its figure has not yet rolled out of its window. */
function current(s: UsageScope, now: number): boolean {
  return now < Math.max(s.at, s.holdUntil ?? s.at) + s.windowMs;
}

/** The figure of a scope at `now`: held while blocked, then falling linearly to 0 over its window. */
export function figureAt(s: UsageScope, now: number): number {
  const from = Math.max(s.at, s.holdUntil ?? s.at);
  if (now <= from) return s.percent;
  const left = 1 - (now - from) / s.windowMs;
  return left <= 0 ? 0 : Math.round(s.percent * left * 10) / 10;
}

/** `act_1234` of a request URL, if it names an ad account. */
function adAccountOf(url: string): string | undefined {
  return /\/(act_\d+)(?:[/?]|$)/.exec(url)?.[1];
}
