/**
 * A base URL the repository chose gets the user's token only once the user chose it, loopback
 * included (docs/sending.md, "Where the token goes"). A cloned repository's graphreq.env.json names
 * a recording server on 127.0.0.1 (on a shared machine, another user's process could listen there)
 * or an environment called like the one GRAPHREQ_ENV selects in the user's shell; the user's token
 * is set. `graphreq send`, `graphreq test` and the language server's send (stdio, as Neovim sends)
 * must send it nothing; the same clone with the user's explicit choice (`--env`, `--trust-origin`,
 * `--base-url`, the command's `environment` or `trustOrigin`) sends the token there, which shows the
 * recorder would have seen it.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TrustStore } from '../../server/src/files/trustStore';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { LspClient } from '../lsp/lspClient';
import { localServer } from '../send/sendHelpers';
import { runCli } from './cliHelpers';

const TOKEN = 'CANARY-user-token-5f1d2c9a7e3b';
const REQUEST = '# @name read\nGET /v23.0/120200000000000002?fields=id\n# @expect status 200\n';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-origins-'));
const config = path.join(root, 'config');

let recorder: Awaited<ReturnType<typeof localServer>>;
before(async () => {
  recorder = await localServer((_req, _body, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"id":"120200000000000002"}');
  });
});
after(async () => {
  await recorder.close();
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  recorder.requests.length = 0;
});

let count = 0;
/** A clone (a git repository) holding `env` as its graphreq.env.json and one request. */
function clone(env: object): string {
  const dir = path.join(root, `clone-${++count}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify(env));
  fs.writeFileSync(path.join(dir, 'req.graphreq'), REQUEST);
  execFileSync('git', ['init', '-q', '.'], { cwd: dir });
  return dir;
}

const cli = (args: string[], dir: string, env: Record<string, string> = {}) => runCli([...args, '--no-history'], dir, { GRAPHREQ_CONFIG_DIR: config, GRAPHREQ_ACCESS_TOKEN: TOKEN, ...env });
const refused = (origin: string, hint = 'NAME') =>
  `graphreq send: not sent: graphreq.env.json of the workspace sends to ${origin}, which you have not chosen; name its environment with --env ${hint}, or confirm the origin once with --trust-origin\n`;

describe("a repository's loopback base URL gets no token the user did not send there", () => {
  for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
    it(`graphreq send: ${host} of graphreq.env.json is refused in one line, nothing received`, async () => {
      const origin = `http://${host}:${new URL(recorder.url).port}`;
      const dir = clone({ $shared: { baseUrl: origin } });
      const run = await cli(['send', 'req.graphreq'], dir);
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr, refused(origin));
      assert.deepEqual(recorder.requests, []);
      assert.equal(new TrustStore(config).origins(dir).length, 0, 'nothing trusted');
    });
  }

  it('graphreq test: the same refusal, nothing received', async () => {
    const dir = clone({ $shared: { baseUrl: recorder.url } });
    const run = await cli(['test', 'req.graphreq'], dir);
    assert.equal(run.code, 2, run.stderr);
    assert.equal(run.stderr, refused(recorder.url).replace('graphreq send:', 'graphreq test:'));
    assert.deepEqual(recorder.requests, []);
  });

  it('an environment GRAPHREQ_ENV selects is no choice of its base URL: a loopback one and an https one get nothing', async () => {
    const local = clone({ prod: { baseUrl: recorder.url } });
    const run = await cli(['send', 'req.graphreq'], local, { GRAPHREQ_ENV: 'prod' });
    assert.equal(run.code, 2, run.stderr);
    assert.equal(run.stderr, refused(recorder.url, "prod (GRAPHREQ_ENV alone does not choose a repository's base URL)"));
    // Off loopback: refused before any connection (without the rule, the send is attempted and fails to resolve the .invalid name).
    const remote = clone({ prod: { baseUrl: 'https://graph.example.invalid' } });
    const far = await cli(['send', 'req.graphreq', '--timeout', '10000'], remote, { GRAPHREQ_ENV: 'prod' });
    assert.equal(far.code, 2, far.stderr);
    assert.equal(far.stderr, refused('https://graph.example.invalid', "prod (GRAPHREQ_ENV alone does not choose a repository's base URL)"));
    assert.deepEqual(recorder.requests, []);
  });

  it('(the user chooses) --env, --trust-origin (remembered) and --base-url send the token there', async () => {
    const dir = clone({ local: { baseUrl: recorder.url } });
    const named = await cli(['send', 'req.graphreq', '--env', 'local'], dir);
    assert.equal(named.code, 0, named.stderr);
    assert.equal(recorder.requests.length, 1);
    assert.equal(recorder.requests[0].headers.authorization, `Bearer ${TOKEN}`);
    // GRAPHREQ_ENV selects it; the origin confirmed once for the workspace makes it the user's.
    const confirmed = await cli(['test', 'req.graphreq', '--trust-origin'], dir, { GRAPHREQ_ENV: 'local' });
    assert.equal(confirmed.code, 0, confirmed.stderr);
    assert.deepEqual(new TrustStore(config).origins(dir), [recorder.url]);
    const remembered = await cli(['send', 'req.graphreq'], dir, { GRAPHREQ_ENV: 'local' });
    assert.equal(remembered.code, 0, remembered.stderr);
    const typed = await cli(['send', 'req.graphreq', '--base-url', recorder.url], clone({ $shared: { baseUrl: 'https://graph.example.invalid' } }));
    assert.equal(typed.code, 0, typed.stderr);
    assert.equal(recorder.requests.length, 4);
    assert.ok(recorder.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`));
  });

  it('the embedded emulator needs no choice', async () => {
    const run = await cli(['send', 'req.graphreq'], clone({ $shared: { defaultVersion: 'v23.0' } }), { GRAPHREQ_ACCESS_TOKEN: '' });
    assert.match(run.stderr, /sending to the embedded emulator/);
    assert.doesNotMatch(run.stderr, /not chosen/);
    assert.deepEqual(recorder.requests, []);
  });
});

describe("the language server's send (stdio, as Neovim sends) follows the same rule", () => {
  async function lspSend(dir: string, args: Record<string, unknown>, settings: Record<string, unknown> = {}): Promise<SendCommandResult> {
    const file = path.join(dir, 'req.graphreq');
    const uri = pathToFileURL(file).href;
    const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: config, GRAPHREQ_ACCESS_TOKEN: TOKEN });
    client.settings = settings;
    try {
      await client.initialize(pathToFileURL(dir).href);
      await client.open(uri, REQUEST);
      return await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0, ...args }] });
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  }

  it("graphreq.env.json's loopback base URL, and one from the settings the server reads: untrusted, nothing received", async () => {
    const dir = clone({ $shared: { baseUrl: recorder.url } });
    const sent = await lspSend(dir, {});
    assert.equal(sent.results[0].failure?.kind, 'untrusted', JSON.stringify(sent.results[0].failure));
    assert.equal(sent.results[0].failure?.trustOrigin, recorder.url);
    const fromSettings = await lspSend(clone({}), {}, { baseUrl: recorder.url });
    assert.equal(fromSettings.results[0].failure?.kind, 'untrusted', JSON.stringify(fromSettings.results[0].failure));
    assert.deepEqual(recorder.requests, []);
  });

  it("the account context's read of the environment (settings name it, as a project's may) sends nothing", async () => {
    const dir = clone({ prod: { baseUrl: recorder.url } });
    const uri = pathToFileURL(path.join(dir, 'req.graphreq')).href;
    const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: config, GRAPHREQ_ACCESS_TOKEN: TOKEN });
    client.settings = { environment: 'prod', context: 'environment' };
    try {
      await client.initialize(pathToFileURL(dir).href);
      await client.open(uri, 'POST /v23.0/act_42/adsets\n\n{ "name": "a", "campaign_id": "777" }\n');
      const status = await client.request<{ calls: number; problems: string[] }>('workspace/executeCommand', { command: 'graphreq.fetchContext', arguments: [{ uri }] });
      assert.equal(status.calls, 0);
      assert.match(status.problems.join(' '), /which you have not chosen/);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
    assert.deepEqual(recorder.requests, []);
  });

  it('(the user chooses) the environment in the arguments, or trustOrigin (remembered), sends the token there', async () => {
    const dir = clone({ local: { baseUrl: recorder.url } });
    const named = await lspSend(dir, { environment: 'local' });
    assert.equal(named.results[0].status, 200, JSON.stringify(named.results[0].failure));
    const confirmed = await lspSend(clone({ $shared: { baseUrl: recorder.url } }), { trustOrigin: recorder.url });
    assert.equal(confirmed.results[0].status, 200, JSON.stringify(confirmed.results[0].failure));
    assert.equal(recorder.requests.length, 2);
    assert.ok(recorder.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`));
  });
});

