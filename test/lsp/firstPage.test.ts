/**
 * A large document, opened, is sent the diagnostics of its first requests before the check of the
 * rest (issue 26: first diagnostics of a file of ten thousand requests; lsp/diagnostics.ts,
 * `FIRST_PAGE`): pushed, then pushed again in full for the same version; or pulled, answered with
 * the first page and followed by `workspace/diagnostic/refresh` once the whole document is checked.
 * Only before the document's first whole set: a later check (the whole text replaced) sends the whole
 * set only. Over stdio with the real JSON-RPC client.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic, DocumentDiagnosticReport, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { FIRST_PAGE, FIRST_PAGE_ABOVE } from '../../server/src/lsp/diagnostics';
import { suiteClient } from './lspClient';

/** Requests of one line each, every one with one finding (an endpoint graphreq does not know), on line 1 + 2 × index. */
function document(requests: number, tag = ''): string {
  const out: string[] = [];
  for (let i = 0; i < requests; i++) out.push(`### r${i}\nGET /v23.0/me?n=${i}${tag}\n`);
  return out.join('');
}
const REQUESTS = FIRST_PAGE_ABOVE + 1;
const TEXT = document(REQUESTS);
const SETTINGS = { context: 'off' };

/** The request index of each diagnostic, in the order sent. */
const requestsOf = (ds: Diagnostic[]): number[] => ds.map((d) => (d.range.start.line - 1) / 2);
const firstN = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** A first page: the diagnostics of the first requests, in order, at least FIRST_PAGE of them, not all. */
function assertFirstPage(ds: Diagnostic[]): void {
  assert.ok(ds.length >= FIRST_PAGE && ds.length < REQUESTS, `${ds.length} diagnostics`);
  assert.deepEqual(requestsOf(ds), firstN(ds.length));
}

// A server that never sends the rest would leave a test waiting: it fails after a minute instead.
describe('the first page of a large document\'s diagnostics', { timeout: 60_000 }, () => {
  describe('pushed', () => {
    const client = suiteClient(SETTINGS, (c) => c.initialize());

    it('publishes the first requests\' diagnostics, then all of them for the same version', async () => {
      const uri = 'file:///tmp/graphreq-first-page/push.graphreq';
      const first = await client.open(uri, TEXT);
      const whole = await client.nextDiagnostics(uri, 1);
      assertFirstPage(first.diagnostics);
      assert.deepEqual(requestsOf(whole.diagnostics), firstN(REQUESTS));
      assert.equal(whole.diagnostics[0].message, first.diagnostics[0].message);
    });

    it('sends the whole set only once the document has been sent it', async () => {
      const uri = 'file:///tmp/graphreq-first-page/replaced.graphreq';
      await client.open(uri, TEXT);
      await client.nextDiagnostics(uri, 1);
      // Every request changed: the whole document is checked again.
      const again: PublishDiagnosticsParams = await client.change(uri, 2, [{ text: document(REQUESTS, '&x=1') }]);
      assert.deepEqual(requestsOf(again.diagnostics), firstN(REQUESTS));
    });

    it('knows in the first page a variable defined at the end of the document', async () => {
      const uri = 'file:///tmp/graphreq-first-page/tail-variable.graphreq';
      // The first request reads `{{tail}}`, which only the document's last block defines.
      const text = `### r0\nGET /v23.0/me?fields={{tail}}\n${document(REQUESTS).slice('### r0\nGET /v23.0/me?n=0\n'.length)}###\n@tail = id\n`;
      const unknown = (ds: Diagnostic[]): Diagnostic[] => ds.filter((d) => d.code === 'REQ-UNKNOWN-VARIABLE');
      const first = await client.open(uri, text);
      assert.ok(first.diagnostics.length < REQUESTS, 'a first page');
      assert.deepEqual(unknown(first.diagnostics), []);
      // The same document with the definition left out: the first page reports the use.
      const without = 'file:///tmp/graphreq-first-page/tail-variable-missing.graphreq';
      const missing = await client.open(without, text.replace('###\n@tail = id\n', ''));
      assert.equal(unknown(missing.diagnostics).length, 1);
    });

    it('sends a smaller document whole', async () => {
      const uri = 'file:///tmp/graphreq-first-page/small.graphreq';
      const small = await client.open(uri, document(FIRST_PAGE_ABOVE));
      assert.equal(small.diagnostics.length, FIRST_PAGE_ABOVE);
    });
  });

  describe('pulled, with refresh support', () => {
    let refreshed: () => void = () => undefined;
    const client = suiteClient(SETTINGS, (c) => c.initializePulling(() => refreshed()));

    it('answers the first pull with the first page, asks for a pull again once checked, then answers all', async () => {
      const uri = 'file:///tmp/graphreq-first-page/pull.graphreq';
      const pull = (previousResultId?: string): Promise<DocumentDiagnosticReport> => client.pull(uri, previousResultId);
      const refresh = new Promise<void>((resolve) => (refreshed = resolve));
      await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text: TEXT } });
      const first = await pull();
      assert.ok(first.kind === 'full');
      assertFirstPage(first.items);
      await refresh;
      const whole = await pull(first.resultId);
      assert.ok(whole.kind === 'full');
      assert.deepEqual(requestsOf(whole.items), firstN(REQUESTS));
      assert.deepEqual(await pull(whole.resultId), { kind: 'unchanged', resultId: whole.resultId });
    });
  });

  describe('pulled, without refresh support', () => {
    const client = suiteClient(SETTINGS, (c) => c.initializePulling());

    it('answers the first pull with every diagnostic: the client would not ask again', async () => {
      const uri = 'file:///tmp/graphreq-first-page/pull-no-refresh.graphreq';
      await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text: TEXT } });
      const report = await client.pull(uri);
      assert.ok(report.kind === 'full');
      assert.deepEqual(requestsOf(report.items), firstN(REQUESTS));
    });
  });
});
