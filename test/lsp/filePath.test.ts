/**
 * A document's path (lsp/filePath.ts): one conversion for the Node host's LSP layer. A `file:` URI
 * naming another host (`file://server/share/x.graphreq`, which editors on Windows shares send) has no
 * path on POSIX: fileURLToPath throws, and a document opened with one got no diagnostics (the
 * environment's read threw inside the check). Over stdio with the real JSON-RPC client too.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { filePathOf } from '../../server/src/lsp/filePath';
import { suiteClient } from './lspClient';

describe('the path of a document', () => {
  it('a file: URI is its path; others, and a file: URI of another host, have none', () => {
    assert.equal(filePathOf('file:///tmp/a%20b.graphreq'), '/tmp/a b.graphreq');
    assert.equal(filePathOf('untitled:Untitled-1'), undefined);
    assert.equal(filePathOf('vscode-vfs://github/o/r/a.graphreq'), undefined);
    assert.equal(filePathOf('file://server/share/a.graphreq'), undefined);
  });

  const client = suiteClient({ context: 'off' }, (c) => c.initialize(null));
  it('a document of another host is checked like any other', { timeout: 20_000 }, async () => {
    const uri = 'file://server/share/a.graphreq';
    const published = await client.open(uri, 'POST /v23.0/act_1/adsets\n\n{ "name": "x", "daily_budget": -1 }\n');
    assert.ok(published.diagnostics.some((d) => d.code === 'ADSET-BUDGET-POSITIVE'), JSON.stringify(published.diagnostics.map((d) => d.code)));
  });
});
