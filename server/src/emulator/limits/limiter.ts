/**
 * Enforces the rate limits (LIMIT-BLOCK, LIMIT-PLATFORM, LIMIT-BUC, URL-READ-RATE). Every call is
 * counted, refused ones included: [3] says that once a limit is reached every further request fails
 * until usage drops below it, and that continued calling raises the count and lengthens the wait.
 * A call is refused while a counter it falls under is at 100% or more, so the call that reaches
 * 100% still succeeds and the next one fails.
 *
 * The counters stay cheap under a flood, so that nobody holding a token can slow the emulator down:
 * - a call refused by the app, user or business-use-case limit starts no new per-URL counter (it
 *   still counts against the counters that exist), so per-URL counters grow only with calls the
 *   quotas let through;
 * - per-URL counters are keyed by a hash of the URL (meter.ts), and at most MAX_COUNTERS counters are
 *   kept: counters whose calls have all left the window are dropped as calls come in, oldest first,
 *   and past the bound the least recently counted one is forgotten (the counters of a caller who
 *   keeps calling are never the least recently counted);
 * - counters remember which of them changed, so that --data can append just those (`takeChanges`)
 *   and a restart does not lift a block.
 */
import { RollingCounter } from './rollingCounter';
import type { Scope } from './meter';

export interface ScopeUsage {
  count: number;
  /** Integer percentages of the allowance, as the usage headers report them. */
  callCount: number;
  totalCputime: number;
  totalTime: number;
  /** Until the count is below the limit again (0 when it is). */
  regainMs: number;
  /** Until every counted call has left the window. */
  resetMs: number;
}

/** A counter's calls as persisted: its key, its window, and [time, calls] pairs. */
export type CounterRecord = [key: string, windowMs: number, entries: Array<[number, number]>];

export const MAX_COUNTERS = 100_000;
/** Expired counters dropped per call at most, so one call never pays for a long sweep. */
const SWEEP_PER_CALL = 8;

/** A counter in the least-recently-counted list. */
interface Entry {
  key: string;
  counter: RollingCounter;
  prev: Entry | undefined;
  next: Entry | undefined;
}

export class Limiter {
  private counters = new Map<string, Entry>();
  /**
   * Least recently counted first. A linked list rather than the Map's own order: moving a key to the
   * end of a Map (delete, then set) on every call leaves deleted entries in the key's hash chain,
   * and V8's lookups then slow down with the number of calls.
   */
  private oldest: Entry | undefined;
  private newest: Entry | undefined;
  private changed = new Set<string>();

  /** `cpuShare` and `timeShare`: how much of a call's CPU and time allowance each call uses. */
  constructor(private readonly shares: { cpu: number; time: number }) {}

  /** Counts the call in every scope; returns the first scope that refuses it. */
  take(scopes: Scope[], now: number): Scope | undefined {
    const blocked = scopes.find((s) => (this.find(s)?.total(now) ?? 0) >= this.callLimit(s));
    for (const s of scopes) {
      if (s.kind === 'url' && blocked && blocked.kind !== 'url' && !this.find(s)) continue;
      this.counter(s).add(now, s.units);
      this.changed.add(s.key);
    }
    this.sweep(now, SWEEP_PER_CALL);
    return blocked;
  }

  usage(scope: Scope, now: number): ScopeUsage {
    const c = this.find(scope);
    const count = c?.total(now) ?? 0;
    const metered = scope.kind !== 'url';
    const pct = (share: number): number => Math.floor((100 * count * share) / scope.limit);
    return {
      count,
      callCount: pct(1),
      totalCputime: metered ? pct(this.shares.cpu) : 0,
      totalTime: metered ? pct(this.shares.time) : 0,
      regainMs: c ? c.msUntilAtMost(now, this.callLimit(scope) - 1) : 0,
      resetMs: c ? c.msUntilEmpty(now) : 0,
    };
  }

