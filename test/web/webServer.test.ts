/**
 * The web build's language server (dist/web/server.js) in a sandbox that has only what a browser
 * Worker has (workerSandbox.ts), spoken to in LSP over postMessage, as the web extension does: the
 * workspace is an in-memory file system (`memfs:`) that the server reads through the client's
 * requests (server/src/web/protocol.ts), never a disk.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompletionList, Hover, ProtocolConnection, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { DOCS, FOLDER, startWebServer, type WebServer } from './sandboxLsp';
import type { WorkerSandbox } from './workerSandbox';

/** The workspace: a request file (opened), one that is not (it names the request the other reads), and graphreq.env.json. */
const files: Record<string, string> = {
  [`${FOLDER}/requests.graphreq`]: `### Create
POST /{{version}}/{{account}}/adsets

{
  "name": "Spring sale",
  "campaign_id": "120200000000000001",
  "daily_budget": 2000,
  "billing_event": "IMPRESSION",
  "optimization_goal": "REACH",
  "targeting": { "geo_locations": { "countries": ["US"] } },
  "status": "PAUSED"
}

### Read
GET /{{version}}/{{campaign.response.body.id}}?fields=id,name
`,
  [`${FOLDER}/campaigns/create.graphreq`]: `# @name campaign
POST /v23.0/act_1000000001/campaigns

{ "name": "C", "objective": "OUTCOME_AWARENESS", "status": "PAUSED", "special_ad_categories": [] }
`,
  [`${FOLDER}/graphreq.env.json`]: JSON.stringify({ $shared: { version: 'v23.0', account: 'act_1000000001', currency: 'USD' } }),
};

describe('the web build in a browser worker sandbox', () => {
  let server: WebServer;
  let sandbox: WorkerSandbox;
  let connection: ProtocolConnection;
  let reads: string[];
  const published = new Map<string, PublishDiagnosticsParams>();
  const waiters: Array<(p: PublishDiagnosticsParams) => void> = [];
  let loadedAt = 0;

  before(async () => {
    loadedAt = performance.now();
    server = await startWebServer({
      files,
      setup: (c) =>
        c.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
          published.set(p.uri, p);
          for (const w of waiters.splice(0)) w(p);
        }),
    });
    ({ sandbox, connection, reads } = server);
    assert.equal(server.capabilities.hoverProvider, true);
  });

  after(() => server.stop());

  /** The diagnostics of `uri` once they satisfy `ok` (a later check after the workspace's files were read). */
  function diagnosticsOf(uri: string, ok: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such diagnostics: last ${JSON.stringify(published.get(uri)?.diagnostics.map((d) => d.code))}`)), 20_000);
      const check = (p: PublishDiagnosticsParams): void => {
        if (p.uri === uri && ok(p)) {
          clearTimeout(timer);
          resolve(p);
        } else waiters.push(check);
      };
      const last = published.get(uri);
      if (last) check(last);
      else waiters.push(check);
    });
  }

  it('has nothing of Node in its global scope, and loads without an error', () => {
    for (const name of ['require', 'process', 'Buffer', 'setImmediate', 'module', '__dirname', 'global']) assert.equal(name in sandbox.global, false, name);
    assert.deepEqual(sandbox.errors, []);
  });

  it('publishes the diagnostic with its rule ID, reading graphreq.env.json and the other request file through the client', async () => {
    const uri = `${FOLDER}/requests.graphreq`;
    connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text: files[uri] } });
    const first = await diagnosticsOf(uri, () => true);
    const firstMs = performance.now() - loadedAt;
    // Once the files are read: the variables come from graphreq.env.json, `campaign` from the other file.
    const d = await diagnosticsOf(uri, (p) => !p.diagnostics.some((x) => x.code === 'REQ-UNKNOWN-VARIABLE'));
    assert.deepEqual(d.diagnostics.map((x) => x.code), ['ADSET-ENUMS']);
    assert.equal(d.diagnostics[0].range.start.line, 7);
    assert.equal(d.diagnostics[0].codeDescription?.href, `${DOCS}/rules.md#adset-enums`);
    assert.ok(reads.includes(`${FOLDER}/graphreq.env.json`) && reads.includes(`${FOLDER}/campaigns/create.graphreq`), reads.join());
    assert.ok(first.diagnostics.length >= 1);
    console.log(`web worker sandbox: start to first diagnostics ${firstMs.toFixed(0)} ms`);
  });

  it('completes an enum value and hovers a parameter', async () => {
    const uri = `${FOLDER}/requests.graphreq`;
    // Inside "IMPRESSION": the billing events.
    const list = await connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 7, character: 22 } });
    assert.ok(list.items.some((i) => i.label === 'IMPRESSIONS' || i.label === '"IMPRESSIONS"'), JSON.stringify(list.items.map((i) => i.label)));
    const hover = await connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 5 } });
    const text = typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : JSON.stringify(hover.contents);
    assert.match(text, /daily_budget/);
  });

  it('offers the quick fix, formats, lists symbols, shows inlay hints and navigates to graphreq.env.json', async () => {
    const uri = `${FOLDER}/requests.graphreq`;
    const d = published.get(uri)!.diagnostics[0];
    const actions = await connection.sendRequest<Array<{ title: string }>>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    assert.ok(actions.some((a) => a.title === 'Change to `IMPRESSIONS`'), JSON.stringify(actions.map((a) => a.title)));
    const symbols = await connection.sendRequest<Array<{ name: string }>>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(symbols.length, 2);
    const edits = await connection.sendRequest<unknown[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    assert.ok(Array.isArray(edits));
    // {{account}} on line 1 goes to its definition in graphreq.env.json, read through the client.
    const def = await connection.sendRequest<Array<{ uri: string }> | { uri: string } | null>('textDocument/definition', { textDocument: { uri }, position: { line: 1, character: 20 } });
    const target = Array.isArray(def) ? def[0] : def;
    assert.equal(target?.uri, `${FOLDER}/graphreq.env.json`);
    // The budget in the currency of graphreq.env.json (read through the client): 2000 cents a day.
    const hints = await connection.sendRequest<Array<{ label: string | Array<{ value: string }> }>>('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 15, character: 0 } } });
    const labels = hints.map((h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')));
    assert.ok(labels.some((l) => /20\.00 USD/.test(l)), JSON.stringify(labels));
    // Rename of {{account}} edits graphreq.env.json too, through the same files.
    const rename = await connection.sendRequest<{ changes?: Record<string, unknown[]>; documentChanges?: Array<{ textDocument: { uri: string } }> }>('textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 20 }, newName: 'adAccount' });
    const renamed = rename.changes ? Object.keys(rename.changes) : (rename.documentChanges ?? []).map((c) => c.textDocument.uri);
    assert.deepEqual(renamed.sort(), [`${FOLDER}/graphreq.env.json`, uri].sort());
    assert.deepEqual(sandbox.errors, []);
  });

  it('offers the Send lenses (the worker sends)', async () => {
    const uri = `${FOLDER}/requests.graphreq`;
    const lenses = await connection.sendRequest<Array<{ command?: { command: string } }>>('textDocument/codeLens', { textDocument: { uri } });
    const commands = lenses.map((l) => l.command?.command);
    assert.ok(commands.includes('graphreq.send') && commands.includes('graphreq.sendAll'), JSON.stringify(commands));
  });
});