describe("the repository's accessTokenEnv does not choose which token goes to a base URL the user typed", () => {
  const PROD = 'CANARY-prod-token-9b2e41d07a';
  const env = { $shared: { accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }, staging: { accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } };

  it('graphreq send --base-url (GRAPHREQ_ENV or not): the default token arrives, never the one the file names', async () => {
    const dir = clone(env);
    for (const extra of [{}, { GRAPHREQ_ENV: 'staging' }] as Array<Record<string, string>>) {
      const run = await cli(['send', 'req.graphreq', '--base-url', recorder.url], dir, { GRAPHREQ_PROD_TOKEN: PROD, ...extra });
      assert.equal(run.code, 0, run.stderr);
    }
    assert.deepEqual(recorder.requests.map((r) => r.headers.authorization), [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('(the user chooses) --env names the environment, and its token goes with it', async () => {
    const run = await cli(['send', 'req.graphreq', '--base-url', recorder.url, '--env', 'staging'], clone(env), { GRAPHREQ_PROD_TOKEN: PROD });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(recorder.requests.map((r) => r.headers.authorization), [`Bearer ${PROD}`]);
  });

  it("the language server's send with a typed baseUrl argument (no token from the client): the default token", async () => {
    const dir = clone(env);
    const uri = pathToFileURL(path.join(dir, 'req.graphreq')).href;
    const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: config, GRAPHREQ_ACCESS_TOKEN: TOKEN, GRAPHREQ_PROD_TOKEN: PROD });
    client.settings = { environment: 'staging' };
    try {
      await client.initialize(pathToFileURL(dir).href);
      await client.open(uri, REQUEST);
      const sent = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0, baseUrl: recorder.url }] });
      assert.equal(sent.results[0].status, 200, JSON.stringify(sent.results[0].failure));
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
    assert.deepEqual(recorder.requests.map((r) => r.headers.authorization), [`Bearer ${TOKEN}`]);
  });
});
