/**
 * A client that reports no file changes (Neovim 0.7 sends no `workspace/didChangeWatchedFiles`),
 * over stdio: a `# @name` edited on disk in a file not open, a request file created in a new folder
 * or deleted, by another program and with no notification nor save, updates the open readers'
 * diagnostics (the server watches the folders it walked, lsp/diskWatch.ts): pushed to a push client,
 * and `workspace/diagnostic/refresh` to a client that pulls.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { DocumentDiagnosticReport, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const CREATE = '# @name create\nPOST /v23.0/120200000000000002/copies\n';
const READER = 'GET /v23.0/{{create.response.body.copied_adset_id}}?fields=id\n';
/** Each step waits for the watch; a server that never looks fails here instead of hanging the suite. */
const WAIT = { timeout: 15_000 };

function workspace(prefix: string): { dir: string; file: (name: string) => string; uri: (name: string) => string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(dir, 'create.graphreq'), CREATE);
  fs.writeFileSync(path.join(dir, 'read.graphreq'), READER);
  return { dir, file: (name) => path.join(dir, name), uri: (name) => pathToFileURL(path.join(dir, name)).href };
}

describe('request files changed on disk, for a client that reports no changes (push)', () => {
  const ws = workspace('graphreq-unwatched-');
  const client = new LspClient();
  const reader = ws.uri('read.graphreq');
  const unknown = (p: PublishDiagnosticsParams): boolean => p.diagnostics.some((d) => d.code === 'REQ-UNKNOWN-VARIABLE');
  const diagnosticsWhen = (ok: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> => client.diagnosticsWhen(reader, ok);

  before(async () => {
    await client.initialize(pathToFileURL(ws.dir).href);
    await client.open(reader, READER);
    // The workspace read: the reader knows `create`.
    await client.request('workspace/symbol', { query: '' });
    assert.equal(unknown(await diagnosticsWhen(() => true)), false);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(ws.dir, { recursive: true, force: true });
  });

  it('sees a `# @name` edited on disk', WAIT, async () => {
    fs.writeFileSync(ws.file('create.graphreq'), CREATE.replace('@name create', '@name made'));
    const p = await diagnosticsWhen(unknown);
    assert.equal(p.diagnostics[0].message, '`{{create.response.body.copied_adset_id}}`: no request of the workspace is named `create`: name the request that makes it (`# @name create`).');
  });

  it('sees a file created in a new folder, then deleted', WAIT, async () => {
    fs.mkdirSync(ws.file('later'));
    fs.writeFileSync(ws.file('later/again.graphreq'), CREATE);
    await diagnosticsWhen((p) => !unknown(p));
    fs.rmSync(ws.file('later/again.graphreq'));
    await diagnosticsWhen(unknown);
  });
});

describe('request files changed on disk, for a client that reports no changes (pull)', () => {
  const ws = workspace('graphreq-unwatched-pull-');
  const client = new LspClient();
  const reader = ws.uri('read.graphreq');
  let refreshed: () => void = () => undefined;

  before(async () => {
    await client.initialize(pathToFileURL(ws.dir).href, true, { diagnostic: { dynamicRegistration: false } }, { workspace: { diagnostics: { refreshSupport: true } } });
    client.connection.onRequest('workspace/diagnostic/refresh', () => {
      refreshed();
      return null;
    });
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(ws.dir, { recursive: true, force: true });
  });

  it('asks the client to pull again, and the pull has the new diagnostics', WAIT, async () => {
    await client.notify('textDocument/didOpen', { textDocument: { uri: reader, languageId: 'graphreq', version: 1, text: READER } });
    await client.request('workspace/symbol', { query: '' });
    const first = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri: reader } });
    assert.ok(first.kind === 'full');
    assert.deepEqual(first.items, []);
    const asked = new Promise<void>((resolve) => (refreshed = resolve));
    fs.rmSync(ws.file('create.graphreq'));
    await asked;
    const again = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri: reader } });
    assert.ok(again.kind === 'full');
    assert.deepEqual(again.items.map((d) => d.code), ['REQ-UNKNOWN-VARIABLE']);
  });
});
