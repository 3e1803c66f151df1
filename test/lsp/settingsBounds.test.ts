/**
 * Numbers in the settings the language server reads come from a workspace's settings file too,
 * which may hold anything: out of the range package.json gives each, they are left out for the
 * default. `response.maxBytes: -1` failed every send with "Invalid typed array length: -1", and
 * `timeoutMs: -1` (or one past the longest timer, 2^31 - 1 ms) timed every send out at once.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { LspClient } from './lspClient';

describe('numbers of the settings out of their range', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-bounds-'));
  const file = path.join(dir, 'read.graphreq');
  const uri = pathToFileURL(file).href;
  const text = 'GET /v23.0/t_100200300?fields=id\n';
  const client = new LspClient();
  client.settings = { timeoutMs: -1, response: { maxBytes: -1 }, history: { size: -1, maxBytes: -5, enabled: true } };
  before(async () => {
    fs.mkdirSync(path.join(dir, '.git'));
    fs.writeFileSync(file, text);
    await client.initialize(pathToFileURL(dir).href);
    await client.open(uri, text);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are left out: the send is answered, with the default timeout and byte cap, and kept in history', async () => {
    const sent = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0 }] });
    const result = sent.results[0];
    assert.ok(!result.failure, JSON.stringify(result.failure));
    assert.equal(result.status, 200);
    assert.ok(fs.readdirSync(path.join(dir, '.graphreq-history')).some((f) => /^\d{8}T/.test(f)), 'the history keeps the result');
  });

  it('a command argument past the longest timer is left out too', async () => {
    const sent = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0, timeoutMs: 2 ** 31 }] });
    assert.ok(!sent.results[0].failure, JSON.stringify(sent.results[0].failure));
    assert.equal(sent.results[0].status, 200);
  });
});
