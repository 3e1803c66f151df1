/**
 * Where the time of one fetch went: DNS, TCP connect, TLS, first byte, download. Node's fetch
 * (undici) does not expose connection timings (its resource timing entries give DNS and connect as
 * zero), so they are read from the diagnostics channels Node and undici publish: undici's
 * `undici:client:beforeConnect` and `undici:client:connected` bracket a new connection, `undici:client:sendHeaders` marks the request
 * going out (on a new or a reused connection), and Node's
 * `net.client.socket` hands over a plain TCP socket as it is created, whose `lookup` and `connect`
 * events end DNS and TCP. An https socket is made by tls.connect, which publishes nothing: its
 * phases stay one `setupMs`. The channels are process-wide; an AsyncLocalStorage carries each
 * exchange's own record through fetch's asynchronous work, so parallel sends do not mix.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import * as diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import type { ResponseTimings } from '../core/send';
import type { PhaseTimers } from './transport';

interface Marks {
  now: () => number;
  start: number;
  connectStart?: number;
  lookup?: number;
  tcp?: number;
  connected?: number;
  /** The request's headers went out on the socket. */
  sent?: number;
  headers?: number;
  https: boolean;
}

const current = new AsyncLocalStorage<Marks>();
let subscribed = false;

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  diagnostics.subscribe('undici:client:beforeConnect', () => {
    const m = current.getStore();
    if (m && m.connectStart === undefined) m.connectStart = m.now();
  });
  diagnostics.subscribe('net.client.socket', (message) => {
    const m = current.getStore();
    const socket = (message as { socket?: Socket }).socket;
    if (!m || !socket || m.connectStart === undefined || m.connected !== undefined) return;
    socket.once('lookup', () => { m.lookup ??= m.now(); });
    socket.once('connect', () => { m.tcp ??= m.now(); });
  });
  diagnostics.subscribe('undici:client:connected', () => {
    const m = current.getStore();
    if (m && m.connectStart !== undefined && m.connected === undefined) m.connected = m.now();
  });
  diagnostics.subscribe('undici:client:sendHeaders', () => {
    const m = current.getStore();
    if (m && m.sent === undefined) m.sent = m.now();
  });
}

/** One exchange's timer: run the fetch inside `measure`, mark the headers, then read `timings()` after the body. */
export class ExchangeTimer {
  private readonly marks: Marks;

  constructor(url: string, now: () => number) {
    subscribe();
    this.marks = { now, start: now(), https: url.startsWith('https:') };
  }

  measure<T>(fn: () => Promise<T>): Promise<T> {
    return current.run(this.marks, fn);
  }

  /** The response's headers came. */
  headersReceived(): void {
    this.marks.headers = this.marks.now();
  }

  /** The phases, once the body has been read. */
  timings(): ResponseTimings {
    const m = this.marks;
    const end = m.now();
    const headers = m.headers ?? end;
    const ms = (a: number, b: number): number => Math.max(0, Math.round(b - a));
    const requestStart = m.sent ?? m.connected ?? m.start;
    const t: ResponseTimings = { firstByteMs: ms(requestStart, headers), downloadMs: ms(headers, end) };
    // Headers sent on a socket that no connect opened for this exchange: an open connection, reused.
    if (m.connectStart === undefined && m.sent !== undefined) t.reused = true;
    if (m.connectStart === undefined || m.connected === undefined) return t;
    t.setupMs = ms(m.connectStart, m.connected);
    if (m.https || m.tcp === undefined) return t;
    // An IP address is not looked up: no DNS phase.
    if (m.lookup !== undefined) t.dnsMs = ms(m.connectStart, m.lookup);
    t.connectMs = ms(m.lookup ?? m.connectStart, m.tcp);
    return t;
  }
}

/** Node's phase timers, for the transport's `phases` option. */
export const nodePhases: PhaseTimers = (url, now) => new ExchangeTimer(url, now);
