/**
 * One decision of where a send goes (core/send/sendTarget.ts), the same in every front end: the
 * core's table, then one workspace with an environment `elsewhere` whose base URL is a local
 * recording server, sent to from the CLI (a subprocess), the language server (stdio, with the
 * settings VS Code sends: `graphreq.baseUrl` at its default `""`) and VS Code's own decision (the
 * inputs its client maps from its settings, environments.ts): all three reach the recording server.
 * Before the fix the language server read `""` as a base URL the user typed and sent to the
 * embedded emulator with the token given for `elsewhere` (issue 21).
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { decideSendTarget, targetAddress } from '../../server/src/core/send';
import { EMBEDDED_TOKEN_TARGET, type SendCommandArgs, type SendCommandResult } from '../../server/src/lsp/protocol';
import { sendMessage } from '../../server/src/lsp/sendPresenter';
import { LspClient, repoRoot } from '../lsp/lspClient';
import { localServer } from './sendHelpers';

describe('decideSendTarget', () => {
  const env = 'https://graph.example.com';
  it('takes the first base URL set: typed, the workspace settings, the environment, else the embedded emulator', () => {
    const all = { typedBaseUrl: 'https://typed.example.com', workspaceBaseUrl: 'https://ws.example.com', envBaseUrl: env, environment: 'prod', environmentNamed: true };
    assert.deepEqual([decideSendTarget(all).baseUrl, decideSendTarget(all).from], ['https://typed.example.com', 'typed']);
    assert.equal(decideSendTarget({ ...all, typedBaseUrl: undefined }).from, 'workspace-settings');
    assert.equal(decideSendTarget({ ...all, typedBaseUrl: undefined, workspaceBaseUrl: undefined }).from, 'environment');
    assert.deepEqual(decideSendTarget({ environmentNamed: false }), { environment: undefined, from: 'embedded', needsConsent: false, tokenVariable: 'GRAPHREQ_ACCESS_TOKEN' });
  });

  it('reads an empty or blank setting as not set, never as "no base URL"', () => {
    for (const unset of ['', '   ', null, undefined]) {
      const t = decideSendTarget({ typedBaseUrl: unset, workspaceBaseUrl: unset, envBaseUrl: 'http://127.0.0.1:9', environment: 'elsewhere', environmentNamed: true });
      assert.deepEqual([t.baseUrl, t.from, t.origin, t.environment], ['http://127.0.0.1:9', 'environment', 'http://127.0.0.1:9', 'elsewhere'], String(unset));
    }
    assert.equal(decideSendTarget({ environment: '', environmentNamed: false }).environment, undefined);
  });

  it('asks for consent for a base URL the repository chose, loopback included', () => {
    const needs = (over: object): boolean => decideSendTarget({ environmentNamed: false, ...over }).needsConsent;
    assert.equal(needs({ envBaseUrl: env }), true, 'an environment not named');
    assert.equal(needs({ envBaseUrl: env, environmentNamed: true }), true, 'a named environment: naming selects it, it confirms nothing');
    assert.equal(needs({ workspaceBaseUrl: env, environmentNamed: true }), true, 'naming an environment does not vouch for a settings file');
    assert.equal(needs({ workspaceBaseUrl: 'http://localhost:8990' }), true, "the workspace's loopback");
    assert.equal(needs({ envBaseUrl: 'http://127.0.0.1:8990' }), true, "graphreq.env.json's loopback");
    assert.equal(needs({ envBaseUrl: 'http://127.0.0.1:8990', environmentNamed: true }), true, 'loopback of a named environment');
    assert.equal(needs({ typedBaseUrl: env }), false, 'typed');
  });

  it('lets the repository choose nothing in Restricted Mode', () => {
    assert.equal(decideSendTarget({ workspaceBaseUrl: env, envBaseUrl: env, environmentNamed: true, workspaceTrusted: false }).baseUrl, undefined);
    assert.equal(decideSendTarget({ typedBaseUrl: env, environmentNamed: false, workspaceTrusted: false }).baseUrl, env);
  });

  it('names the token variable of the environment', () => {
    assert.equal(decideSendTarget({ environmentNamed: true, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }).tokenVariable, 'GRAPHREQ_PROD_TOKEN');
    assert.equal(decideSendTarget({ environmentNamed: false, envBaseUrl: env, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }).tokenVariable, 'GRAPHREQ_PROD_TOKEN', "with the environment's own base URL");
    assert.equal(decideSendTarget({ environmentNamed: true, typedBaseUrl: env, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }).tokenVariable, 'GRAPHREQ_PROD_TOKEN', 'an environment the user named');
  });

  it("lets the environment's token variable go only with its own base URL, or an environment the user named", () => {
    const typed = decideSendTarget({ environmentNamed: false, typedBaseUrl: 'https://staging.example.com', envBaseUrl: env, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' });
    assert.deepEqual([typed.baseUrl, typed.tokenVariable], ['https://staging.example.com', 'GRAPHREQ_ACCESS_TOKEN']);
    assert.equal(decideSendTarget({ environmentNamed: false, workspaceBaseUrl: 'https://staging.example.com', accessTokenEnv: 'GRAPHREQ_PROD_TOKEN' }).tokenVariable, 'GRAPHREQ_ACCESS_TOKEN', "a settings file's base URL");
    assert.equal(decideSendTarget({ environmentNamed: true, envBaseUrl: env, accessTokenEnv: 'GRAPHREQ_PROD_TOKEN', workspaceTrusted: false }).tokenVariable, 'GRAPHREQ_ACCESS_TOKEN', 'Restricted Mode');
    assert.equal(targetAddress({}), 'the embedded emulator');
  });
});

describe('the same target from the CLI, the language server and VS Code', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-one-target-'));
  const ws = path.join(dir, 'ws');
  const file = path.join(ws, 'req.graphreq');
  const uri = pathToFileURL(file).href;
  const TEXT = '### read\nGET /v23.0/?id=https://example.com/post&fields=engagement\n';
  let recorder: Awaited<ReturnType<typeof localServer>>;
  let client: LspClient;

  before(async () => {
    recorder = await localServer((_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: "act_1000000001", name: "from the recording server" }));
    });
    fs.mkdirSync(path.join(ws, '.git'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'graphreq.env.json'), JSON.stringify({ $shared: {}, elsewhere: { baseUrl: recorder.url } }));
    fs.writeFileSync(file, TEXT);
    client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: path.join(dir, 'config') });
    // What VS Code sends: every declared setting at its default, `graphreq.baseUrl` included.
    client.settings = { environment: '', baseUrl: '', defaultVersion: '', historyEnabled: false, history: { enabled: false } };
    await client.initialize(pathToFileURL(ws).href, true, {}, { initializationOptions: { ...client.settings, showsSendResults: true } });
    await client.open(uri, TEXT);
  });
  after(async () => {
    await client.shutdown();
    await recorder.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const send = (args: Partial<SendCommandArgs>): Promise<SendCommandResult> =>
    client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0, ...args }] });

  it('sends where the decision says, with the token given for it, from each front end', async () => {
    // VS Code: its client maps the settings to these inputs (environments.ts; an unset baseUrl is "").
    const vscodeTarget = decideSendTarget({ typedBaseUrl: '', workspaceBaseUrl: undefined, environment: 'elsewhere', environmentNamed: true, envBaseUrl: recorder.url });
    assert.equal(vscodeTarget.baseUrl, recorder.url);

    // The language server, asked as VS Code asks: the token given for that origin, once the user confirmed it (Trust and Send).
    const lsp = await send({ environment: 'elsewhere', environmentNamed: true, token: 'lsp-token-1', tokenFor: vscodeTarget.origin, trustOrigin: vscodeTarget.origin });
    assert.equal(lsp.results[0].status, 200, JSON.stringify(lsp.results[0].failure));
    assert.deepEqual(lsp.target, { environment: 'elsewhere', baseUrl: recorder.url, embedded: false });
    assert.equal(recorder.requests.length, 1, 'the recording server received the language server\'s request');
    assert.equal(recorder.requests[0].headers.authorization, 'Bearer lsp-token-1');

    // The CLI, `graphreq send --env elsewhere --trust-origin`.
    const cli = await runCli(['send', file, '--env', 'elsewhere', '--trust-origin', '--no-history'], ws, { GRAPHREQ_ACCESS_TOKEN: 'cli-token-2', GRAPHREQ_CONFIG_DIR: path.join(dir, 'config') });
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal(recorder.requests.length, 2, 'the recording server received the CLI\'s request');
    assert.equal(recorder.requests[1].headers.authorization, 'Bearer cli-token-2');
    assert.equal(recorder.requests[0].url, recorder.requests[1].url);
  });

  it('sends no environment to the embedded emulator, and a token nowhere but where it was given for', async () => {
    const before = recorder.requests.length;
    const none = await send({ environment: '', environmentNamed: false, token: 'demo-token', tokenFor: EMBEDDED_TOKEN_TARGET });
    assert.equal(none.results[0].status, 200);
    assert.equal(none.target?.embedded, true);
    assert.ok(!none.target?.baseUrl.startsWith(recorder.url));

    // The token was asked for the emulator, but the environment sends elsewhere: nothing is sent.
    const mismatch = await send({ environment: 'elsewhere', environmentNamed: true, token: 'meant-for-the-emulator', tokenFor: EMBEDDED_TOKEN_TARGET });
    assert.equal(mismatch.results[0].status, null);
    assert.match(mismatch.results[0].failure?.message ?? '', /^the token was given for the embedded emulator, but the request would go to http:\/\/127\.0\.0\.1:\d+/);
    // What Neovim, Helix or Emacs are shown (window/showMessage): said once that it was not sent, then why.
    const shown = sendMessage(mismatch.results, null, undefined, false).message;
    assert.match(shown, /^graphreq: not sent: the token was given for the embedded emulator, but the request would go to /);
    assert.equal(shown.split('not sent').length, 2, shown);
    assert.equal(recorder.requests.length, before, 'the recording server received nothing');
  });

  it('treats a base URL from the settings over LSP as the workspace\'s: it needs consent, loopback included', async () => {
    // Another editor's settings (initialization options and workspace/configuration alike) name a base URL.
    // Its own configuration folder: the first test confirmed the recorder's origin in the shared one.
    const other = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: path.join(dir, 'config-other') });
    other.settings = { baseUrl: 'https://graph.example.com', historyEnabled: false };
    try {
      await other.initialize(pathToFileURL(ws).href);
      await other.open(uri, TEXT);
      const r = await other.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0, environment: 'elsewhere', token: 't' }] });
      assert.equal(r.results[0].failure?.kind, 'untrusted');
      assert.equal(r.results[0].failure?.trustOrigin, 'https://graph.example.com');
      assert.match(r.results[0].failure?.message ?? '', /the workspace's settings send your access token to https:\/\/graph\.example\.com/);
      const before = recorder.requests.length;
      const local = await other.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0, baseUrl: recorder.url, baseUrlFromWorkspace: true, token: 'loopback-token' }] });
      assert.deepEqual([local.results[0].failure?.kind, local.results[0].failure?.trustOrigin], ['untrusted', recorder.url], 'a loopback base URL of the workspace needs consent too');
      assert.equal(recorder.requests.length, before, 'the recording server received nothing');
      const confirmed = await other.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0, baseUrl: recorder.url, baseUrlFromWorkspace: true, token: 'loopback-token', trustOrigin: recorder.url }] });
      assert.equal(confirmed.results[0].status, 200, 'confirmed once, it goes');
    } finally {
      await other.shutdown();
    }
  });
});

function runCli(args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('GRAPHREQ_')) base[k] = v;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(repoRoot, 'bin', 'graphreq.js'), ...args], { cwd, env: { ...base, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}
