/**
 * graphreq.importText over stdio: the editor's "Paste cURL as Request" and "Import .http File" get
 * the conversion of `graphreq import` from the server, tokens dropped, and one-line errors for bad arguments.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ImportTextResult } from '../../server/src/lsp/protocol';
import { LspClient } from './lspClient';

const TOKEN = 'EAAB-lsp-import-secret-42';

describe('graphreq.importText over LSP', () => {
  const client = new LspClient();
  const run = (args: unknown): Promise<ImportTextResult> => client.connection.sendRequest('workspace/executeCommand', { command: 'graphreq.importText', arguments: [args] });

  before(async () => {
    await client.initialize();
  });
  after(async () => {
    await client.shutdown();
  });

  it('converts a browser\'s curl command as graphreq import does, with no token in the text or the notes', async () => {
    const r = await run({ text: `curl 'https://graph.facebook.com/v23.0/act_1/campaigns?fields=name&access_token=${TOKEN}' \\\n  -H 'authorization: Bearer ${TOKEN}' \\\n  -H 'sec-fetch-mode: cors'`, from: 'curl' });
    assert.match(r.text, /^GET \/v23\.0\/act_1\/campaigns\?fields=name$/m);
    assert.equal(r.requests, 1);
    assert.ok(r.notes.length > 0 && r.notes.some((n) => /token/.test(n)), JSON.stringify(r.notes));
    assert.ok(!JSON.stringify(r).includes(TOKEN));
  });

  it('converts an httpYac file (auto), chaining and assertions included', async () => {
    const r = await run({ text: '# @name create\nPOST https://graph.facebook.com/v23.0/act_1/campaigns\nContent-Type: application/json\n\n{"name":"Sale","objective":"OUTCOME_SALES"}\n\n?? status == 200\n\n###\nGET https://graph.facebook.com/v23.0/{{create.id}}?fields=name\n' });
    assert.equal(r.requests, 2);
    assert.match(r.text, /^# @expect status == 200$/m);
    assert.match(r.text, /\{\{create\.response\.body\.id\}\}/);
  });

  it('refuses arguments that are not text in one line, and the server stays up', async () => {
    await assert.rejects(run({ text: 42 }), /text must be a string/);
    await assert.rejects(run({ text: 'curl x', from: 'postman' }), /from is curl, http or auto/);
    assert.equal((await run({ text: '' })).requests, 0);
  });
});
