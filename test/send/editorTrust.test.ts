/**
 * The trust rules in the language server's send commands: graphreq.env.json only from within the
 * workspace folder, workspace base URLs (loopback included) only when the environment was named or the
 * origin confirmed (SendCommandArgs.trustOrigin), tokens from the server's environment by the CLI's
 * rules, and nothing sent in an untrusted workspace.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TrustStore } from '../../server/src/files/trustStore';
import { Commands, type SendCommandArgs, type SendCommandResult } from '../../server/src/lsp/protocol';
import { createSendCommandHandler } from '../../server/src/lsp/sendCommand';
import { localServer } from './sendHelpers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-editor-trust-'));
const trust = new TrustStore(path.join(dir, 'config'));
const GITHUB = 'ghp_editorSecret1234567890';
const handler = createSendCommandHandler({ trust, processEnv: { GITHUB_TOKEN: GITHUB, GRAPHREQ_ACCESS_TOKEN: 'graphreq-env-token-123' } });
const TEXT = 'GET /v23.0/120200000000000002?fields=id\n';

let listener: Awaited<ReturnType<typeof localServer>>;
before(async () => {
  listener = await localServer((_q, _b, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"id":"1"}');
  });
});
after(async () => {
  await handler.dispose();
  await listener.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A workspace folder `name/ws` with a request file, and graphreq.env.json at `envAt` (relative to `name`). */
function workspace(name: string, envAt: string | null, envFile: object = {}): { folder: string; uri: string } {
  const folder = path.join(dir, name, 'ws');
  fs.mkdirSync(path.join(folder, 'sub'), { recursive: true });
  if (envAt !== null) fs.writeFileSync(path.join(dir, name, envAt, 'graphreq.env.json'), JSON.stringify(envFile));
  const file = path.join(folder, 'sub', 'req.graphreq');
  fs.writeFileSync(file, TEXT);
  return { folder, uri: pathToFileURL(file).href };
}

async function send(ws: { folder: string; uri: string }, args: Partial<SendCommandArgs> = {}, settings = {}): Promise<SendCommandResult['results'][0]> {
  const r = (await handler.execute(Commands.send, { uri: ws.uri, index: 0, ...args }, { text: TEXT, workspaceFolder: ws.folder, settings: { historyEnabled: false, ...settings } })) as SendCommandResult;
  return r.results[0];
}

describe('trust rules of the editor sends', () => {
  it('ignores graphreq.env.json above the workspace folder', async () => {
    const ws = workspace('above', '.', { $shared: { baseUrl: listener.url } });
    const r = await send(ws, { token: 'demo-token' });
    assert.equal(listener.requests.length, 0);
    assert.match(r.request.url, /^http:\/\/127\.0\.0\.1:\d+\//);
    assert.ok(!r.request.url.startsWith(listener.url), 'sent to the embedded emulator');
  });

  it('reads graphreq.env.json from the document folder up to the workspace folder', async () => {
    const ws = workspace('inside', 'ws/sub', { $shared: { baseUrl: listener.url } });
    // A loopback base URL of the workspace is the repository's choice too: refused until the user confirms it.
    const unchosen = await send(ws, { token: 'editor-token-1234' });
    assert.deepEqual([unchosen.failure?.kind, unchosen.failure?.trustOrigin, listener.requests.length], ['untrusted', listener.url, 0]);
    const r = await send(ws, { token: 'editor-token-1234', trustOrigin: listener.url });
    assert.equal(r.status, 200);
    assert.equal(listener.requests.length, 1);
    assert.equal(listener.requests[0].headers.authorization, 'Bearer editor-token-1234');
    listener.requests.length = 0;
  });

  it('refuses an accessTokenEnv naming another secret when the token comes from the server environment', async () => {
    const ws = workspace('github', 'ws', { $shared: { baseUrl: listener.url, accessTokenEnv: 'GITHUB_TOKEN' } });
    const r = await send(ws);
    assert.equal(r.failure?.kind, 'no-token');
    assert.match(r.failure?.message ?? '', /GITHUB_TOKEN, which is not a graphreq token variable/);
    assert.equal(listener.requests.length, 0);
  });

  it('asks for the origin of a workspace base URL off loopback, and sends once it is confirmed', async () => {
    const ws = workspace('https', 'ws', { $shared: { baseUrl: 'https://graph.example.invalid' }, prod: {} });
    const refused = await send(ws, { token: 'editor-token-1234', environmentNamed: false });
    assert.equal(refused.failure?.kind, 'untrusted');
    assert.equal(refused.failure?.trustOrigin, 'https://graph.example.invalid');
    assert.deepEqual(trust.origins(ws.folder), []);
    const named = await send(ws, { token: 'editor-token-1234', environment: 'prod', environmentNamed: true, timeoutMs: 10_000 });
    assert.deepEqual([named.failure?.kind, named.failure?.trustOrigin], ['untrusted', 'https://graph.example.invalid'], 'a named environment (the picker) selects; it does not confirm what the repository put in it');
    assert.match(named.failure?.message ?? '', /^environment prod of graphreq\.env\.json sends your access token to https:\/\/graph\.example\.invalid, which you have not confirmed for this workspace; confirm it once/);
    const confirmed = await send(ws, { token: 'editor-token-1234', environmentNamed: false, trustOrigin: 'https://graph.example.invalid', timeoutMs: 10_000 });
    assert.equal(confirmed.failure?.kind, 'network', confirmed.failure?.message);
    assert.deepEqual(trust.origins(ws.folder), ['https://graph.example.invalid']);
  });

  it('treats a base URL from the workspace settings file like the env file', async () => {
    const ws = workspace('settings', null);
    const r = await send(ws, { token: 'editor-token-1234', baseUrl: 'https://settings.example.invalid', baseUrlFromWorkspace: true, environmentNamed: true });
    assert.equal(r.failure?.kind, 'untrusted');
    const typed = await send(ws, { token: 'editor-token-1234', baseUrl: 'https://typed.example.invalid', timeoutMs: 10_000 });
    assert.notEqual(typed.failure?.kind, 'untrusted');
  });

  it('sends nothing in an untrusted workspace', async () => {
    const ws = workspace('restricted', 'ws', { $shared: { baseUrl: listener.url } });
    const r = await send(ws, { token: 'editor-token-1234', environmentNamed: true }, { workspaceTrusted: false });
    assert.equal(r.failure?.kind, 'untrusted');
    assert.match(r.failure?.message ?? '', /Restricted Mode/);
    assert.equal(listener.requests.length, 0);
  });
});
