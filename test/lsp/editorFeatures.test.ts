/**
 * Inlay hints, workspace symbols (unopened files included), document links, selection ranges and
 * folding over stdio with a real JSON-RPC client, in a workspace folder on disk. Exact positions.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeLens, DocumentLink, FoldingRange, InlayHint, SelectionRange, SymbolInformation } from 'vscode-languageserver-protocol';
import type { SendAllForecast } from '../../server/src/lsp/protocol';
import { LspClient } from './lspClient';

const ENV = `{ "$shared": { "account": "1234567890", "currency": "EUR" }, "prod": { "currency": "USD" } }\n`;
const MAIN = `### Create
# @name create
# Rules: ADSET-BUDGET-POSITIVE
POST /v23.0/act_{{account}}/adsets

{
  "name": "Spring sale",
  "daily_budget": 2000,
  "end_time": 1767225600,
  "targeting": {
    "geo_locations": { "countries": ["US"] }
  }
}

### Engagement
GET /v23.0/?id=https://example.com/post&fields=engagement
`;
const OTHER = `### Read back the copy\n# @name copy_read\nGET /v23.0/120200000000000002?fields=id\n`;

describe('inlay hints, symbols, links, selection and folding over stdio', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-features-'));
  const mainUri = pathToFileURL(path.join(dir, 'main.graphreq')).href;
  const otherUri = pathToFileURL(path.join(dir, 'more', 'other.graphreq')).href;
  const client = new LspClient();

  before(async () => {
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), ENV);
    fs.writeFileSync(path.join(dir, 'main.graphreq'), MAIN);
    fs.mkdirSync(path.join(dir, 'more'));
    fs.writeFileSync(path.join(dir, 'more', 'other.graphreq'), OTHER);
    const init = await client.initialize(pathToFileURL(dir).href);
    assert.deepEqual(init.capabilities.inlayHintProvider, { resolveProvider: false });
    assert.equal(init.capabilities.workspaceSymbolProvider, true);
    assert.deepEqual(init.capabilities.documentLinkProvider, { resolveProvider: false });
    assert.equal(init.capabilities.selectionRangeProvider, true);
    await client.open(mainUri, MAIN);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives the inlay hints of the visible range, at exact positions', async () => {
    const hints = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: mainUri }, range: { start: { line: 0, character: 0 }, end: { line: 12, character: 0 } } });
    // A variable's value inside the URL only with graphreq.inlayHints.variablesInUrls (it reads as part of the path).
    assert.deepEqual(hints.map((h) => ({ position: h.position, label: h.label, kind: h.kind })), [
      { position: { line: 7, character: 22 }, label: '20.00 EUR/day', kind: 1 },
      { position: { line: 8, character: 24 }, label: '2026-01-01 00:00 UTC', kind: 1 },
    ]);
    client.settings = { inlayHints: { variablesInUrls: true } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { graphreq: client.settings } });
    const inUrls = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: mainUri }, range: { start: { line: 0, character: 0 }, end: { line: 12, character: 0 } } });
    assert.deepEqual(inUrls.map((h) => ({ position: h.position, label: h.label })).slice(0, 1), [{ position: { line: 3, character: 27 }, label: '= 1234567890' }]);
    client.settings = {};
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { graphreq: { inlayHints: { variablesInUrls: false } } } });
    const below = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: mainUri }, range: { start: { line: 14, character: 0 }, end: { line: 16, character: 0 } } });
    assert.deepEqual(below, []);
  });

  it('finds requests by title and name in every file of the workspace, opened or not', async () => {
    const all = await client.request<SymbolInformation[]>('workspace/symbol', { query: '' });
    assert.deepEqual(all.map((s) => `${s.name} ${s.location.uri === otherUri ? 'other' : 'main'} ${s.location.range.start.line}:${s.location.range.start.character}-${s.location.range.end.line}:${s.location.range.end.character}`).sort(), [
      'Create main 3:0-3:34',
      'Engagement main 15:0-15:57',
      'Read back the copy other 2:0-2:39',
    ]);
    const byName = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'copy_read' });
    assert.deepEqual(byName.map((s) => [s.name, s.containerName]), [['Read back the copy', 'other.graphreq · @copy_read · GET /v23.0/120200000000000002?fields=id']]);
  });

  it('links the URL of id= and the rule ID of a comment', async () => {
    const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: mainUri } });
    assert.deepEqual(links.map((l) => [l.range.start.line, l.range.start.character, l.range.end.character]), [[2, 9, 30], [15, 15, 39]]);
    assert.match(links[0].target!, /^file:.*\/docs\/rules\.md#adset-budget-positive$/);
    assert.equal(links[1].target, 'https://example.com/post');
  });

  it('expands a selection from a value outwards', async () => {
    const [sel] = await client.request<SelectionRange[]>('textDocument/selectionRange', { textDocument: { uri: mainUri }, positions: [{ line: 7, character: 20 }] });
    const chain: string[] = [];
    for (let r: SelectionRange | undefined = sel; r; r = r.parent) chain.push(`${r.range.start.line}:${r.range.start.character}-${r.range.end.line}:${r.range.end.character}`);
    assert.deepEqual(chain, ['7:18-7:22', '7:2-7:22', '5:0-12:1', '3:0-12:1', '0:0-12:1']);
  });

  it('puts the forecast of "Send all" on the file, as its first CodeLens', async () => {
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: mainUri } });
    const all = lenses[0];
    assert.deepEqual(all.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    assert.equal(all.command?.command, 'graphreq.sendAll');
    assert.deepEqual(all.command?.arguments, [{ uri: mainUri, index: 0 }]);
    // Short enough for any editor: the forecast goes in the tooltip, and to a command (graphreq/forecast).
    assert.equal(all.command?.title, '▶ Send all (2)');
    const title = '2 calls · ads act_1234567890 ≤0.3% of 300/h · app <0.1% of 20000/h · URL https://example.com/post 10% of 10/h';
    const tooltip = (all.command as { tooltip?: string }).tooltip ?? '';
    assert.equal(tooltip.split('\n')[0], title);
    assert.match(tooltip.split('\n')[1], /^ads management, ad account act_1234567890: 1 call, at most 0\.3% of at least 300 calls per hour/);
    const forecast = await client.request<SendAllForecast | null>('graphreq/forecast', { uri: mainUri });
    assert.deepEqual(forecast && [forecast.requests, forecast.crosses, forecast.title, forecast.details.join('\n')], [2, false, title, tooltip.split('\n').slice(1).join('\n')]);
    assert.equal(await client.request('graphreq/forecast', { uri: otherUri }), null, 'a file that is not open has no forecast');
  });

  it('folds JSON members that span lines, besides the request and the body', async () => {
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: mainUri } });
    assert.deepEqual(folds.map((f) => [f.startLine, f.endLine]), [[0, 12], [5, 12], [9, 10], [14, 15]]);
  });
});
