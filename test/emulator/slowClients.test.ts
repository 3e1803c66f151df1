/**
 * Slow clients do not lock others out (issue 20 item 7, slowloris): connections that trickle their
 * headers a byte at a time fill the emulator's connection cap, and a new connection makes room by
 * closing the oldest one that has no call in progress, so honest calls keep being answered.
 */
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { after, describe, it } from 'node:test';
import { closeAllEmulators, request, startTest } from './harness';

after(closeAllEmulators);

describe('connections at the cap', () => {
  it('answers every call while more trickling connections than the cap are open', async () => {
    const emu = await startTest({ config: { maxConnections: 20 } });
    const port = emu.emulator.port;
    const sockets: net.Socket[] = [];
    let closedByServer = 0;
    const trickle = setInterval(() => {
      for (const s of sockets) if (!s.destroyed) s.write('a');
    }, 100);
    try {
      for (let i = 0; i < 30; i++) {
        const s = net.connect(port, '127.0.0.1', () => s.write('GET /v23.0/120200000000000002 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
        s.on('error', () => undefined);
        s.on('close', () => closedByServer++);
        s.resume();
        sockets.push(s);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let i = 0; i < 10; i++) {
        const r = await request(port, 'GET', '/v23.0/23850000000000001?fields=id', { Authorization: 'Bearer demo-token', Host: `127.0.0.1:${port}` });
        assert.equal(r.status, 200, r.text);
        // A new trickler keeps the cap full between calls.
        const s = net.connect(port, '127.0.0.1', () => s.write('GET / HTTP/1.1\r\n'));
        s.on('error', () => undefined);
        s.on('close', () => closedByServer++);
        sockets.push(s);
      }
      // The closes arrive as the server makes them: a loaded machine may take a moment.
      for (let waited = 0; closedByServer < 10 && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.ok(closedByServer >= 10, `the slowest connections made room (${closedByServer} closed)`);
    } finally {
      clearInterval(trickle);
      for (const s of sockets) s.destroy();
    }
  });
});
