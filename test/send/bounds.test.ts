/**
 * Bounded sending: a response body is read up to a byte cap (an endless answer is cut and its
 * connection closed), history keeps a bounded number of bytes, and a deeply nested JSON answer is
 * kept as text instead of overflowing the stack, and still saved.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseDocument } from '../../server/src/core';
import { nestingDepth } from '../../server/src/core/send';
import { HistoryStore } from '../../server/src/send/history';
import { SendSession, type SendSessionOptions } from '../../server/src/send/sendSession';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../server/src/send/transport';
import { FakeClock, localServer, model } from './sendHelpers';

const GET = parseDocument('# @name read\nGET /v23.0/123?fields=id\n');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-bounds-'));
const servers: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const s of servers) await s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function server(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const s = await localServer(handler);
  servers.push(s);
  return s;
}

function session(baseUrl: string, over: Partial<SendSessionOptions> = {}): SendSession {
  return new SendSession({ model, env: { variables: {} }, baseUrl, token: 'bounds-token-123', clock: new FakeClock(), random: () => 0.5, timeoutMs: 20_000, ...over });
}

describe('response byte cap', () => {
  it('is 10 MiB unless set', () => {
    assert.equal(DEFAULT_MAX_RESPONSE_BYTES, 10 * 1024 * 1024);
  });

  it('cuts a larger body at the cap, says so, and keeps it as text', async () => {
    const big = JSON.stringify({ data: 'x'.repeat(5000) });
    const srv = await server((_q, _b, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(big);
    });
    const r = await session(srv.url, { maxResponseBytes: 1000 }).send(GET, 0);
    assert.equal(r.status, 200);
    assert.equal(r.size, 1000);
    assert.equal(r.bodyKind, 'text');
    assert.equal(r.body, big.slice(0, 1000));
    assert.ok(r.warnings.some((w) => /^the response body was cut after 1000 bytes \(the response byte cap; raise it with --max-bytes or graphreq\.response\.maxBytes\)/.test(w)), r.warnings.join('\n'));
    const whole = await session(srv.url, { maxResponseBytes: big.length }).send(GET, 0);
    assert.equal(whole.bodyKind, 'json', 'a body exactly at the cap is whole');
  });

  it('stops reading an endless body at the cap and closes the connection', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const srv = await server((_q, _b, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.on('close', () => closed());
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const r = await session(srv.url, { maxResponseBytes: 256 * 1024 }).send(GET, 0);
    assert.equal(r.size, 256 * 1024);
    assert.equal((r.body as string).length, 256 * 1024);
    assert.ok(r.warnings.some((w) => w.startsWith('the response body was cut after 262144 bytes')));
    await connectionClosed;
  });
});

describe('deeply nested JSON in a response', () => {
  it('is kept as text (no stack overflow), and the result is saved in history', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    assert.equal(nestingDepth(deep), 100_000);
    assert.equal(nestingDepth('{"a":"[[[[","b":[{"c":"\\"]"}]}'), 3, 'brackets inside strings do not count');
    const srv = await server((_q, _b, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`{"data":${deep}}`);
    });
    const history = new HistoryStore(path.join(dir, 'deep'));
    const r = await session(srv.url, { history, file: 'deep.graphreq' }).send(GET, 0);
    assert.equal(r.status, 200);
    assert.equal(r.bodyKind, 'text');
    assert.ok(r.warnings.includes('the body is JSON nested more than 1000 levels deep: kept as text'), r.warnings.join('\n'));
    assert.ok(!r.warnings.some((w) => w.includes('not saved')), r.warnings.join('\n'));
    assert.doesNotThrow(() => JSON.stringify(r));
    const saved = history.list();
    assert.equal(saved.length, 1);
    assert.equal(history.read(saved[0].id)?.result.body, `{"data":${deep}}`);
  });
});

describe('history bytes', () => {
  const result = (size: number, index = 0) => ({ index, name: null, title: null, sentAt: '', status: 200, statusText: 'OK', durationMs: 1, size, attempts: 1, headers: {}, body: 'b'.repeat(size), bodyKind: 'text' as const, error: null, usage: { app: null, adAccount: null, buc: [], throttle: [], figures: [], highestPercent: null, limiting: null, regainAccessMinutes: null, blockedUntil: null, warnings: [] }, warnings: [], version: { text: null, source: 'none' as const }, request: { method: 'GET', url: 'http://x/', headers: {}, body: null }, curl: '', failure: null });

  it('keeps the newest results within the byte cap as well as the count', () => {
    const history = new HistoryStore(path.join(dir, 'bytes'), 50, 12_000);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(history.save('f', result(3000, i), Date.UTC(2026, 0, 1, 0, 0, i)).id);
    const kept = history.list().map((s) => s.id);
    const total = fs.readdirSync(history.dir).filter((n) => /^\d{8}T/.test(n)).reduce((sum, n) => sum + fs.statSync(path.join(history.dir, n)).size, 0);
    assert.ok(total <= 12_000, `history holds ${total} bytes`);
    assert.deepEqual(kept, ids.slice(-kept.length).reverse(), 'the newest are kept');
    assert.ok(kept.length >= 2 && kept.length < 10, `${kept.length} kept`);
  });

  it('keeps a result larger than the whole cap without its body', () => {
    const history = new HistoryStore(path.join(dir, 'huge'), 50, 5_000);
    const entry = history.save('f', result(20_000), Date.UTC(2026, 0, 1));
    assert.match(String(entry.result.body), /^\(the body, 20000 bytes, is not kept: the history keeps at most 5000 bytes\)$/);
    assert.equal(history.list().length, 1);
    assert.equal(history.read(entry.id)?.result.status, 200);
  });
});
