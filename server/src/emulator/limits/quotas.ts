/**
 * The documented quota formulas ([3] Platform limits, BUC limits) for the use cases the emulated
 * endpoints fall under. In the BUC table the first variant is the default access tier
 * (development_access) and the second the advanced one (standard_access).
 */
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** App calls per hour: 200 x unique daily active users. */
export function appCallsPerHour(dailyActiveUsers: number): number {
  return 200 * dailyActiveUsers;
}

/** Ads management, per ad account per hour: 300 + 40 x active ads; or 100000 + 40 x active ads. */
export function adsManagementPerHour(tier: 'development_access' | 'standard_access', activeAds: number): number {
  return (tier === 'standard_access' ? 100000 : 300) + 40 * activeAds;
}

/** Messaging app API, per 24 hours: 200 x engaged users. */
export function messagingPerDay(engagedUsers: number): number {
  return 200 * engagedUsers;
}

/**
 * Test mode: the formula's result and the window are scaled so that a test can reach a limit in a
 * few calls. The formula itself is unchanged; at least one call is always allowed.
 */
export function scaled(quota: number, windowMs: number, scale: { window: number; quota: number } | undefined): { limit: number; windowMs: number } {
  if (!scale) return { limit: Math.max(1, Math.floor(quota)), windowMs };
  return { limit: Math.max(1, Math.ceil(quota * scale.quota)), windowMs: Math.max(1, Math.round(windowMs * scale.window)) };
}
