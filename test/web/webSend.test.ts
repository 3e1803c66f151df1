/**
 * Sends in the web build's worker (server/src/web/webSend.ts), in the worker sandbox over LSP:
 * to the embedded emulator in the worker, whose state the client keeps (here, this test) as VS Code
 * keeps it in the workspace's storage; and to an environment's base URL through the worker's fetch,
 * against recording servers on 127.0.0.1, the token going only to the origin it was given for.
 */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FOLDER, startWebServer, type ClientStorage, type WebServer } from './sandboxLsp';

interface Result {
  status: number | null;
  body: unknown;
  failure: { kind: string; message: string; trustOrigin?: string } | null;
  usage: { figures: Array<{ source: string; metric: string; percent: number }>; highestPercent: number | null };
  request: { url: string; headers: Record<string, string> };
  warnings: string[];
}
interface CommandResult {
  results: Result[];
  target?: { baseUrl: string; embedded: boolean; environment: string | null };
}

const SEND_FILE = `${FOLDER}/send.graphreq`;
const sendText = `### Create
# @name create
POST /v23.0/act_1234567890/adsets

{ "name": "Web sale", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }

### Read
GET /v23.0/{{create.response.body.id}}?fields=id,name

### List
GET /v23.0/act_1234567890/adsets?fields=name&limit=100
`;

async function open(server: WebServer, uri: string, text: string): Promise<void> {
  server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } });
}

function send(server: WebServer, args: Record<string, unknown>): Promise<CommandResult> {
  return server.connection.sendRequest<CommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri: SEND_FILE, ...args }] });
}

const names = (r: Result): string[] => ((r.body as { data?: Array<{ name: string }> }).data ?? []).map((a) => a.name);

describe('sending from the web build worker', () => {
  const storage: ClientStorage = { stored: true, text: null, writes: 0 };
  let server: WebServer;

  before(async () => {
    server = await startWebServer({ files: { [SEND_FILE]: sendText }, storage });
    await open(server, SEND_FILE, sendText);
  });

  after(() => server.stop());

  it('declares the send and test commands it runs', () => {
    const commands = (server.capabilities.executeCommandProvider as { commands: string[] }).commands;
    for (const c of ['graphreq.send', 'graphreq.sendAll', 'graphreq.validateOnly', 'graphreq.cancel', 'graphreq.test']) assert.ok(commands.includes(c), c);
  });

  it('creates in the in-worker emulator and reads it back: the response and the usage come back', async () => {
    const created = await send(server, { index: 0 });
    const c = created.results[0];
    assert.equal(c.failure, null, JSON.stringify(c.failure));
    assert.equal(c.status, 200, JSON.stringify(c.body));
    const id = (c.body as { id: string }).id;
    assert.match(id, /^\d+$/);
    assert.equal(created.target?.embedded, true);
    // Named so that nothing can answer it outside the worker (a copied curl command reaches no service).
    assert.equal(created.target?.baseUrl, 'https://worker-emulator.graphreq.invalid');
    assert.match(c.request.url, /^https:\/\/worker-emulator\.graphreq\.invalid\/v23\.0\/act_1234567890\/adsets/);
    // The usage headers of the emulator, decoded into figures the status bar shows.
    assert.ok(c.usage.figures.length > 0 && c.usage.highestPercent !== null, JSON.stringify(c.usage));
    assert.ok(c.usage.figures.some((f) => f.source === 'buc' && f.metric === 'call_count'), JSON.stringify(c.usage.figures));

    // The second send reads the state the first left (and the named response it answered).
    const read = (await send(server, { index: 1 })).results[0];
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.deepEqual(read.body, { id, name: 'Web sale' });
    assert.deepEqual(server.sandbox.errors, []);
  });

  it("keeps the emulator's state in the client's workspace storage: a new worker sees the ad set", async () => {
    assert.ok(storage.writes >= 2, `${storage.writes} writes`);
    assert.match(storage.text ?? '', /^\{"graphreq":"emulator-state"/);
    assert.match(storage.text ?? '', /Web sale/);
    // The token never reaches the state (the demo token here, which the emulator does not store).
    assert.doesNotMatch(storage.text ?? '', /demo-token/);
    const again = await startWebServer({ files: { [SEND_FILE]: sendText }, storage });
    try {
      await open(again, SEND_FILE, sendText);
      const list = (await send(again, { index: 2 })).results[0];
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.ok(names(list).includes('Web sale'), JSON.stringify(list.body));
    } finally {
      again.stop();
    }
  });

  it('does not send a request whose body is a file (`< path`): a worker reads no file, and it says so', async () => {
    const uri = `${FOLDER}/file-body.graphreq`;
    const text = 'POST /v23.0/act_1234567890/adsets\nContent-Type: application/json\n\n< ./adset.json\n';
    await open(server, uri, text);
    const r = (await server.connection.sendRequest<CommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0 }] })).results[0];
    assert.equal(r.status, null);
    assert.ok(r.failure && r.failure.kind !== 'network', JSON.stringify(r.failure));
    assert.match(r.failure?.message ?? '', /adset\.json/);
  });

  it('without workspace storage, sends to an emulator in memory and says it forgets', async () => {
    const none: ClientStorage = { stored: false, text: null, writes: 0 };
    const memory = await startWebServer({ files: { [SEND_FILE]: sendText }, storage: none });
    try {
      await open(memory, SEND_FILE, sendText);
      const r = (await send(memory, { index: 0 })).results[0];
      assert.equal(r.status, 200);
      assert.ok(r.warnings.some((w) => /forgets its state when the window closes/.test(w)), JSON.stringify(r.warnings));
      assert.equal(none.writes, 0);
    } finally {
      memory.stop();
    }
  });
});

