/**
 * The usage headers of [3] (USAGE-APP, USAGE-ADACCOUNT, USAGE-BUC), each JSON text:
 * - X-App-Usage {call_count, total_cputime, total_time} for calls under the platform limits;
 * - X-Ad-Account-Usage {acc_id_util_pct, reset_time_duration, ads_api_access_tier} for ads API calls
 *   of v3.3 and older;
 * - X-Business-Use-Case-Usage {<business object id>: [{type, call_count, total_cputime, total_time,
 *   estimated_time_to_regain_access, ads_api_access_tier}]} for BUC calls of newer versions. The key is
 *   the id of the business object the use case counts on: the ad account (its digits, without `act_`)
 *   for ads_management, which [3] counts "per ad account", as real headers key it; the token's
 *   business for the messaging app API, which names no object (docs/emulator.md, Decisions).
 * Percentages are integers (rounded down) of the allowance; estimated_time_to_regain_access is in
 * minutes (rounded up) and reset_time_duration in seconds (rounded up).
 */
import type { AppSettings } from '../config';

/**
 * [3] Usage headers: X-Business-Use-Case-Usage carries "up to 32 objects per call". A read of more ad
 * accounts' objects (`?ids=` of 40 ad sets in 40 accounts) reports the 32 most used, so a limit that
 * is near or reached is never the one left out; they keep the order of the call.
 */
export const BUC_OBJECTS_PER_CALL = 32;
import type { Caller } from '../tokens';
import type { Limiter } from './limiter';
import type { Scope } from './meter';

export function usageHeaders(scopes: Scope[], limiter: Limiter, now: number, caller: Caller, app: AppSettings, adsV33OrOlder: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  // One entry per business-use-case counter: a multi-id read of ad sets of several accounts has several.
  const bucEntries: Array<{ key: string; entry: Record<string, unknown> }> = [];
  for (const scope of scopes) {
    const u = limiter.usage(scope, now);
    if (scope.kind === 'app') {
      headers['X-App-Usage'] = JSON.stringify({ call_count: u.callCount, total_cputime: u.totalCputime, total_time: u.totalTime });
    } else if (scope.kind === 'ads' && adsV33OrOlder) {
      headers['X-Ad-Account-Usage'] = JSON.stringify({
        acc_id_util_pct: Math.floor((10000 * u.count) / scope.limit) / 100,
        reset_time_duration: Math.ceil(u.resetMs / 1000),
        ads_api_access_tier: app.accessTier,
      });
    } else if (scope.kind === 'ads' || scope.kind === 'msgr') {
      const entry: Record<string, unknown> = {
        type: scope.kind === 'ads' ? 'ads_management' : 'msgr',
        call_count: u.callCount,
        total_cputime: u.totalCputime,
        total_time: u.totalTime,
        estimated_time_to_regain_access: Math.ceil(u.regainMs / 60_000),
      };
      if (scope.kind === 'ads') entry.ads_api_access_tier = app.accessTier;
      bucEntries.push({ key: scope.kind === 'ads' && scope.subject ? scope.subject : caller.business, entry });
    }
  }
  if (bucEntries.length) {
    const byObject: Record<string, Array<Record<string, unknown>>> = {};
    for (const { key, entry } of mostUsed(bucEntries, BUC_OBJECTS_PER_CALL)) (byObject[key] ??= []).push(entry);
    headers['X-Business-Use-Case-Usage'] = JSON.stringify(byObject);
  }
  return headers;
}

function mostUsed<T extends { entry: Record<string, unknown> }>(entries: T[], max: number): T[] {
  if (entries.length <= max) return entries;
  const weight = ({ entry: e }: T): number => Math.max(...['call_count', 'total_cputime', 'total_time', 'estimated_time_to_regain_access'].map((k) => Number(e[k]) || 0));
  const kept = new Set(entries.map((e, i) => ({ i, w: weight(e) })).sort((a, b) => b.w - a.w || a.i - b.i).slice(0, max).map((x) => x.i));
  return entries.filter((_, i) => kept.has(i));
}
