/**
 * A lone carriage return is a line break (LSP: "\n", "\r\n" and "\r" end a line). The server counted
 * only line feeds: with lone carriage returns its positions pointed at other lines, and edits the
 * client sent by line were applied elsewhere (issue 20 item 10).
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LspClient } from './lspClient';

const URI = 'file:///tmp/graphreq-cr-test/requests.graphreq';

describe('lone carriage returns over stdio', () => {
  const client = new LspClient();
  before(() => client.initialize());
  after(() => client.shutdown());

  it('counts them as line breaks in diagnostics and in the edits it receives', async () => {
    const text = '@version = v23.0\r# read\rGET /v23.0/120200000000000002?fields=nmae\r\n';
    const opened = await client.open(URI, text);
    const field = opened.diagnostics.find((d) => d.code === 'ADSET-READ-FIELDS');
    assert.ok(field, JSON.stringify(opened.diagnostics));
    const at = 'GET /v23.0/120200000000000002?fields='.length;
    assert.deepEqual(field.range, { start: { line: 2, character: at }, end: { line: 2, character: at + 4 } });
    // The client fixes the misspelling where it sees it: line 2.
    const changed = await client.change(URI, 2, [{ range: field.range, text: 'name' }]);
    assert.deepEqual(changed.diagnostics.filter((d) => d.severity === 1 || d.severity === 2), [], JSON.stringify(changed.diagnostics));
    const symbols = await client.request<Array<{ name: string; selectionRange: { start: { line: number } } }>>('textDocument/documentSymbol', { textDocument: { uri: URI } });
    assert.equal(symbols[0]?.name, 'GET /v23.0/120200000000000002?fields=name', 'the edit went where the client put it');
    assert.equal(symbols[0]?.selectionRange.start.line, 2, JSON.stringify(symbols));
  });
});
