/**
 * The documented quota formulas ([3] Platform limits, BUC limits) for the use cases the emulated
 * endpoints fall under. In the BUC table the first variant is the default access tier
 * (development_access) and the second the advanced one (standard_access).
 */
// The formulas live in the core, which the forecast before sending a file shares with the emulator.
export { adsManagementPerHour, appCallsPerHour, DAY, HOUR, messagingPerDay } from '../../core/model/limitFormulas';

/**
 * Test mode: the formula's result and the window are scaled so that a test can reach a limit in a
 * few calls. The formula itself is unchanged; at least one call is always allowed.
 */
export function scaled(quota: number, windowMs: number, scale: { window: number; quota: number } | undefined): { limit: number; windowMs: number } {
  if (!scale) return { limit: Math.max(1, Math.floor(quota)), windowMs };
  return { limit: Math.max(1, Math.ceil(quota * scale.quota)), windowMs: Math.max(1, Math.round(windowMs * scale.window)) };
}
