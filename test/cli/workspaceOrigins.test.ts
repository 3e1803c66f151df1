/**
 * A base URL the repository chose gets the user's token only for an (origin, token) pair the user
 * confirmed, loopback included, the environment named or not (docs/sending.md, "Where the token
 * goes"). A cloned repository's graphreq.env.json names a recording server on 127.0.0.1 (on a shared
 * machine, another user's process could listen there), in an environment selected by `--env` or by
 * GRAPHREQ_ENV in the user's shell; the user's token is set. `graphreq send`, `graphreq test` and the
 * language server's send (stdio, as Neovim sends) must send it nothing; the same clone with the
 * user's confirmation (`--trust-origin`, the command's `trustOrigin`) or a base URL the user typed
 * (`--base-url`) sends the token there, which shows the recorder would have seen it.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chooseCliToken } from '../../server/src/cli/sendTrust';
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
const refused = (origin: string, environment?: string) =>
  `graphreq send: not sent: ${environment ? `environment ${environment} of ` : ''}graphreq.env.json sends GRAPHREQ_ACCESS_TOKEN to ${origin}, which you have not confirmed for this workspace; confirm it once with --trust-origin\n`;

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

  it('an environment GRAPHREQ_ENV or --env selects is no choice of its base URL: a loopback one and an https one get nothing', async () => {
    const local = clone({ prod: { baseUrl: recorder.url } });
    for (const [args, env] of [[[], { GRAPHREQ_ENV: 'prod' }], [['--env', 'prod'], {}]] as Array<[string[], Record<string, string>]>) {
      const run = await cli(['send', 'req.graphreq', ...args], local, env);
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr, refused(recorder.url, 'prod'));
    }
    // Off loopback: refused before any connection (without the rule, the send is attempted and fails to resolve the .invalid name).
    const remote = clone({ prod: { baseUrl: 'https://graph.example.invalid' } });
    const far = await cli(['send', 'req.graphreq', '--timeout', '10000'], remote, { GRAPHREQ_ENV: 'prod' });
    assert.equal(far.code, 2, far.stderr);
    assert.equal(far.stderr, refused('https://graph.example.invalid', 'prod'));
    assert.deepEqual(recorder.requests, []);
  });

  it('(the user chooses) --trust-origin (remembered) and --base-url send the token there', async () => {
    const dir = clone({ local: { baseUrl: recorder.url } });
    const named = await cli(['send', 'req.graphreq', '--env', 'local', '--trust-origin'], dir);
    assert.equal(named.code, 0, named.stderr);
    assert.equal(recorder.requests.length, 1);
    assert.equal(recorder.requests[0].headers.authorization, `Bearer ${TOKEN}`);
    // GRAPHREQ_ENV selects the same environment; the pair confirmed once for the workspace sends again.
    const confirmed = await cli(['test', 'req.graphreq'], dir, { GRAPHREQ_ENV: 'local' });
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

/** The language server's send over stdio (as Neovim sends), the user's token in its environment. */
async function lspSend(dir: string, args: Record<string, unknown>, settings: Record<string, unknown> = {}, env: Record<string, string> = {}): Promise<SendCommandResult> {
  const file = path.join(dir, 'req.graphreq');
  const uri = pathToFileURL(file).href;
  const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: config, GRAPHREQ_ACCESS_TOKEN: TOKEN, ...env });
  client.settings = settings;
  try {
    await client.initialize(pathToFileURL(dir).href);
    await client.open(uri, REQUEST);
    return await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0, ...args }] });
  } finally {
    assert.equal(await client.shutdown(), 0);
  }
}

