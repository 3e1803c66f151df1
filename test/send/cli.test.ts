/**
 * `graphreq send` as a user runs it: the built CLI (bin/graphreq.js → dist/cli.js, built by
 * `npm test`'s pretest) in a subprocess. The token test greps everything the CLI prints and writes.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator } from '../../server/src/emulator';
import { copyExamples } from '../examples';
import { localServer } from './sendHelpers';

const root = path.join(__dirname, '..', '..', '..');
const bin = path.join(root, 'bin', 'graphreq.js');
// The example request files without their environment file: the workspace of each run is its own
// temporary folder, as for a user with no graphreq.env.json.
const examples = copyExamples();
after(() => fs.rmSync(examples, { recursive: true, force: true }));
const FAKE_TOKEN = 'fake-token-Zq8xW3vK9pL2mN7';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in `cwd` with a clean environment (no token of the developer's leaks in). */
function run(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('GRAPHREQ_')) base[k] = v;
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, 'send', ...args], { cwd, env: { ...base, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-cli-'));
}

/** Every file under `dir`, as text. */
function filesUnder(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else out.push([p, fs.readFileSync(p, 'utf8')]);
  }
  return out;
}

describe('graphreq send (the CLI)', () => {
  const dirs: string[] = [];
  const closers: Array<() => Promise<void>> = [];
  after(async () => {
    for (const c of closers) await c();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const dir = (): string => {
    const d = tempDir();
    dirs.push(d);
    return d;
  };

  before(() => assert.ok(fs.existsSync(path.join(root, 'dist', 'cli.js')), 'dist/cli.js is built (npm test builds it first)'));

  it('sends the examples offline to the embedded emulator and prints responses and usage', async () => {
    const cwd = dir();
    const r = await run([path.join(examples, 'adsets.graphreq'), '--all'], cwd);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.match(/^HTTP 200 OK/gm)?.length, 4, r.stdout);
    assert.equal(r.stdout.match(/^usage: highest \d+% \(BUC ads_management \(business \d+\) call_count\)/gm)?.length, 4, r.stdout);
    assert.match(r.stdout, /"copied_adset_id": "\d+"/);
    assert.match(r.stderr, /^sending to the embedded emulator at http:\/\/127\.0\.0\.1:\d+ with its demo token\nstate: \S+ \(--fresh resets it; --base-url sends elsewhere\)$/m);
    const banner = r.stderr.split('\n').filter((l) => /^(sending to|state:) /.test(l));
    assert.ok(banner.length === 2 && banner.every((l) => l.length <= 90), `the banner is two short lines: ${JSON.stringify(banner)}`);
    const saved = fs.readdirSync(path.join(cwd, '.graphreq-history'));
    assert.equal(saved.filter((f) => /^\d{8}T/.test(f)).length, 4, 'four results in history');
    assert.ok(saved.includes('rate-state.json') && saved.includes('.gitignore'));

    const list = await run(['--history'], cwd);
    assert.equal(list.code, 0);
    const ids = list.stdout.trim().split('\n').map((l) => l.split(/\s+/)[0]);
    assert.equal(ids.length, 4);
    const shown = await run(['--show', ids[ids.length - 1], '--format', 'json'], cwd);
    assert.equal(JSON.parse(shown.stdout).result.name, 'create');
  });

  it('prints one JSON object per request sent', async () => {
    const r = await run([path.join(examples, 'url-and-thread.graphreq'), '--all', '--format', 'json', '--no-history'], dir());
    assert.equal(r.code, 0, r.stderr);
    const items = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    assert.equal(items.length, 3);
    for (const item of items) {
      for (const key of ['name', 'method', 'url', 'status', 'durationMs', 'headers', 'body', 'error', 'usage']) assert.ok(key in item, key);
      // The token of a GET or DELETE travels in the Authorization header, never in the URL.
      assert.doesNotMatch(String(item.url), /access_token/);
    }
    assert.deepEqual(items[1].body, { success: true });
  });

  it('picks one request with --name or --line, and explains a reference to a response not yet sent', async () => {
    const file = path.join(examples, 'adsets.graphreq');
    const byName = await run([file, '--name', 'create', '--no-history'], dir());
    assert.equal(byName.code, 0, byName.stderr);
    assert.match(byName.stdout, /^### Create a paused ad set \[create\]/);
    const byLine = await run([file, '--line', '24', '--no-history'], dir());
    assert.equal(byLine.code, 2);
    assert.match(byLine.stdout, /^### Read it back\nnot sent: `\{\{create\.response\.body\.id\}\}`: request `create` has no saved response in this workspace \(it was never sent, or the session was started again with --fresh\); send it first, or add --with-deps/);
    const none = await run([file], dir());
    assert.equal(none.code, 2);
    assert.equal(none.stderr, 'graphreq send: the file holds 4 requests: choose one with --name or --line, or send them all with --all\n');
  });

  it('exits 1 on an error response and 2 on a network or usage error, with one line', async () => {
    const bad = await run([path.join(examples, 'adsets.graphreq'), '--name', 'create', '--no-history'], dir(), { GRAPHREQ_ACCESS_TOKEN: 'not-a-known-token' });
    assert.equal(bad.code, 1, bad.stderr);
    assert.match(bad.stdout, /error: Invalid OAuth 2\.0 token \(code 190\)/);
    assert.ok(!bad.stdout.includes('not-a-known-token'));

    const srv = await localServer(() => {});
    await srv.close();
    const refused = await run([path.join(examples, 'adsets.graphreq'), '--name', 'create', '--base-url', srv.url], dir(), { GRAPHREQ_ACCESS_TOKEN: FAKE_TOKEN });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /^graphreq send: create: connection refused by 127\.0\.0\.1:\d+: is the service running there\?\n1 request: 0 sent, 1 failed, 0 held back, 0 not sent/);

    const insecure = await run([path.join(examples, 'adsets.graphreq'), '--all', '--base-url', 'http://graph.example.com'], dir(), { GRAPHREQ_ACCESS_TOKEN: FAKE_TOKEN });
    assert.equal(insecure.code, 2);
    assert.match(insecure.stderr, /refusing to send the access token over plain http:\/\//);
    const noToken = await run([path.join(examples, 'adsets.graphreq'), '--all', '--base-url', 'https://graph.example.com'], dir());
    assert.equal(noToken.code, 2);
    assert.equal(noToken.stderr, 'graphreq send: no access token for https://graph.example.com: set GRAPHREQ_ACCESS_TOKEN (REQ-TOKEN-REQUIRED)\n');
  });

  it('never prints or writes the token: stdout, stderr, history and --out files', async () => {
    // A service that knows the token, and one that echoes every request back (headers, URL, body).
    const emulator = await startEmulator({ config: { tokens: { [FAKE_TOKEN]: { app: '1', user: '1', business: '1', kind: 'user', developer: true } } } });
    closers.push(() => emulator.close());
    const echo = await localServer((req, body, res) => {
      res.writeHead(req.url?.includes('fail') ? 400 : 200, { 'Content-Type': 'application/json', 'X-Echo': req.url ?? '' });
      res.end(JSON.stringify({ url: req.url, body, headers: req.headers, error: req.url?.includes('fail') ? { message: `Invalid token ${FAKE_TOKEN}`, type: 'OAuthException', code: 190 } : undefined }));
    });
    closers.push(echo.close);
    const cwd = dir();
    const out = path.join(cwd, 'out');
    const file = path.join(cwd, 'leak.graphreq');
    fs.writeFileSync(file, `### echo a read\nGET /v23.0/123?fields=id\n\n### echo a form post\nPOST /v23.0/act_1/adsets\n\n{ "name": "x" }\n\n### a failure quoting the token\nGET /v23.0/fail\n\n### a token written in the file\nGET /v23.0/123?access_token=${FAKE_TOKEN}\n`);
    const env = { GRAPHREQ_ACCESS_TOKEN: FAKE_TOKEN };
    const runs = [
      await run([path.join(examples, 'adsets.graphreq'), '--all', '--base-url', emulator.url, '--out', out], cwd, env),
      await run([path.join(examples, 'adsets.graphreq'), '--all', '--base-url', emulator.url, '--format', 'json'], cwd, env),
      await run([file, '--all', '--base-url', echo.url, '--out', out], cwd, env),
      await run([file, '--all', '--base-url', echo.url, '--format', 'json'], cwd, env),
    ];
    assert.equal(runs[0].code, 0, runs[0].stderr);
    assert.equal(runs[2].code, 1, runs[2].stderr);
    assert.ok(echo.requests.some((r) => r.headers.authorization === `Bearer ${FAKE_TOKEN}`) && echo.requests.some((r) => r.body.includes(FAKE_TOKEN)), 'the token was sent');
    assert.ok(echo.requests.every((r) => !r.url.includes(FAKE_TOKEN)), 'the token never travels in a URL');
    const written = [...filesUnder(path.join(cwd, '.graphreq-history')), ...filesUnder(out)];
    assert.ok(written.length >= 8 + 8, `history and --out hold the results (${written.length} files)`);
    const everything: Array<[string, string]> = [...runs.flatMap((r, i): Array<[string, string]> => [[`run ${i} stdout`, r.stdout], [`run ${i} stderr`, r.stderr]]), ...written];
    for (const [where, text] of everything) {
      assert.ok(!text.includes(FAKE_TOKEN), `the token appears in ${where}`);
      assert.ok(!text.includes(FAKE_TOKEN.slice(5, 21)), `part of the token appears in ${where}`);
    }
    assert.ok(everything.some(([, t]) => t.includes('[REDACTED]')), 'the placeholder shows where the token was');
  });
});
