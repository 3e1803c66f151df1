/**
 * `graphreq serve` as a user runs it: the bundled CLI in a child process prints its URL, answers on
 * loopback, keeps its state with --data, and exits 0 on SIGTERM; usage errors exit 2.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { adsetBody, request } from './harness';

const root = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(root, 'bin', 'graphreq.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-serve-'));
const children: ChildProcess[] = [];
after(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

function serve(args: string[]): { child: ChildProcess; url: Promise<string>; exit: Promise<{ code: number | null; out: string; err: string }> } {
  const child = spawn(process.execPath, [bin, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', () => reject(new Error(`serve exited before listening: ${out}${err}`)));
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<{ code: number | null; out: string; err: string }>((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
  url.catch(() => undefined);
  return { child, url, exit };
}

describe('graphreq serve', () => {
  it('prints its loopback URL, answers, keeps state in --data, and exits 0 on SIGTERM', async () => {
    const data = path.join(dir, 'state.json');
    const run = serve(['--port', '0', '--data', data]);
    const url = await run.url;
    const port = Number(new URL(url).port);
    const created = await request(port, 'POST', '/v23.0/act_1234567890/adsets', { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' }, JSON.stringify(adsetBody({ name: 'From the CLI' })));
    assert.equal(created.status, 200, created.text);
    run.child.kill('SIGTERM');
    const { code, out } = await run.exit;
    assert.equal(code, 0);
    assert.match(out, /stopped \(SIGTERM\)/);
    const state = JSON.parse(fs.readFileSync(data, 'utf8'));
    assert.equal(state.adsets[created.body.id].name, 'From the CLI');
  });

  it('takes a --config file', async () => {
    const config = path.join(dir, 'config.json');
    // App 7 says when it first called, so the older versions it calls answer it ([3] Versioning 5).
    fs.writeFileSync(config, JSON.stringify({ tokens: { 'demo-token': null, 'my-token': { app: '7', user: '7', business: '7', kind: 'user', developer: true } }, apps: { '7': { firstCall: '2020-01-01' } } }));
    const run = serve(['--port', '0', '--config', config]);
    const port = Number(new URL(await run.url).port);
    assert.equal((await request(port, 'GET', '/v23.0/t_100200300', { Authorization: 'Bearer my-token' })).status, 200);
    assert.equal((await request(port, 'GET', '/v23.0/t_100200300', { Authorization: 'Bearer demo-token' })).status, 401);
    run.child.kill('SIGINT');
    assert.equal((await run.exit).code, 0);
  });

  it('exits 2 on usage errors: a bad port, an unreadable or invalid config', async () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ flaggedAssets: 'sometimes' }));
    for (const args of [['--port', 'eighty'], ['--config', path.join(dir, 'missing.json')], ['--config', bad]]) {
      const { code, err } = await serve(args).exit;
      assert.equal(code, 2, args.join(' '));
      assert.match(err, /^graphreq serve: /);
    }
  });
});
