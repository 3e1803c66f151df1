/**
 * Format Document and Format Selection over stdio with a real JSON-RPC client: the exact edits (one
 * for each run of whitespace that changes), the indentation taken from the request, and a document
 * that is already formatted getting none.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';

const URI = 'file:///tmp/graphreq-format-test/requests.graphreq';
const TEXT = `###Read
GET    /v23.0/120200000000000002
?fields=id,name
###   Create
POST /v23.0/act_1/adsets

{
"name":"Sale","daily_budget":{{budget}}}
`;

/** An edit from `line:character` to `line:character`. */
const edit = (from: string, to: string, newText: string): TextEdit => {
  const pos = (p: string): { line: number; character: number } => ({ line: Number(p.split(':')[0]), character: Number(p.split(':')[1]) });
  return { range: { start: pos(from), end: pos(to) }, newText };
};

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

  it('formats the document with exact edits, one per run of whitespace that changes, indented as asked', async () => {
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: URI }, options: { tabSize: 4, insertSpaces: true } });
    assert.deepEqual(edits, [
      edit('0:3', '0:3', ' '), // ###Read
      edit('1:4', '1:7', ''), // GET    /v23.0
      edit('2:0', '2:0', '    '), // ?fields
      edit('3:0', '3:0', '\n'), // the blank line before ###
      edit('3:4', '3:6', ''), // ###   Create
      // {⏎"name":"Sale","daily_budget":{{budget}}}
      edit('7:0', '7:0', '    '),
      edit('7:7', '7:7', ' '),
      edit('7:14', '7:14', '\n    '),
      edit('7:29', '7:29', ' '),
      edit('7:39', '7:39', '\n'),
    ]);
    assert.equal(apply(TEXT, edits), `### Read\nGET /v23.0/120200000000000002\n    ?fields=id,name\n\n### Create\nPOST /v23.0/act_1/adsets\n\n{\n    "name": "Sale",\n    "daily_budget": {{budget}}\n}\n`);
  });

  it('formats only the request a selection touches', async () => {
    const edits = await client.request<TextEdit[]>('textDocument/rangeFormatting', { textDocument: { uri: URI }, range: { start: { line: 7, character: 2 }, end: { line: 7, character: 5 } }, options: { tabSize: 2, insertSpaces: true } });
    assert.deepEqual(edits, [edit('3:4', '3:6', ''), edit('7:0', '7:0', '  '), edit('7:7', '7:7', ' '), edit('7:14', '7:14', '\n  '), edit('7:29', '7:29', ' '), edit('7:39', '7:39', '\n')]);
  });

  it('gives one edit of the indentation for one member indented wrongly', async () => {
    const formatted = `### Create\nPOST /v23.0/act_1/adsets\n\n{\n  "name": "Sale",\n  "status": "PAUSED",\n  "targeting": {\n    "geo_locations": {\n      "countries": ["US"]\n    }\n  }\n}\n`;
    const options = { tabSize: 2, insertSpaces: true };
    const cases: Array<[string, string, TextEdit]> = [
      ['deep', formatted.replace('\n  "status"', '\n      "status"'), edit('5:2', '5:6', '')],
      ['shallow', formatted.replace('\n      "countries"', '\n  "countries"'), edit('8:2', '8:2', '    ')],
    ];
    for (const [name, text, want] of cases) {
      const uri = `file:///tmp/graphreq-format-test/${name}.graphreq`;
      await client.open(uri, text);
      const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options });
      assert.deepEqual(edits, [want], name);
      assert.equal(apply(text, edits), formatted, name);
    }
  });

  it('sends a request whose layout changes throughout as one edit over what changes, fewer bytes than an edit a gap', async () => {
    const uri = 'file:///tmp/graphreq-format-test/pasted.graphreq';
    const members = Array.from({ length: 12 }, (_, i) => `"m${i}":${i}`).join(',');
    const text = `### Tidy\nGET /v23.0/1\n  ?fields=id\n\n### Pasted\nPOST /v23.0/act_1/adsets\n\n{${members}}\n`;
    await client.open(uri, text);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    const body = `{\n${Array.from({ length: 12 }, (_, i) => `  "m${i}": ${i}`).join(',\n')}\n}`;
    // 25 gaps change (a line break after each member, a space after each colon): one edit from the first to the last.
    assert.deepEqual(edits, [edit('7:1', `7:${members.length + 1}`, body.slice(1, -1))]);
    assert.equal(apply(text, edits), `### Tidy\nGET /v23.0/1\n  ?fields=id\n\n### Pasted\nPOST /v23.0/act_1/adsets\n\n${body}\n`);
    // A misindented request beside it keeps its fine edit.
    const both = text.replace('\n  ?fields', '\n?fields');
    await client.open(uri.replace('pasted', 'pasted-misindented'), both);
    const again = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: uri.replace('pasted', 'pasted-misindented') }, options: { tabSize: 2, insertSpaces: true } });
    assert.deepEqual(again[0], edit('2:0', '2:0', '  '));
    assert.equal(again.length, 2);
    assert.equal(apply(both, again), apply(text, edits));
  });

  it('keeps the fine edits of a request with many when one edit over them would be more bytes', async () => {
    const uri = 'file:///tmp/graphreq-format-test/long-values.graphreq';
    // 20 members with long values, each indented one space too deep: 20 one-space deletions, against one edit of the whole body.
    const members = Array.from({ length: 20 }, (_, i) => `   "m${i}": "${'x'.repeat(200)}"`);
    const text = `POST /v23.0/act_1/adsets\n\n{\n${members.join(',\n')}\n}\n`;
    await client.open(uri, text);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    assert.deepEqual(edits, members.map((_, i) => edit(`${i + 3}:2`, `${i + 3}:3`, '')));
    assert.equal(apply(text, edits), text.replace(/\n {3}"/g, '\n  "'));
  });

  it('lays JSON out as Prettier within the print width of the document\'s .editorconfig, or of graphreq.format.printWidth', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-format-editorconfig-'));
    try {
      const text = `POST /v23.0/act_1/adsets\n\n{ "name": "Sale", "targeting": { "geo_locations": { "countries": ["US", "CA"] } } }\n`;
      const options = { tabSize: 2, insertSpaces: true };
      const file = path.join(dir, 'narrow.graphreq');
      fs.writeFileSync(file, text);
      const uri = pathToFileURL(file).href;
      await client.open(uri, text);
      // 84 columns: past Prettier's 80, so the outer object breaks and the rest fits.
      const wide = apply(text, await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options }));
      assert.equal(wide, `POST /v23.0/act_1/adsets\n\n{\n  "name": "Sale",\n  "targeting": { "geo_locations": { "countries": ["US", "CA"] } }\n}\n`);
      fs.writeFileSync(path.join(dir, '.editorconfig'), '[*.graphreq]\nmax_line_length = 40\n');
      const narrow = apply(text, await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options }));
      assert.equal(narrow, `POST /v23.0/act_1/adsets\n\n{\n  "name": "Sale",\n  "targeting": {\n    "geo_locations": {\n      "countries": ["US", "CA"]\n    }\n  }\n}\n`);
      // The setting wins over the file: at 100 columns the body is formatted as it is.
      client.settings = { format: { printWidth: 100 } };
      await client.notify('workspace/didChangeConfiguration', { settings: { graphreq: client.settings } });
      let edits: TextEdit[] = [];
      for (let i = 0; i < 100; i++) {
        edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options });
        if (edits.length === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.deepEqual(edits, []);
      client.settings = {};
      await client.notify('workspace/didChangeConfiguration', { settings: { graphreq: { format: { printWidth: null } } } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives no edit for a document that is already formatted', async () => {
    const uri = 'file:///tmp/graphreq-format-test/tidy.graphreq';
    await client.open(uri, `### Read\nGET /v23.0/1\n  ?fields=id\n\n### Create\nPOST /v23.0/act_1/adsets\n\n{\n  "name": "Sale",\n  "targeting": {\n    "countries": ["US"]\n  }\n}\n`);
    assert.deepEqual(await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }), []);
  });
});
