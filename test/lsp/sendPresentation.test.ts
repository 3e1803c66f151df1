/**
 * Every editor sees its send: the language server over stdio, with clients as other editors are
 * (Neovim, Helix, Emacs: no rendering of their own). After a send through workspace/executeCommand
 * the server shows window/showMessage (status, time, decoded error, highest usage figure and its
 * scope), window/showDocument of the saved response to a client that supports it (the file's path in
 * the message otherwise), and $/progress meanwhile. A client that renders results itself (the
 * bundled VS Code client, `showsSendResults`) gets none of it.
 *
 * The server writes the notifications before the command's answer, on one ordered stream: once the
 * answer is here, everything the server meant to show is here too (no waiting, no sleeping).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { LspClient } from './lspClient';

const TEXT = `@version = v23.0

### Create
# @name create
POST /{{version}}/act_1234567890/adsets

{ "name": "LSP sale", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }

### Read the thread
GET /{{version}}/t_100200300?fields=id,messages.limit(2)

### Broken
POST /{{version}}/act_1234567890/adsets

{ "name": "Broken", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONZ", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }
`;

interface Seen {
  messages: Array<{ type: number; message: string }>;
  documents: Array<{ uri: string; takeFocus?: boolean }>;
  created: string[];
  progress: Array<{ token: string | number; value: { kind: string; title?: string; message?: string; percentage?: number } }>;
}

/** A client of the given window capabilities, in its own workspace, with the file open. */
async function editor(window: Record<string, unknown> | undefined, initializationOptions?: unknown) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-present-'));
  const file = path.join(dir, 'requests.graphreq');
  fs.writeFileSync(file, TEXT);
  const uri = pathToFileURL(file).href;
  const client = new LspClient();
  const seen: Seen = { messages: [], documents: [], created: [], progress: [] };
  client.connection.onNotification('window/showMessage', (p: Seen['messages'][number]) => {
    seen.messages.push(p);
  });
  client.connection.onRequest('window/showDocument', (p: Seen['documents'][number]) => {
    seen.documents.push(p);
    return { success: true };
  });
  client.connection.onRequest('window/workDoneProgress/create', (p: { token: string }) => {
    seen.created.push(String(p.token));
    return null;
  });
  client.connection.onNotification('$/progress', (p: Seen['progress'][number]) => {
    seen.progress.push(p);
  });
  await client.initialize(pathToFileURL(dir).href, true, {}, { window, initializationOptions });
  await client.open(uri, TEXT);
  const send = (command: string, index: number, extra: Record<string, unknown> = {}): Promise<SendCommandResult> =>
    client.request<SendCommandResult>('workspace/executeCommand', { command, arguments: [{ uri, index }], ...extra });
  return { dir, uri, client, seen, send };
}

describe('every editor sees its send (window/showMessage, window/showDocument, $/progress)', () => {
  const open: Array<Awaited<ReturnType<typeof editor>>> = [];
  after(async () => {
    for (const e of open) {
      assert.equal(await e.client.shutdown(), 0);
      fs.rmSync(e.dir, { recursive: true, force: true });
    }
  });

  it('a client with showDocument and workDoneProgress: progress, a message, then the saved response opened', async () => {
    const e = await editor({ showDocument: { support: true }, workDoneProgress: true });
    open.push(e);
    const out = await e.send('graphreq.send', 1);
    assert.equal(out.results[0].status, 200);
    assert.equal(out.results[0].number, 1, 'the first request, although its block is the second (the preamble is not counted)');

    assert.equal(e.seen.messages.length, 1);
    const m = e.seen.messages[0];
    assert.equal(m.type, 3 /* Info */);
    assert.match(m.message, /^graphreq: 200 OK in \d+ ms \(create\)\.$/m);
    assert.match(m.message, /^Usage: [\d.]+% \(ads_management \(business \d+\), call_count\), the highest of the scopes seen recently\.$/m);
    assert.doesNotMatch(m.message, /Saved:/, 'the document is shown instead');

    assert.equal(e.seen.documents.length, 1);
    const shown = fileURLToPath(e.seen.documents[0].uri);
    assert.equal(shown, out.saved?.[0]);
    assert.ok(shown.startsWith(path.join(e.dir, '.graphreq-history')), shown);
    const saved = JSON.parse(fs.readFileSync(shown, 'utf8')) as { result: { status: number; name: string } };
    assert.deepEqual([saved.result.status, saved.result.name], [200, 'create']);
    assert.ok(!fs.readFileSync(shown, 'utf8').includes('demo-token'), 'the saved response holds no token');

    assert.equal(e.seen.created.length, 1, 'the server created a progress token');
    const kinds = e.seen.progress.filter((p) => String(p.token) === e.seen.created[0]).map((p) => p.value.kind);
    assert.deepEqual([kinds[0], kinds[kinds.length - 1]], ['begin', 'end']);
    assert.equal(e.seen.progress[0].value.title, 'graphreq: sending request 1 of requests.graphreq');
  });

  it('a client without showDocument: progress on its own token, the message names the saved file', async () => {
    const e = await editor(undefined);
    open.push(e);
    const out = await e.send('graphreq.sendAll', 0, { workDoneToken: 'mine' });
    assert.deepEqual(out.results.map((r) => r.status), [200, 200, 400]);
    assert.deepEqual(out.results.map((r) => r.number), [1, 2, 3]);

    assert.equal(e.seen.documents.length, 0, 'no window/showDocument to a client that does not support it');
    assert.equal(e.seen.created.length, 0);
    const mine = e.seen.progress.filter((p) => p.token === 'mine').map((p) => p.value);
    assert.equal(mine[0].kind, 'begin');
    assert.equal(mine[0].title, 'graphreq: sending every request of requests.graphreq');
    assert.deepEqual(mine.filter((v) => v.kind === 'report').map((v) => [v.percentage, v.message]), [
      [33, '1/3 create: 200 OK'],
      [67, '2/3 Read the thread: 200 OK'],
      [100, '3/3 Broken: 400 Bad Request'],
    ]);
    assert.equal(mine[mine.length - 1].kind, 'end');

    const m = e.seen.messages[0];
    assert.equal(m.type, 2 /* Warning */);
    const lines = m.message.split('\n');
    assert.equal(lines[0], 'graphreq: sent 3 requests: 2 answered 2xx, 1 did not.');
    // The decoded error: its title once, the explanation for the user, what to do.
    assert.match(lines[1], /^Broken: 400 Bad Request in \d+ ms: Invalid parameter \(code 100\)\. .+ What to do: .+/);
    assert.equal(lines[1].split('Invalid parameter').length, 2, lines[1]);
    // The highest figure of the scopes seen: the ad set create's (ads_management, keyed by its ad account) or the thread read's (msgr), both a few calls into their quota.
    assert.match(m.message, /^Usage: [\d.]+% \((ads_management|msgr) \(business \d+\), call_count\)/m);
    assert.match(m.message, new RegExp(`^Saved: ${path.join(e.dir, '.graphreq-history').replace(/[\\/.]/g, '\\$&')}.+\\.json$`, 'm'));
    assert.ok(fs.existsSync(lines[lines.length - 1].slice('Saved: '.length)));
  });

  it('a client that renders results itself (showsSendResults) gets no message, document or progress', async () => {
    const e = await editor({ showDocument: { support: true }, workDoneProgress: true }, { showsSendResults: true });
    open.push(e);
    const out = await e.send('graphreq.send', 1);
    assert.equal(out.results[0].status, 200);
    assert.deepEqual([e.seen.messages.length, e.seen.documents.length, e.seen.created.length, e.seen.progress.length], [0, 0, 0, 0]);
  });
});
