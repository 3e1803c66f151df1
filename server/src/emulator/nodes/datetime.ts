/**
 * Datetimes as the API writes them: ISO 8601 with a numeric offset (`2026-09-01T00:00:00+0000`), or
 * with `date_format=U` UNIX timestamps in seconds (ADSET-DATE-FORMAT). Parameters take either a UNIX
 * timestamp or ISO 8601 text.
 */

/** Milliseconds, or undefined when the value is no datetime. `0` stays 0 (an ongoing end_time). */
export function toMs(value: unknown): number | undefined {
  if (typeof value === 'number' && isFinite(value)) return value * 1000;
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  if (/^-?\d+$/.test(t)) return Number(t) * 1000;
  // ISO offsets without a colon (+0200) are what the API writes; Date.parse wants +02:00.
  const ms = Date.parse(t.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return isNaN(ms) ? undefined : ms;
}

export function formatDatetime(ms: number, unix: boolean): string | number {
  if (unix) return Math.floor(ms / 1000);
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}
