/**
 * Rate-limit awareness: what the client knows about the service's limits, and the advice it gives
 * before the next send. Pure: the state is plain data that the I/O layer loads and saves (in the
 * history folder), and every function takes the time as an argument.
 *
 * Three kinds of knowledge ([1] Limits, [3] Limits and BUC limit codes):
 * - reads of each URL node within the last hour: the 11th would be refused (URL-READ-RATE);
 * - blocks: a rate-limit error, or a usage header whose estimated_time_to_regain_access is not 0,
 *   says calls of some scope are refused until some time; calling on only lengthens the wait
 *   (LIMIT-BLOCK), so the send is held until then;
 * - the last usage seen: a figure at 100% means the next call may well be refused.
 */
import { HOUR, URL_READS_PER_HOUR, urlCounterKey } from '../model/limitFormulas';
import { accountOf, blockHolds, perAdAccount } from './holdScopes';
import { shownUrl } from './shownUrl';
import type { PreparedRequest, SendResult } from './types';

/** [1] Limits: "at most ten GET requests per URL, per app, per hour". */
export { URL_READS_PER_HOUR };

/**
 * What a block applies to, keyed as the documents key the limits (holdScopes.ts): `*` (the app and
 * user limits), `buc:<type>:<key>` (one X-Business-Use-Case-Usage entry), `buc:<type>` (a BUC
 * error), `url:<url>` (one URL node), `endpoint:<id>` (a custom limit of one endpoint).
 */
export interface RateBlock {
  origin: string;
  scope: string;
  /** The ad account (`act_<id>` without `act_`) of the request the block was learned from, if it named one. */
  account?: string | null;
  /** When it was learned (ms). */
  since: number;
  /** When access should return (ms), or null when the service gave no estimate. */
  until: number | null;
  reason: string;
}

export interface RateState {
  /** `<origin> <url>` → times (ms) of the reads of that URL node within the last hour. */
  urlReads: Record<string, number[]>;
  blocks: RateBlock[];
  /** The last usage summary seen, per origin. */
  usage: Record<string, { at: number; highestPercent: number; limiting: string }>;
}

export function emptyRateState(): RateState {
  return { urlReads: {}, blocks: [], usage: {} };
}

export interface SendAdvice {
  warnings: string[];
  /** The client knows the call would be refused until then (ms); null when nothing holds it back. */
  holdUntil: number | null;
  /** Why it is held, one line. */
  holdReason: string | null;
  /** What holds it: a run holds the later calls these cover too (`holdCovers`). */
  holdScopes: HoldKey[];
}

/** The origin of a base URL; for text that is no URL, that text as messages may quote it (shownUrl: no user information, no query). */
export function originOf(req: Pick<PreparedRequest, 'baseUrl'>): string {
  try {
    return new URL(req.baseUrl).origin;
  } catch {
    return shownUrl(req.baseUrl);
  }
}

const clock = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

