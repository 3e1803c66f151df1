/**
 * Naming an environment selects it; it does not confirm what the repository put in it
 * (docs/sending.md, "Where the token goes"). The attack: the user works in a clone with
 * `graphreq send --env prod` (or `graphreq test --env prod`, or an editor's send with `environment`
 * in its arguments), and a later commit changes what `prod` resolves to: its `accessTokenEnv` (the
 * production token to the same host), its `baseUrl` (the token to a new host), or a `$shared.baseUrl`
 * that an environment without its own now inherits (`--env dev` moved from the embedded emulator to
 * that address). Before, each sent the token with no question. Now a loopback recording server (a
 * local HTTP server that records every request and its headers) receives nothing after the commit,
 * from the CLI's `send` and `test` and from the language server over stdio, until the user confirms
 * the new (origin, token variable) pair; the control at the end of each case shows that the same
 * server does receive the token once the pair is confirmed, so the test can fail.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TrustStore } from '../../server/src/files/trustStore';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { cleanEnv } from '../cleanEnv';
import { LspClient, repoRoot } from '../lsp/lspClient';
import { recorderAndFolders, runCli, workspaceOf } from './cliHelpers';

const TOKEN = 'CANARY-access-token-3c51a0';
const PROD = 'CANARY-prod-token-77e0b2';
const REQUEST = '# @name read\nGET /v23.0/120200000000000002?fields=id\n# @expect status 200\n';
const suite = recorderAndFolders();
const moved = recorderAndFolders();
const dirs = suite.dirs;
beforeEach(() => {
  suite.recorder.requests.length = 0;
  moved.recorder.requests.length = 0;
});

/** A cloned repository (git init) holding `env` as its graphreq.env.json; `commit` changes it, as a `git pull` would. */
function clone(env: object): { dir: string; config: string; commit: (env: object) => void } {
  const dir = workspaceOf('graphreq-named-env-', { 'req.graphreq': REQUEST }, dirs);
  fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify(env));
  execFileSync('git', ['init', '-q', '.'], { cwd: dir });
  const config = `${dir}-config`;
  dirs.push(config);
  return { dir, config, commit: (e) => fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify(e)) };
}

const userEnv = (config: string): Record<string, string> => ({ GRAPHREQ_CONFIG_DIR: config, GRAPHREQ_ACCESS_TOKEN: TOKEN, GRAPHREQ_PROD_TOKEN: PROD });
const cli = (args: string[], c: { dir: string; config: string }) => runCli([...args, '--no-history'], c.dir, userEnv(c.config));
const received = (r: { requests: Array<{ headers: Record<string, unknown> }> }): string[] => r.requests.map((q) => String(q.headers.authorization ?? ''));

/** The language server's send over stdio (as Neovim sends it), `environment` in the command's arguments. */
async function lspSend(c: { dir: string; config: string }, args: Record<string, unknown>): Promise<SendCommandResult> {
  const uri = pathToFileURL(path.join(c.dir, 'req.graphreq')).href;
  const client = new LspClient(undefined, userEnv(c.config));
  try {
    await client.initialize(pathToFileURL(c.dir).href);
    await client.open(uri, REQUEST);
    return await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0, ...args }] });
  } finally {
    assert.equal(await client.shutdown(), 0);
  }
}

/**
 * After the commit: `send --env NAME`, `test --env NAME` and the language server with `environment`
 * all send nothing to `recorder` (checked first: without the rule, all three sent the token there),
 * and each says why in one line.
 */
async function nothingSent(c: { dir: string; config: string }, name: string, refusal: string, recorder: { requests: Array<{ headers: Record<string, unknown> }> }): Promise<void> {
  const before = received(recorder).length;
  const runs = [await cli(['send', 'req.graphreq', '--env', name], c), await cli(['test', 'req.graphreq', '--env', name], c)];
  const lsp = await lspSend(c, { environment: name });
  assert.equal(received(recorder).length, before, `after the commit, send, test and the language server sent ${received(recorder).length - before} requests with a token`);
  for (const [i, command] of ['send', 'test'].entries()) {
    assert.equal(runs[i].code, 2, runs[i].stdout + runs[i].stderr);
    assert.equal(runs[i].stderr, `graphreq ${command}: not sent: ${refusal}; confirm it once with --trust-origin\n`);
  }
  assert.equal(lsp.results[0].status, null);
  assert.equal(lsp.results[0].failure?.kind, 'untrusted', JSON.stringify(lsp.results[0].failure));
  assert.equal(lsp.results[0].failure?.message, `${refusal}; confirm it once ("trustOrigin" and "trustTokenVariable" in the send command's arguments, or graphreq send --trust-origin in this folder)`);
}

