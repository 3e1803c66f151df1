/**
 * The emulator's clock: the injected one (`startEmulator({ now })`, Date.now by default) plus an
 * offset that only test mode can move, so that a test, or a user trying the limits, can see a block
 * lift after an hour without waiting one ([3] Limits: regain times, longer waits for continued
 * calls). The offset is kept in the data file, so that times counted before a restart stay in the
 * past after it. docs/emulator.md, The clock.
 */
export class EmulatorClock {
  private offsetMs: number;

  /** `offsetMs` comes from the data file: one outside [0, MAX_OFFSET_MS] (written before the bound existed, or edited) is brought within it. */
  constructor(
    private readonly base: () => number,
    offsetMs = 0,
  ) {
    this.offsetMs = Number.isFinite(offsetMs) ? Math.min(Math.max(offsetMs, 0), MAX_OFFSET_MS) : 0;
  }

  readonly now = (): number => this.base() + this.offsetMs;

  get offset(): number {
    return this.offsetMs;
  }

  /** How far the clock may still move (ms): the offset never passes MAX_OFFSET_MS. */
  get room(): number {
    return MAX_OFFSET_MS - this.offsetMs;
  }

  /** Moves the clock forward; false, and nothing moved, when that would pass MAX_OFFSET_MS. */
  advance(ms: number): boolean {
    if (ms > this.room) return false;
    this.offsetMs += ms;
    return true;
  }
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** Ten years: far beyond any window of [3], and small enough that times stay exact. */
export const MAX_ADVANCE_MS = 3650 * 86_400_000;
/**
 * A hundred years: how far ahead of the real time the clock may be in all. Without a bound, thousands
 * of advances carried it past the last date JavaScript can hold (year 275760), and every call
 * answered 500 from then on, the offset kept in the data file.
 */
export const MAX_OFFSET_MS = 10 * MAX_ADVANCE_MS;

/** `90s`, `15m`, `1h`, `2d`, `500ms` or a number of milliseconds; undefined when it is none of these. */
export function parseDuration(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) return undefined;
  const ms = Math.round(Number(m[1]) * UNITS[m[2] ?? 'ms']);
  return ms <= MAX_ADVANCE_MS ? ms : undefined;
}
