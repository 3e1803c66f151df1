/**
 * Fuzzing the language server over stdio: random and mutated documents and edit sequences. The server
 * must answer every request, never crash, never hang, and keep every range inside the document.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { CompletionList, Hover, Range } from 'vscode-languageserver-protocol';
import { exampleFiles, examplesDir } from '../examples';
import { LspClient, repoRoot } from './lspClient';

const files = exampleFiles().map((f) => fs.readFileSync(path.join(examplesDir, f), 'utf8'));
// All examples in one document too: with more than a few requests, edits take the incremental path.
const examples = [...files, files.join('\n')];
const pieces = ['###', '\n', '{', '}', '[', ']', '"', ':', ',', '?', '&', '=', '{{', '}}', '#', '@', ' ', 'POST ', 'GET ', '/v23.0/', 'act_', 'fields=', 'messages.source(', ')', '.limit(', 'é', '🇫🇷', '\r\n', '\t', '//', '/*'];

/** Offsets → positions of a text, as the server counts them (UTF-16). */
function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

function inside(text: string, r: Range): boolean {
  const lines = text.split('\n');
  const ok = (p: { line: number; character: number }): boolean => p.line >= 0 && p.line < lines.length && p.character >= 0 && p.character <= lines[p.line].length;
  return ok(r.start) && ok(r.end);
}

describe('language server fuzz', () => {
  const client = new LspClient();
  before(async () => {
    await client.initialize();
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0, client.stderr);
  });

  const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 12 }), insert: fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 8 })) });

  it('survives random edit sequences on the examples', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...examples), fc.array(edit, { minLength: 1, maxLength: 12 }), async (start, edits) => {
        const uri = `file:///fuzz/doc${n++}.graphreq`;
        let text = start;
        await client.open(uri, text);
        let version = 1;
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          const end = Math.min(text.length, at + e.remove);
          const range = { start: positionAt(text, at), end: positionAt(text, end) };
          text = text.slice(0, at) + e.insert + text.slice(end);
          const d = await client.change(uri, ++version, [{ range, text: e.insert }]);
          for (const diag of d.diagnostics) assert.ok(inside(text, diag.range), `diagnostic ${JSON.stringify(diag.range)} outside the document`);
        }
        // The parse after incremental edits must equal a fresh parse of the same text. The fresh copy
        // sits in another folder: beside the edited one, each would name the other's requests a second time (REQ-AMBIGUOUS-NAME).
        const fresh = `file:///fuzz-fresh/fresh${n}.graphreq`;
        const full = await client.open(fresh, text);
        const incremental = client.diagnostics.get(uri)!;
        assert.deepEqual(incremental.diagnostics.map((x) => [x.code, x.range]), full.diagnostics.map((x) => [x.code, x.range]));
        const at = positionAt(text, Math.floor(text.length / 2));
        const [completion, hover] = await Promise.all([
          client.request<CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: at }),
          client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: at }),
        ]);
        for (const item of completion?.items ?? []) if (item.textEdit && 'range' in item.textEdit) assert.ok(inside(text, item.textEdit.range));
        if (hover?.range) assert.ok(inside(text, hover.range));
        await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
        await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: fresh } });
      }),
      { numRuns: 80, seed: 7 },
    );
  });

  it('survives random text', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 6 })), { maxLength: 80 }), async (parts) => {
        const text = parts.join('');
        const uri = `file:///fuzz/random${n++}.graphreq`;
        const d = await client.open(uri, text);
        for (const diag of d.diagnostics) assert.ok(inside(text, diag.range));
        const symbols = await client.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
        assert.ok(Array.isArray(symbols));
        await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
      }),
      { numRuns: 150, seed: 11 },
    );
    assert.deepEqual(client.logs.filter((l) => /failed:/.test(l)), []);
  });
});