describe('a commit changes what a named environment resolves to: nothing is sent until the user confirms the new pair', () => {
  it('accessTokenEnv: the production token is not sent to the origin confirmed with the ordinary one', async () => {
    const c = clone({ prod: { baseUrl: suite.recorder.url } });
    // The user's first send: named, and confirmed.
    const first = await cli(['send', 'req.graphreq', '--env', 'prod', '--trust-origin'], c);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(received(suite.recorder), [`Bearer ${TOKEN}`]);
    const again = await cli(['send', 'req.graphreq', '--env', 'prod'], c);
    assert.equal(again.code, 0, 'the confirmed pair sends with no question');

    c.commit({ prod: { baseUrl: suite.recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } });
    await nothingSent(c, 'prod', `environment prod of graphreq.env.json sends GRAPHREQ_PROD_TOKEN to ${suite.recorder.url}, where you confirmed GRAPHREQ_ACCESS_TOKEN only`, suite.recorder);
    assert.deepEqual(received(suite.recorder), [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`], 'the production token went nowhere');

    // The control: the user confirms that pair, and the recorder sees the production token.
    const confirmed = await cli(['send', 'req.graphreq', '--env', 'prod', '--trust-origin'], c);
    assert.equal(confirmed.code, 0, confirmed.stderr);
    assert.deepEqual(received(suite.recorder), [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`, `Bearer ${PROD}`]);
  });

  it('baseUrl: the token is not sent to the new host', async () => {
    const c = clone({ prod: { baseUrl: suite.recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } });
    assert.equal((await cli(['send', 'req.graphreq', '--env', 'prod', '--trust-origin'], c)).code, 0);
    assert.deepEqual(received(suite.recorder), [`Bearer ${PROD}`]);

    c.commit({ prod: { baseUrl: moved.recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } });
    await nothingSent(c, 'prod', `environment prod of graphreq.env.json sends GRAPHREQ_PROD_TOKEN to ${moved.recorder.url}, which you have not confirmed (you confirmed GRAPHREQ_PROD_TOKEN for ${suite.recorder.url} only)`, moved.recorder);
    assert.deepEqual(received(moved.recorder), [], 'the new host received nothing');

    const confirmed = await cli(['test', 'req.graphreq', '--env', 'prod', '--trust-origin'], c);
    assert.equal(confirmed.code, 0, confirmed.stdout + confirmed.stderr);
    assert.deepEqual(received(moved.recorder), [`Bearer ${PROD}`]);
  });

  it('$shared.baseUrl added: an environment without its own no longer goes to the embedded emulator, and nothing is sent', async () => {
    const c = clone({ $shared: {}, dev: { defaultVersion: 'v23.0' } });
    // Before the commit: the embedded emulator, with no question.
    const emulator = await cli(['send', 'req.graphreq', '--env', 'dev'], c);
    assert.match(emulator.stderr, /sending to the embedded emulator/);
    assert.doesNotMatch(emulator.stderr, /not sent:/);

    c.commit({ $shared: { baseUrl: suite.recorder.url }, dev: { defaultVersion: 'v23.0' } });
    await nothingSent(c, 'dev', `environment dev of graphreq.env.json sends GRAPHREQ_ACCESS_TOKEN to ${suite.recorder.url}, which you have not confirmed for this workspace`, suite.recorder);
    assert.deepEqual(received(suite.recorder), []);

    // The control, from the editor this time: the pair confirmed in the send command's arguments.
    const confirmed = await lspSend(c, { environment: 'dev', trustOrigin: suite.recorder.url });
    assert.equal(confirmed.results[0].status, 200, JSON.stringify(confirmed.results[0].failure));
    assert.deepEqual(received(suite.recorder), [`Bearer ${TOKEN}`]);
    assert.deepEqual(new TrustStore(c.config).records(c.dir), [{ origin: suite.recorder.url, token: { variable: 'GRAPHREQ_ACCESS_TOKEN' } }]);
  });
});

