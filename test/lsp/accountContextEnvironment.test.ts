/**
 * The language server reads an environment's account context (graphreq.context "environment") from a
 * recording server on loopback: on open, and on the graphreq.fetchContext command, never while the
 * user types; what it read is used at once (the goal the campaign's objective refuses is flagged),
 * reported with graphreq/contextStatus, cached (a second open makes no call), and the token is sent
 * in the Authorization header only and written nowhere.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TrustStore } from '../../server/src/files/trustStore';
import { localServer } from '../send/sendHelpers';
import { accountContextServer } from './accountContextServer';
import { LspClient } from './lspClient';

const TOKEN = 'EAAlspcontexttoken0123456789abcdef';
const TEXT = `POST /v23.0/act_42/adsets

{ "name": "a", "campaign_id": "777", "daily_budget": 1000, "billing_event": "IMPRESSIONS", "optimization_goal": "LINK_CLICKS", "targeting": { "geo_locations": { "countries": ["US"] } } }
`;

describe("the language server reading an environment's account context", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-envcontext-'));
  const folder = path.join(root, 'ws');
  let server: Awaited<ReturnType<typeof localServer>>;
  let client: LspClient;
  const statuses: Array<{ calls: number; madeThisHour: number; callsPerHour: number }> = [];
  before(async () => {
    server = await accountContextServer();
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'graphreq.env.json'), JSON.stringify({ prod: { baseUrl: server.url, context: { callsPerHour: 10 } } }));
    // The settings the server reads name the environment, which is not the user's choice of its base URL
    // (a project's settings may name it): the user confirmed the origin once, as `graphreq send --trust-origin` does.
    const config = path.join(root, 'config');
    new TrustStore(config).trust(folder, server.url, { variable: 'GRAPHREQ_ACCESS_TOKEN' });
    client = new LspClient(undefined, { GRAPHREQ_ACCESS_TOKEN: TOKEN, GRAPHREQ_CONFIG_DIR: config });
    client.settings = { environment: 'prod', context: 'environment' };
    client.connection.onNotification('graphreq/contextStatus', (s: { calls: number; madeThisHour: number; callsPerHour: number }) => {
      statuses.push(s);
    });
    await client.initialize(pathToFileURL(folder).href);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const goal = (ds: Diagnostic[]) => ds.find((d) => d.code === 'ADSET-GOAL-FOR-OBJECTIVE');

  it('reads on open, flags the goal with what it read, and reads nothing while the user types', async () => {
    const uri = pathToFileURL(path.join(folder, 'sets.graphreq')).href;
    let flagged: Diagnostic | undefined;
    // The first diagnostics may come before the read ends: wait for the ones made with what it read.
    const opened = await client.open(uri, TEXT);
    flagged = goal(opened.diagnostics);
    while (!flagged) flagged = goal((await client.nextDiagnostics(uri)).diagnostics);
    assert.equal(server.requests.length, 2, 'one read of the campaign, one of the account');
    assert.equal(server.requests[0].url, '/v23.0/?ids=777&fields=objective,buying_type,daily_budget,lifetime_budget,bid_strategy');
    assert.equal(server.requests[0].headers.authorization, `Bearer ${TOKEN}`);
    assert.deepEqual(statuses.map((s) => [s.calls, s.madeThisHour, s.callsPerHour]), [[2, 2, 10]]);

    for (let v = 2; v <= 6; v++) await client.change(uri, v, [{ text: TEXT.replace('"a"', `"a${v}"`) }]);
    assert.equal(server.requests.length, 2, 'no call while typing');

    const status = await client.request<{ calls: number } | null>('workspace/executeCommand', { command: 'graphreq.fetchContext', arguments: [{ uri }] });
    assert.equal(status?.calls, 0, 'the command reads only what the cache lacks');
    assert.equal(server.requests.length, 2);

    for (const name of fs.readdirSync(folder, { recursive: true }) as string[]) {
      const p = path.join(folder, name);
      if (fs.statSync(p).isFile()) assert.ok(!fs.readFileSync(p, 'utf8').includes(TOKEN), `${name} holds no token`);
    }
  });
});
