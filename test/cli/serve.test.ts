/**
 * `graphreq serve` tells how to use it and what it answers: its base URL and the token on start,
 * one log line per request (method, path without the query, status, time) unless --quiet, and a
 * configuration with a misspelt key is refused with the nearest known key.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { bin, cleanEnv, runCli, tempWorkspace } from './cliHelpers';

const dir = tempWorkspace('graphreq-serve-cli-');
const children: ChildProcess[] = [];
after(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts serve; resolves with its URL once the banner is out, and lets the test wait for more output. */
function serve(args: string[]) {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', ...args], { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let waiting: Array<() => void> = [];
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    for (const w of waiting.splice(0)) w();
  });
  const until = async (re: RegExp): Promise<string> => {
    while (!re.test(out)) {
      if (child.exitCode !== null) throw new Error(`serve ended: ${out}`);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return out;
  };
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, until, output: () => out, exit, url: until(/listening on http:\/\/127\.0\.0\.1:\d+/).then((o) => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(o)![1]) };
}

describe('graphreq serve (CLI)', () => {
  it('prints its base URL and the token to use, then one line per request with its query, tokens hidden', async () => {
    const s = serve([]);
    const url = await s.url;
    const banner = s.output();
    assert.match(banner, /^tokens: demo-token, demo-viewer-token$/m);
    assert.ok(banner.includes(`GRAPHREQ_ACCESS_TOKEN=demo-token graphreq send FILE --base-url ${url}`), banner);
    assert.match(banner, /--quiet turns it off/);
    const answered = await fetch(`${url}/v23.0/t_100200300?fields=id&access_token=demo-token`);
    assert.equal(answered.status, 200);
    const missing = await fetch(`${url}/v23.0/999999?access_token=demo-token`);
    assert.equal(missing.status, 400);
    // A parameter the service does not know is refused (400), and logged all the same.
    await fetch(`${url}/v23.0/?id=https%3A%2F%2Fexample.com%2F&fields=engagement&note=demo-token`, { headers: { Authorization: 'Bearer demo-token' } });
    const log = await s.until(/GET \/v23\.0\/\?id=\S+ \d{3} \d+ ms\n/);
    assert.match(log, /^GET \/v23\.0\/t_100200300\?fields=id&access_token=\[\w+\] 200 \d+ ms$/m);
    assert.match(log, /^GET \/v23\.0\/999999\?access_token=\[\w+\] 400 \d+ ms$/m);
    // Two reads of one path tell apart by their query; a known token is hidden wherever it is.
    assert.match(log, /^GET \/v23\.0\/\?id=https%3A%2F%2Fexample\.com%2F&fields=engagement&note=\[\w+\] \d{3} \d+ ms$/m);
    assert.ok(!log.slice(banner.length).includes('demo-token'), 'no token is logged');
    s.child.kill('SIGINT');
    assert.equal(await s.exit, 0);
  });

  it('on every address (--host 0.0.0.0), gives the loopback URL that graphreq send takes, and that line works', async () => {
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--host', '0.0.0.0', '--quiet'], { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    await new Promise<void>((resolve) => child.stdout!.on('data', (d: Buffer) => ((out += d.toString()), /curl: /.test(out) && resolve())));
    const line = /^ {2}graphreq: {2}GRAPHREQ_ACCESS_TOKEN=demo-token graphreq send FILE --base-url (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
    assert.ok(line, out);
    fs.writeFileSync(path.join(dir, 'thread.graphreq'), 'GET /v23.0/t_100200300?fields=id\n');
    const sent = await runCli(['send', 'thread.graphreq', '--base-url', line[1], '--no-history'], dir, { GRAPHREQ_ACCESS_TOKEN: 'demo-token' });
    assert.equal(sent.code, 0, sent.stdout + sent.stderr);
    child.kill('SIGINT');
  });

  it('logs nothing per request with --quiet, and never prints a token of the configuration', async () => {
    const config = path.join(dir, 'tokens.json');
    // App 7 says when it first called, so the older version read here answers it ([3] Versioning 5, docs/emulator.md).
    fs.writeFileSync(config, JSON.stringify({ tokens: { 'demo-token': null, 'secret-token-9Xb3': { app: '7', user: '7', business: '7', kind: 'user', developer: true } }, apps: { '7': { firstCall: '2020-01-01' } } }));
    const s = serve(['--quiet', '--config', config]);
    const url = await s.url;
    assert.equal((await fetch(`${url}/v23.0/t_100200300?fields=id`, { headers: { Authorization: 'Bearer secret-token-9Xb3' } })).status, 200);
    s.child.kill('SIGTERM');
    assert.equal(await s.exit, 0);
    const out = s.output();
    assert.match(out, /^tokens: demo-viewer-token, and 1 set in .*tokens\.json \(not printed\); demo-token is switched off$/m);
    assert.ok(!out.includes('secret-token-9Xb3'));
    assert.doesNotMatch(out, /^GET /m, 'no request line with --quiet');
    assert.match(out, /stopped \(SIGTERM\)/);
  });

  it('refuses an unknown configuration key, naming the nearest known one', async () => {
    const cases: Array<[unknown, string]> = [
      [{ limts: { urlReadsPerHour: 3 } }, 'unknown key "limts" (did you mean "limits"?)'],
      [{ limits: { urlReadPerHour: 3 } }, 'unknown key "limits.urlReadPerHour" (did you mean "limits.urlReadsPerHour"?)'],
      [{ tokens: { mine: { app: '1', user: '1', business: '1', kind: 'user', develper: true } } }, 'unknown key "tokens.mine.develper" (did you mean "tokens.mine.developer"?)'],
      [{ accounts: { act_1: { activeAd: 3 } } }, 'unknown key "accounts.act_1.activeAd" (did you mean "accounts.act_1.activeAds"?)'],
    ];
    for (const [json, message] of cases) {
      const file = path.join(dir, 'bad.json');
      fs.writeFileSync(file, JSON.stringify(json));
      const r = await runCli(['serve', '--port', '0', '--config', file], dir);
      assert.equal(r.code, 2, message);
      assert.equal(r.stderr, `graphreq serve: ${file}: ${message}\n`);
    }
    const good = path.join(dir, 'good.json');
    fs.writeFileSync(good, JSON.stringify({ releases: { 'v1.0': '2020-01-01' }, latestVersion: 'v1.0', apps: { '7': { dailyActiveUsers: 5 } }, testScale: { window: 1, quota: 1 } }));
    const s = serve(['--config', good]);
    await s.url;
    s.child.kill('SIGINT');
    assert.equal(await s.exit, 0, 'keys the emulator knows, and names the user chooses, pass');
  });
});
