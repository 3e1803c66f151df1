/**
 * The account context of an environment with a base URL, opted in by the user (`graphreq.context:
 * "environment"`, `graphreq check --context`): read from the environment's service with GET reads
 * only, batched with `ids=` (`GET /{version}/?ids=a,b&fields=...`), kept in the workspace
 * (contextStore.ts) for a time to live, and never more than the configured number of calls an hour
 * (each id counts as one call, as the service counts them: [3] Limits). Reads happen only when a
 * host asks (on open, on save, on command, or once per `check --context` run), never while the user
 * types. The token goes only in the Authorization header to the base URL the user chose
 * (send/tokenChoice.ts decides, as for a send), and is never written anywhere.
 */
import { ACCOUNT_FIELDS, accountFactsOf, CAMPAIGN_FIELDS, campaignFactsOf, emptyContext, idsAnswer, pickFields, type AccountContext, type ContextNeeds, type EnvironmentSettings, type FactSource } from '../core';
import { originOf } from '../core/send';
import { sendOnce } from '../send/transport';
import { ContextStore, environmentKey, type StoredEntry, type StoredEnvironment } from './contextStore';

export interface ContextLimits {
  /** Calls an hour at most (each id read is one call). */
  callsPerHour: number;
  /** How long a read fact is used before it is read again. */
  ttlMs: number;
}

export const DEFAULT_CONTEXT_LIMITS: ContextLimits = { callsPerHour: 20, ttlMs: 60 * 60_000 };
/** graphreq.env.json's `context` settings, with the defaults for what it leaves out. */
export function contextLimitsOf(env: EnvironmentSettings): ContextLimits {
  const c = env.contextLimits ?? {};
  const calls = typeof c.callsPerHour === 'number' && Number.isInteger(c.callsPerHour) && c.callsPerHour >= 0 ? Math.min(c.callsPerHour, 200) : DEFAULT_CONTEXT_LIMITS.callsPerHour;
  const ttl = typeof c.ttlMinutes === 'number' && c.ttlMinutes >= 1 ? Math.min(c.ttlMinutes, 10080) * 60_000 : DEFAULT_CONTEXT_LIMITS.ttlMs;
  return { callsPerHour: calls, ttlMs: ttl };
}

/** Ids per read: [3] Limits lets one request name up to 50. */
const IDS_PER_READ = 50;
const HOUR = 3_600_000;

export interface EnvironmentTarget {
  workspace: string;
  /** The environment's name (for the key and the facts' source). */
  name?: string;
  baseUrl: string;
  version: string;
}

/** The context of an environment whose context is not read (the user did not turn reading on): nothing is known. */
export function unreadContext(name: string | undefined): AccountContext {
  const ctx = emptyContext({ kind: 'environment', name, fetch: false });
  ctx.key = `environment:unread:${name ?? ''}`;
  return ctx;
}

/**
 * The last context built per store file and environment, kept while the file and the settings are the
 * same and none of its facts has outlived the time to live (`until`): the language server asks on
 * every check, and a fact that expires must leave the context even when the file does not change.
 */
const built = new Map<string, { key: string; until: number; context: AccountContext }>();

/** The context of an environment as stored: what was read within the time to live. */
export function storedContext(t: Omit<EnvironmentTarget, 'version'>, o: { fetch: boolean; now: number; limits?: ContextLimits }): AccountContext {
  const store = new ContextStore(t.workspace);
  const key = environmentKey(t.name, originOf({ baseUrl: t.baseUrl }));
  const ttl = (o.limits ?? DEFAULT_CONTEXT_LIMITS).ttlMs;
  const cacheKey = `environment:${store.file}:${key}:${store.stamp()}:${o.fetch}:${ttl}`;
  const hit = built.get(`${store.file}\0${key}`);
  if (hit && hit.key === cacheKey && o.now < hit.until) return hit.context;
  const stored = store.read(key);
  const ctx = emptyContext({ kind: 'environment', name: t.name, fetch: o.fetch });
  let until = Infinity;
  const fresh = (e: StoredEntry): boolean => {
    if (!(o.now - e.readAt < ttl)) return false;
    until = Math.min(until, e.readAt + ttl);
    return true;
  };
  for (const [id, e] of Object.entries(stored.campaigns)) {
    if (!fresh(e) || !e.facts) continue;
    const facts = campaignFactsOf(e.facts, sourceOf(e, t.name), e.readAt);
    if (facts) ctx.campaigns[id] = facts;
  }
  for (const [id, e] of Object.entries(stored.accounts)) {
    if (!fresh(e) || !e.facts) continue;
    const facts = accountFactsOf(e.facts, sourceOf(e, t.name), e.readAt);
    if (facts) ctx.accounts[id] = facts;
  }
  // The key changes when a fact expires, so the results cached by it are computed again.
  ctx.key = `${cacheKey}:${until}`;
  built.set(`${store.file}\0${key}`, { key: cacheKey, until, context: ctx });
  return ctx;
}

