/**
 * Each slice of a check (lsp/diagnostics.ts, `checkSlice`) checks at least one request, and its
 * SLICE_MS start once the file context is built: on a large document's first slice that build
 * (every variable and name of the file) took the budget, the deadline had passed before the first
 * request, and the slice checked nothing. In process; the file context's build is made slower than a
 * slice, so the test does not depend on the machine's speed.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Connection } from 'vscode-languageserver/node';
import { createLanguageService, type FileContext, type LanguageService } from '../../server/src/core';
import { Diagnostics } from '../../server/src/lsp/diagnostics';
import { DocumentStore, type DocumentState } from '../../server/src/lsp/documentStore';
import { SLICE_MS } from '../../server/src/lsp/runSafe';

const TEXT = Array.from({ length: 2000 }, (_, i) => `### r${i}\nGET /v23.0/me?n=${i}\n`).join('');
const ENV = { variables: {} };
const URI = 'file:///tmp/graphreq-first-slice/doc.graphreq';

describe('a slice of the check', () => {
  it('checks requests in its first slice even when building the file context takes longer than a slice', async () => {
    const checked: number[] = [];
    const real = createLanguageService();
    const ls: LanguageService = {
      ...real,
      validateByBlock: (...args) => {
        const v = real.validateByBlock(...args);
        checked.push(v.results.length);
        return v;
      },
    };
    const documents = new DocumentStore(ls);
    const contexts = new WeakMap<object, FileContext>();
    const fileContext = (s: DocumentState): FileContext => {
      let ctx = contexts.get(s.parse);
      if (!ctx) {
        // A file context that takes twice a slice to build, as a large document's does on a loaded machine.
        const until = performance.now() + 2 * SLICE_MS;
        while (performance.now() < until);
        contexts.set(s.parse, (ctx = ls.fileContext(s.parse, ENV)));
      }
      return ctx;
    };
    const diagnostics = new Diagnostics(null as unknown as Connection, ls, documents, { forDocument: () => ENV, invalidate: () => undefined }, (fn) => setImmediate(fn), () => undefined, fileContext);
    const state = documents.open(URI, 'graphreq', 1, TEXT);
    const done = await diagnostics.checkInSlices(state);
    assert.equal(done?.validation.complete, true);
    assert.ok(checked[0] > 0, `the first slice checked ${checked[0]} requests (slices: ${checked.join(', ')})`);
  });
});
