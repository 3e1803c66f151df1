import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeLens } from 'vscode-languageserver-protocol';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { LspClient } from './lspClient';

describe('sending through the language server (workspace/executeCommand)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-send-'));
  const file = path.join(dir, 'requests.graphreq');
  const uri = pathToFileURL(file).href;
  const text = `@version = v23.0\n\n### Create\n# @name create\nPOST /{{version}}/act_1234567890/adsets\n\n{ "name": "LSP sale", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }\n\n### Read\nGET /{{version}}/{{create.response.body.id}}?fields=id,name\n`;
  const client = new LspClient();
  before(async () => {
    fs.writeFileSync(file, text);
    await client.initialize(pathToFileURL(dir).href);
    await client.open(uri, text);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs the CodeLens command against the embedded emulator and returns the result model', async () => {
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const validate = lenses.find((l) => l.command?.command === 'graphreq.validateOnly')!;
    const checked = await client.request<SendCommandResult>('workspace/executeCommand', { command: validate.command!.command, arguments: validate.command!.arguments });
    assert.equal(checked.results[0].status, 200);
    assert.deepEqual(checked.results[0].body, { success: true });

    const all = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.sendAll', arguments: [{ uri, index: 1 }] });
    assert.deepEqual(all.results.map((r) => r.status), [200, 200]);
    const read = all.results[1];
    assert.equal((read.body as { name: string }).name, 'LSP sale');
    assert.ok(read.usage, 'usage model decoded from the headers');
    assert.ok(!JSON.stringify(all).includes('demo-token'), 'the token never comes back');
  });
});
