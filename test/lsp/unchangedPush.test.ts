/**
 * A refresh of every document that leaves a document's diagnostics as they were pushes nothing
 * (lsp/diagnostics.ts, `lastPushed`): the settings read again, the workspace's names read, an
 * environment file changed. Before, every open document was sent its whole set again (a large
 * file's 4-6 MB, parsed again by the client), twice on every open. Over stdio with the real
 * JSON-RPC client, in the push model.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { suiteClient } from './lspClient';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
const TEXT = fs.readFileSync(path.join(fixtures, 'findings-300.graphreq'), 'utf8');
const SETTINGS = { context: 'off' };
const uri = 'file:///tmp/graphreq-unchanged-push/a.graphreq';
const fence = 'file:///tmp/graphreq-unchanged-push/fence.graphreq';

describe('diagnostics that did not change are not pushed again', () => {
  const client = suiteClient(SETTINGS, (c) => c.initialize(null));
  /** The last diagnostics pushed for the document: a new object on each push (lspClient.ts). */
  const last = (): PublishDiagnosticsParams | undefined => client.diagnostics.get(uri);

  /** The settings sent again, unchanged; resolves once the server has read them (its refresh is then scheduled). */
  async function sameSettingsAgain(): Promise<void> {
    const read = new Promise<void>((resolve) =>
      client.connection.onRequest('workspace/configuration', () => {
        setImmediate(resolve);
        return [client.settings];
      }),
    );
    await client.notify('workspace/didChangeConfiguration', { settings: { graphreq: client.settings } });
    await read;
  }

  it('a settings refresh that changes nothing sends the open document nothing', async () => {
    const first = await client.open(uri, TEXT);
    assert.ok(first.diagnostics.length > 100, `${first.diagnostics.length} diagnostics`);
    // The settings' first read after `initialized` refreshes every document: let it pass.
    await client.open(fence, 'GET /v23.0/me?fields=id\n');
    const before = last();
    await sameSettingsAgain();
    // A document opened after the refresh: its diagnostics come after any the refresh sends.
    await client.open(fence.replace('fence', 'fence2'), 'GET /v23.0/me?fields=id\n');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(last(), before, `pushed again: v${last()?.version}`);
  });

  it('a change is still pushed, and the same version again after a refresh is not', async () => {
    const at = TEXT.indexOf('"name": "') + 9;
    const before = TEXT.slice(0, at).split('\n');
    const pos = { line: before.length - 1, character: before[before.length - 1].length };
    const changed = await client.change(uri, 2, [{ range: { start: pos, end: pos }, text: 'x' }]);
    assert.ok(changed.diagnostics.length > 100);
    const count = last();
    await sameSettingsAgain();
    await client.open(fence.replace('fence', 'fence3'), 'GET /v23.0/me?fields=id\n');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(last(), count);
  });

  it('a document closed and opened again is pushed its diagnostics', async () => {
    await client.notify('textDocument/didClose', { textDocument: { uri } });
    const again = await client.open(uri, TEXT);
    assert.ok(again.diagnostics.length > 100);
  });
});
