/**
 * Send All through the language server with half a surrogate pair in a body (issue 20 item 11): the
 * command used to fail as a whole with "URI malformed" and no result at all; now the request that
 * holds it fails with the reason, and the results before it are returned.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { LspClient } from './lspClient';

describe('Send All with a lone surrogate (workspace/executeCommand)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-surrogate-'));
  const file = path.join(dir, 'requests.graphreq');
  const uri = pathToFileURL(file).href;
  const text = '### Read\nGET /v23.0/23850000000000001?fields=id\n\n### Rename\nPOST /v23.0/23850000000000001\n\n{ "name": "a\\ud800b" }\n';
  const client = new LspClient();
  before(async () => {
    fs.mkdirSync(path.join(dir, '.git'));
    fs.writeFileSync(file, text);
    await client.initialize(pathToFileURL(dir).href);
    const opened = await client.open(uri, text);
    assert.deepEqual(opened.diagnostics.filter((d) => d.code === 'REQ-LONE-SURROGATE').map((d) => d.range.start), [{ line: 6, character: 12 }]);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns the result before it and the request\'s own failure, with the reason', async () => {
    const all = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.sendAll', arguments: [{ uri, index: 0 }] });
    assert.deepEqual(all.results.map((r) => r.status), [200, null]);
    assert.match(all.results[1].failure?.message ?? '', /`name` holds `\\ud800`, half of a UTF-16 surrogate pair without its other half, which UTF-8 cannot carry \(REQ-LONE-SURROGATE\)/);
  });
});
