/**
 * The emulator's clock: the injected one (`startEmulator({ now })`, Date.now by default) plus an
 * offset that only test mode can move, so that a test, or a user trying the limits, can see a block
 * lift after an hour without waiting one ([3] Limits: regain times, longer waits for continued
 * calls). The offset is kept in the data file, so that times counted before a restart stay in the
 * past after it. docs/emulator.md, The clock.
 */
export class EmulatorClock {
  constructor(
    private readonly base: () => number,
    private offsetMs = 0,
  ) {}

  readonly now = (): number => this.base() + this.offsetMs;

  get offset(): number {
    return this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** Ten years: far beyond any window of [3], and small enough that times stay exact. */
export const MAX_ADVANCE_MS = 3650 * 86_400_000;

/** `90s`, `15m`, `1h`, `2d`, `500ms` or a number of milliseconds; undefined when it is none of these. */
export function parseDuration(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) return undefined;
  const ms = Math.round(Number(m[1]) * UNITS[m[2] ?? 'ms']);
  return ms <= MAX_ADVANCE_MS ? ms : undefined;
}
