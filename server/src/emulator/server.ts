/**
 * The HTTP server: Node's `http`, bound to loopback unless told otherwise. It only adapts: each
 * request goes to the router and its answer is written as JSON. Malformed HTTP gets an envelope
 * too. Connections are bounded in number and time (config `maxConnections`, `timeouts`), so idle
 * or slow clients cannot hold the emulator's sockets and file descriptors, nor lock honest clients
 * out (connectionCap.ts closes the slowest waiting connection to make room).
 *
 * close() is the clean stop of the first Ctrl+C or SIGTERM: it stops accepting connections, answers
 * 503 to calls that arrive on open ones, waits for the calls in progress and their writes, saves the
 * rate counters, closes the data file and releases its lock.
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getApiModel } from '../core';
import { EMULATOR_REDACT_HEADER, secretsOfRedactHeader } from '../core/send';
import { EmulatorClock } from './clock';
import { defaultConfig, mergeConfig, type EmulatorConfig } from './config';
import { capConnections } from './connectionCap';
import { envelopeOf } from './envelope';
import { writeAnswer } from './exactInteger';
import { Limiter } from './limits/limiter';
import { rawOfIncoming } from './nodeRequest';
import { answer, type EmulatorRuntime } from './router';
import { Store } from './store';

export interface EmulatorOptions {
  host?: string;
  port?: number;
  dataFile?: string;
  config?: Partial<EmulatorConfig>;
  now?: () => number;
  /**
   * How the links it writes begin (a page's `next`): the embedded emulator's name
   * (core/send/embeddedEmulator.ts), which names it in every run, whatever its port. Without it,
   * the origin the call came to (`graphreq serve`).
   */
  linkOrigin?: string;
  /** Told once per answered request (`graphreq serve` logs it); the query may hold a token: whoever shows it redacts it. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  method: string;
  /** The request path without the query string. */
  path: string;
  /** The query string as received (without `?`; empty when there is none). It may hold an access token. */
  query: string;
  status: number;
  durationMs: number;
}

export interface RunningEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** How often changed rate counters are appended to the data file; a crash loses at most this much counting. */
const COUNTER_SAVE_MS = 1000;

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const config = mergeConfig(defaultConfig, options.config ?? {});
  const store = options.dataFile ? await Store.open(options.dataFile) : Store.inMemory();
  const offset = config.testClock && typeof store.restored.meta.clockOffsetMs === 'number' ? store.restored.meta.clockOffsetMs : 0;
  const clock = new EmulatorClock(options.now ?? Date.now, offset);
  const limiter = new Limiter({ cpu: config.cpuShare, time: config.timeShare });
  limiter.restore(store.restored.counters, clock.now());
  store.extras = () => ({ counters: limiter.snapshot(clock.now()), meta: config.testClock ? { clockOffsetMs: clock.offset } : {} });
  const host = options.host ?? '127.0.0.1';
  const rt: EmulatorRuntime = { config, store, limiter, model: getApiModel(), clock, own: { host, port: 0, allowedHosts: config.allowedHosts }, linkOrigin: options.linkOrigin, closing: false };

  const inFlight = new Map<Promise<unknown>, http.IncomingMessage>();
  const { headersMs, requestMs, keepAliveMs, idleMs } = config.timeouts;
  // 64 KiB of request line and headers: room for 10,000-character parameters written in the query.
  const server = http.createServer({ maxHeaderSize: 64 * 1024, connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersMs / 2))) }, (req, res) => {
    // respond() never throws by design; if writing fails anyway, the connection goes, the server stays.
    const started = process.hrtime.bigint();
    const done = store
      .track(() => respond(req, res, rt), secretsOfRedactHeader(headerText(req.headers[EMULATOR_REDACT_HEADER.toLowerCase()])))
      .then(() => options.onRequest?.({ method: req.method ?? '', ...splitTarget(req.url ?? ''), status: res.statusCode, durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n) }))
      .catch(() => {
        res.destroy();
      })
      .finally(() => inFlight.delete(done));
    inFlight.set(done, req);
  });
  server.headersTimeout = headersMs;
  server.requestTimeout = Math.max(requestMs, headersMs);
  server.keepAliveTimeout = keepAliveMs;
  capConnections(server, config.maxConnections);
  server.setTimeout(idleMs, (socket: Socket) => socket.destroy());
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => refuseMalformed(err, socket, rt));

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await store.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  rt.own.port = port;
  const saver = setInterval(() => store.saveCounters(limiter.takeChanges()), COUNTER_SAVE_MS);
  saver.unref();

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      (closing ??= (async () => {
        rt.closing = true;
        clearInterval(saver);
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // Calls whose request has arrived finish; calls still arriving are cut (nothing of them was
        // done or acknowledged), and calls that arrive on open connections from now on get 503.
        for (const req of inFlight.values()) if (!req.complete) req.socket.destroy();
        await Promise.allSettled([...inFlight.keys()]);
        store.saveCounters(limiter.takeChanges());
        await store.close();
        server.closeAllConnections();
        await stopped;
      })()),
  };
}

async function respond(req: http.IncomingMessage, res: http.ServerResponse, rt: EmulatorRuntime): Promise<void> {
  const a = await answer(rawOfIncoming(req), rt);
  if (res.destroyed) return;
  const body = writeAnswer(a.body);
  res.writeHead(a.status, { ...a.headers, 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

/** Requests Node cannot parse (bad request line, headers too large) get an envelope, then the connection closes. */
function refuseMalformed(err: NodeJS.ErrnoException, socket: Socket, rt: EmulatorRuntime): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  if (err.code === 'HPE_CLOSED_CONNECTION') {
    // Bytes after an answer that closed the connection (the rest of a refused body): nothing to answer.
    socket.end();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = tooLarge ? 431 : timedOut ? 408 : 400;
  const title = tooLarge ? 'Request headers too large' : timedOut ? 'Request timeout' : 'Malformed HTTP request';
  const body = JSON.stringify(
    envelopeOf(
      {
        status,
        code: 100,
        message: title,
        userTitle: title,
        userMessage: tooLarge
          ? 'The request line and headers exceed 64 KiB.'
          : timedOut
            ? `The request did not arrive in time: headers are awaited ${rt.config.timeouts.headersMs} ms and a whole request ${Math.max(rt.config.timeouts.requestMs, rt.config.timeouts.headersMs)} ms (timeouts in docs/emulator.md).`
            : `The request could not be read as HTTP/1.1 (${err.code ?? 'parse error'}).`,
      },
      rt.model,
    ),
  );
  const reason = tooLarge ? 'Request Header Fields Too Large' : timedOut ? 'Request Timeout' : 'Bad Request';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** A request target's path and query (the text after the first `?`). */
function splitTarget(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
}

function headerText(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
