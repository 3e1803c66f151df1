/**
 * The emulator's own endpoints, under the reserved prefix `/__graphreq/` (no API path starts with
 * it: API paths start with a version, an id or `act_`). They exist only in test mode (`testClock`,
 * `graphreq serve --test-clock`); otherwise the prefix answers 400 (100/33) like any unknown path.
 *
 *   GET  /__graphreq/clock                  {"now": ISO time, "now_ms", "offset_ms"}
 *   POST /__graphreq/clock?advance=90m      moves the clock forward (ms, s, m, h or d), same answer;
 *                                           at most 36500 days ahead in all (clock.ts MAX_OFFSET_MS)
 *
 * They take no token and count against no limit: they are not calls of the API.
 */
import { MAX_ADVANCE_MS, MAX_OFFSET_MS, parseDuration } from './clock';
import { invalidParameter, unknownObject } from './envelope';
import type { HttpInput } from './httpInput';
import type { Answer, EmulatorRuntime } from './router';

export const OWN_PREFIX = '__graphreq';

export async function ownEndpoint(input: HttpInput, rt: EmulatorRuntime): Promise<Answer> {
  const path = `/${input.segments.join('/')}`;
  if (!rt.config.testClock || input.segments.length !== 2 || input.segments[1] !== 'clock') throw unknownObject(path, input.method);
  if (input.method === 'POST') {
    const advance = [...input.params].reverse().find((p) => p.name === 'advance')?.value;
    const ms = typeof advance === 'number' && Number.isInteger(advance) && advance >= 0 && advance <= MAX_ADVANCE_MS ? advance : typeof advance === 'string' ? parseDuration(advance) : undefined;
    if (ms === undefined) {
      throw invalidParameter(undefined, 'Send advance=<duration>: a number of milliseconds, or a number with ms, s, m, h or d (90s, 15m, 1h), at most 3650 days. The clock only moves forward.', ['advance'], 'Invalid clock advance');
    }
    if (!rt.clock.advance(ms)) {
      throw invalidParameter(undefined, `The clock is ${Math.floor(rt.clock.offset / 86_400_000)} days ahead already and moves at most ${MAX_OFFSET_MS / 86_400_000} days ahead in all: ${Math.floor(rt.clock.room / 86_400_000)} days are left. Restart the emulator with a fresh data file to start again.`, ['advance'], 'Clock advance too far');
    }
    await rt.store.saveMeta({ clockOffsetMs: rt.clock.offset });
  } else if (input.method !== 'GET') {
    throw unknownObject(path, input.method);
  }
  const now = rt.clock.now();
  return { status: 200, headers: {}, body: { now: new Date(now).toISOString(), now_ms: now, offset_ms: rt.clock.offset } };
}
