/**
 * The rate counters keep their exact arithmetic while staying bounded ([3] Limits: rolling windows;
 * docs/emulator.md, Rate limits): a rolling counter against a plain list of calls, the bounds on its
 * entries and on the number of counters, refused calls that start no per-URL counter, and the
 * round trip through the data file.
 */
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import * as fc from 'fast-check';
import { Limiter, MAX_COUNTERS } from '../../server/src/emulator/limits/limiter';
import type { Scope } from '../../server/src/emulator/limits/meter';
import { CELLS, RollingCounter } from '../../server/src/emulator/limits/rollingCounter';
import { assertEnvelope, assertLimitEnvelope, closeAllEmulators, startTest } from './harness';

after(closeAllEmulators);

const WINDOW = 60_000;
const CELL = WINDOW / CELLS;

/** The plain model: every call kept with its time. */
class CallList {
  calls: Array<[number, number]> = [];
  add(t: number, n: number): void {
    this.calls.push([t, n]);
  }
  total(now: number): number {
    return this.calls.filter(([t]) => t > now - WINDOW).reduce((s, [, n]) => s + n, 0);
  }
  msUntilAtMost(now: number, allowed: number): number {
    if (this.total(now) <= allowed) return 0;
    const times = [...new Set(this.calls.map(([t]) => t + WINDOW - now).filter((d) => d > 0))].sort((a, b) => a - b);
    return times.find((d) => this.total(now + d) <= allowed)!;
  }
}

/** Calls at increasing times, each in a cell of its own, as [gap in cells, calls]. */
const spacedCalls = fc.array(fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 5 })), { minLength: 1, maxLength: 200 });

describe('rolling counter', () => {
  it('matches a plain list of calls exactly when calls are further apart than a cell', () => {
    fc.assert(
      fc.property(spacedCalls, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2 * WINDOW }), (calls, allowed, later) => {
        const counter = new RollingCounter(WINDOW);
        const model = new CallList();
        let t = 1_000_000;
        for (const [gap, n] of calls) {
          t += Math.ceil(gap * CELL);
          counter.add(t, n);
          model.add(t, n);
          assert.equal(counter.total(t), model.total(t));
        }
        const now = t + later;
        assert.equal(counter.total(now), model.total(now));
        assert.equal(counter.msUntilAtMost(now, allowed), model.msUntilAtMost(now, allowed));
        assert.equal(counter.msUntilEmpty(now), model.msUntilAtMost(now, 0));
      }),
    );
  });

  it('never lets calls leave early, and late by less than a cell, when calls are close together', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 300 }), fc.integer({ min: 0, max: 2 * WINDOW }), (calls, later) => {
        const counter = new RollingCounter(WINDOW);
        const model = new CallList();
        let t = 5_000_000;
        for (const [gap, n] of calls) {
          t += gap;
          counter.add(t, n);
          model.add(t, n);
        }
        const now = t + later;
        assert.ok(counter.total(now) >= model.total(now));
        assert.ok(counter.total(now) <= model.total(now - CELL - 1));
      }),
    );
  });

  it('holds at most one entry per cell however many calls it counts', () => {
    const counter = new RollingCounter(WINDOW);
    for (let t = 0; t < WINDOW; t += 3) counter.add(t, 1);
    assert.equal(counter.total(WINDOW - 1), Math.ceil(WINDOW / 3));
    assert.ok(counter.entries(WINDOW - 1).length <= CELLS + 1, `${counter.entries(WINDOW - 1).length} entries`);
  });

  it('hands out its new calls, which rebuild the same counter', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 4 }), fc.boolean()), { minLength: 1, maxLength: 200 }), (calls) => {
        const counter = new RollingCounter(WINDOW);
        const copy = new RollingCounter(WINDOW);
        let t = 0;
        for (const [gap, n, save] of calls) {
          t += gap;
          counter.add(t, n);
          if (save) for (const [time, count] of counter.takeNew()) copy.add(time, count);
        }
        for (const [time, count] of counter.takeNew()) copy.add(time, count);
        for (const now of [t, t + WINDOW / 2, t + WINDOW]) {
          assert.equal(copy.total(now), counter.total(now));
          assert.equal(copy.msUntilAtMost(now, 3), counter.msUntilAtMost(now, 3));
        }
      }),
    );
  });
});

