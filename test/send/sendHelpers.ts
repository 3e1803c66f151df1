/**
 * Helpers of the send tests: a clock that never sleeps, a document prepared in one call, and a
 * local HTTP server whose answers each test scripts (for timeouts, resets, non-JSON bodies, 5xx).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildFileContext, getApiModel, parseDocument, type Environment } from '../../server/src/core';
import { prepareRequest, type NamedResponses, type PrepareOutcome, type StoredResponse } from '../../server/src/core/send';
import { CancelledError, type Clock } from '../../server/src/send/clock';

export const model = getApiModel();

/** A clock whose delays return at once and move time forward; `delays` records every wait asked for. */
export class FakeClock implements Clock {
  readonly delays: number[] = [];
  constructor(public t = Date.UTC(2026, 0, 15, 12, 0, 0)) {}
  now(): number {
    return this.t;
  }
  async delay(ms: number, signal?: AbortSignal): Promise<void> {
    this.delays.push(ms);
    if (signal?.aborted) throw new CancelledError();
    this.t += ms;
  }
}

export function responses(map: Record<string, StoredResponse> = {}): NamedResponses {
  return { get: (name) => map[name] };
}

/** Prepares request `index` of `text` (default: the first block with a request). */
export function prepare(text: string, opts: { env?: Partial<Environment>; responses?: Record<string, StoredResponse>; baseUrl?: string; index?: number; validateOnly?: boolean } = {}): PrepareOutcome {
  const doc = parseDocument(text);
  const ctx = buildFileContext(doc, { variables: {}, ...opts.env });
  const block = opts.index !== undefined ? doc.blocks[opts.index] : doc.blocks.find((b) => b.parsed.request)!;
  return prepareRequest(block, { model, ctx, responses: responses(opts.responses), baseUrl: opts.baseUrl ?? 'http://127.0.0.1:8990', validateOnly: opts.validateOnly });
}

export function prepared(text: string, opts: Parameters<typeof prepare>[1] = {}) {
  const out = prepare(text, opts);
  if (!out.ok) throw new Error(`expected the request to build: ${out.message}`);
  return out.request;
}

export type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

/** A loopback server on a free port; `handler` answers each request. */
export async function localServer(handler: Handler): Promise<{ url: string; requests: Array<{ method: string; url: string; body: string; headers: http.IncomingHttpHeaders }>; close(): Promise<void> }> {
  const requests: Array<{ method: string; url: string; body: string; headers: http.IncomingHttpHeaders }> = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
      handler(req, body, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback server that answers every request `200 {"id":"1"}` and records it: what reached a service. */
export function recordingServer(): ReturnType<typeof localServer> {
  return localServer((_req, _body, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"id":"1"}');
  });
}
