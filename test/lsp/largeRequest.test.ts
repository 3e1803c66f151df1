/**
 * One request too large for a slice (issue 20, item 4): a body of a megabyte and tens of thousands of
 * undocumented parameters is checked on the desktop server's worker thread (lsp/checkWorker.ts), so
 * a hover on another request, sent with the document or with a keystroke in that body, is answered
 * before the body's diagnostics; a pull cancelled while the worker checks answers RequestCancelled.
 * The slices of diagnostics.ts cut only between requests: without the worker the whole body is
 * checked before the hover is read. Over stdio, asserting the order of the answers, never time.
 *
 * A hover, a quick fix or fix all inside that body is answered by the worker too (lsp/largeBlocks.ts):
 * a hover on another request sent behind it is answered first.
 *
 * And the worker finds what the server's thread finds: with every request sent to it
 * (GRAPHREQ_CHECK_WORKER_MIN=1), the findings file gives its golden diagnostics, and its quick fixes
 * and hovers are those of a server without the worker.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Message } from 'vscode-languageserver-protocol/node';
import { goldenLines } from '../core/findingsGolden.test';
import { publishedFor, pullCancelledBehindHover, RawServer, serverForSuite } from './rawServer';

const MEMBERS = 30_000;
const BIG = `### big\nPOST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Big",\n${Array.from({ length: MEMBERS }, (_, i) => `  "undocumented_parameter_${i}": ${i}`).join(',\n')}\n}\n\n### other\nGET /v23.0/120200000000000002?fields=id,name\n`;
const URI = 'file:///tmp/graphreq-large-request/big.graphreq';
const OTHER_LINE = BIG.split('\n').findIndex((l) => l.startsWith('GET '));

const hoverElsewhere = (server: RawServer, uri = URI) => server.request('textDocument/hover', { textDocument: { uri }, position: { line: OTHER_LINE, character: 40 } });
const diagnosticsOf = publishedFor;
const keystroke = (version: number): object => ({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri: URI, version }, contentChanges: [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: ' ' }] } });
/** A line of the body: `  "undocumented_parameter_3": 3,`. */
const BODY_LINE = 8;
const itemsOf = (m: Message): Array<{ code: string; severity: number; range: { start: { line: number; character: number }; end: { line: number; character: number } } }> =>
  (m as unknown as { params: { diagnostics: never[] } }).params.diagnostics;

