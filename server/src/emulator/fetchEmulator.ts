/**
 * The emulator in process, behind a fetch-shaped function (a Request in, a Response out, no socket):
 * the web worker's embedded emulator (web/webSend.ts), which a SendSession calls as its `fetch`.
 * Each call goes through the same router as `graphreq serve`'s (router.ts), with the same state
 * tracking; calls are answered one at a time, in order, so that each call's context can be a plain
 * variable (stateStore.ts `serialScopes`: a worker has no AsyncLocalStorage). The rate counters are
 * saved after each call (a desktop server saves them every second).
 */
import { getApiModel } from '../core';
import { EMULATOR_REDACT_HEADER, secretsOfRedactHeader } from '../core/send';
import { EmulatorClock } from './clock';
import { defaultConfig, mergeConfig, type EmulatorConfig } from './config';
import { writeAnswer } from './exactInteger';
import { bodyTooLarge, type RawRequest } from './httpInput';
import { Limiter } from './limits/limiter';
import { answer, type EmulatorRuntime } from './router';
import type { StateStore } from './stateStore';

/**
 * The in-process emulator's base URL, as results and curl commands show it. Nothing listens there
 * and nothing can: `.invalid` never resolves, so a copied curl command reaches no service by
 * mistake; https keeps the token rules (core/send/tokenTransport.ts) without an exception.
 */
export const IN_PROCESS_URL = 'https://worker-emulator.graphreq.invalid';

export interface FetchEmulatorOptions {
  store: StateStore;
  config?: Partial<EmulatorConfig>;
  now?: () => number;
  /** How the links it writes begin (server.ts `linkOrigin`); else its own URL. */
  linkOrigin?: string;
}

export interface FetchEmulator {
  readonly url: string;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Answers what is queued, saves the counters, closes the store. */
  close(): Promise<void>;
}

export function createFetchEmulator(o: FetchEmulatorOptions): FetchEmulator {
  const config = mergeConfig(defaultConfig, o.config ?? {});
  const store = o.store;
  const offset = config.testClock && typeof store.restored.meta.clockOffsetMs === 'number' ? store.restored.meta.clockOffsetMs : 0;
  const clock = new EmulatorClock(o.now ?? Date.now, offset);
  const limiter = new Limiter({ cpu: config.cpuShare, time: config.timeShare });
  limiter.restore(store.restored.counters, clock.now());
  store.extras = () => ({ counters: limiter.snapshot(clock.now()), meta: config.testClock ? { clockOffsetMs: clock.offset } : {} });
  const own = new URL(IN_PROCESS_URL);
  const rt: EmulatorRuntime = { config, store, limiter, model: getApiModel(), clock, own: { host: own.hostname, port: 443, allowedHosts: config.allowedHosts, scheme: 'https' }, linkOrigin: o.linkOrigin, closing: false };
  let queue: Promise<unknown> = Promise.resolve();
  return {
    url: IN_PROCESS_URL,
    fetch(input, init) {
      // Built at once, so that a malformed call fails as fetch fails (a TypeError), not in the queue.
      const request = new Request(input, init);
      const turn = queue.then(() => respond(request, rt));
      queue = turn.catch(() => undefined);
      return turn;
    },
    async close() {
      rt.closing = true;
      await queue;
      store.saveCounters(limiter.takeChanges());
      await store.close();
    },
  };
}

async function respond(request: Request, rt: EmulatorRuntime): Promise<Response> {
  if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  // A fetch Request carries no Host header: its URL names the host.
  headers.host = url.host;
  const raw: RawRequest = { method: request.method, url: url.pathname + url.search, headers, body: (max) => readBody(request, max) };
  const a = await rt.store.track(() => answer(raw, rt), secretsOfRedactHeader(headers[EMULATOR_REDACT_HEADER.toLowerCase()]));
  rt.store.saveCounters(rt.limiter.takeChanges());
  return new Response(writeAnswer(a.body), { status: a.status, headers: { ...a.headers, 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' } });
}

async function readBody(request: Request, max: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > max) throw bodyTooLarge(max);
  return bytes;
}
