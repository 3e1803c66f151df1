/**
 * Hostile input at volume (issue 15 item 6): 1,200 connections that never send anything against an
 * emulator limited to 1,024 open files, and volleys of 100,000-parameter bodies, field lists nested
 * 3,000 deep and cross-origin form posts. The emulator answers each with 4xx, stays up, keeps writing
 * its data file, and serves ordinary calls afterwards.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { readStateFile } from '../../server/src/emulator/store';
import { adsetBody, request } from '../emulator/harness';
import { killServers, portOf, serve } from '../emulator/serveProcess';
import { flood, report } from './flood';
import { stressOnly } from './stressGate';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-stress-hostile-'));
const bin = path.resolve(__dirname, '..', '..', '..', 'bin', 'graphreq.js');
const spawned: ChildProcess[] = [];
after(() => {
  killServers();
  for (const c of spawned) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

const token = { Authorization: 'Bearer demo-token' };

describe('hostile input at volume', stressOnly, () => {
  it('closes 1,200 silent connections on its own and keeps answering with 1,024 open files', async (t) => {
    const data = path.join(dir, 'idle.json');
    const config = path.join(dir, 'short-timeouts.json');
    fs.writeFileSync(config, JSON.stringify({ timeouts: { headersMs: 2000, requestMs: 4000, keepAliveMs: 1000, idleMs: 5000 } }));
    // The file limit of the report that found this: 1,024.
    const child = spawn('bash', ['-c', `ulimit -n 1024 && exec "${process.execPath}" "${bin}" serve --port 0 --quiet --data "${data}" --config "${config}"`], { stdio: ['ignore', 'pipe', 'pipe'] });
    spawned.push(child);
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(`serve exited: ${out}`)));
    });
    const port = portOf(url);
    const before = await request(port, 'POST', '/v23.0/act_1234567890/adsets', { ...token, 'Content-Type': 'application/json' }, JSON.stringify(adsetBody({ name: 'Before the idle flood' })));
    assert.equal(before.status, 200, before.text);

    const closed: Array<Promise<void>> = [];
    let opened = 0;
    for (let i = 0; i < 1200; i++) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => opened++);
      // Read what the server sends (a 408), or the socket never sees the server close it.
      socket.resume();
      closed.push(new Promise((resolve) => socket.on('close', () => resolve())));
      socket.on('error', () => undefined);
    }
    // Every one of them is closed by the server: at once past maxConnections, after headersMs otherwise.
    await Promise.all(closed);
    t.diagnostic(`${opened} of 1,200 silent connections were accepted, and all were closed by the server`);
    assert.equal(child.exitCode, null, 'the server is still running');
    const afterwards = await request(port, 'POST', '/v23.0/act_1234567890/adsets', { ...token, 'Content-Type': 'application/json' }, JSON.stringify(adsetBody({ name: 'After the idle flood' })));
    assert.equal(afterwards.status, 200, afterwards.text);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    const state = readStateFile(data);
    assert.equal(state.adsets[before.body.id].name, 'Before the idle flood');
    assert.equal(state.adsets[afterwards.body.id].name, 'After the idle flood');
  });

  it('refuses volleys of oversized and deeply nested calls quickly, with 4xx, and serves ordinary calls after', async (t) => {
    const run = serve(['--port', '0', '--quiet']);
    const port = portOf(await run.url);
    const params = Array.from({ length: 100_000 }, (_, i) => `u${i}=1`).join('&');
    const deep = `fields=${'campaign{'.repeat(3000)}id${'}'.repeat(3000)}`;
    const kinds: Array<{ method?: string; path: string; body?: string; headers?: Record<string, string> }> = [
      { method: 'POST', path: '/v23.0/act_1234567890/adsets', body: params, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      { path: `/v23.0/23850000000000001?${deep}` },
      { method: 'POST', path: '/v23.0/23850000000000002', body: 'status=DELETED&access_token=demo-token', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' } },
    ];
    const r = await flood({ port, seconds: 6, clients: 8, request: (n) => kinds[n % kinds.length] });
    t.diagnostic(report('hostile volley', r));
    assert.equal(r.failures, 0);
    assert.deepEqual(Object.keys(r.statuses).sort(), ['400', '403']);
    // 100,000 parameters used to cost about 2 s of CPU each; refused by the count limit they cost a parse of the body.
    assert.ok(r.total / 6 >= 20, `${(r.total / 6).toFixed(0)} hostile calls answered per second`);
    const read = await request(port, 'GET', '/v23.0/23850000000000002?fields=status', token);
    // The hostile origin's DELETED did not land (a node read always carries its id, as the service's do).
    assert.deepEqual(read.body, { status: 'ACTIVE', id: '23850000000000002' });
    run.child.kill('SIGTERM');
    assert.equal((await run.exit).code, 0);
  });
});
