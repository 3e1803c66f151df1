/**
 * The language server's send commands (server/src/lsp/sendCommand.ts), called as the server calls
 * them: the embedded emulator by default, history in the workspace folder, cancellation by sendId.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Commands, type CancelCommandResult, type SendCommandResult } from '../../server/src/lsp/protocol';
import { createSendCommandHandler } from '../../server/src/lsp/sendCommand';
import { localServer } from './sendHelpers';

const examples = path.join(__dirname, '..', '..', '..', 'examples');
const adsets = fs.readFileSync(path.join(examples, 'adsets.graphreq'), 'utf8');
const eu = fs.readFileSync(path.join(examples, 'eu-targeting.graphreq'), 'utf8');
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-'));
const uri = pathToFileURL(path.join(workspace, 'adsets.graphreq')).href;
const handler = createSendCommandHandler();
const cleanup: Array<() => Promise<void>> = [];
after(async () => {
  await handler.dispose();
  for (const c of cleanup) await c();
  fs.rmSync(workspace, { recursive: true, force: true });
});

const context = (text: string, settings = {}) => ({ text, workspaceFolder: workspace, settings });

describe('graphreq.send and friends over workspace/executeCommand', () => {
  it('registers the five commands', () => {
    assert.deepEqual([...handler.commands], ['graphreq.send', 'graphreq.sendAll', 'graphreq.validateOnly', 'graphreq.cancel', 'graphreq.test']);
  });

  it('sends one request to the embedded emulator, then a later one that reads its named response', async () => {
    const create = (await handler.execute(Commands.send, { uri, index: 1, sendId: 'a' }, context(adsets))) as SendCommandResult;
    assert.equal(create.sendId, 'a');
    assert.equal(create.results.length, 1);
    assert.equal(create.results[0].status, 200);
    assert.equal(create.results[0].name, 'create');
    const read = (await handler.execute(Commands.send, { uri, index: 2 }, context(adsets))) as SendCommandResult;
    assert.equal(read.results[0].status, 200, JSON.stringify(read.results[0].failure));
    assert.equal((read.results[0].body as { id: string }).id, (create.results[0].body as { id: string }).id);
    assert.deepEqual(read.results[0].version, { text: 'v23.0', source: 'path' });
    assert.match(read.results[0].curl, /-H "Authorization: Bearer \$GRAPHREQ_ACCESS_TOKEN"$/);
    const saved = fs.readdirSync(path.join(workspace, '.graphreq-history')).filter((f) => /^\d{8}T/.test(f));
    assert.equal(saved.length, 2, 'both results are in the workspace history');
  });

  it('sends the producers first with withDeps, and says how when a response is missing', async () => {
    const text = adsets.replace(/# @name create/, '# @name producer').replace(/create\.response/g, 'producer.response');
    const missing = (await handler.execute(Commands.send, { uri, index: 2, environment: undefined }, context(text, { historyEnabled: false }))) as SendCommandResult;
    assert.equal(missing.results[0].failure?.kind, 'build');
    assert.match(missing.results[0].failure?.message ?? '', /request `producer` has no saved response in this workspace .*; send it first, or send it with its dependencies \(withDeps\)/);
    const withDeps = (await handler.execute(Commands.send, { uri, index: 4, withDeps: true }, context(text, { historyEnabled: false }))) as SendCommandResult;
    assert.deepEqual(withDeps.results.map((r) => [r.index, r.status]), [[1, 200], [3, 200], [4, 200]], 'create, copy, then read the copy');
  });

  it('sends the whole file in order', async () => {
    const all = (await handler.execute(Commands.sendAll, { uri, index: 0 }, context(adsets, { historyEnabled: false }))) as SendCommandResult;
    assert.deepEqual(all.results.map((r) => [r.index, r.status]), [[1, 200], [2, 200], [3, 200], [4, 200]]);
  });

  it('validates an ad set creation without creating it', async () => {
    const text = eu.replace('"execution_options": ["validate_only"],\n', '');
    const r = (await handler.execute(Commands.validateOnly, { uri, index: 1 }, context(text))) as SendCommandResult;
    assert.equal(r.results[0].status, 200, JSON.stringify(r.results[0].body));
    assert.deepEqual(r.results[0].body, { success: true });
    assert.match(r.results[0].request.body ?? '', /execution_options=%5B%22validate_only%22%5D/);
  });

  it('uses graphreq.env.json of the workspace: its default version', async () => {
    fs.writeFileSync(path.join(workspace, 'graphreq.env.json'), JSON.stringify({ $shared: { defaultVersion: 'v22.0' } }));
    try {
      const r = (await handler.execute(Commands.send, { uri, index: 0 }, context('GET /23850000000000001?fields=id\n'))) as SendCommandResult;
      assert.deepEqual(r.results[0].version, { text: 'v22.0', source: 'default' });
      assert.equal(r.results[0].status, 200);
    } finally {
      fs.rmSync(path.join(workspace, 'graphreq.env.json'));
    }
  });

  it('needs a token for a real service, and never returns it', async () => {
    const srv = await localServer((_q, _b, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"id":"1"}');
    });
    cleanup.push(srv.close);
    const none = (await handler.execute(Commands.send, { uri, index: 0, baseUrl: srv.url }, context('GET /v23.0/1\n'))) as SendCommandResult;
    assert.equal(none.results[0].failure?.kind, 'no-token');
    const token = 'lsp-secret-token-42';
    const ok = (await handler.execute(Commands.send, { uri, index: 0, baseUrl: srv.url, token }, context('GET /v23.0/1\n'))) as SendCommandResult;
    assert.equal(ok.results[0].status, 200);
    assert.equal(srv.requests[0].headers.authorization, `Bearer ${token}`, 'the token went to the service');
    assert.ok(!srv.requests[0].url.includes(token), 'never in the URL');
    assert.ok(!JSON.stringify(ok).includes(token), 'but not into the result');
  });

  it('cancels a running send by its sendId', async () => {
    const srv = await localServer(() => {
      /* never answers */
    });
    cleanup.push(srv.close);
    const pending = handler.execute(Commands.send, { uri, index: 0, baseUrl: srv.url, token: 't', sendId: 'slow' }, context('GET /v23.0/1\n'));
    while (srv.requests.length === 0) await new Promise((r) => setImmediate(r));
    const cancelled = (await handler.execute(Commands.cancel, { sendId: 'slow' }, undefined)) as CancelCommandResult;
    assert.deepEqual(cancelled, { cancelled: true });
    const r = (await pending) as SendCommandResult;
    assert.equal(r.results[0].failure?.kind, 'cancelled');
    assert.deepEqual(await handler.execute(Commands.cancel, { sendId: 'slow' }, undefined), { cancelled: false });
  });

  it('honours the LSP cancellation token too', async () => {
    const srv = await localServer(() => {
      /* never answers */
    });
    cleanup.push(srv.close);
    let cancel: () => void = () => {};
    const token = { isCancellationRequested: false, onCancellationRequested: (l: () => void) => (cancel = l) };
    const pending = handler.execute(Commands.send, { uri, index: 0, baseUrl: srv.url, token: 't' }, context('GET /v23.0/1\n'), token);
    while (srv.requests.length === 0) await new Promise((r) => setImmediate(r));
    cancel();
    assert.equal(((await pending) as SendCommandResult).results[0].failure?.kind, 'cancelled');
  });
});
