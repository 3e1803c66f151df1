/**
 * Names across the files of a workspace over stdio (issue 22): a request named in one file and read
 * in another is known to diagnostics, definition, references, hover, completion and rename (which
 * edits both files and refuses a clash in any file); a name given in two files is reported, and a
 * file changed on disk (`workspace/didChangeWatchedFiles`) is read again. Ranges and edits are exact.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CompletionList, Hover, Location, PublishDiagnosticsParams, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const CREATE = `### Spring sale copy
# @name springSale
POST /v23.0/120200000000000002/copies

###
# @name fallSale
POST /v23.0/120200000000000003/copies
`;
const READBACK = `### Read it back
GET /v23.0/{{springSale.response.body.copied_adset_id}}?fields=id

###
GET /v23.0/{{nope.response.body.id}}?fields=id
`;
const OTHER_READER = `GET /v23.0/{{springSale.response.body.copied_adset_id}}?fields=name\n`;

const range = (sl: number, sc: number, el: number, ec: number): Range => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });
const codes = (p: PublishDiagnosticsParams): string[] => p.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`);

describe('names across the files of a workspace, over stdio', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-wsnames-'));
  const createFile = path.join(dir, 'create', 'adsets.graphreq');
  const createUri = pathToFileURL(createFile).href;
  const readUri = pathToFileURL(path.join(dir, 'read', 'readback.graphreq')).href;
  const otherUri = pathToFileURL(path.join(dir, 'read', 'other.graphreq')).href;
  const client = new LspClient();

  /** The diagnostics of `uri` once `ok` holds (a check after the workspace was read, or after a change). */
  const diagnosticsWhen = (uri: string, ok: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> => client.diagnosticsWhen(uri, ok);

  before(async () => {
    fs.mkdirSync(path.join(dir, 'create'));
    fs.mkdirSync(path.join(dir, 'read'));
    fs.writeFileSync(createFile, CREATE);
    fs.writeFileSync(path.join(dir, 'read', 'readback.graphreq'), READBACK);
    fs.writeFileSync(path.join(dir, 'read', 'other.graphreq'), OTHER_READER);
    await client.initialize(pathToFileURL(dir).href);
    await client.open(readUri, READBACK);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('knows a request named in another file: only the name that no file gives is unknown, with the fix that is right', async () => {
    const p = await diagnosticsWhen(readUri, (d) => d.diagnostics.some((x) => x.code === 'REQ-UNKNOWN-VARIABLE'));
    assert.deepEqual(codes(p), ['REQ-UNKNOWN-VARIABLE@4:11']);
    assert.equal(p.diagnostics[0].message, '`{{nope.response.body.id}}`: no request of the workspace is named `nope`: name the request that makes it (`# @name nope`).');
  });

  it('goes to the definition in the other file, and from the path to its request line', async () => {
    const onName = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: readUri }, position: { line: 1, character: 15 } });
    assert.deepEqual(onName, [{ uri: createUri, range: range(1, 8, 1, 18) }]);
    const onPath = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: readUri }, position: { line: 1, character: 40 } });
    assert.deepEqual(onPath, [{ uri: createUri, range: range(2, 0, 2, 37) }]);
  });

  it('finds the references in every file, opened or not', async () => {
    const refs = await client.request<Location[]>('textDocument/references', { textDocument: { uri: readUri }, position: { line: 1, character: 15 }, context: { includeDeclaration: true } });
    const key = (l: Location): string => `${l.uri}#${l.range.start.line}:${l.range.start.character}-${l.range.end.character}`;
    assert.deepEqual(refs.map(key).sort(), [`${createUri}#1:8-18`, `${otherUri}#0:13-23`, `${readUri}#1:13-23`].sort());
  });

  it('says on hover which file and request produce the response', async () => {
    const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri: readUri }, position: { line: 1, character: 15 } });
    const value = (h.contents as { value: string }).value;
    assert.match(value, /`copied_adset_id` of the response of request `springSale` in `create\/adsets\.graphreq:2` \(Spring sale copy \[springSale\]\)/);
  });

  it('completes the names of requests of other files', async () => {
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: readUri }, position: { line: 4, character: 13 } });
    const item = list.items.find((i) => i.label === 'fallSale.response.body.');
    assert.ok(item, list.items.map((i) => i.label).join(', '));
    assert.equal(item.detail, 'response of request fallSale (create/adsets.graphreq:6)');
  });

  it('renames a request in every file that names or reads it', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: readUri }, position: { line: 1, character: 15 }, newName: 'summerSale' });
    assert.deepEqual(edit.changes, {
      [readUri]: [{ range: range(1, 13, 1, 23), newText: 'summerSale' }],
      [createUri]: [{ range: range(1, 8, 1, 18), newText: 'summerSale' }],
      [otherUri]: [{ range: range(0, 13, 0, 23), newText: 'summerSale' }],
    });
  });

  it('refuses a rename to a name that another file gives', async () => {
    await assert.rejects(
      client.request('textDocument/rename', { textDocument: { uri: readUri }, position: { line: 1, character: 15 }, newName: 'fallSale' }),
      (e: Error) => e.message === 'A request is already named `fallSale` in create/adsets.graphreq:6. Choose another name.',
    );
  });

  it('reads a file changed on disk: a second file naming the request makes it ambiguous for its readers, and rename refuses', async () => {
    const twin = path.join(dir, 'twin.graphreq');
    fs.writeFileSync(twin, '# @name springSale\nPOST /v23.0/120200000000000004/copies\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(twin).href, type: 1 }] });
    const p = await diagnosticsWhen(readUri, (d) => d.diagnostics.some((x) => x.code === 'REQ-AMBIGUOUS-NAME'));
    const warning = p.diagnostics.find((x) => x.code === 'REQ-AMBIGUOUS-NAME')!;
    assert.deepEqual(warning.range, range(1, 13, 1, 23));
    assert.equal(warning.message, '`springSale` names a request in more than one file (create/adsets.graphreq:2, twin.graphreq:1): this reads whichever was sent last; rename all but one.');
    await assert.rejects(client.request('textDocument/rename', { textDocument: { uri: readUri }, position: { line: 1, character: 15 }, newName: 'other' }), /names a request in more than one file/);
    fs.rmSync(twin);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(twin).href, type: 3 }] });
    await diagnosticsWhen(readUri, (d) => !d.diagnostics.some((x) => x.code === 'REQ-AMBIGUOUS-NAME'));
  });
});
