/**
 * The env-file attack of issue 15, as a user would meet it: `outer/graphreq.env.json` names a
 * listener on loopback and `accessTokenEnv: GITHUB_TOKEN`; the user sends `outer/some/project/req.graphreq`
 * from the folder that holds `outer/`, with GITHUB_TOKEN and GRAPHREQ_ACCESS_TOKEN set. The listener
 * must receive nothing. The last test shows the listener does see a token that is sent to it, so the
 * others cannot pass for the wrong reason.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runSend } from '../../server/src/cli/send';
import { TrustStore } from '../../server/src/files/trustStore';
import { localServer } from '../send/sendHelpers';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(repoRoot, 'bin', 'graphreq.js');
const GITHUB = 'ghp_secretOfAnotherService123456';
const GRAPHREQ = 'graphreq-token-meant-for-graph-9f8e7d';
const REQUEST = '### read\nGET /v23.0/120200000000000002?fields=id,name\n';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-attack-'));
const configDir = path.join(dir, 'config');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function send(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('GRAPHREQ_') && k !== 'GITHUB_TOKEN') base[k] = v;
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, 'send', ...args, '--no-history'], { cwd, env: { ...base, GRAPHREQ_CONFIG_DIR: configDir, GITHUB_TOKEN: GITHUB, GRAPHREQ_ACCESS_TOKEN: GRAPHREQ, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** A tree `name/outer/graphreq.env.json` + `name/outer/some/project/req.graphreq`; returns the folder holding `outer/`. */
function plant(name: string, envFile: object): string {
  const top = path.join(dir, name);
  const project = path.join(top, 'outer', 'some', 'project');
  fs.mkdirSync(project, { recursive: true });
  fs.writeFileSync(path.join(top, 'outer', 'graphreq.env.json'), JSON.stringify(envFile));
  fs.writeFileSync(path.join(project, 'req.graphreq'), REQUEST);
  return top;
}

const REQ = path.join('outer', 'some', 'project', 'req.graphreq');