describe('tests (the Testing view) in the web build worker', () => {
  const TESTS = `${FOLDER}/tests.graphreq`;
  // Not opened in the editor: the Testing view runs files as the client read them.
  const text = `### Create
# @name create
# @expect status 200
POST /v23.0/act_1234567890/adsets

{ "name": "Tested", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }

### Read
GET /v23.0/{{create.response.body.id}}?fields=id,name
# @expect body.name Tested
# @expect body.name Other
`;
  const told: Array<{ runId: string | null; report: { key: string; status: string } }> = [];
  let server: WebServer;

  before(async () => {
    server = await startWebServer({ files: { [TESTS]: text }, storage: { stored: true, text: null, writes: 0 }, setup: (c) => {
        c.onNotification('graphreq/testResult', (p: { runId: string | null; report: { key: string; status: string } }) => {
          told.push(p);
        });
      },
    });
  });

  after(() => server.stop());

  it('lists the tests of a file that is not open, once the worker has read it (the Testing view asks at start)', async () => {
    const tests = await server.connection.sendRequest<Array<{ key: string; label: string }>>('graphreq/tests', { uri: TESTS });
    assert.deepEqual(tests.map((t) => t.label), ['Create [create]', 'Read']);
  });

  it('runs the tests of a file against the in-worker emulator, each report told as it completes', async () => {
    const r = await server.connection.sendRequest<{ runId: string; reports: Array<{ key: string; status: string; httpStatus: number | null; expectations: Array<{ passed: boolean; text: string }> }>; failure?: string }>('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri: TESTS, runId: 'run-1' }] });
    assert.equal(r.failure, undefined);
    assert.deepEqual(r.reports.map((x) => [x.status, x.httpStatus]), [['passed', 200], ['failed', 200]]);
    assert.deepEqual(r.reports[1].expectations.map((e) => e.passed), [true, false]);
    assert.deepEqual(told.map((t) => [t.runId, t.report.status]), [['run-1', 'passed'], ['run-1', 'failed']]);
    assert.deepEqual(server.sandbox.errors, []);
  });

  it('offers the test lenses of an opened file with expectations', async () => {
    server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: TESTS, languageId: 'graphreq', version: 1, text } });
    const lenses = await server.connection.sendRequest<Array<{ command?: { command: string } }>>('textDocument/codeLens', { textDocument: { uri: TESTS } });
    assert.ok(lenses.some((l) => l.command?.command === 'graphreq.test'), JSON.stringify(lenses.map((l) => l.command?.command)));
  });
});

