/**
 * The editor's "send with dependencies" (`graphreq.send` with `withDeps`) over stdio, with the
 * producer named in another file of the workspace that is not open: it is found as
 * `graphreq send --with-deps` finds it (test/cli/withDepsFiles.test.ts), sent first to the embedded
 * emulator under its own file's name in history, and a name two files give is refused in one line.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { LspClient } from './lspClient';

const CREATE = `### Create the summer ad set
# @name summer
POST /v23.0/act_1234567890/adsets

{ "name": "Summer sale", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }
`;
const READ = `### Read it back
GET /v23.0/{{summer.response.body.id}}?fields=id,name
`;

describe('send with dependencies from another file of the workspace (language server)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-withdeps-'));
  const readUri = pathToFileURL(path.join(dir, 'read.graphreq')).href;
  const client = new LspClient();
  before(async () => {
    fs.mkdirSync(path.join(dir, 'sets'));
    fs.writeFileSync(path.join(dir, 'sets', 'create.graphreq'), CREATE);
    fs.writeFileSync(path.join(dir, 'read.graphreq'), READ);
    await client.initialize(pathToFileURL(dir).href);
    // Only the reader is open: the producer's file is on disk alone.
    await client.open(readUri, READ);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const send = (args: Record<string, unknown>) => client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri: readUri, index: 0, ...args }] });

  it('without withDeps, says the producer has not been sent', async () => {
    const alone = await send({});
    assert.equal(alone.results.length, 1);
    assert.equal(alone.results[0].status, null);
    assert.match(alone.results[0].failure?.message ?? '', /`summer` has no saved response/);
  });

  it('with withDeps, sends the producer named in the other file first, then the request', async () => {
    const r = await send({ withDeps: true });
    assert.deepEqual(r.results.map((x) => [x.name, x.status]), [['summer', 200], [null, 200]]);
    assert.equal((r.results[1].body as { name?: string }).name, 'Summer sale', 'the read got the id the producer created');
    // History keeps each result under the file its request is written in.
    const files = (r.saved ?? []).map((p) => (p ? (JSON.parse(fs.readFileSync(p, 'utf8')) as { file?: string }).file : null));
    assert.deepEqual(files, ['sets/create.graphreq', 'read.graphreq']);
  });

  it('refuses in one line, sending nothing, when two files name the producer', async () => {
    fs.writeFileSync(path.join(dir, 'again.graphreq'), CREATE.replace('Summer sale', 'Another'));
    // Clients that do not watch files are read again on a save (lsp/workspaceFiles.ts).
    await client.notify('textDocument/didSave', { textDocument: { uri: readUri } });
    const r = await send({ withDeps: true });
    assert.equal(r.results.length, 1);
    assert.equal(r.results[0].status, null);
    assert.match(r.results[0].failure?.message ?? '', /^`summer` names a request in 2 files \(again\.graphreq:3, sets\/create\.graphreq:3\): send the one you mean first$/);
  });
});