  /**
   * Calls allowed before one of call count, CPU time or elapsed time reaches 100% ([3]: a call may be
   * limited when either reaches 100 percent). The URL node's limit is a plain count.
   */
  callLimit(scope: Scope): number {
    if (scope.kind === 'url') return scope.limit;
    return Math.max(1, Math.ceil(scope.limit / Math.max(1, this.shares.cpu, this.shares.time)));
  }

  /** How many counters are kept (for tests of the bounds). */
  get size(): number {
    return this.counters.size;
  }

  /** The calls counted since the last call, per changed counter, for an append to the data file. */
  takeChanges(): CounterRecord[] {
    const out: CounterRecord[] = [];
    for (const key of this.changed) {
      const c = this.counters.get(key)?.counter;
      if (!c) continue;
      const entries = c.takeNew();
      if (entries.length) out.push([key, c.windowMs, entries]);
    }
    this.changed.clear();
    return out;
  }

  /** Every counter with calls in the window, for a snapshot of the data file. */
  snapshot(now: number): CounterRecord[] {
    const out: CounterRecord[] = [];
    for (let e = this.oldest; e; e = e.next) {
      const entries = e.counter.entries(now);
      e.counter.takeNew();
      if (entries.length) out.push([e.key, e.counter.windowMs, entries]);
    }
    this.changed.clear();
    return out;
  }

  /**
   * Adds calls read back from the data file; calls that have left the window are dropped. A call
   * stamped after `now` (counted on a test clock that was moved forward, read by an emulator without
   * it) is taken as made now, so that it never blocks for longer than a window.
   */
  restore(records: Iterable<CounterRecord>, now: number): void {
    for (const [key, windowMs, entries] of records) {
      const c = this.counter({ key, windowMs });
      for (const [t, n] of entries) c.add(Math.min(t, now), n);
      c.takeNew();
    }
    this.sweep(now, Infinity);
  }

  private find(scope: Scope): RollingCounter | undefined {
    const c = this.counters.get(scope.key)?.counter;
    return c && c.windowMs === scope.windowMs ? c : undefined;
  }

  /** The scope's counter, made if need be, moved to the newest end of the least-recently-counted list. */
  private counter(scope: { key: string; windowMs: number }): RollingCounter {
    let e = this.counters.get(scope.key);
    if (e) this.unlink(e);
    else {
      e = { key: scope.key, counter: new RollingCounter(scope.windowMs), prev: undefined, next: undefined };
      this.counters.set(scope.key, e);
    }
    if (e.counter.windowMs !== scope.windowMs) e.counter = new RollingCounter(scope.windowMs);
    this.append(e);
    // Past the bound: forget the least recently counted key (never this one, which is the newest).
    if (this.counters.size > MAX_COUNTERS) this.drop(this.oldest!);
    return e.counter;
  }

  /** Drops counters whose calls have all left the window, least recently counted first, at most `budget`. */
  private sweep(now: number, budget: number): void {
    while (this.oldest && budget-- > 0 && this.oldest.counter.newest <= now - this.oldest.counter.windowMs) this.drop(this.oldest);
    // Counters restored out of order: the rest of the list is checked once, at start.
    if (budget !== Infinity) return;
    for (let e = this.oldest, next; e; e = next) {
      next = e.next;
      if (e.counter.newest <= now - e.counter.windowMs) this.drop(e);
    }
  }

  private drop(e: Entry): void {
    this.unlink(e);
    this.counters.delete(e.key);
  }

  private append(e: Entry): void {
    e.prev = this.newest;
    e.next = undefined;
    if (this.newest) this.newest.next = e;
    else this.oldest = e;
    this.newest = e;
  }

  private unlink(e: Entry): void {
    if (e.prev) e.prev.next = e.next;
    else this.oldest = e.next;
    if (e.next) e.next.prev = e.prev;
    else this.newest = e.prev;
    e.prev = e.next = undefined;
  }
}
