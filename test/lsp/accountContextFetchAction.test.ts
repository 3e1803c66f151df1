/**
 * A client that reads the account context itself (VS Code: `clientReadsContext`, the token of its
 * secret storage): the server reads nothing on open or save on its own; the hint on a campaign it does
 * not know offers "Fetch the account context", a code action running `graphreq.fetchContext`, which
 * reads with the client's token from the environment's base URL only (a token given for another
 * origin goes nowhere), reports the environment and the time of the read, and counts the calls in
 * the "Send all" forecast. The token is written nowhere: not in the workspace, not in the
 * configuration folder.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { localServer } from '../send/sendHelpers';
import { accountContextServer } from './accountContextServer';
import { LspClient } from './lspClient';

const TOKEN = 'EAAfetchactiontoken0123456789abcdef';
const TEXT = `POST /v23.0/act_42/adsets

{ "name": "a", "campaign_id": "777", "daily_budget": 1000, "billing_event": "IMPRESSIONS", "optimization_goal": "LINK_CLICKS", "targeting": { "geo_locations": { "countries": ["US"] } } }

###
GET /v23.0/act_42/adsets?fields=name
`;

describe('"Fetch the account context" from the hint on an unknown campaign', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-fetchaction-'));
  const folder = path.join(root, 'ws');
  // A second workspace folder with the same environment: its files have their own context.
  const other = path.join(root, 'other');
  const config = path.join(root, 'config');
  let server: Awaited<ReturnType<typeof localServer>>;
  let client: LspClient;
  const statuses: Array<Record<string, unknown>> = [];
  before(async () => {
    server = await accountContextServer();
    fs.mkdirSync(folder, { recursive: true });
    fs.mkdirSync(config, { recursive: true });
    for (const f of [folder, other]) {
      fs.mkdirSync(f, { recursive: true });
      fs.writeFileSync(path.join(f, 'graphreq.env.json'), JSON.stringify({ prod: { baseUrl: server.url, context: { callsPerHour: 10 } } }));
    }
    // No token in the server's environment: only the client has it.
    client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: config });
    client.settings = { environment: 'prod', context: 'environment' };
    client.connection.onNotification('graphreq/contextStatus', (s: Record<string, unknown>) => void statuses.push(s));
    await client.initialize(pathToFileURL(folder).href, true, {}, { initializationOptions: { ...client.settings, clientReadsContext: true }, moreFolders: [pathToFileURL(other).href] });
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const uri = pathToFileURL(path.join(folder, 'sets.graphreq')).href;
  const byCode = (ds: Diagnostic[], code: string) => ds.find((d) => d.code === code);
  let hint: Diagnostic | undefined;

  it('reads nothing on open and save when the client reads the context itself', async () => {
    const opened = await client.open(uri, TEXT);
    hint = byCode(opened.diagnostics, 'ADSET-CAMPAIGN-UNKNOWN');
    assert.ok(hint, 'the campaign is not known yet');
    await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    assert.equal(server.requests.length, 0);
    assert.deepEqual(statuses, []);
  });

  it('offers the fetch as a code action; run with the client token it reads, and the goal is flagged', async () => {
    assert.ok(hint);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: hint.range, context: { diagnostics: [hint] } });
    const fetch = actions.find((a) => a.command?.command === 'graphreq.fetchContext');
    assert.ok(fetch, `actions: ${actions.map((a) => a.title).join(' | ')}`);
    assert.equal(fetch.title, 'Fetch the account context of `prod`');
    assert.equal(fetch.edit, undefined);
    assert.deepEqual(fetch.command!.arguments, [{ uri }]);
    assert.ok(actions.some((a) => a.title.startsWith('Add `# @objective')), 'the directive fixes stay');

    // A token given for another origin goes nowhere.
    const refused = await client.request<{ calls: number; problems: string[] }>('workspace/executeCommand', { command: 'graphreq.fetchContext', arguments: [{ ...fetch.command!.arguments![0], token: TOKEN, tokenFor: 'https://elsewhere.example', environment: 'prod', environmentNamed: true }] });
    assert.equal(refused.calls, 0);
    assert.match(refused.problems[0], /the token was given for https:\/\/elsewhere\.example/);
    assert.equal(server.requests.length, 0);

    // As VS Code runs it: the action's arguments plus the token of its secret storage for this origin.
    // The environment picked is not a confirmation of its base URL: refused, with what Trust and Send names.
    const unconfirmed = await client.request<{ calls: number; problems: string[]; trust?: { trustOrigin?: string } }>('workspace/executeCommand', { command: 'graphreq.fetchContext', arguments: [{ ...fetch.command!.arguments![0], token: TOKEN, tokenFor: server.url, environment: 'prod', environmentNamed: true }] });
    assert.deepEqual([unconfirmed.calls, unconfirmed.trust?.trustOrigin, server.requests.length], [0, server.url, 0]);
    assert.match(unconfirmed.problems[0], /^environment prod of graphreq\.env\.json sends your access token to http:\/\/127\.0\.0\.1:\d+, which you have not confirmed for this workspace/);
    // The user's Trust and Send: the same arguments with trustOrigin.
    const before = Date.now();
    const status = await client.request<{ calls: number; environment: string | null; lastReadAt: number | null; origin: string }>('workspace/executeCommand', { command: 'graphreq.fetchContext', arguments: [{ ...fetch.command!.arguments![0], token: TOKEN, tokenFor: server.url, environment: 'prod', environmentNamed: true, trustOrigin: server.url }] });
    assert.equal(status.calls, 2);
    assert.equal(status.environment, 'prod');
    assert.equal(status.origin, server.url);
    assert.ok(status.lastReadAt !== null && status.lastReadAt >= before);
    assert.deepEqual(server.requests.map((r) => r.headers.authorization), [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    let diagnostics = (await client.nextDiagnostics(uri)).diagnostics;
    while (!byCode(diagnostics, 'ADSET-GOAL-FOR-OBJECTIVE')) diagnostics = (await client.nextDiagnostics(uri)).diagnostics;
    assert.equal(byCode(diagnostics, 'ADSET-CAMPAIGN-UNKNOWN'), undefined);
  });

  it('counts the calls in the "Send all" forecast', async () => {
    const forecast = await client.request<{ title: string; details: string[] }>('graphreq/forecast', { uri });
    assert.ok(forecast.details.includes("account context: 2 calls this hour (of 10 allowed), counted in the app's use"), forecast.details.join('\n'));
    assert.match(forecast.title, /context 2\/10 this hour/);
  });

  it("keeps each workspace folder's context to its files", async () => {
    const otherUri = pathToFileURL(path.join(other, 'sets.graphreq')).href;
    const opened = await client.open(otherUri, TEXT);
    assert.ok(byCode(opened.diagnostics, 'ADSET-CAMPAIGN-UNKNOWN'), 'what the first folder read is not known here');
    assert.equal(byCode(opened.diagnostics, 'ADSET-GOAL-FOR-OBJECTIVE'), undefined);
    const reads = server.requests.length;
    const status = await client.request<{ calls: number }>('workspace/executeCommand', { command: 'graphreq.fetchContext', arguments: [{ uri: otherUri, token: TOKEN, tokenFor: server.url, environment: 'prod', environmentNamed: true, trustOrigin: server.url }] });
    assert.equal(status.calls, 2, 'read again for this folder');
    assert.equal(server.requests.length, reads + 2);
    assert.ok(fs.existsSync(path.join(other, '.graphreq', 'account-context.json')));
  });

  it('writes the token nowhere', () => {
    for (const dir of [folder, other, config]) {
      for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
        const p = path.join(dir, name);
        if (fs.statSync(p).isFile()) assert.ok(!fs.readFileSync(p, 'utf8').includes(TOKEN), `${p} holds no token`);
      }
    }
    assert.ok(fs.existsSync(path.join(folder, '.graphreq', 'account-context.json')));
  });
});
