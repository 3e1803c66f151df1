/**
 * graphreq.env.json edited while the server runs, by a client that does not watch files (Neovim 0.7,
 * which has no dynamic registration of workspace/didChangeWatchedFiles, and any editor whose
 * graphreq.env.json buffer is not attached to graphreq). The server was told nothing and kept the
 * file it read first: the variable the user added, as REQ-UNKNOWN-VARIABLE's message says to, stayed
 * unknown until the server restarted. The file is now read again when it changed on disk: at the
 * document's next check, and for every open document at a save and when the server's watch of the
 * file's folder sees it written.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { LspClient } from './lspClient';

const USES = '### Read the ad set\nGET /v23.0/{{adset}}?fields=id,name\n';
const unknown = (p: { diagnostics: Array<{ code?: unknown }> }): number => p.diagnostics.filter((d) => d.code === 'REQ-UNKNOWN-VARIABLE').length;

describe('graphreq.env.json changed on disk, with a client that does not watch files', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-envedit-'));
  const envFile = path.join(folder, 'graphreq.env.json');
  const uriOf = (name: string): string => pathToFileURL(path.join(folder, name)).href;
  const client = new LspClient();
  before(async () => {
    fs.writeFileSync(envFile, JSON.stringify({ $shared: { account: '1234567890' } }));
    for (const name of ['a.graphreq', 'b.graphreq']) fs.writeFileSync(path.join(folder, name), USES);
    // As Neovim 0.7 declares itself: no workspace/configuration (whose answer would read the file again), no snippets, no file watching.
    await client.initialize(pathToFileURL(folder).href, false, {}, { workspace: { configuration: false } });
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('an edit of the document is checked with the file as it is now', async () => {
    assert.equal(unknown(await client.open(uriOf('a.graphreq'), USES)), 1, '{{adset}} is not defined yet');
    fs.writeFileSync(envFile, JSON.stringify({ $shared: { account: '1234567890', adset: '120210000000000001' } }, null, 2));
    const edited = await client.change(uriOf('a.graphreq'), 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
    assert.equal(unknown(edited), 0, `the variable added to graphreq.env.json is known: ${JSON.stringify(edited.diagnostics)}`);
  });

  it('a save checks every open document again when the file changed', async () => {
    assert.equal(unknown(await client.open(uriOf('b.graphreq'), USES)), 0);
    fs.writeFileSync(envFile, JSON.stringify({ $shared: { account: '1234567890' } }));
    const pushed = client.nextDiagnostics(uriOf('b.graphreq'));
    await client.notify('textDocument/didSave', { textDocument: { uri: uriOf('a.graphreq') } });
    const timedOut = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000).unref());
    const b = await Promise.race([pushed, timedOut]);
    assert.ok(b, 'the other open document is checked again after the save');
    assert.equal(unknown(b), 1, 'the variable removed from graphreq.env.json is unknown again in the other open document');
  });

  it('written with no edit nor save (Neovim 0.7 writing its graphreq.env.json buffer last, in :wall), the open documents are checked again', async () => {
    const pushed = client.nextDiagnostics(uriOf('b.graphreq'));
    fs.writeFileSync(envFile, JSON.stringify({ $shared: { account: '1234567890', adset: '120210000000000002' } }));
    const timedOut = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000).unref());
    const b = await Promise.race([pushed, timedOut]);
    assert.ok(b, 'the open document is checked again once the file is written');
    assert.equal(unknown(b), 0, 'the variable added is known');
  });
});