describe('the env-file attack (issue 15)', () => {
  let listener: Awaited<ReturnType<typeof localServer>>;
  before(async () => {
    listener = await localServer((_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"id":"120200000000000002","name":"x"}');
    });
  });
  after(async () => {
    await listener.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses accessTokenEnv naming another secret: the listener receives nothing', async () => {
    const top = plant('github', { $shared: { baseUrl: listener.url, accessTokenEnv: 'GITHUB_TOKEN' } });
    const r = await send([REQ], top);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^graphreq send: accessTokenEnv names GITHUB_TOKEN, which is not a graphreq token variable/m);
    assert.equal(listener.requests.length, 0, 'the listener received a request');
    assert.ok(!(r.stdout + r.stderr).includes(GITHUB) && !(r.stdout + r.stderr).includes(GRAPHREQ));
  });

  it('never sends GRAPHREQ_ACCESS_TOKEN when the variable the environment names is not set', async () => {
    const top = plant('unset', { $shared: { baseUrl: listener.url, accessTokenEnv: 'GRAPHREQ_PLANTED_TOKEN' } });
    // The user confirmed the (loopback) origin (kept in a configuration folder of its own): only the token is missing.
    const r = await send([REQ, '--trust-origin'], top, { GRAPHREQ_CONFIG_DIR: path.join(dir, 'config-unset') });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /no access token for http:\/\/127\.0\.0\.1:\d+: set GRAPHREQ_PLANTED_TOKEN \(REQ-TOKEN-REQUIRED\)/);
    assert.equal(listener.requests.length, 0);
  });

  it('ignores an env file above the working folder when there is no repository', async () => {
    const top = plant('above-cwd', { $shared: { baseUrl: listener.url } });
    const project = path.join(top, 'outer', 'some', 'project');
    const r = await send(['req.graphreq'], project);
    // The embedded emulator answers (it refuses the token it does not know: exit 1, not a usage error).
    assert.match(r.stdout, /^HTTP 400 /m, r.stderr);
    assert.match(r.stdout, /\(code 190\)/, r.stderr);
    assert.match(r.stderr, /graphreq\.env\.json is not used: it is outside the workspace/);
    assert.match(r.stderr, /sending to the embedded emulator/);
    assert.equal(listener.requests.length, 0);
  });

  it('ignores an env file above the repository the request belongs to', async () => {
    const top = plant('above-repo', { $shared: { baseUrl: listener.url } });
    fs.mkdirSync(path.join(top, 'outer', 'some', 'project', '.git'));
    const r = await send([REQ], top, { GRAPHREQ_ACCESS_TOKEN: '' });
    assert.match(r.stdout, /^HTTP \d{3}/m, r.stderr);
    assert.match(r.stderr, /sending to the embedded emulator/);
    assert.equal(listener.requests.length, 0);
  });

  it('does not send to an https base URL of the workspace the user has not chosen', async () => {
    const top = plant('https', { $shared: { baseUrl: 'https://graph.example.invalid' } });
    const r = await send([REQ], top);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'graphreq send: not sent: graphreq.env.json sends GRAPHREQ_ACCESS_TOKEN to https://graph.example.invalid, which you have not confirmed for this workspace; confirm it once with --trust-origin\n');
    assert.equal(fs.existsSync(path.join(configDir, 'trusted-origins.json')), false);
  });

  it('sends there once the user confirms the origin (remembered), the environment named or not', async () => {
    const top = plant('confirmed', { $shared: { defaultVersion: 'v23.0' }, prod: { baseUrl: 'https://graph.example.invalid' } });
    // Named: selected, not confirmed; refused before any connection.
    const named = await send([REQ, '--env', 'prod', '--timeout', '10000'], top);
    assert.equal(named.code, 2);
    assert.equal(named.stderr, 'graphreq send: not sent: environment prod of graphreq.env.json sends GRAPHREQ_ACCESS_TOKEN to https://graph.example.invalid, which you have not confirmed for this workspace; confirm it once with --trust-origin\n');
    // Named and confirmed: the send is attempted (the .invalid name does not resolve: a network failure, not a refusal).
    const both = await send([REQ, '--env', 'prod', '--trust-origin', '--timeout', '10000'], top);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /cannot resolve the host graph\.example\.invalid|cannot reach graph\.example\.invalid/);
    // The $shared-only setup of a file whose $shared names the URL: confirmed once with --trust-origin.
    fs.writeFileSync(path.join(top, 'outer', 'graphreq.env.json'), JSON.stringify({ $shared: { baseUrl: 'https://graph.example.invalid' } }));
    const confirmed = await send([REQ, '--trust-origin', '--timeout', '10000'], top);
    assert.match(confirmed.stderr, /cannot resolve the host graph\.example\.invalid|cannot reach graph\.example\.invalid/);
    assert.deepEqual(new TrustStore(configDir).origins(top), ['https://graph.example.invalid']);
    const again = await send([REQ, '--timeout', '10000'], top);
    assert.doesNotMatch(again.stderr, /which you have not confirmed/);
    assert.match(again.stderr, /cannot resolve the host graph\.example\.invalid|cannot reach graph\.example\.invalid/);
  });

  it('sends what the user confirmed when the choice cannot be remembered (no writable configuration folder), and says so in one line', async () => {
    const top = plant('unremembered', { $shared: { baseUrl: 'https://graph.example.invalid' } });
    // A configuration folder that cannot be created (a file stands where a folder would), as with no writable HOME.
    const blocker = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const r = await send([REQ, '--trust-origin', '--timeout', '10000'], top, { GRAPHREQ_CONFIG_DIR: path.join(blocker, 'graphreq') });
    assert.match(r.stderr, /^graphreq send: https:\/\/graph\.example\.invalid is trusted for this send only: the choice could not be saved in .*trusted-origins\.json \(ENOTDIR\); set GRAPHREQ_CONFIG_DIR to a folder you can write to keep it$/m);
    // The send was attempted (the .invalid name does not resolve: a network failure, not a refusal).
    assert.match(r.stderr, /cannot resolve the host graph\.example\.invalid|cannot reach graph\.example\.invalid/);
    assert.doesNotMatch(r.stderr, /^graphreq: /m);
  });

  it('asks at a terminal, and remembers the answer', async () => {
    const top = plant('asked', { $shared: { baseUrl: 'https://asked.example.invalid' } });
    const questions: string[] = [];
    const saved = { config: process.env.GRAPHREQ_CONFIG_DIR, token: process.env.GRAPHREQ_ACCESS_TOKEN };
    const cwd = process.cwd();
    process.env.GRAPHREQ_CONFIG_DIR = configDir;
    process.env.GRAPHREQ_ACCESS_TOKEN = GRAPHREQ;
    process.chdir(top);
    try {
      const err: string[] = [];
      const io = { out: () => undefined, err: (s: string) => void err.push(s), outIsTTY: false, errIsTTY: false, env: process.env, confirm: async (q: string) => (questions.push(q), true) };
      await runSend([REQ, '--no-history', '--timeout', '10000'], io);
      assert.equal(questions.length, 1);
      assert.match(questions[0], /^graphreq\.env\.json sends your token GRAPHREQ_ACCESS_TOKEN to https:\/\/asked\.example\.invalid\. Trust it for .+\? \[y\/N\] $/);
      assert.deepEqual(new TrustStore(configDir).origins(top), ['https://asked.example.invalid']);
    } finally {
      process.chdir(cwd);
      for (const [name, value] of [['GRAPHREQ_CONFIG_DIR', saved.config], ['GRAPHREQ_ACCESS_TOKEN', saved.token]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('(control) the listener does see a token the user sends there, in the Authorization header', async () => {
    const top = plant('control', {});
    const r = await send([REQ, '--base-url', listener.url], top);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(listener.requests.length, 1);
    assert.equal(listener.requests[0].headers.authorization, `Bearer ${GRAPHREQ}`);
    assert.ok(!listener.requests[0].url.includes(GRAPHREQ), 'not in the URL');
    listener.requests.length = 0;
  });
});
