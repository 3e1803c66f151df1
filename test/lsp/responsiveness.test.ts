/**
 * The language server stays responsive while it checks a large document (issue 20, item 4): the
 * check runs in slices between which the server reads its messages, so a hover sent with the document
 * is answered before the document's diagnostics, and a `$/cancelRequest` stops the work of the request
 * it names (pull diagnostics, completion, hover, references, formatting) instead of letting it run
 * to the end. Over stdio, with the JSON-RPC messages written by hand so that a request and its
 * cancellation travel in one write, and assertions on the order of the answers, never on wall-clock
 * time (the machine may be loaded).
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cancelOf, publishedFor, pullCancelledBehindHover, RawServer, REQUEST_CANCELLED, serverForSuite } from './rawServer';

/** Requests with a few findings each: enough of them that checking them takes many slices on any machine. */
function largeDocument(requests: number): string {
  const one = (i: number): string =>
    `### ad set ${i}\nPOST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Set ${i}",\n  "campaign_id": "120200000000000001",\n  "daily_budget": 2000,\n  "billing_event": "IMPRESSIONS",\n  "optimization_goal": "REACH",\n  "status": "PAUSD",\n  "targeting": { "geo_locations": { "countries": ["us"] } },\n  "bid_amountt": 10\n}\n\n`;
  let text = '';
  for (let i = 0; i < requests; i++) text += one(i);
  return text + '### last\nGET /v23.0/120200000000000002?fields=id,name\n';
}

const TEXT = largeDocument(3000);
const LAST_LINE = TEXT.split('\n').length - 2;
const URI = 'file:///tmp/graphreq-responsiveness/large.graphreq';

const open = (version = 1): object => ({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'graphreq', version, text: TEXT } } });
const cancel = cancelOf;
const at = { textDocument: { uri: URI }, position: { line: LAST_LINE, character: 20 } };
const diagnosticsOf = (version: number) => publishedFor(URI, version);

describe('the language server while it checks a large document', () => {
  describe('pushed diagnostics', () => {
    let server: RawServer;
    serverForSuite({}, (s) => (server = s));

    it('answers a hover sent with the document before the document\'s diagnostics', async () => {
      const hover = server.request('textDocument/hover', at);
      server.send(open(), hover.message);
      const answer = await server.answer(hover.id);
      assert.ok(answer.result, 'a hover on the last request');
      const published = await server.waitFor(diagnosticsOf(1));
      assert.ok(server.received.indexOf(answer) < server.received.indexOf(published), 'the hover was answered after the whole check');
      const diagnostics = (published as unknown as { params: { diagnostics: unknown[] } }).params.diagnostics;
      assert.equal(diagnostics.length, 3000 * 3, 'every request has its three findings');
    });

    it('cancelled requests do no work: completion, hover, references and formatting answer RequestCancelled', async () => {
      const change = { jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }] } };
      const requests = [
        server.request('textDocument/completion', at),
        server.request('textDocument/hover', at),
        server.request('textDocument/references', { ...at, context: { includeDeclaration: true } }),
        server.request('textDocument/formatting', { textDocument: { uri: URI }, options: { tabSize: 2, insertSpaces: true } }),
      ];
      // Each request and its cancellation in one write, while the server checks the changed document.
      server.send(change, ...requests.flatMap((r) => [r.message, cancel(r.id)]));
      for (const r of requests) {
        const answer = await server.answer(r.id);
        assert.equal(answer.error?.code, REQUEST_CANCELLED, `${JSON.stringify(r.message).slice(0, 80)}: ${JSON.stringify(answer).slice(0, 200)}`);
      }
      await server.waitFor(diagnosticsOf(2));
    });
  });

  describe('pulled diagnostics', () => {
    let server: RawServer;
    serverForSuite({ textDocument: { diagnostic: { dynamicRegistration: false } } }, (s) => (server = s).send(open()));

    it('a pull cancelled while the document is checked stops with RequestCancelled; the next pull gets the diagnostics', async () => {
      // The pull starts; the hover is read at the end of its first slice, then the cancellation.
      const report = await pullCancelledBehindHover(server, URI, server.request('textDocument/hover', at));
      assert.equal(report.kind, 'full');
      assert.equal(report.items.length, 3000 * 3);
    });
  });
});