describe("the language server's send (stdio, as Neovim sends) follows the same rule", () => {


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
      assert.match(status.problems.join(' '), /which you have not confirmed for this workspace/);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
    assert.deepEqual(recorder.requests, []);
  });

  it('(the user chooses) trustOrigin (remembered) sends the token there; the environment in the arguments alone does not', async () => {
    const dir = clone({ local: { baseUrl: recorder.url } });
    const named = await lspSend(dir, { environment: 'local' });
    assert.deepEqual([named.results[0].failure?.kind, named.results[0].failure?.trustOrigin, recorder.requests.length], ['untrusted', recorder.url, 0]);
    const remembered = await lspSend(dir, { environment: 'local', trustOrigin: recorder.url });
    assert.equal(remembered.results[0].status, 200, JSON.stringify(remembered.results[0].failure));
    assert.equal((await lspSend(dir, { environment: 'local' })).results[0].status, 200, 'remembered for the workspace');
    const confirmed = await lspSend(clone({ $shared: { baseUrl: recorder.url } }), { trustOrigin: recorder.url });
    assert.equal(confirmed.results[0].status, 200, JSON.stringify(confirmed.results[0].failure));
    assert.equal(recorder.requests.length, 3);
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

  it('(the user chooses) --env names the environment, and its token goes with it to the base URL typed', async () => {
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

/**
 * A confirmation covers the origin and the token that goes there (files/trustStore.ts). The attack:
 * the user confirms a clone's base URL, whose environment sends GRAPHREQ_ACCESS_TOKEN; a later
 * commit sets `accessTokenEnv` to GRAPHREQ_PROD_TOKEN, and the user's production token went to the
 * confirmed origin without a question. Now `graphreq send`, `graphreq test` and the language
 * server's send send nothing, naming the variable, until the user confirms that pair; VS Code's
 * confirmation (its own stored token) does not cover a variable; a record of the old format (an
 * origin alone) covers GRAPHREQ_ACCESS_TOKEN and the editor's token only.
 */
const PROD_TOKEN = 'CANARY-prod-token-8e7f20';
const USER_ENV = { GRAPHREQ_PROD_TOKEN: PROD_TOKEN };
const tokensReceived = (): string[] => recorder.requests.map((r) => String(r.headers.authorization ?? ''));
/** A clone whose graphreq.env.json a later commit changes. */
function repo(env: object): { dir: string; commit: (env: object) => void } {
  const dir = clone(env);
  return { dir, commit: (e) => fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify(e)) };
}

describe('the CLI: a confirmation covers the origin and the token variable', () => {
  it("a commit that changes accessTokenEnv sends nothing and names the variable; the user's yes to that pair sends it", async () => {
    const c = repo({ $shared: { baseUrl: recorder.url } });
    const first = await cli(['send', 'req.graphreq', '--trust-origin'], c.dir, USER_ENV);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(tokensReceived(), [`Bearer ${TOKEN}`]);

    // The later commit: the same origin, the user's production token.
    c.commit({ $shared: { baseUrl: recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } });
    for (const command of ['send', 'test']) {
      const run = await cli([command, 'req.graphreq'], c.dir, USER_ENV);
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.equal(
        run.stderr,
        `graphreq ${command}: not sent: graphreq.env.json sends GRAPHREQ_PROD_TOKEN to ${recorder.url}, where you confirmed GRAPHREQ_ACCESS_TOKEN only; confirm it once with --trust-origin\n`,
      );
    }
    assert.deepEqual(tokensReceived(), [`Bearer ${TOKEN}`], 'the production token went nowhere');

    const confirmed = await cli(['send', 'req.graphreq', '--trust-origin'], c.dir, USER_ENV);
    assert.equal(confirmed.code, 0, confirmed.stderr);
    assert.deepEqual(tokensReceived(), [`Bearer ${TOKEN}`, `Bearer ${PROD_TOKEN}`]);
    assert.deepEqual(new TrustStore(config).records(c.dir), [
      { origin: recorder.url, token: { variable: 'GRAPHREQ_ACCESS_TOKEN' } },
      { origin: recorder.url, token: { variable: 'GRAPHREQ_PROD_TOKEN' } },
    ]);
    const file = JSON.parse(fs.readFileSync(new TrustStore(config).file, 'utf8')) as { workspaces: Record<string, unknown> };
    assert.deepEqual(file.workspaces[fs.realpathSync(c.dir)], [
      { origin: recorder.url, tokenVariable: 'GRAPHREQ_ACCESS_TOKEN' },
      { origin: recorder.url, tokenVariable: 'GRAPHREQ_PROD_TOKEN' },
    ]);
    assert.doesNotMatch(fs.readFileSync(new TrustStore(config).file, 'utf8'), new RegExp(`${TOKEN}|${PROD_TOKEN}`), 'no token in the records');
  });

  it('the question at a terminal names the variable whose value goes', async () => {
    const c = repo({ $shared: { baseUrl: recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } });
    const saved = { ...process.env };
    Object.assign(process.env, USER_ENV, { GRAPHREQ_CONFIG_DIR: config });
    try {
      const questions: string[] = [];
      const choice = await chooseCliToken({}, { variables: {}, baseUrl: recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }, path.join(c.dir, 'req.graphreq'), { err: () => undefined, confirm: async (q) => (questions.push(q), false) }).catch((e: Error) => e);
      assert.match(String(choice), /sends GRAPHREQ_PROD_TOKEN to /);
      assert.deepEqual(questions, [`graphreq.env.json sends your token GRAPHREQ_PROD_TOKEN to ${recorder.url}. Trust it for ${c.dir}? [y/N] `]);
      // With the environment in use, the question names it.
      const named = await chooseCliToken({ env: 'prod' }, { name: 'prod', variables: {}, baseUrl: recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }, path.join(c.dir, 'req.graphreq'), { err: () => undefined, confirm: async (q) => (questions.push(q), false) }).catch((e: Error) => e);
      assert.match(String(named), /not sent: environment prod of graphreq\.env\.json sends GRAPHREQ_PROD_TOKEN to /);
      assert.equal(questions[1], `environment prod of graphreq.env.json sends your token GRAPHREQ_PROD_TOKEN to ${recorder.url}. Trust it for ${c.dir}? [y/N] `);
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });

  it('a record of the old format (an origin alone) still covers GRAPHREQ_ACCESS_TOKEN, and no variable the repository names', async () => {
    const c = repo({ $shared: { baseUrl: recorder.url } });
    // The old format, as an earlier graphreq wrote it (this configuration folder's other records are of other workspaces).
    const store = new TrustStore(config);
    fs.mkdirSync(config, { recursive: true });
    fs.writeFileSync(store.file, JSON.stringify({ format: 1, workspaces: { [fs.realpathSync(c.dir)]: [recorder.url] } }));
    const kept = await cli(['send', 'req.graphreq'], c.dir, USER_ENV);
    assert.equal(kept.code, 0, kept.stderr);
    c.commit({ $shared: { baseUrl: recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } });
    const asked = await cli(['send', 'req.graphreq'], c.dir, USER_ENV);
    assert.equal(asked.code, 2);
    assert.match(asked.stderr, /sends GRAPHREQ_PROD_TOKEN to .*, where you confirmed the editor's token and GRAPHREQ_ACCESS_TOKEN only/);
    assert.deepEqual(tokensReceived(), [`Bearer ${TOKEN}`]);
  });
});

describe("the language server's send: a confirmation covers the origin and the token", () => {
  it('trustOrigin alone covers GRAPHREQ_ACCESS_TOKEN only; the variable the refusal names, with trustTokenVariable, sends it', async () => {
    const c = repo({ $shared: { baseUrl: recorder.url } });
    const first = await lspSend(c.dir, { trustOrigin: recorder.url }, {}, USER_ENV);
    assert.equal(first.results[0].status, 200, JSON.stringify(first.results[0].failure));
    c.commit({ $shared: { baseUrl: recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } });
    const changed = await lspSend(c.dir, {}, {}, USER_ENV);
    assert.deepEqual([changed.results[0].failure?.kind, changed.results[0].failure?.trustOrigin, changed.results[0].failure?.trustTokenVariable], ['untrusted', recorder.url, 'GRAPHREQ_PROD_TOKEN']);
    assert.match(changed.results[0].failure?.message ?? '', /sends GRAPHREQ_PROD_TOKEN to .*, where you confirmed GRAPHREQ_ACCESS_TOKEN only/);
    const originOnly = await lspSend(c.dir, { trustOrigin: recorder.url }, {}, USER_ENV);
    assert.equal(originOnly.results[0].failure?.kind, 'untrusted', 'a confirmation of the origin alone does not cover GRAPHREQ_PROD_TOKEN');
    assert.deepEqual(tokensReceived(), [`Bearer ${TOKEN}`]);
    const pair = await lspSend(c.dir, { trustOrigin: recorder.url, trustTokenVariable: 'GRAPHREQ_PROD_TOKEN' }, {}, USER_ENV);
    assert.equal(pair.results[0].status, 200, JSON.stringify(pair.results[0].failure));
    assert.deepEqual(tokensReceived(), [`Bearer ${TOKEN}`, `Bearer ${PROD_TOKEN}`]);
  });

  it("VS Code's confirmation covers the token it stored for the origin, not a variable the CLI would read", async () => {
    const c = repo({ $shared: { baseUrl: recorder.url, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' } });
    const editor = await lspSend(c.dir, { token: 'CANARY-editor-token-11', tokenFor: recorder.url, trustOrigin: recorder.url }, {}, USER_ENV);
    assert.equal(editor.results[0].status, 200, JSON.stringify(editor.results[0].failure));
    assert.deepEqual(new TrustStore(config).records(c.dir), [{ origin: recorder.url, token: { editor: true } }]);
    const cliRun = await cli(['send', 'req.graphreq'], c.dir, USER_ENV);
    assert.equal(cliRun.code, 2);
    assert.match(cliRun.stderr, /sends GRAPHREQ_PROD_TOKEN to .*, where you confirmed the editor's token only/);
    assert.deepEqual(tokensReceived(), ['Bearer CANARY-editor-token-11']);
  });
});