function sourceOf(e: StoredEntry, environment: string | undefined): FactSource {
  return e.from ? { kind: 'response', request: e.from.response ?? undefined } : { kind: 'environment', environment };
}

/** The calls of the last hour and what is left of the hour's allowance. */
export function callsLeft(stored: StoredEnvironment, now: number, limits: ContextLimits): { made: number; left: number } {
  const made = stored.calls.filter((t) => now - t < HOUR).length;
  return { made, left: Math.max(0, limits.callsPerHour - made) };
}

/** The ids of `needs` that the store does not hold within the time to live (read and answered, or read and not answered). */
export function missingIds(stored: StoredEnvironment, needs: ContextNeeds, now: number, limits: ContextLimits): ContextNeeds {
  const stale = (e: StoredEntry | undefined): boolean => !e || now - e.readAt >= limits.ttlMs;
  return { campaigns: needs.campaigns.filter((id) => stale(stored.campaigns[id])), accounts: needs.accounts.filter((id) => stale(stored.accounts[id])) };
}

export interface FetchReport {
  /** Ids read (each one a call). */
  calls: number;
  /** Calls made in the hour, with these. */
  madeThisHour: number;
  callsPerHour: number;
  /** Ids left unread because the hour's allowance is spent. */
  heldBack: number;
  /** One line each: a read that failed. */
  problems: string[];
  /** When the service was last read for this environment's context (this read or an earlier one), null if never. */
  lastReadAt: number | null;
}

/**
 * Reads the ids of `needs` the store lacks, within the hour's allowance, and stores what the service
 * answered. `fetchImpl` stands in for the network in tests (a recording server is used instead where
 * the real transport is wanted).
 */
export async function fetchContext(t: EnvironmentTarget, needs: ContextNeeds, o: { token?: string; now: () => number; limits?: ContextLimits; timeoutMs?: number }): Promise<FetchReport> {
  const limits = o.limits ?? DEFAULT_CONTEXT_LIMITS;
  const store = new ContextStore(t.workspace);
  const key = environmentKey(t.name, originOf({ baseUrl: t.baseUrl }));
  const now = o.now();
  const stored = store.read(key);
  const missing = missingIds(stored, needs, now, limits);
  const { left } = callsLeft(stored, now, limits);
  // Campaigns first: the rules that read them (the goal, the budget) are the ones a send fails on.
  const wanted: Array<['campaigns' | 'accounts', string]> = [...missing.campaigns.map((id) => ['campaigns', id] as ['campaigns', string]), ...missing.accounts.map((id) => ['accounts', id] as ['accounts', string])];
  const chosen = wanted.slice(0, left);
  const report: FetchReport = { calls: 0, madeThisHour: 0, callsPerHour: limits.callsPerHour, heldBack: wanted.length - chosen.length, problems: [], lastReadAt: null };
  if (!chosen.length) {
    // Nothing to read: the file stays as it is (a write would change the context's key and re-check every document).
    report.madeThisHour = callsLeft(stored, now, limits).made;
    report.lastReadAt = lastRead(stored);
    return report;
  }
  const results: Array<{ kind: 'campaigns' | 'accounts'; id: string; facts: StoredEntry['facts']; at: number }> = [];
  const calls: number[] = [];
  // What is left of the hour's allowance after the reads chosen: a read again after an 803 spends it.
  const spare = { calls: left - chosen.length };
  for (const kind of ['campaigns', 'accounts'] as const) {
    const ids = chosen.filter(([k]) => k === kind).map(([, id]) => (kind === 'accounts' ? `act_${id}` : id));
    for (let i = 0; i < ids.length; i += IDS_PER_READ) {
      const batch = ids.slice(i, i + IDS_PER_READ);
      const fields = kind === 'campaigns' ? CAMPAIGN_FIELDS : ACCOUNT_FIELDS;
      const read = await readIds(t, batch, fields, spare, o);
      report.calls += read.calls;
      for (let n = 0; n < read.calls; n++) calls.push(read.at);
      if (read.problem) report.problems.push(read.problem);
      for (const written of batch) {
        const id = written.replace(/^act_/, '');
        if (read.unread.has(written)) continue;
        const value = read.answer[written] ?? read.answer[id];
        results.push({ kind, id, facts: value ? answered(kind, value, fields) : null, at: read.at });
      }
    }
  }
  await store.update(key, (env) => {
    env.calls = [...env.calls.filter((c) => now - c < HOUR), ...calls];
    for (const r of results) env[r.kind][r.id] = { readAt: r.at, facts: r.facts };
    report.madeThisHour = env.calls.length;
    report.lastReadAt = lastRead(env);
  });
  return report;
}

