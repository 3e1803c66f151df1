import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, CodeLens, CompletionList, DocumentSymbol, FoldingRange, Hover, SemanticTokens } from 'vscode-languageserver-protocol';
import { SEMANTIC_TOKEN_TYPES } from '../../server/src/core';
import { LspClient } from './lspClient';

const URI = 'file:///tmp/graphreq-lsp-test/requests.graphreq';
const TEXT = `@version = v23.0

### Create
# @name create
POST /{{version}}/act_1234567890/adsets

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
GET /{{version}}/{{create.response.body.id}}?fields=id,name,effective_status
`;

describe('language server over stdio', () => {
  const client = new LspClient();
  before(async () => {
    const init = await client.initialize();
    assert.equal(init.capabilities.hoverProvider, true);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
  });

  it('publishes diagnostics with rule IDs on open', async () => {
    const d = await client.open(URI, TEXT);
    assert.deepEqual(d.diagnostics.map((x) => x.code), ['ADSET-ENUMS']);
    const diag = d.diagnostics[0];
    assert.equal(diag.range.start.line, 10);
    assert.equal(diag.source, 'graphreq');
    assert.match(diag.codeDescription!.href, /docs\/rules\.md#adset-enums$/);
    assert.match(String(diag.message), /did you mean `IMPRESSIONS`/);
  });

  it('offers the quick fix as a code action and fix-all', async () => {
    const d = client.diagnostics.get(URI)!.diagnostics[0];
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: URI }, range: d.range, context: { diagnostics: [d] } });
    const fix = actions.find((a) => a.title === 'Change to `IMPRESSIONS`');
    assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(fix.edit!.changes![URI][0].newText, '"IMPRESSIONS"');
  });

  it('re-diagnoses after an incremental change', async () => {
    // Fix the enum value by inserting the missing S.
    const d = await client.change(URI, 2, [{ range: { start: { line: 10, character: 30 }, end: { line: 10, character: 30 } }, text: 'S' }]);
    assert.deepEqual(d.diagnostics, []);
    const broken = await client.change(URI, 3, [{ range: { start: { line: 17, character: 54 }, end: { line: 17, character: 54 } }, text: 'x' }]);
    assert.deepEqual(broken.diagnostics.map((x) => x.code), ['ADSET-READ-FIELDS']);
  });

  it('completes enum values in the body and fields in a field list', async () => {
    const values = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position: { line: 11, character: 25 } });
    const labels = values.items.map((i) => i.label);
    assert.ok(labels.includes('REACH') && labels.includes('LINK_CLICKS'), labels.join(','));
    const fields = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position: { line: 17, character: 52 } });
    assert.ok(fields.items.some((i) => i.label === 'daily_budget'), fields.items.map((i) => i.label).join(','));
  });

  it('explains a parameter on hover', async () => {
    const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri: URI }, position: { line: 9, character: 5 } });
    const text = (h.contents as { value: string }).value;
    assert.match(text, /\*\*daily_budget\*\*/);
    assert.match(text, /int64/);
  });

  it('links the source of a hover to its section of docs/api.md, beside the server', async () => {
    const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri: URI }, position: { line: 9, character: 5 } });
    const text = (h.contents as { value: string }).value;
    const m = /Source: \[\[2\] Create an ad set\]\((file:[^)#]+)#([\w-]+)\)/.exec(text);
    assert.ok(m, text);
    assert.equal(m[2], '2-create-an-ad-set');
    const headings = fs.readFileSync(fileURLToPath(m[1]), 'utf8').split('\n');
    assert.ok(headings.includes('#### [2] Create an ad set'), 'the link leads to a heading of docs/api.md');
  });

  it('gives symbols, folding ranges, CodeLenses and semantic tokens', async () => {
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: URI } });
    assert.deepEqual(symbols.map((s) => s.name), ['Create', 'Read']);
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: URI } });
    assert.ok(folds.some((f) => f.startLine === 6 && f.endLine === 14), JSON.stringify(folds));
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: URI } });
    // First, on the file: "Send all" with the forecast of the run (test/lsp/editorFeatures.test.ts).
    assert.deepEqual(lenses.map((l) => l.command?.command), ['graphreq.sendAll', 'graphreq.send', 'graphreq.validateOnly', 'graphreq.send']);
    assert.deepEqual(lenses[1].command?.arguments, [{ uri: URI, index: 1 }]);
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri: URI } });
    assert.equal(tokens.data.length % 5, 0);
    // Decode (delta line, delta start, length, type) and check the request line of "Create".
    const decoded: Array<{ line: number; char: number; length: number; type: string }> = [];
    let line = 0;
    let char = 0;
    for (let i = 0; i < tokens.data.length; i += 5) {
      line += tokens.data[i];
      char = tokens.data[i] === 0 ? char + tokens.data[i + 1] : tokens.data[i + 1];
      decoded.push({ line, char, length: tokens.data[i + 2], type: SEMANTIC_TOKEN_TYPES[tokens.data[i + 3]] });
    }
    const at = (l: number, c: number): string | undefined => decoded.find((t) => t.line === l && t.char === c)?.type;
    assert.equal(at(4, 0), 'keyword'); // POST
    assert.equal(at(4, 6), 'variable'); // {{version}}
    assert.equal(at(3, 0), 'comment'); // the `# @` of a directive
    assert.equal(at(3, 3), 'macro'); // its name
    assert.equal(at(17, 52), 'property'); // a field of the field list
  });
});
