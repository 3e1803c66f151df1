/**
 * A count of calls over a rolling window ([3] Limits: "All windows are rolling"): each call is kept
 * with its time and leaves the count exactly one window later. Calls at the same millisecond share
 * an entry, so memory grows with distinct call times, not with calls.
 */
export class RollingCounter {
  private times: number[] = [];
  private counts: number[] = [];
  private head = 0;
  private sum = 0;

  constructor(readonly windowMs: number) {}

  add(now: number, n: number): void {
    this.prune(now);
    const last = this.times.length - 1;
    if (last >= this.head && this.times[last] >= now) {
      // A clock that stood still (or was moved back in a test) adds to the newest entry.
      this.counts[last] += n;
    } else {
      this.times.push(now);
      this.counts.push(n);
    }
    this.sum += n;
  }

  total(now: number): number {
    this.prune(now);
    return this.sum;
  }

  /** Milliseconds until the count is at most `allowed` (0 when it already is). */
  msUntilAtMost(now: number, allowed: number): number {
    this.prune(now);
    let excess = this.sum - allowed;
    if (excess <= 0) return 0;
    for (let i = this.head; i < this.times.length; i++) {
      excess -= this.counts[i];
      if (excess <= 0) return this.times[i] + this.windowMs - now;
    }
    return this.windowMs;
  }

  /** Milliseconds until every call has left the window. */
  msUntilEmpty(now: number): number {
    return this.msUntilAtMost(now, 0);
  }

  private prune(now: number): void {
    const cutoff = now - this.windowMs;
    while (this.head < this.times.length && this.times[this.head] <= cutoff) {
      this.sum -= this.counts[this.head];
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.counts = this.counts.slice(this.head);
      this.head = 0;
    }
  }
}
