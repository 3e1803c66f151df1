/**
 * Requests that need every file of the workspace, sent while the server is still reading it (issue
 * 22): rename, references, definition and workspace symbols sent with the didOpen answer for every
 * file, read or not yet read when they came (a rename that missed the files not read yet broke
 * their readers), while the opened file's diagnostics are not held back by the reading.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Location, SymbolInformation, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

/** More files than the server reads in many turns of its event loop (25 a turn). */
const FILES = 400;
const name = (i: number): string => `reader${String(i).padStart(3, '0')}.graphreq`;
const PRODUCER = '# @name hot\nPOST /v23.0/120200000000000002/copies\n';
const READER = (i: number): string => `### Reader ${i}\n# @name r${i}\nGET /v23.0/{{hot.response.body.copied_adset_id}}?fields=id\n`;

describe('requests that need the whole workspace, sent while it is read', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-wsread-'));
  const producerUri = pathToFileURL(path.join(dir, 'a-producer.graphreq')).href;
  const client = new LspClient();

  before(async () => {
    fs.writeFileSync(path.join(dir, 'a-producer.graphreq'), PRODUCER);
    for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(dir, name(i)), READER(i));
    await client.initialize(pathToFileURL(dir).href);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renames, finds references and symbols in every file, also those not read yet when asked', async () => {
    const opened = client.open(producerUri, PRODUCER);
    const at = { textDocument: { uri: producerUri }, position: { line: 0, character: 9 } };
    const [rename, references, symbols] = await Promise.all([
      client.request<WorkspaceEdit>('textDocument/rename', { ...at, newName: 'cold' }),
      client.request<Location[]>('textDocument/references', { ...at, context: { includeDeclaration: true } }),
      client.request<SymbolInformation[]>('workspace/symbol', { query: 'reader 39' }),
    ]);
    await opened;
    const edited = Object.keys(rename.changes ?? {});
    assert.equal(edited.length, FILES + 1);
    assert.ok(edited.includes(pathToFileURL(path.join(dir, name(FILES - 1))).href));
    assert.equal(references.length, FILES + 1);
    // `reader 39` is read as r-e-a-d-e-r-3-9 in order: Reader 39, 139, 309, 390...
    const expected = Array.from({ length: FILES }, (_, i) => i).filter((i) => /3.*9/.test(String(i)));
    assert.deepEqual(symbols.map((s) => s.name).sort(), expected.map((i) => `Reader ${i}`).sort());
  });

  it('goes to a definition given in a file read last', async () => {
    const last = pathToFileURL(path.join(dir, name(FILES - 1))).href;
    const text = `GET /v23.0/{{r${FILES - 1}.response.body.id}}\n`;
    const probe = pathToFileURL(path.join(dir, 'a-probe.graphreq')).href;
    await client.open(probe, text);
    const found = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: probe }, position: { line: 0, character: 14 } });
    assert.deepEqual(found.map((l) => l.uri), [last]);
  });
});
