/**
 * The HTTP server: Node's `http`, bound to loopback unless told otherwise. It only adapts: each
 * request goes to the router and its answer is written as JSON. Malformed HTTP gets an envelope
 * too, and close() waits for the calls in progress and their writes before it resolves.
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getApiModel } from '../core';
import { defaultConfig, mergeConfig, type EmulatorConfig } from './config';
import { envelopeOf } from './envelope';
import { Limiter } from './limits/limiter';
import { answer, type EmulatorRuntime } from './router';
import { Store } from './store';

export interface EmulatorOptions {
  host?: string;
  port?: number;
  dataFile?: string;
  config?: Partial<EmulatorConfig>;
  now?: () => number;
  /** Told once per answered request (`graphreq serve` logs it); the path comes without its query, which may hold a token. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  method: string;
  /** The request path without the query string. */
  path: string;
  status: number;
  durationMs: number;
}

export interface RunningEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const config = mergeConfig(defaultConfig, options.config ?? {});
  const store = options.dataFile ? await Store.open(options.dataFile) : Store.inMemory();
  const rt: EmulatorRuntime = { config, store, limiter: new Limiter({ cpu: config.cpuShare, time: config.timeShare }), model: getApiModel(), now: options.now ?? Date.now };

  const inFlight = new Set<Promise<unknown>>();
  // 64 KiB of request line and headers: room for 10,000-character parameters written in the query.
  const server = http.createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
    // respond() never throws by design; if writing fails anyway, the connection goes, the server stays.
    const started = process.hrtime.bigint();
    const done = respond(req, res, rt)
      .then(() => options.onRequest?.({ method: req.method ?? '', path: (req.url ?? '').split('?')[0], status: res.statusCode, durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n) }))
      .catch(() => {
        res.destroy();
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => refuseMalformed(err, socket, rt));

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.allSettled([...inFlight]);
        await store.flush();
        server.closeAllConnections();
        await stopped;
      })()),
  };
}

async function respond(req: http.IncomingMessage, res: http.ServerResponse, rt: EmulatorRuntime): Promise<void> {
  const a = await answer(req, rt);
  if (res.destroyed) return;
  const body = JSON.stringify(a.body);
  res.writeHead(a.status, { ...a.headers, 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

/** Requests Node cannot parse (bad request line, headers too large) get an envelope, then the connection closes. */
function refuseMalformed(err: NodeJS.ErrnoException, socket: Socket, rt: EmulatorRuntime): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(
    envelopeOf(
      {
        status,
        code: 100,
        message: tooLarge ? 'Request headers too large' : 'Malformed HTTP request',
        userTitle: tooLarge ? 'Request headers too large' : 'Malformed HTTP request',
        userMessage: tooLarge ? 'The request line and headers exceed 64 KiB.' : `The request could not be read as HTTP/1.1 (${err.code ?? 'parse error'}).`,
      },
      rt.model,
    ),
  );
  socket.end(`HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