describe("sending from the web build worker to an environment's base URL (fetch)", () => {
  const seen: Array<{ port: number; url: string; authorization?: string }> = [];
  const servers: http.Server[] = [];
  let chosen = '';
  let other = '';
  let server: WebServer;

  const record = async (): Promise<string> => {
    const s = http.createServer((req, res) => {
      seen.push({ port: (s.address() as AddressInfo).port, url: req.url ?? '', authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ id: '23800000000000001', name: 'from the service' }));
    });
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    servers.push(s);
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  };

  before(async () => {
    chosen = await record();
    other = await record();
    const env = { $shared: {}, chosen: { baseUrl: chosen }, other: { baseUrl: other } };
    const text = 'GET /v23.0/23800000000000001?fields=id,name\n';
    server = await startWebServer({ files: { [SEND_FILE]: text, [`${FOLDER}/graphreq.env.json`]: JSON.stringify(env) }, storage: { stored: true, text: null, writes: 0 } });
    await open(server, SEND_FILE, text);
  });

  after(async () => {
    server.stop();
    for (const s of servers) await new Promise((resolve) => s.close(resolve));
  });

  it('sends with the token to the origin it was given for, and only there', async () => {
    // The environment chosen (the setting, the picker) selects it; the pair is confirmed once (Trust and Send), kept in the worker's memory.
    const unconfirmed = (await send(server, { index: 0, environment: 'chosen', environmentNamed: true, token: 'tok-web-123', tokenFor: chosen })).results[0];
    assert.deepEqual([unconfirmed.status, unconfirmed.failure?.kind, unconfirmed.failure?.trustOrigin, seen.length], [null, 'untrusted', chosen, 0]);
    const ok = await send(server, { index: 0, environment: 'chosen', environmentNamed: true, token: 'tok-web-123', tokenFor: chosen, trustOrigin: chosen });
    const r = ok.results[0];
    assert.equal(r.failure, null, JSON.stringify(r.failure));
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { id: '23800000000000001', name: 'from the service' });
    assert.equal(ok.target?.embedded, false);
    assert.equal(ok.target?.baseUrl, chosen);
    assert.equal(seen.length, 1);
    assert.equal(seen[0].authorization, 'Bearer tok-web-123');
    // The result model is token-free.
    assert.doesNotMatch(JSON.stringify(ok), /tok-web-123/);

    // The same token, given for `chosen`, is not sent to `other`: nothing reaches it.
    const refused = (await send(server, { index: 0, environment: 'other', environmentNamed: true, token: 'tok-web-123', tokenFor: chosen })).results[0];
    assert.equal(refused.status, null);
    assert.equal(refused.failure?.kind, 'untrusted');
    assert.match(refused.failure?.message ?? '', new RegExp(`token was given for ${chosen.replace(/[.]/g, '\\.')}`));
    assert.equal(seen.length, 1);
    assert.deepEqual(server.sandbox.errors, []);
  });

  it('says in one line what a browser refusal likely is (CORS), not a stack', async () => {
    // A closed port: in a browser, this and a service that does not allow the origin both fail as a bare TypeError.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const gone = `http://127.0.0.1:${port}`;
    const r = (await send(server, { index: 0, baseUrl: gone, token: 'tok-web-123', tokenFor: gone })).results[0];
    assert.equal(r.status, null);
    assert.equal(r.failure?.kind, 'network');
    assert.match(r.failure?.message ?? '', /^cannot reach 127\.0\.0\.1:\d+: the browser gave no answer the editor may read: .*\(CORS\)/);
    assert.doesNotMatch(r.failure?.message ?? '', /\n|    at /);
  });
});
