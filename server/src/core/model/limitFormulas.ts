/**
 * The documented quota formulas ([3] Platform limits, BUC limits) for the use cases the documented
 * endpoints fall under, and the URL node's fixed limit ([1] Limits). In the BUC table the first
 * variant is the default access tier (development_access) and the second the advanced one
 * (standard_access). The emulator enforces them; the forecast before sending a file counts with them.
 */
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export type AccessTier = 'development_access' | 'standard_access';

/** App calls per hour: 200 x unique daily active users. */
export function appCallsPerHour(dailyActiveUsers: number): number {
  return 200 * dailyActiveUsers;
}

/** Ads management, per ad account per hour: 300 + 40 x active ads; or 100000 + 40 x active ads. */
export function adsManagementPerHour(tier: AccessTier, activeAds: number): number {
  return (tier === 'standard_access' ? 100000 : 300) + 40 * activeAds;
}

/** Messaging app API, per 24 hours: 200 x engaged users. */
export function messagingPerDay(engagedUsers: number): number {
  return 200 * engagedUsers;
}

/** [1] Limits: "at most ten GET requests per URL, per app, per hour". */
export const URL_READS_PER_HOUR = 10;

/**
 * A URL as the per-URL counter counts it: the scheme and host without case (RFC 3986 6.2.2.1: they
 * are case-insensitive), the path and query as written (they are not). docs/api.md, [1] Limits.
 */
export function urlCounterKey(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(url.trim());
  return m ? `${m[1].toLowerCase()}${m[2].toLowerCase()}${m[3]}` : url.trim();
}
