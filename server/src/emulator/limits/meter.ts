/**
 * Which counters a call counts against ([3] Authentication and Limits):
 * - ad set calls follow the ads-management BUC limit of their ad account (for ads API v3.3 and
 *   older, the per-account limit reported in X-Ad-Account-Usage, code 17/2446079), whose formula
 *   reads the account's active ads from the emulator's own state;
 * - thread reads follow the messaging app BUC limit of the app;
 * - the URL node and anything else follow the platform limits: the app's (code 4) and, for user
 *   tokens, the user's (code 17); BUC replaces them where it applies;
 * - a URL read also counts against "10 reads per URL, per app, per hour" (code 613);
 * - `GET /?ids=a,b` naming ad sets or threads counts as reads of those nodes.
 * A request naming several ids counts one call per id (REQ-IDS-COUNT).
 */
import { base64url, sha256Of } from '../hostCrypto';
import { urlCounterKey } from '../../core/model/limitFormulas';
import type { Call, Version } from '../../core';
import { fieldsNode } from '../../core/analysis/call';
import { accountSettings, appSettings, type EmulatorConfig } from '../config';
import { own } from '../../core/own';
import { activeAds, type EmulatorState } from '../state';
import type { Caller } from '../tokens';
import { adsManagementPerHour, appCallsPerHour, DAY, HOUR, messagingPerDay, scaled } from './quotas';

export type ScopeKind = 'app' | 'user' | 'ads' | 'msgr' | 'url';

export interface Scope {
  kind: ScopeKind;
  /** Counter key: one counter per app, user, ad account or app and URL. */
  key: string;
  windowMs: number;
  /** Calls allowed in the window. */
  limit: number;
  /** Calls this request adds. */
  units: number;
  code: number;
  subcode?: number;
  /** What reached its limit, for the error message. */
  label: string;
  /** ads: the account id; url: the URL. */
  subject?: string;
}

const V3_3 = { major: 3, minor: 3 };

export function isAdsV33OrOlder(v: Version): boolean {
  return v.major < V3_3.major || (v.major === V3_3.major && v.minor <= V3_3.minor);
}

export function meteredScopes(call: Call, caller: Caller, version: Version, config: EmulatorConfig, state: EmulatorState): Scope[] {
  const scale = config.testMode ? config.testScale : undefined;
  const app = appSettings(config, caller.app);
  const endpoint = call.endpoint;
  const ids = idsNamed(call);
  const units = Math.max(1, ids.length);
  const adsScope = (account: string, n: number): Scope => {
    const { limit, windowMs } = scaled(adsManagementPerHour(app.accessTier, accountSettings(config, account).activeAds ?? activeAds(state, account)), HOUR, scale);
    const old = isAdsV33OrOlder(version);
    return { kind: 'ads', key: `ads:${account}`, windowMs, limit, units: n, code: old ? 17 : 80004, subcode: 2446079, label: `ad account act_${account}`, subject: account };
  };
  const msgrScope = (n: number): Scope => {
    const { limit, windowMs } = scaled(messagingPerDay(app.engagedUsers), DAY, scale);
    return { kind: 'msgr', key: `msgr:${caller.app}`, windowMs, limit, units: n, code: 80006, label: `app ${caller.app}` };
  };

  if (endpoint?.bucType === 'ads_management') {
    const account = adAccountOf(call, state);
    if (account) return [adsScope(account, units)];
  }
  if (endpoint?.bucType === 'msgr') return [msgrScope(units)];
  // `GET /?ids=a,b` of ad sets or threads reads those nodes (core fieldsNode): each id counts where a
  // read of that node counts, the ad sets against their accounts' ads-management limits.
  const node = endpoint?.id === 'url.read' ? fieldsNode(call) : undefined;
  if (node === 'adset') {
    const perAccount = new Map<string, number>();
    for (const id of ids) {
      const account = own(state.adsets, id)?.account_id;
      if (account !== undefined) perAccount.set(account, (perAccount.get(account) ?? 0) + 1);
    }
    // Ids the emulator does not hold (the read answers 400, 100/33) count against the platform limits below.
    if (perAccount.size) return [...perAccount].map(([account, n]) => adsScope(account, n));
  }
  if (node === 'thread') return [msgrScope(units)];
  const scopes: Scope[] = [];
  const appQuota = scaled(appCallsPerHour(app.dailyActiveUsers), HOUR, scale);
  scopes.push({ kind: 'app', key: `app:${caller.app}`, ...appQuota, units, code: 4, label: `app ${caller.app}` });
  if (caller.kind === 'user') {
    const userQuota = scaled(config.userCallsPerHour, HOUR, scale);
    scopes.push({ kind: 'user', key: `user:${caller.user}`, ...userQuota, units, code: 17, label: `user ${caller.user}` });
  }
  if (node === 'url') {
    // A fixed documented limit, not a formula: test mode shortens its window but keeps the 10 reads.
    const windowMs = scale ? Math.max(1, Math.round(HOUR * scale.window)) : HOUR;
    const reads = new Map<string, number>();
    for (const url of ids) reads.set(url, (reads.get(url) ?? 0) + 1);
    for (const [url, n] of reads) {
      scopes.push({ kind: 'url', key: `url:${caller.app}:${urlKey(url)}`, windowMs, limit: config.limits.urlReadsPerHour, units: n, code: 613, label: `URL ${shorten(url)}`, subject: url });
    }
  }
  return scopes;
}

/**
 * A fixed-size key per URL: URLs may be 16,000 characters long, and keys that long would make every
 * counter lookup hash and compare the whole URL.
 */
function urlKey(url: string): string {
  // One URL however its scheme and host are cased (docs/api.md, [1] Limits), as the client counts it.
  return base64url(sha256Of(urlCounterKey(url))).slice(0, 22);
}

function shorten(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}

/** The ids a call names: `ids` (comma-separated) or `id`. */
export function idsNamed(call: Call): string[] {
  const ids = call.params.get('ids')?.value;
  if (typeof ids === 'string') return ids.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const id = call.params.get('id')?.value;
  return typeof id === 'string' && id !== '' ? [id] : [];
}

function adAccountOf(call: Call, state: EmulatorState): string | undefined {
  const values = call.match?.values ?? {};
  const account = values['ad-account-id'];
  if (account !== undefined) return /^\d+$/.test(account) ? account : undefined;
  const adset = values['adset-id'];
  return adset !== undefined ? own(state.adsets, adset)?.account_id : undefined;
}
