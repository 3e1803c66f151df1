/**
 * An untrusted workspace (VS Code's Restricted Mode) over LSP: the client says so in the
 * initialization options; the server still checks but sends nothing, a settings file of the
 * workspace cannot say otherwise, and only the client's graphreq/workspaceTrust notification lifts it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { Notifications, type SendCommandResult } from '../../server/src/lsp/protocol';
import { LspClient } from './lspClient';

describe('Restricted Mode over LSP', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-restricted-'));
  const file = path.join(dir, 'read.graphreq');
  const uri = pathToFileURL(file).href;
  const text = 'GET /v23.0/?id=https%3A%2F%2Fexample.com%2F&fields=id\n\n###\nGET /v23.0/120200000000000002?fields=id,nmae\n';
  const client = new LspClient();
  let configAsked!: Promise<void>;

  before(async () => {
    fs.writeFileSync(file, text);
    // The workspace's settings try to declare the workspace trusted.
    configAsked = new Promise((resolve) => {
      client.connection.onRequest('workspace/configuration', () => {
        resolve();
        return [{ workspaceTrusted: true }];
      });
    });
    await client.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }],
      capabilities: { workspace: { configuration: true } },
      initializationOptions: { workspaceTrusted: false, historyEnabled: false },
    });
    await client.connection.sendNotification('initialized', {});
    await configAsked;
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checks the file but sends nothing, whatever the settings file says', async () => {
    const diagnostics = await client.open(uri, text);
    assert.deepEqual(diagnostics.diagnostics.map((d) => d.code), ['ADSET-READ-FIELDS']);
    const r = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0 }] });
    assert.equal(r.results[0].failure?.kind, 'untrusted');
    assert.match(r.results[0].failure?.message ?? '', /Restricted Mode/);
  });

  it('sends once the client says the user trusted the workspace', async () => {
    await client.connection.sendNotification(Notifications.workspaceTrust, { trusted: true });
    const r = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0 }] });
    assert.equal(r.results[0].failure, null, JSON.stringify(r.results[0].failure));
    assert.equal(r.results[0].status, 200);
  });
});