describe('a request too large for a slice', () => {
  describe('pushed diagnostics', () => {
    let server: RawServer;
    serverForSuite({}, (s) => (server = s));

    it('a hover on another request, sent with the document, is answered before the large body\'s diagnostics', async () => {
      assert.ok(BIG.length > 512 * 1024, 'the body is larger than the worker\'s threshold');
      const hover = hoverElsewhere(server);
      server.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'graphreq', version: 1, text: BIG } } }, hover.message);
      const answer = await server.answer(hover.id);
      assert.ok(answer.result, 'a hover on the other request');
      const published = await server.waitFor(diagnosticsOf(URI, 1));
      assert.ok(server.received.indexOf(answer) < server.received.indexOf(published), 'the hover waited for the body\'s check');
      const items = itemsOf(published);
      assert.equal(items.length, 1001, 'the first 1,000 findings and REQ-CHECK-LIMIT');
      assert.ok(items.some((d) => d.code === 'REQ-CHECK-LIMIT'));
    });

    it('a hover sent with a keystroke in the large body is answered before that version\'s diagnostics', async () => {
      const hover = hoverElsewhere(server);
      const change = { jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: ' ' }] } };
      server.send(change, hover.message);
      const answer = await server.answer(hover.id);
      const published = await server.waitFor(diagnosticsOf(URI, 2));
      assert.ok(server.received.indexOf(answer) < server.received.indexOf(published), 'the hover waited for the body\'s check');
      assert.equal(itemsOf(published).length, 1001);
    });
  });

  describe('inside the large body, sent with a keystroke in it', () => {
    let server: RawServer;
    serverForSuite({}, (s) => (server = s).send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'graphreq', version: 1, text: BIG } } }));

    /** Sends a keystroke in the body, `request`, and a hover on another request behind it: the hover must be answered first. */
    async function answeredAfterHoverElsewhere(version: number, request: { id: number; message: object }): Promise<unknown> {
      const other = hoverElsewhere(server);
      server.send(keystroke(version), request.message, other.message);
      const [answer, hovered] = [await server.answer(request.id), await server.answer(other.id)];
      assert.ok(server.received.indexOf(hovered) < server.received.indexOf(answer), 'it was answered on the server\'s thread before the hover sent behind it');
      await server.waitFor(diagnosticsOf(URI, version));
      return answer.result;
    }

    it('a hover', async () => {
      const hover = server.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: BODY_LINE, character: 5 } });
      const result = (await answeredAfterHoverElsewhere(2, hover)) as { contents: { value: string }; range: { start: { line: number } } };
      assert.match(result.contents.value, /REQ-UNKNOWN-PARAM/);
      assert.equal(result.range.start.line, BODY_LINE);
    });

    it('a quick fix', async () => {
      // The body's one finding with a fix: the creation names no campaign (on the request line).
      const action = server.request('textDocument/codeAction', { textDocument: { uri: URI }, range: { start: { line: 1, character: 5 }, end: { line: 1, character: 6 } }, context: { diagnostics: [] } });
      const result = (await answeredAfterHoverElsewhere(3, action)) as Array<{ kind: string; title: string; edit?: { changes: Record<string, unknown[]> } }>;
      const fixes = result.filter((a) => a.kind === 'quickfix');
      assert.ok(fixes.length > 0 && fixes.every((a) => a.edit?.changes[URI].length), JSON.stringify(result).slice(0, 300));
    });

    it('fix all', async () => {
      const action = server.request('textDocument/codeAction', { textDocument: { uri: URI }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] } });
      assert.ok(Array.isArray(await answeredAfterHoverElsewhere(4, action)));
    });
  });

  describe('pulled diagnostics', () => {
    let server: RawServer;
    serverForSuite({ textDocument: { diagnostic: { dynamicRegistration: false } } }, (s) => (server = s).send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'graphreq', version: 1, text: BIG } } }));

    it('a pull cancelled while the worker checks the body answers RequestCancelled after the hover; the next pull gets the diagnostics', async () => {
      const report = await pullCancelledBehindHover(server, URI, hoverElsewhere(server));
      assert.equal(report.kind, 'full');
      assert.equal(report.items.length, 1001);
    });
  });

  describe('every request checked by the worker', () => {
    const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
    const text = fs.readFileSync(path.join(fixtures, 'findings-300.graphreq'), 'utf8');
    const golden = fs.readFileSync(path.join(fixtures, 'findings-300.golden.txt'), 'utf8').split('\n').filter(Boolean);
    const uri = 'file:///tmp/graphreq-large-request/findings.graphreq';
    const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];
    let worker: RawServer;
    let here: RawServer;
    before(async () => {
      // The golden is the file's own findings, without an account context (docs/format.md).
      const settings = { context: 'off' };
      worker = new RawServer({ env: { ...process.env, GRAPHREQ_CHECK_WORKER_MIN: '1' }, settings });
      here = new RawServer({ env: { ...process.env, GRAPHREQ_CHECK_WORKER_MIN: String(Number.MAX_SAFE_INTEGER) }, settings });
      for (const s of [worker, here]) {
        await s.initialize({ workspace: { configuration: true } });
        s.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'graphreq', version: 1, text } } });
      }
    });
    after(() => {
      worker.kill();
      here.kill();
    });

    it('gives the golden diagnostics of the findings file, and the same quick fixes as the server\'s thread', async () => {
      const published = await worker.waitFor(diagnosticsOf(uri, 1));
      const items = itemsOf(published);
      assert.deepEqual(goldenLines(items.map((d) => ({ code: String(d.code), severity: SEVERITY[d.severity], range: d.range }))), golden);
      assert.deepEqual(items, itemsOf(await here.waitFor(diagnosticsOf(uri, 1))), 'the same diagnostics, messages and data included');
      // Quick fixes over the whole file (deferred fixes computed on the server's thread when asked).
      const lines = text.split('\n').length;
      const ask = (s: RawServer) => s.request('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } }, context: { diagnostics: items.slice(0, 200) } });
      const [a, b] = [ask(worker), ask(here)];
      worker.send(a.message);
      here.send(b.message);
      const [fromWorker, fromHere] = [(await worker.answer(a.id)).result as unknown[], (await here.answer(b.id)).result as unknown[]];
      assert.ok(fromWorker.length > 20, `quick fixes offered: ${fromWorker.length}`);
      assert.deepEqual(fromWorker, fromHere);
    });

    it('gives the hovers of the server\'s thread', async () => {
      const items = itemsOf(await worker.waitFor(diagnosticsOf(uri, 1)));
      for (const d of items.filter((_, i) => i % 10 === 0).slice(0, 60)) {
        const ask = (s: RawServer) => s.request('textDocument/hover', { textDocument: { uri }, position: d.range.start });
        const [a, b] = [ask(worker), ask(here)];
        worker.send(a.message);
        here.send(b.message);
        const fromWorker = (await worker.answer(a.id)).result;
        assert.ok(fromWorker, `a hover at ${JSON.stringify(d.range.start)}`);
        assert.deepEqual(fromWorker, (await here.answer(b.id)).result);
      }
    });
  });
});
