/**
 * The first page of an opened document's diagnostics leaves the server before the rest of the
 * document is checked (issue 26: first diagnostics of a file of ten thousand requests under a
 * second). vscode-jsonrpc's writer writes a message on a later turn of the event loop, and a pull's
 * reply is handed to it only once the handler's promise resolves: the check of the rest, started
 * at once, ran a slice (25 ms) before the first page was written. `Diagnostics` runs here in process
 * over the library's own connection, whose output stream notes when each message is written and
 * whether the language service was asked to check anything since the first page was rendered.
 */
import * as assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createConnection, StreamMessageReader, StreamMessageWriter, type Connection } from 'vscode-languageserver/node';
import { createLanguageService, type FileContext, type LanguageService } from '../../server/src/core';
import { Diagnostics, FIRST_PAGE, FIRST_PAGE_ABOVE } from '../../server/src/lsp/diagnostics';
import { DocumentStore, type DocumentState } from '../../server/src/lsp/documentStore';

/** Requests of one line each, each with one finding (an endpoint graphreq does not know). */
const TEXT = Array.from({ length: FIRST_PAGE_ABOVE + 1 }, (_, i) => `### r${i}\nGET /v23.0/me?n=${i}\n`).join('');
const ENV = { variables: {} };
const URI = 'file:///tmp/graphreq-first-page-write/doc.graphreq';

interface Events {
  /** What happened, in order: `check N` (a slice of the check, N requests checked so far), `written …` (a message written out). */
  log: string[];
}

/** A server's `Diagnostics` over a real connection; `ls.validateByBlock` calls are logged as `check`. */
function setUp(pull: boolean): { events: Events; input: PassThrough; diagnostics: Diagnostics; documents: DocumentStore; connection: Connection } {
  const events: Events = { log: [] };
  const real = createLanguageService();
  const ls: LanguageService = {
    ...real,
    validateByBlock: (...args) => {
      const v = real.validateByBlock(...args);
      events.log.push(`check ${v.results.length}`);
      return v;
    },
  };
  const input = new PassThrough();
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString('utf8');
      // The body of a message: its method or its id says which.
      if (text.startsWith('{')) events.log.push(`written ${/"method":"([^"]+)"/.exec(text)?.[1] ?? `reply ${/"id":(\d+)/.exec(text)?.[1]}`} ${text.length}`);
      done();
    },
  });
  const connection = createConnection(new StreamMessageReader(input), new StreamMessageWriter(output));
  const documents = new DocumentStore(ls);
  const inputs = { forDocument: () => ENV, invalidate: () => undefined };
  // One file context a parse, as the server keeps it (lsp/server.ts, `fileContextOf`).
  const contexts = new WeakMap<object, FileContext>();
  const fileContext = (s: DocumentState): FileContext => contexts.get(s.parse) ?? contexts.set(s.parse, ls.fileContext(s.parse, ENV)).get(s.parse)!;
  const diagnostics = new Diagnostics(connection, ls, documents, inputs, (fn) => setImmediate(fn), () => undefined, fileContext);
  const caps = pull ? { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport: true } } } : {};
  diagnostics.initialize(caps, undefined);
  connection.listen();
  return { events, input, diagnostics, documents, connection };
}

/**
 * The events up to the first page's write: slices of the check only, the last of which reached the
 * first page's requests; none went past them (the rest of the document waits for the write).
 */
function assertWrittenFirst(log: string[], first: string): void {
  const at = log.findIndex((e) => e.startsWith(first));
  assert.ok(at > 0, `no first page written: ${log.join(', ')}`);
  const before = log.slice(0, at);
  assert.ok(before.every((e) => e.startsWith('check ')), log.join(', '));
  assert.equal(before[before.length - 1], `check ${FIRST_PAGE}`, log.slice(0, at + 2).join(', '));
  assert.ok(log[at + 1]?.startsWith('check '), log.slice(0, at + 2).join(', '));
}

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = (): void => (condition() ? resolve() : void setImmediate(poll));
    poll();
  });
}

describe('the first page is written before the rest of the document is checked', { timeout: 60_000 }, () => {
  it('pushed', async () => {
    const { events, diagnostics, documents, connection } = setUp(false);
    documents.open(URI, 'graphreq', 1, TEXT);
    diagnostics.changed(URI);
    // The first page, then the whole set.
    await until(() => events.log.filter((e) => e.startsWith('written textDocument/publishDiagnostics')).length >= 2);
    assertWrittenFirst(events.log, 'written textDocument/publishDiagnostics');
    connection.dispose();
  });

  it('pulled', async () => {
    const { events, input, documents, connection } = setUp(true);
    documents.open(URI, 'graphreq', 1, TEXT);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'textDocument/diagnostic', params: { textDocument: { uri: URI } } });
    input.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    // The reply (the first page), then the refresh once the whole document is checked.
    await until(() => events.log.some((e) => e.startsWith('written workspace/diagnostic/refresh')));
    assertWrittenFirst(events.log, 'written reply 1');
    connection.dispose();
  });

  it('the first page holds the first FIRST_PAGE requests exactly: no slice goes past them', async () => {
    const { diagnostics, documents, connection } = setUp(false);
    const sent: number[] = [];
    // The diagnostics go as raw JSON (lsp/rawJson.ts), which stands for their array.
    connection.sendDiagnostics = async (p) => void sent.push((p.diagnostics as unknown as { toJSON(): unknown[] }).toJSON().length);
    documents.open(URI, 'graphreq', 1, TEXT);
    diagnostics.changed(URI);
    await until(() => sent.length >= 2);
    assert.deepEqual(sent, [FIRST_PAGE, FIRST_PAGE_ABOVE + 1]);
    connection.dispose();
  });
});
