/**
 * Snapshots of response bodies (`# @expect body matches snapshot`), pure: the masking that makes a
 * body comparable from one run to the next, the comparison that finds the first difference, and the
 * key a snapshot is filed under. The snapshot file itself is read and written by the I/O layer
 * (server/src/send/snapshotFile.ts).
 *
 * Masking rules (docs/testing.md, "Snapshots"), applied to every member at any depth:
 * - ids: a member named `id`, or whose name has `id`/`ids` as a word (`copied_adset_id`,
 *   `ad_object_ids`, `fbtrace_id`, `__www_request_id__`) → "<id>" (each item of a list);
 * - times: a member whose name has `time` as a word or says `timestamp` (`created_time`,
 *   `updated_time`), and any text that is an ISO 8601 date and time → "<time>";
 * - paging: a member named `paging` (cursors and page links change with the data) → "<paging>";
 * - tokens: a member named `access_token` → "<token>", and `access_token=...` inside any text.
 * Everything else is kept as it came, so the shape and the values that matter are compared.
 */

const ID_NAME = /(^|_)ids?(_|$)/i;
const TIME_NAME = /(^|_)time(_|$)|timestamp/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TOKEN_IN_TEXT = /(access_token=)[^&\s"']+/g;

export const MASK = { id: '<id>', time: '<time>', paging: '<paging>', token: '<token>' } as const;

/** The body with ids, times, paging and tokens masked (a new value; the input is not changed). */
export function maskForSnapshot(value: unknown, name = ''): unknown {
  if (name === 'access_token') return MASK.token;
  if (name === 'paging' && value !== null && typeof value === 'object') return MASK.paging;
  if (name && ID_NAME.test(name) && isScalarOrScalars(value)) return Array.isArray(value) ? value.map(() => MASK.id) : value === null ? null : MASK.id;
  if (name && TIME_NAME.test(name) && (typeof value === 'string' || typeof value === 'number')) return MASK.time;
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return MASK.time;
    return value.replace(TOKEN_IN_TEXT, `$1${MASK.token}`);
  }
  if (Array.isArray(value)) return value.map((v) => maskForSnapshot(v, ''));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = maskForSnapshot(v, k);
    return out;
  }
  return value;
}

function isScalarOrScalars(v: unknown): boolean {
  const scalar = (x: unknown): boolean => x === null || typeof x === 'string' || typeof x === 'number';
  return scalar(v) || (Array.isArray(v) && v.every(scalar));
}

/** The first place two values differ, depth first in the stored snapshot's order. */
export interface Difference {
  /** `body.data[2].message`, starting with `base`. */
  path: string;
  expected: unknown;
  actual: unknown;
  /** What kind of difference: a value, a member only one side has, a list of another length. */
  kind: 'value' | 'missing' | 'extra' | 'length' | 'type';
}

const ABSENT = Symbol('absent');

export function firstDifference(expected: unknown, actual: unknown, base: string): Difference | undefined {
  return diff(expected, actual, base);
}

function diff(e: unknown, a: unknown, path: string): Difference | undefined {
  if (Object.is(e, a)) return undefined;
  const eo = e !== null && typeof e === 'object';
  const ao = a !== null && typeof a === 'object';
  if (!eo || !ao) return { path, expected: e, actual: a, kind: eo === ao ? 'value' : 'type' };
  if (Array.isArray(e) !== Array.isArray(a)) return { path, expected: e, actual: a, kind: 'type' };
  if (Array.isArray(e) && Array.isArray(a)) {
    const n = Math.min(e.length, a.length);
    for (let i = 0; i < n; i++) {
      const d = diff(e[i], a[i], `${path}[${i}]`);
      if (d) return d;
    }
    if (e.length !== a.length) return { path: `${path}.length`, expected: e.length, actual: a.length, kind: 'length' };
    return undefined;
  }
  const er = e as Record<string, unknown>;
  const ar = a as Record<string, unknown>;
  for (const k of Object.keys(er)) {
    const has = Object.prototype.hasOwnProperty.call(ar, k);
    const d = has ? diff(er[k], ar[k], `${path}.${k}`) : { path: `${path}.${k}`, expected: er[k], actual: ABSENT, kind: 'missing' as const };
    if (d) return d;
  }
  for (const k of Object.keys(ar)) {
    if (!Object.prototype.hasOwnProperty.call(er, k)) return { path: `${path}.${k}`, expected: ABSENT, actual: ar[k], kind: 'extra' };
  }
  return undefined;
}

/** A value for messages: JSON, cut to `max` characters; `absent` for a side that has no such member. */
export function shortValue(v: unknown, max = 60): string {
  if (v === ABSENT || v === undefined) return 'absent';
  const text = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? String(v);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
