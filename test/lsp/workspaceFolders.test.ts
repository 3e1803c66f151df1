/**
 * A multi-root workspace over stdio: two folders, each with its own graphreq.env.json and its own
 * request named `create`; names, environments and diagnostics stay per folder, and
 * `workspace/didChangeWorkspaceFolders` (the server declares `changeNotifications`) moves them: a
 * folder added is read (its names and its environment known to its documents), a folder removed is
 * forgotten (its names no longer answer the other folders).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { InitializeResult, Location, PublishDiagnosticsParams, WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const CREATE = '# @name create\nPOST /v23.0/120200000000000002/copies\n';
const READER = 'GET /v23.0/{{create.response.body.copied_adset_id}}?fields={{fields}}\n';

describe('workspace folders added and removed, over stdio', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-wsfolders-'));
  const folder = (name: string, fields: string | undefined, withCreate: boolean): string => {
    const dir = path.join(root, name);
    fs.mkdirSync(dir);
    if (fields) fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ $shared: { fields } }));
    if (withCreate) fs.writeFileSync(path.join(dir, 'create.graphreq'), CREATE);
    fs.writeFileSync(path.join(dir, 'read.graphreq'), READER);
    return pathToFileURL(dir).href;
  };
  const a = folder('a', 'id', true);
  const b = folder('b', undefined, false);
  const c = folder('c', 'name', true);
  const client = new LspClient();
  let init: InitializeResult;
  const codes = (p: PublishDiagnosticsParams | undefined): string[] => (p?.diagnostics ?? []).map((d) => `${d.code}@${d.range.start.character}`);
  const diagnosticsWhen = async (uri: string, ok: (codes: string[]) => boolean): Promise<string[]> => codes(await client.diagnosticsWhen(uri, (p) => ok(codes(p))));
  const definition = (uri: string): Promise<Location[] | null> => client.request<Location[] | null>('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 14 } });

  before(async () => {
    init = await client.initialize(a, true, {}, { moreFolders: [b], workspace: { workspaceFolders: true } });
    await client.open(`${a}/read.graphreq`, READER);
    await client.open(`${b}/read.graphreq`, READER);
    await client.open(`${c}/read.graphreq`, READER);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('declares that it follows the workspace folders', () => {
    assert.deepEqual(init.capabilities.workspace?.workspaceFolders, { supported: true, changeNotifications: true });
  });

  it('keeps names and environments per folder', async () => {
    assert.deepEqual(await diagnosticsWhen(`${a}/read.graphreq`, (d) => d.length === 0), []);
    // b names no request and has no graphreq.env.json: a's `create` and `fields` are not its.
    assert.deepEqual(await diagnosticsWhen(`${b}/read.graphreq`, (d) => d.length === 2), ['REQ-UNKNOWN-VARIABLE@11', 'REQ-UNKNOWN-VARIABLE@59']);
    assert.deepEqual(await definition(`${b}/read.graphreq`), null);
  });

  it('reads a folder added, and forgets a folder removed', { timeout: 15_000 }, async () => {
    // c's document, opened before its folder was added, knew neither c's `create` nor c's other files.
    assert.deepEqual(await definition(`${c}/read.graphreq`), null);
    await client.notify('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: c, name: 'c' }], removed: [{ uri: a, name: 'a' }] } });
    assert.deepEqual(await diagnosticsWhen(`${c}/read.graphreq`, (d) => d.length === 0), []);
    assert.deepEqual(await definition(`${c}/read.graphreq`), [{ uri: `${c}/create.graphreq`, range: { start: { line: 0, character: 8 }, end: { line: 0, character: 14 } } }]);
    const symbols = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'create' });
    // a's create.graphreq was never opened: with its folder gone, it is no longer the workspace's.
    assert.deepEqual(symbols.filter((s) => s.name === '@create').map((s) => s.location.uri), [`${c}/create.graphreq`]);
  });
});
