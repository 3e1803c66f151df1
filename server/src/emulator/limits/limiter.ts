/**
 * Enforces the rate limits (LIMIT-BLOCK, LIMIT-PLATFORM, LIMIT-BUC, URL-READ-RATE). Every call is
 * counted, refused ones included: [3] says that once a limit is reached every further request fails
 * until usage drops below it, and that continued calling raises the count and lengthens the wait.
 * A call is refused while a counter it falls under is at 100% or more, so the call that reaches
 * 100% still succeeds and the next one fails.
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

export class Limiter {
  private counters = new Map<string, RollingCounter>();

  /** `cpuShare` and `timeShare`: how much of a call's CPU and time allowance each call uses. */
  constructor(private readonly shares: { cpu: number; time: number }) {}

  /** Counts the call in every scope; returns the first scope that refuses it. */
  take(scopes: Scope[], now: number): Scope | undefined {
    const blocked = scopes.find((s) => this.counter(s).total(now) >= this.callLimit(s));
    for (const s of scopes) this.counter(s).add(now, s.units);
    this.sweep(now);
    return blocked;
  }

  usage(scope: Scope, now: number): ScopeUsage {
    const c = this.counter(scope);
    const count = c.total(now);
    const metered = scope.kind !== 'url';
    const pct = (share: number): number => Math.floor((100 * count * share) / scope.limit);
    return {
      count,
      callCount: pct(1),
      totalCputime: metered ? pct(this.shares.cpu) : 0,
      totalTime: metered ? pct(this.shares.time) : 0,
      regainMs: c.msUntilAtMost(now, this.callLimit(scope) - 1),
      resetMs: c.msUntilEmpty(now),
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

  private counter(scope: Scope): RollingCounter {
    let c = this.counters.get(scope.key);
    if (!c || c.windowMs !== scope.windowMs) {
      c = new RollingCounter(scope.windowMs);
      this.counters.set(scope.key, c);
    }
    return c;
  }

  /** Drops empty counters now and then, so one counter per URL read does not pile up. */
  private sweep(now: number): void {
    if (this.counters.size < 10_000) return;
    for (const [key, c] of this.counters) if (c.total(now) === 0) this.counters.delete(key);
  }
}