interface IdsRead {
  /** What the service answered, by id as written in the read. */
  answer: Record<string, Record<string, unknown>>;
  /** Ids whose read failed: nothing is stored for them, so a later read asks again. */
  unread: Set<string>;
  calls: number;
  at: number;
  problem?: string;
}

/**
 * One `ids=` read of `batch`. The service refuses the whole read when one id is unknown to it, with
 * code 803 and the unknown ids in its message ("(#803) Some of the aliases you requested do not
 * exist: 1,2"): those ids are known to have no facts, and the others are read once more without
 * them (within the hour's allowance), so one deleted campaign does not leave every campaign of the
 * read without its facts. A read that fails otherwise stores nothing for its ids (a failure is not
 * an answer, and the next read asks again).
 */
async function readIds(t: EnvironmentTarget, batch: readonly string[], fields: readonly string[], spare: { calls: number }, o: { token?: string; now: () => number; timeoutMs?: number }): Promise<IdsRead> {
  const origin = originOf({ baseUrl: t.baseUrl });
  const read: IdsRead = { answer: Object.create(null), unread: new Set(), calls: 0, at: o.now() };
  let ask = [...batch];
  for (let attempt = 0; attempt < 2 && ask.length; attempt++) {
    const url = `${t.baseUrl.replace(/\/+$/, '')}/${t.version}/?ids=${ask.map(encodeURIComponent).join(',')}&fields=${fields.join(',')}`;
    read.calls += ask.length;
    try {
      const res = await sendOnce({ method: 'GET', url, headers: o.token ? { authorization: `Bearer ${o.token}` } : {}, body: null }, { timeoutMs: o.timeoutMs ?? 30_000, now: o.now, maxBytes: 1024 * 1024 });
      if (res.status >= 200 && res.status < 300) {
        Object.assign(read.answer, idsAnswer(JSON.parse(res.bodyText)));
        return read;
      }
      const absent = attempt === 0 ? unknownAliases(res.bodyText, ask) : [];
      if (absent.length) {
        // Known to have no facts: answered as absent (facts null), not left unread.
        ask = ask.filter((id) => !absent.includes(id));
        if (ask.length <= spare.calls) {
          spare.calls -= ask.length;
          continue;
        }
        read.problem = `reading the account context of ${origin}: the hour's allowance of calls is spent before the ids the service knows could be read again`;
      } else {
        read.problem = `reading the account context of ${origin} answered HTTP ${res.status}`;
      }
    } catch (e) {
      read.problem = `reading the account context of ${origin} failed: ${(e as Error).message.split('\n')[0]}`;
    }
    for (const id of ask) read.unread.add(id);
    return read;
  }
  return read;
}

/** The ids of `asked` that an error 803 names as unknown; none when the answer is no such error. */
export function unknownAliases(bodyText: string, asked: readonly string[]): string[] {
  let error: { code?: unknown; message?: unknown } | undefined;
  try {
    error = (JSON.parse(bodyText) as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  } catch {
    return [];
  }
  if (error?.code !== 803 || typeof error.message !== 'string') return [];
  const listed = error.message.slice(error.message.lastIndexOf(':') + 1).split(',').map((s) => s.trim());
  return asked.filter((id) => listed.includes(id) || listed.includes(id.replace(/^act_/, '')));
}

/** The last time the environment's service was read for the context (what responses taught is not a read). */
export function lastRead(env: StoredEnvironment): number | null {
  let last: number | null = null;
  for (const e of [...Object.values(env.campaigns), ...Object.values(env.accounts)]) if (!e.from && (last === null || e.readAt > last)) last = e.readAt;
  return last;
}

/**
 * The asked fields of an answer. A campaign's budget fields were asked for, so one the answer leaves
 * out is not set: the campaign has no budget of that kind (a field the service has no value for is
 * left out of its answers).
 */
function answered(kind: 'campaigns' | 'accounts', value: Record<string, unknown>, fields: readonly string[]): Record<string, string | number | boolean> {
  const out = pickFields(value, fields);
  if (kind === 'campaigns') for (const f of ['daily_budget', 'lifetime_budget']) out[f] ??= 0;
  return out;
}
