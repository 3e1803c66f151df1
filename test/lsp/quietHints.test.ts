/**
 * Hints of a large document wait while it is typed in (issue 26, item 2; lsp/diagnostics.ts,
 * `QUIET_MS`): a keystroke is answered with the errors and warnings alone, and every hint follows once
 * typing stops: pushed again for the same version, or, for a pulling client with refresh support,
 * asked for through `workspace/diagnostic/refresh`. A document with fewer hints, and a pulling client
 * without refresh support, get every hint each time. Over stdio with the real JSON-RPC client.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { parseDocument, positionAt, validateDocument } from '../../server/src/core';
import { HOLD_HINTS_ABOVE } from '../../server/src/lsp/diagnostics';
import { model } from '../helpers';
import { suiteClient, type LspClient } from './lspClient';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
const ONE = fs.readFileSync(path.join(fixtures, 'findings-300.graphreq'), 'utf8');
/** The findings file three times over: 1,173 hints, past HOLD_HINTS_ABOVE. */
const TEXT = [ONE, ONE, ONE].join('\n###\n');
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];
const SETTINGS = { context: 'off' };

/** What a full check of `text` reports (code, severity, range, message), hints left out when asked. */
function expected(text: string, hints: boolean): string[] {
  const doc = parseDocument(text);
  return validateDocument(doc, { env: { variables: {} }, model })
    .filter((f) => hints || f.severity !== 'hint')
    .map((f) => JSON.stringify([f.code, f.severity, positionAt(doc, f.span.start), positionAt(doc, f.span.end), f.message]))
    .sort();
}
const actual = (ds: Diagnostic[]): string[] => ds.map((d) => JSON.stringify([d.code, SEVERITY[d.severity!], d.range.start, d.range.end, d.message])).sort();

/** A letter typed into a name in the middle of the document, and the text after it. */
function typed(text: string): { change: object; text: string } {
  const at = text.indexOf('"name": "', Math.floor(text.length / 2)) + 9;
  const pos = positionAt(parseDocument(text), at);
  return { change: { range: { start: pos, end: pos }, text: 'x' }, text: text.slice(0, at) + 'x' + text.slice(at) };
}

const uriOf = (name: string): string => `file:///tmp/graphreq-quiet-hints/${name}.graphreq`;

/** Opens TEXT in a pulling client and pulls it once: every diagnostic, hints included. */
async function openPulled(client: LspClient, name: string) {
  const uri = uriOf(name);
  const pull = (previousResultId?: string): Promise<DocumentDiagnosticReport> => client.pull(uri, previousResultId);
  await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text: TEXT } });
  const first = await pull();
  assert.ok(first.kind === 'full');
  assert.deepEqual(actual(first.items), expected(TEXT, true));
  return { uri, pull, first };
}

describe('hints of a large document wait while it is typed in', () => {
  it('the test document has more hints than the limit', () => {
    const hints = expected(TEXT, true).length - expected(TEXT, false).length;
    assert.ok(hints >= HOLD_HINTS_ABOVE, `${hints} hints`);
    assert.ok(expected(ONE, true).length - expected(ONE, false).length < HOLD_HINTS_ABOVE, 'the findings file alone has fewer');
  });

  describe('pushed', () => {
    const client = suiteClient(SETTINGS, (c) => c.initialize());

    it('sends every hint on open, the errors and warnings alone on a keystroke, then every hint for the same version', async () => {
      const uri = uriOf('push');
      const opened = await client.open(uri, TEXT);
      assert.deepEqual(actual(opened.diagnostics), expected(TEXT, true));
      const edit = typed(TEXT);
      const quiet = await client.change(uri, 2, [edit.change]);
      assert.deepEqual(actual(quiet.diagnostics), expected(edit.text, false));
      const whole = await client.nextDiagnostics(uri, 2);
      assert.deepEqual(actual(whole.diagnostics), expected(edit.text, true));
    });

    it('sends every hint of a document with fewer hints on each keystroke', async () => {
      const uri = uriOf('push-small');
      await client.open(uri, ONE);
      const edit = typed(ONE);
      const d = await client.change(uri, 2, [edit.change]);
      assert.deepEqual(actual(d.diagnostics), expected(edit.text, true));
    });
  });

  describe('pulled, with refresh support', () => {
    let refreshed: () => void = () => undefined;
    const client = suiteClient(SETTINGS, (c) => c.initializePulling(() => refreshed()));

    it('answers a pull after a keystroke without hints, asks the client to pull again once typing stops, then answers every hint', async () => {
      const { uri, pull, first } = await openPulled(client, 'pull');
      const edit = typed(TEXT);
      const refresh = new Promise<void>((resolve) => (refreshed = resolve));
      await client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [edit.change] });
      const quiet = await pull(first.resultId);
      assert.ok(quiet.kind === 'full');
      assert.deepEqual(actual(quiet.items), expected(edit.text, false));
      await refresh;
      const whole = await pull(quiet.resultId);
      assert.ok(whole.kind === 'full');
      assert.deepEqual(actual(whole.items), expected(edit.text, true));
      assert.notEqual(whole.resultId, quiet.resultId);
      assert.deepEqual(await pull(whole.resultId), { kind: 'unchanged', resultId: whole.resultId });
    });
  });

  describe('pulled, without refresh support', () => {
    const client = suiteClient(SETTINGS, (c) => c.initializePulling());

    it('answers every hint after a keystroke: the client would not know to ask again', async () => {
      const { uri, pull, first } = await openPulled(client, 'pull-no-refresh');
      const edit = typed(TEXT);
      await client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [edit.change] });
      const next = await pull(first.resultId);
      assert.ok(next.kind === 'full');
      assert.deepEqual(actual(next.items), expected(edit.text, true));
    });
  });
});
