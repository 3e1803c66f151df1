/**
 * The phases of an exchange as the transport measures them over loopback HTTP: DNS (a host name is
 * looked up, an IP address is not), TCP connect, first byte and download, each in its own exchange
 * when exchanges run in parallel, and no setup on a reused connection. Each phase is timed against a
 * server that waits a known time before its headers and before the end of its body.
 */
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { nodePhases } from '../../server/src/send/exchangeTimings';
import { sendOnce } from '../../server/src/send/transport';
import { localServer } from './sendHelpers';

const servers: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const s of servers) await s.close();
});

/** A server answering `/h<ms>/b<ms>`: headers after the first wait, the end of the body after the second. */
async function slowServer() {
  const s = await localServer((req, _body, res) => {
    const [, head, tail] = /\/h(\d+)\/b(\d+)/.exec(req.url ?? '') ?? ['', '0', '0'];
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
      setTimeout(() => res.end('1}'), Number(tail));
    }, Number(head));
  });
  servers.push(s);
  return s;
}

const send = (url: string) => sendOnce({ method: 'GET', url, headers: {}, body: null }, { timeoutMs: 10_000, now: () => performance.now(), phases: nodePhases });

describe('exchange timings', () => {
  it('splits a new connection into DNS and connect, then first byte and download', async () => {
    const s = await slowServer();
    const byName = s.url.replace('127.0.0.1', 'localhost');
    const raw = await send(`${byName}/h120/b200`);
    const t = raw.timings!;
    // A busy event loop may see the headers late: the split moves, their sum does not shrink.
    assert.ok(t.firstByteMs >= 100, `first byte ${t.firstByteMs} ms`);
    assert.ok(t.downloadMs >= 60, `download ${t.downloadMs} ms`);
    assert.ok(t.firstByteMs + t.downloadMs >= 260, JSON.stringify(t));
    assert.equal(typeof t.dnsMs, 'number', 'a host name is looked up');
    assert.equal(typeof t.connectMs, 'number');
    assert.equal(typeof t.setupMs, 'number');
    assert.ok(t.setupMs! >= t.connectMs!);
    assert.equal(t.reused, undefined);
    assert.ok(raw.durationMs >= t.firstByteMs + t.downloadMs);
  });

  it('has no DNS phase for an IP address, and no setup on a reused connection', async () => {
    const s = await slowServer();
    const first = await send(`${s.url}/h0/b0`);
    assert.equal(first.timings!.dnsMs, undefined);
    assert.equal(typeof first.timings!.connectMs, 'number');
    // undici puts the connection back in its pool once the response has ended, a turn of the event loop later.
    await new Promise((resolve) => setImmediate(resolve));
    const again = await send(`${s.url}/h0/b0`);
    assert.equal(again.timings!.reused, true);
    assert.equal(again.timings!.setupMs, undefined);
    assert.equal(again.timings!.connectMs, undefined);
  });

  it('keeps the phases of parallel exchanges apart', async () => {
    const s = await slowServer();
    const [slow, fast] = await Promise.all([send(`${s.url}/h300/b10`), send(`${s.url}/h10/b300`)]);
    assert.ok(slow.timings!.firstByteMs >= 280 && slow.timings!.downloadMs < slow.timings!.firstByteMs, JSON.stringify(slow.timings));
    assert.ok(fast.timings!.downloadMs >= 200 && fast.timings!.firstByteMs < fast.timings!.downloadMs, JSON.stringify(fast.timings));
  });
});
