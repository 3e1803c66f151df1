/** Other editors start the server as `graphreq lsp --stdio` (docs/editors.md): the same server, through the CLI. */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { it } from 'node:test';
import { LspClient, repoRoot } from './lspClient';

it('graphreq lsp --stdio serves diagnostics to a plain LSP client without workspace folders or capabilities', async () => {
  const client = new LspClient([path.join(repoRoot, 'bin', 'graphreq.js'), 'lsp', '--stdio']);
  try {
    const init = (await client.connection.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} })) as { serverInfo?: { name: string } };
    assert.equal(init.serverInfo?.name, 'graphreq');
    await client.connection.sendNotification('initialized', {});
    const d = await client.open('file:///tmp/other-editor.graphreq', 'GET /v23.0/123?fields=nme\n');
    assert.deepEqual(d.diagnostics.map((x) => x.code), ['ADSET-READ-FIELDS']);
  } finally {
    assert.equal(await client.shutdown(), 0);
  }
});