function scope(kind: Scope['kind'], key: string, limit: number): Scope {
  return { kind, key, windowMs: WINDOW, limit, units: 1, code: kind === 'url' ? 613 : 4, label: key };
}

describe('limiter', () => {
  it('starts no per-URL counter for calls the app limit refuses, while they still count against the app', () => {
    const limiter = new Limiter({ cpu: 0.5, time: 0.5 });
    const app = scope('app', 'app:1', 2);
    for (let i = 0; i < 1000; i++) limiter.take([app, scope('url', `url:1:u${i}`, 10)], 1000 + i);
    // Two calls were let through and started their URL's counter; the 998 refused ones started none.
    assert.equal(limiter.size, 3);
    assert.equal(limiter.usage(app, 2000).count, 1000);
  });

  it('keeps at most MAX_COUNTERS counters, dropping the least recently counted', () => {
    const limiter = new Limiter({ cpu: 0.5, time: 0.5 });
    const app = scope('app', 'app:1', 1e9);
    for (let i = 0; i < MAX_COUNTERS + 50; i++) limiter.take([app, scope('url', `url:1:u${i}`, 10)], 1000);
    assert.equal(limiter.size, MAX_COUNTERS);
    // The app's counter was counted by every call: it is never the one dropped.
    assert.equal(limiter.usage(app, 1000).count, MAX_COUNTERS + 50);
  });

  it('drops counters whose calls have left the window as calls come in', () => {
    const limiter = new Limiter({ cpu: 0.5, time: 0.5 });
    for (let i = 0; i < 100; i++) limiter.take([scope('url', `url:1:u${i}`, 10)], 1000);
    assert.equal(limiter.size, 100);
    for (let i = 0; i < 20; i++) limiter.take([scope('app', 'app:1', 1e9)], 1000 + WINDOW + i);
    assert.equal(limiter.size, 1);
  });

  it('gives the same answers after its changes are saved and read back', () => {
    const limiter = new Limiter({ cpu: 0.5, time: 0.5 });
    const restored = new Limiter({ cpu: 0.5, time: 0.5 });
    const scopes = [scope('app', 'app:1', 50), scope('user', 'user:1', 30), scope('url', 'url:1:a', 10)];
    for (let i = 0; i < 80; i++) {
      limiter.take(i % 3 ? scopes.slice(0, 2) : scopes, 1000 + i * 500);
      if (i % 7 === 0) restored.restore(limiter.takeChanges(), 1000 + i * 500);
    }
    restored.restore(limiter.takeChanges(), 1000 + 80 * 500);
    for (const s of scopes) assert.deepEqual(restored.usage(s, 50_000), limiter.usage(s, 50_000), s.key);
  });

  it('reads calls stamped after now as made now, so that they block for a window at most', () => {
    const limiter = new Limiter({ cpu: 0.5, time: 0.5 });
    const app = scope('app', 'app:1', 2);
    limiter.restore([['app:1', WINDOW, [[10 * WINDOW, 5]]]], 1000);
    assert.equal(limiter.usage(app, 1000).count, 5);
    assert.equal(limiter.usage(app, 1000 + WINDOW).count, 0);
  });
});

describe('per-URL counters over HTTP', () => {
  it('counts URLs of 15,000 characters apart, even when they differ only at the end', async () => {
    const emu = await startTest();
    const long = (c: string): string => `/v23.0/?id=${encodeURIComponent(`https://example.com/${'p'.repeat(15_000)}${c}`)}&fields=id`;
    for (let i = 0; i < 10; i++) assert.equal((await emu.get(long('a'))).status, 200);
    assertLimitEnvelope(await emu.get(long('a')), 613);
    assert.equal((await emu.get(long('b'))).status, 200);
  });
});