describe('at a terminal, the question names the environment, the variable and the origin, and what changed', () => {
  /** The CLI in a pseudo-terminal (util-linux `script`), `answer` typed at its question. */
  function atTerminal(args: string[], c: { dir: string; config: string }, answer: string): Promise<{ code: number | null; output: string }> {
    const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
    const command = [process.execPath, path.join(repoRoot, 'bin', 'graphreq.js'), ...args, '--no-history'].map(quote).join(' ');
    return new Promise((resolve) => {
      const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: c.dir, env: cleanEnv({ TERM: 'dumb', NO_COLOR: '1', ...userEnv(c.config) }) });
      let output = '';
      let answered = false;
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        // Typed once the question is on the screen, as a user would.
        if (!answered && output.includes('[y/N]')) {
          answered = true;
          child.stdin.write(`${answer}\n`);
        }
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  it('no: nothing sent; yes: sent and remembered, so the same command asks nothing', async () => {
    const c = clone({ prod: { baseUrl: suite.recorder.url } });
    assert.equal((await cli(['send', 'req.graphreq', '--env', 'prod', '--trust-origin'], c)).code, 0);
    c.commit({ prod: { baseUrl: suite.recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } });
    const question = `environment prod of graphreq.env.json sends your token GRAPHREQ_PROD_TOKEN to ${suite.recorder.url}, where you confirmed GRAPHREQ_ACCESS_TOKEN only. Trust it for ${c.dir}? [y/N]`;

    const no = await atTerminal(['send', 'req.graphreq', '--env', 'prod'], c, 'n');
    assert.ok(no.output.includes(question), no.output);
    assert.equal(no.code, 2, no.output);
    assert.deepEqual(received(suite.recorder), [`Bearer ${TOKEN}`]);

    const yes = await atTerminal(['send', 'req.graphreq', '--env', 'prod'], c, 'y');
    assert.ok(yes.output.includes(question), yes.output);
    assert.equal(yes.code, 0, yes.output);
    assert.deepEqual(received(suite.recorder), [`Bearer ${TOKEN}`, `Bearer ${PROD}`]);
    assert.ok(!yes.output.includes(PROD) && !yes.output.includes(TOKEN), 'no token on the terminal');

    const remembered = await atTerminal(['send', 'req.graphreq', '--env', 'prod'], c, 'n');
    assert.ok(!remembered.output.includes('[y/N]'), remembered.output);
    assert.equal(remembered.code, 0, remembered.output);
    assert.equal(received(suite.recorder).length, 3);
  });
});

describe('--env-json: a file in a repository is its content, a file outside every repository is the user\'s', () => {
  it('in the workspace: the same pair rule; outside every repository: its base URL counts as typed', async () => {
    const c = clone({ $shared: {} });
    const inside = path.join(c.dir, 'envs', 'prod.json');
    fs.mkdirSync(path.dirname(inside));
    fs.writeFileSync(inside, JSON.stringify({ prod: { baseUrl: suite.recorder.url } }));
    const named = await cli(['send', 'req.graphreq', '--env-json', inside, '--env', 'prod'], c);
    assert.equal(named.code, 2, named.stderr);
    assert.equal(named.stderr, `graphreq send: not sent: environment prod of graphreq.env.json sends GRAPHREQ_ACCESS_TOKEN to ${suite.recorder.url}, which you have not confirmed for this workspace; confirm it once with --trust-origin\n`);
    // Another repository's file (a second clone beside this one) is repository content too.
    const other = clone({ prod: { baseUrl: suite.recorder.url } });
    const elsewhere = await cli(['send', 'req.graphreq', '--env-json', path.join(other.dir, 'graphreq.env.json'), '--env', 'prod'], c);
    assert.equal(elsewhere.code, 2, elsewhere.stderr);
    assert.deepEqual(received(suite.recorder), []);

    // The user's own file, in a folder no repository holds (the configuration folder beside the clone).
    fs.mkdirSync(c.config, { recursive: true });
    const own = path.join(c.config, 'my-envs.json');
    fs.writeFileSync(own, JSON.stringify({ prod: { baseUrl: suite.recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } }));
    const users = await cli(['send', 'req.graphreq', '--env-json', own, '--env', 'prod'], c);
    assert.equal(users.code, 0, users.stderr);
    assert.deepEqual(received(suite.recorder), [`Bearer ${PROD}`]);
    assert.deepEqual(new TrustStore(c.config).records(c.dir), [], 'nothing to remember: the user chose it by naming their own file');
    // A link inside the repository to the user's file is the repository's: a commit could retarget it.
    fs.symlinkSync(own, path.join(c.dir, 'envs', 'linked.json'));
    const linked = await cli(['send', 'req.graphreq', '--env-json', path.join(c.dir, 'envs', 'linked.json'), '--env', 'prod'], c);
    assert.equal(linked.code, 2, linked.stderr);
    assert.equal(received(suite.recorder).length, 1);
  });
});
