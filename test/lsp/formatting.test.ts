/**
 * Format Document and Format Selection over stdio with a real JSON-RPC client: the exact edits, the
 * indentation taken from the request, and a document that is already formatted getting none.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const URI = 'file:///tmp/graphreq-format-test/requests.graphreq';
const TEXT = `###Read
GET    /v23.0/120200000000000002
?fields=id,name
###   Create
POST /v23.0/act_1/adsets

{"name":"Sale","daily_budget":{{budget}}}
`;

function apply(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

describe('formatting over stdio', () => {
  const client = new LspClient();
  before(async () => {
    const init = await client.initialize();
    assert.equal(init.capabilities.documentFormattingProvider, true);
    assert.equal(init.capabilities.documentRangeFormattingProvider, true);
    await client.open(URI, TEXT);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
  });

  it('formats the document with exact edits, one per request, indented as asked', async () => {
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: URI }, options: { tabSize: 4, insertSpaces: true } });
    assert.deepEqual(edits, [
      { range: { start: { line: 0, character: 3 }, end: { line: 2, character: 15 } }, newText: ' Read\nGET /v23.0/120200000000000002\n    ?fields=id,name\n' },
      { range: { start: { line: 3, character: 4 }, end: { line: 6, character: 40 } }, newText: 'Create\nPOST /v23.0/act_1/adsets\n\n{\n    "name": "Sale",\n    "daily_budget": {{budget}}\n' },
    ]);
    assert.equal(apply(TEXT, edits), `### Read\nGET /v23.0/120200000000000002\n    ?fields=id,name\n\n### Create\nPOST /v23.0/act_1/adsets\n\n{\n    "name": "Sale",\n    "daily_budget": {{budget}}\n}\n`);
  });

  it('formats only the request a selection touches', async () => {
    const edits = await client.request<TextEdit[]>('textDocument/rangeFormatting', { textDocument: { uri: URI }, range: { start: { line: 6, character: 2 }, end: { line: 6, character: 5 } }, options: { tabSize: 2, insertSpaces: true } });
    assert.deepEqual(edits, [{ range: { start: { line: 3, character: 4 }, end: { line: 6, character: 40 } }, newText: 'Create\nPOST /v23.0/act_1/adsets\n\n{\n  "name": "Sale",\n  "daily_budget": {{budget}}\n' }]);
  });

  it('gives no edit for a document that is already formatted', async () => {
    const uri = 'file:///tmp/graphreq-format-test/tidy.graphreq';
    await client.open(uri, `### Read\nGET /v23.0/1\n  ?fields=id\n`);
    assert.deepEqual(await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }), []);
  });
});
