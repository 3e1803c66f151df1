/**
 * A count of calls over a rolling window ([3] Limits: "All windows are rolling"): each call is kept
 * with its time and leaves the count exactly one window later.
 *
 * Memory and time stay bounded however hard a counter is hit:
 * - the window is cut into CELLS cells; calls in one cell share an entry stamped with the latest
 *   call's time, so a counter holds at most CELLS + 1 entries. Calls further apart than a cell
 *   (window / 4096: 0.9 s of an hour, 15 ms of a test-mode minute) keep their own times and leave
 *   the count to the millisecond; calls closer together leave together, when the latest of them
 *   does, never earlier;
 * - the total is a running sum, and each entry keeps the cumulative count up to it, so the time
 *   until the count drops to a given level is a binary search, not a scan of the window.
 */
export const CELLS = 4096;

export class RollingCounter {
  /** Entry times (ms), oldest first, from `head` on. */
  private times: number[] = [];
  /** Cumulative count of calls up to and including each entry, since the counter was made. */
  private cums: number[] = [];
  private head = 0;
  /** Cumulative count of the entries already dropped (the calls that left the window). */
  private base = 0;
  /** Cumulative count already handed to `takeNew` (persisted). */
  private saved = 0;
  private readonly cell: number;

  constructor(readonly windowMs: number) {
    this.cell = Math.max(1, windowMs / CELLS);
  }

  add(now: number, n: number): void {
    this.prune(now);
    const last = this.times.length - 1;
    const cumLast = last >= 0 ? this.cums[last] : this.base;
    if (last >= this.head && (this.times[last] >= now || Math.floor(this.times[last] / this.cell) === Math.floor(now / this.cell))) {
      // The same cell, or a clock that stood still or was moved back in a test: the newest entry grows.
      this.times[last] = Math.max(this.times[last], now);
      this.cums[last] = cumLast + n;
    } else {
      this.times.push(now);
      this.cums.push(cumLast + n);
    }
  }

  total(now: number): number {
    this.prune(now);
    return this.sum();
  }

  /** Milliseconds until the count is at most `allowed` (0 when it already is). */
  msUntilAtMost(now: number, allowed: number): number {
    this.prune(now);
    const excess = this.sum() - allowed;
    if (excess <= 0) return 0;
    // The first entry whose leaving brings the count down to `allowed`.
    const target = this.base + excess;
    let lo = this.head;
    let hi = this.times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cums[mid] >= target) hi = mid;
      else lo = mid + 1;
    }
    return this.times[lo] + this.windowMs - now;
  }

  /** Milliseconds until every call has left the window. */
  msUntilEmpty(now: number): number {
    this.prune(now);
    const last = this.times.length - 1;
    return last >= this.head ? this.times[last] + this.windowMs - now : 0;
  }

  /** The time of the newest call, or -Infinity: the counter is empty from one window after it. */
  get newest(): number {
    return this.times.length > this.head ? this.times[this.times.length - 1] : -Infinity;
  }

  /** The calls of the window as [time, calls] pairs, oldest first (what a snapshot stores). */
  entries(now: number): Array<[number, number]> {
    this.prune(now);
    const out: Array<[number, number]> = [];
    for (let i = this.head; i < this.times.length; i++) out.push([this.times[i], this.cums[i] - (i > this.head ? this.cums[i - 1] : this.base)]);
    return out;
  }

  /**
   * The calls added since the last call of takeNew, as [time, calls] pairs: adding them to a new
   * counter in order rebuilds this one (an entry that grew is handed out again with the growth).
   */
  takeNew(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    let from = Math.max(this.saved, this.base);
    for (let i = this.head; i < this.times.length; i++) {
      if (this.cums[i] <= from) continue;
      out.push([this.times[i], this.cums[i] - from]);
      from = this.cums[i];
    }
    this.saved = from;
    return out;
  }

  private sum(): number {
    const last = this.times.length - 1;
    return last >= this.head ? this.cums[last] - this.base : 0;
  }

  private prune(now: number): void {
    const cutoff = now - this.windowMs;
    while (this.head < this.times.length && this.times[this.head] <= cutoff) {
      this.base = this.cums[this.head];
      this.head++;
    }
    if (this.head > 64 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.cums = this.cums.slice(this.head);
      this.head = 0;
    }
  }
}
