/**
 * `workspace/diagnostic` over stdio with a real JSON-RPC client (issue 22): the files of the
 * workspace the editor has not opened are reported too, each with a result id; a pull that gives the
 * ids the client has is answered `unchanged` for them; a file changed on disk is reported again, a
 * deleted one once more, empty. The document the client pulls one by one is left out.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { DocumentDiagnosticReport, WorkspaceDiagnosticReport, WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const OPENED = '# @name create\nPOST /v23.0/120200000000000002/copies\n';
const BROKEN = 'GET /v23.0/{{nope.response.body.id}}?fields=id\n';
const READER = 'GET /v23.0/{{create.response.body.copied_adset_id}}?fields=id\n';

describe('workspace/diagnostic for the files not opened, over stdio', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-wsdiag-'));
  const file = (name: string): string => path.join(dir, name);
  const uri = (name: string): string => pathToFileURL(file(name)).href;
  const client = new LspClient();
  const pull = (previous: WorkspaceDocumentDiagnosticReport[]): Promise<WorkspaceDiagnosticReport> =>
    client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: previous.filter((r) => r.resultId).map((r) => ({ uri: r.uri, value: r.resultId })) });
  const kinds = (r: WorkspaceDiagnosticReport): Array<[string, string, string[]]> =>
    r.items.map((i) => [path.basename(i.uri), i.kind, i.kind === 'full' ? i.items.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}-${d.range.end.character}`) : []]).sort((a, b) => (a[0] < b[0] ? -1 : 1)) as Array<[string, string, string[]]>;
  let first: WorkspaceDiagnosticReport;

  before(async () => {
    fs.writeFileSync(file('create.graphreq'), OPENED);
    fs.writeFileSync(file('broken.graphreq'), BROKEN);
    fs.mkdirSync(file('sub'));
    fs.writeFileSync(file('sub/reader.graphreq'), READER);
    await client.initialize(pathToFileURL(dir).href, true, { diagnostic: { dynamicRegistration: false } });
    await client.notify('textDocument/didOpen', { textDocument: { uri: uri('create.graphreq'), languageId: 'graphreq', version: 1, text: OPENED } });
    const own = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri: uri('create.graphreq') } });
    assert.equal(own.kind, 'full');
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports the unopened files, with exact ranges and result ids; not the document pulled one by one', async () => {
    first = await pull([]);
    assert.deepEqual(kinds(first), [
      ['broken.graphreq', 'full', ['REQ-UNKNOWN-VARIABLE@0:11-36']],
      ['reader.graphreq', 'full', []],
    ]);
    for (const item of first.items) {
      assert.equal(item.version, null);
      assert.ok(item.kind === 'full' && item.resultId);
    }
    const broken = first.items.find((i) => i.uri === uri('broken.graphreq'))!;
    assert.ok(broken.kind === 'full');
    assert.equal(broken.items[0].message, '`{{nope.response.body.id}}`: no request of the workspace is named `nope`: name the request that makes it (`# @name nope`).');
  });

  it('answers `unchanged` for the files whose result the client has', async () => {
    const again = await pull(first.items);
    assert.deepEqual(kinds(again), [
      ['broken.graphreq', 'unchanged', []],
      ['reader.graphreq', 'unchanged', []],
    ]);
    assert.deepEqual(
      again.items.map((i) => i.resultId),
      first.items.map((i) => i.resultId),
    );
  });

  it('reports a file changed on disk again, and a deleted one once more, empty', async () => {
    fs.writeFileSync(file('broken.graphreq'), 'GET /v23.0/{{create.response.body.copied_adset_id}}?fields=id\n');
    fs.rmSync(file('sub/reader.graphreq'));
    await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('broken.graphreq'), type: 2 }, { uri: uri('sub/reader.graphreq'), type: 3 }] });
    const after = await pull(first.items);
    assert.deepEqual(kinds(after), [
      ['broken.graphreq', 'full', []],
      ['reader.graphreq', 'full', []],
    ]);
    const changed = after.items.find((i) => i.uri === uri('broken.graphreq'))!;
    assert.notEqual(changed.resultId, first.items.find((i) => i.uri === uri('broken.graphreq'))!.resultId);
    const gone = after.items.find((i) => i.uri === uri('sub/reader.graphreq'))!;
    assert.equal(gone.resultId, undefined);
    // Gone for good: not reported again.
    const next = await pull(after.items);
    assert.deepEqual(kinds(next), [['broken.graphreq', 'unchanged', []]]);
  });
});

describe('workspace/diagnostic of a workspace larger than one slice', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-wsdiag-many-'));
  const client = new LspClient();
  const FILES = 300;

  before(async () => {
    for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(dir, `f${i}.graphreq`), `# @name r${i}\nPOST /v23.0/120200000000000002/copies\n\n###\nGET /v23.0/{{r${i}.response.body.copied_adset_id}}?fields=id,nmae\n`);
    await client.initialize(pathToFileURL(dir).href, true, { diagnostic: {} });
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checks the files in slices between messages and reports every one (a slice that ran out of time resumes)', async () => {
    const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    assert.equal(report.items.length, FILES);
    assert.ok(report.items.every((i) => i.kind === 'full' && i.items.length === 1 && i.items[0].code === 'ADSET-READ-FIELDS'), JSON.stringify(report.items[0]));
  });
});