/** The advice before sending `req` at `now`. */
export function adviseBeforeSend(state: RateState, req: PreparedRequest, now: number): SendAdvice {
  const origin = originOf(req);
  const warnings: string[] = [];
  let holdUntil: number | null = null;
  let holdReason: string | null = null;
  const holdScopes: HoldKey[] = [];
  const hold = (until: number, reason: string, scope: string, account: string | null = null): void => {
    warnings.push(reason);
    holdScopes.push({ origin, scope, account });
    if (holdUntil === null || until > holdUntil) {
      holdUntil = until;
      holdReason = reason;
    }
  };

  for (const [url, n] of countEach(req.urlReads.map(urlCounterKey))) {
    const reads = recentReads(state, origin, url, now);
    if (reads.length + n > URL_READS_PER_HOUR) {
      // The read that frees a slot is the oldest one still inside the hour.
      const until = reads[Math.max(0, reads.length + n - 1 - URL_READS_PER_HOUR)] + HOUR;
      hold(until, `this would be read ${reads.length + n} of ${url} within an hour: the URL node allows ${URL_READS_PER_HOUR} reads per URL, per app, per hour (URL-READ-RATE); the next read is allowed at ${clock(until)}`, `url:${url}`);
    }
  }

  for (const b of state.blocks) {
    if (b.origin !== origin || !blockHolds(b.scope, b.account, req)) continue;
    if (b.until === null) warnings.push(`${b.reason} (${clock(b.since)}); the service gave no time to regain access, and calling on lengthens the wait (LIMIT-BLOCK)`);
    else if (b.until > now) hold(b.until, `${b.reason}; access should return at ${clock(b.until)} (in ${minutesText(b.until - now)}); calling before then lengthens the wait (LIMIT-BLOCK)`, b.scope, b.account ?? null);
  }

  const u = state.usage[origin];
  if (u && u.highestPercent >= 100 && now - u.at < HOUR) {
    warnings.push(`usage was at ${u.highestPercent}% (${u.limiting}) at ${clock(u.at)}: this call may be refused by a rate limit`);
  }
  return { warnings, holdUntil, holdReason, holdScopes };
}

function countEach(urls: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const u of urls) counts.set(u, (counts.get(u) ?? 0) + 1);
  return counts;
}

function recentReads(state: RateState, origin: string, url: string, now: number): number[] {
  return (state.urlReads[`${origin} ${url}`] ?? []).filter((t) => t > now - HOUR).sort((a, b) => a - b);
}

/** The state after `result` came back for `req` at `now` (returns a new object). */
export function recordResult(state: RateState, req: PreparedRequest, result: SendResult, now: number): RateState {
  const origin = originOf(req);
  const next = pruneRateState(state, now);
  if (result.status === null) return next;

  for (const url of req.urlReads.map(urlCounterKey)) {
    const key = `${origin} ${url}`;
    next.urlReads[key] = [...(next.urlReads[key] ?? []), now];
  }
  const usage = result.usage;
  if (usage.highestPercent !== null && usage.limiting) next.usage[origin] = { at: now, highestPercent: usage.highestPercent, limiting: usage.limiting.label };

  const error = result.error;
  const ok = result.status >= 200 && result.status < 300;
  if (ok) {
    // A call went through: whatever held it has lifted.
    next.blocks = next.blocks.filter((b) => b.origin !== origin || !blockHolds(b.scope, b.account, req));
  }
  const account = accountOf(req);
  // The error first: its meaning is the reason a hold gives when the usage header agrees with it.
  if (error?.rateLimit) {
    const until = error.regainAccessMinutes !== null ? now + error.regainAccessMinutes * 60_000 : usage.blockedUntil !== null ? Date.parse(usage.blockedUntil) : null;
    const reason = `the last call was refused: ${error.title} (code ${error.code}${error.subcode !== null ? `/${error.subcode}` : ''})`;
    for (const scope of errorScopes(error.rateLimit, error.bucType, req)) setBlock(next, { origin, scope, account, since: now, until, reason });
  }
  for (const e of usage.buc) {
    if (e.estimated_time_to_regain_access !== null && e.estimated_time_to_regain_access > 0) {
      // The entry's key names the business object its usage is counted on (holdScopes.ts).
      const whose = perAdAccount(e.type) ? `ad account or business ${e.businessId}` : `business ${e.businessId}`;
      setBlock(next, { origin, scope: `buc:${e.type}:${e.businessId}`, account, since: now, until: now + e.estimated_time_to_regain_access * 60_000, reason: `the service reported ${e.type} calls limited for ${whose}` });
    }
  }
  return next;
}

/** What one hold applies to: a block's origin, scope and the ad account it was learned from (holdScopes.ts). */
export interface HoldKey {
  origin: string;
  scope: string;
  account: string | null;
}

