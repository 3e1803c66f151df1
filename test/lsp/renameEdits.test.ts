/**
 * The WorkspaceEdit of a rename across the files of a workspace, over stdio: to a client that
 * declares `workspaceEdit.documentChanges`, each file's edits carry the version of the document the
 * server has open (null for a file read from disk), so a client whose buffer moved on refuses them;
 * and a rename never edits a file reached through a symbolic link (a repository's link could name
 * any file of the user's), however the editor opened it, while the files of the folder are edited.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const CREATE = '# @name create\nPOST /v23.0/120200000000000002/copies\n';
const READER = 'GET /v23.0/{{create.response.body.copied_adset_id}}?fields=id\n';

describe('the edits of a rename across files, over stdio', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-renameedits-'));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-renameedits-out-'));
  const ws = path.join(dir, 'ws');
  const uri = (name: string): string => pathToFileURL(path.join(ws, name)).href;
  const client = new LspClient();
  const at = { textDocument: { uri: uri('read.graphreq') }, position: { line: 0, character: 14 } };
  const files = (e: WorkspaceEdit): Array<[string, number | null]> =>
    (e.documentChanges as TextDocumentEdit[]).map((c): [string, number | null] => [c.textDocument.uri.slice(pathToFileURL(ws).href.length + 1), c.textDocument.version]).sort((a, b) => (a[0] < b[0] ? -1 : 1));

  before(async () => {
    fs.mkdirSync(path.join(ws, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'create.graphreq'), CREATE);
    fs.writeFileSync(path.join(ws, 'read.graphreq'), READER);
    fs.writeFileSync(path.join(ws, 'sub', 'deep.graphreq'), READER);
    // A file of the user's outside the workspace, which the repository links to: by a file link and through a folder link.
    fs.writeFileSync(path.join(outside, 'notes.graphreq'), READER);
    fs.symlinkSync(path.join(outside, 'notes.graphreq'), path.join(ws, 'linked.graphreq'));
    fs.symlinkSync(outside, path.join(ws, 'linkdir'));
    await client.initialize(pathToFileURL(ws).href, true, {}, { workspace: { workspaceEdit: { documentChanges: true } } });
    await client.open(uri('read.graphreq'), READER, 4);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('gives the version of each open document, null for a file read from disk', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { ...at, newName: 'made' });
    assert.equal(edit.changes, undefined);
    assert.deepEqual(files(edit), [['create.graphreq', null], ['read.graphreq', 4], ['sub/deep.graphreq', null]]);
    const read = (edit.documentChanges as TextDocumentEdit[]).find((c) => c.textDocument.uri === uri('read.graphreq'))!;
    assert.deepEqual(read.edits, [{ range: { start: { line: 0, character: 13 }, end: { line: 0, character: 19 } }, newText: 'made' }]);
  });

  it('never edits a file reached through a symbolic link, opened or not', async () => {
    await client.open(uri('linked.graphreq'), READER, 2);
    await client.open(uri('linkdir/notes.graphreq'), READER, 3);
    await client.open(uri('create.graphreq'), CREATE, 9);
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { ...at, newName: 'made' });
    assert.deepEqual(files(edit), [['create.graphreq', 9], ['read.graphreq', 4], ['sub/deep.graphreq', null]]);
    // Closed again, the linked file is not read from the disk into the workspace either.
    await client.notify('textDocument/didClose', { textDocument: { uri: uri('linked.graphreq') } });
    const again = await client.request<WorkspaceEdit>('textDocument/rename', { ...at, newName: 'made' });
    assert.deepEqual(files(again), [['create.graphreq', 9], ['read.graphreq', 4], ['sub/deep.graphreq', null]]);
    assert.equal(fs.readFileSync(path.join(outside, 'notes.graphreq'), 'utf8'), READER);
  });

  it('still knows the request in a linked document: its own reader resolves', async () => {
    const d = client.diagnostics.get(uri('linkdir/notes.graphreq'));
    assert.deepEqual(d?.diagnostics.map((x) => x.code), []);
  });
});