/** Whether a hold covers a call: the same origin, and a scope that holds it (`blockHolds`). */
export function holdCovers(key: HoldKey, req: PreparedRequest): boolean {
  return originOf(req) === key.origin && blockHolds(key.scope, key.account, req);
}

/** What the service's rate-limit refusal of `req` holds back. */
export function refusalScopes(req: PreparedRequest, result: SendResult): HoldKey[] {
  const error = result.error;
  if (!error?.rateLimit) return [];
  const origin = originOf(req);
  const account = accountOf(req);
  return errorScopes(error.rateLimit, error.bucType, req).map((scope) => ({ origin, scope, account }));
}

/** Which calls a rate-limit error holds back. */
function errorScopes(rateLimit: string, bucType: string | null, req: PreparedRequest): string[] {
  if (rateLimit === 'buc') return [bucType ? `buc:${bucType}` : req.bucType ? `buc:${req.bucType}` : '*'];
  if (rateLimit === 'custom') return req.urlReads.length ? req.urlReads.map((u) => `url:${urlCounterKey(u)}`) : [req.endpointId ? `endpoint:${req.endpointId}` : '*'];
  return ['*'];
}

function setBlock(state: RateState, block: RateBlock): void {
  const i = state.blocks.findIndex((b) => b.origin === block.origin && b.scope === block.scope && (b.account ?? null) === (block.account ?? null));
  if (i >= 0) state.blocks[i] = block;
  else state.blocks.push(block);
}

/** Drops what no longer matters: reads older than an hour, blocks that have passed, old usage. */
export function pruneRateState(state: RateState, now: number): RateState {
  const urlReads: RateState['urlReads'] = {};
  for (const [k, times] of Object.entries(state.urlReads)) {
    const kept = times.filter((t) => t > now - HOUR);
    if (kept.length) urlReads[k] = kept;
  }
  const blocks = state.blocks.filter((b) => (b.until === null ? now - b.since < HOUR : b.until > now));
  const usage: RateState['usage'] = {};
  for (const [k, u] of Object.entries(state.usage)) if (now - u.at < HOUR) usage[k] = u;
  return { urlReads, blocks, usage };
}

/** The state without anything known about one origin (its service started again from scratch). */
export function forgetOrigin(state: RateState, origin: string): RateState {
  const urlReads: RateState['urlReads'] = {};
  for (const [k, times] of Object.entries(state.urlReads)) if (!k.startsWith(`${origin} `)) urlReads[k] = times;
  const usage: RateState['usage'] = {};
  for (const [k, u] of Object.entries(state.usage)) if (k !== origin) usage[k] = u;
  return { urlReads, blocks: state.blocks.filter((b) => b.origin !== origin), usage };
}

/** Reads a state saved by an earlier session; anything unexpected gives an empty state. */
export function readRateState(json: unknown): RateState {
  const s = emptyRateState();
  if (json === null || typeof json !== 'object') return s;
  const o = json as Partial<RateState>;
  if (o.urlReads && typeof o.urlReads === 'object') {
    for (const [k, v] of Object.entries(o.urlReads)) if (Array.isArray(v)) s.urlReads[k] = v.filter((t): t is number => typeof t === 'number');
  }
  if (Array.isArray(o.blocks)) {
    s.blocks = o.blocks.filter(
      (b): b is RateBlock =>
        !!b && typeof b.origin === 'string' && typeof b.scope === 'string' && typeof b.since === 'number' && (b.until === null || typeof b.until === 'number') && typeof b.reason === 'string' && (b.account === undefined || b.account === null || typeof b.account === 'string'),
    );
  }
  if (o.usage && typeof o.usage === 'object') {
    for (const [k, u] of Object.entries(o.usage)) if (u && typeof u.at === 'number' && typeof u.highestPercent === 'number' && typeof u.limiting === 'string') s.usage[k] = u;
  }
  return s;
}

export function minutesText(ms: number): string {
  const min = Math.ceil(ms / 60_000);
  return min < 60 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`;
}
