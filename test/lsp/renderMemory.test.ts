/**
 * The diagnostics renderer (lsp/diagnosticsRender.ts) keeps each page's bytes and where their line
 * numbers are, not each request's bytes as well (a second copy of every diagnostic and an ArrayBuffer
 * per request), nor each request's diagnostics as text with holes for its lines (a third copy, in the
 * heap). Issue 26: the server's memory on a file of ten thousand requests with findings. What it
 * renders stays the JSON of the document's diagnostics, after edits too.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { allFindings, buildFileContext, documentText, parseDocument, ValidationCache, positionAt, updateDocument, validateByBlock, validateDocument, type GraphreqDocument } from '../../server/src/core';
import { ALL_EXTRAS, toDiagnostic, type DiagnosticExtras } from '../../server/src/lsp/convert';
import { DiagnosticsRenderer } from '../../server/src/lsp/diagnosticsRender';
import { model } from '../helpers';
import { repoRoot } from './lspClient';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const FINDINGS = fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'findings-300.graphreq'), 'utf8');
const ENV = { variables: {} };
/** What the VS Code client is sent (it adds `source` and the rule links itself), a client without rule links, and one that declares nothing. */
const VSCODE: DiagnosticExtras = { source: false, link: false, related: true, tags: true };
const PLAIN: DiagnosticExtras = { source: true, link: false, related: true, tags: true };
const BARE: DiagnosticExtras = { source: true, link: false, related: false, tags: false };

function rendered(doc: GraphreqDocument, renderer: DiagnosticsRenderer): { bytes: number; json: unknown[] } {
  const { diagnostics } = renderer.render(doc, validateByBlock(doc, buildFileContext(doc, ENV), { env: ENV, model }));
  const bytes = diagnostics.chunks.reduce((n, c) => n + c.length + 1, 1);
  return { bytes, json: JSON.parse(`[${diagnostics.chunks.map((c) => Buffer.from(c).toString('utf8')).join(',')}]`) as unknown[] };
}

/** What a full check gives, as the renderer writes it (code, severity, range). */
function expected(doc: GraphreqDocument, withoutHints: boolean): string[] {
  return validateDocument(doc, { env: ENV, model })
    .filter((f) => !withoutHints || f.severity !== 'hint')
    .map((f) => JSON.stringify([f.code, positionAt(doc, f.span.start), positionAt(doc, f.span.end)]))
    .sort();
}
const actual = (json: unknown[]): string[] => (json as Array<{ code: string; range: { start: unknown; end: unknown } }>).map((d) => JSON.stringify([d.code, d.range.start, d.range.end])).sort();

describe('the diagnostics renderer', () => {
  /**
   * What a renderer alone holds once it has rendered 1,200 requests' diagnostics (as on the findings
   * file): the memory it leaves when it goes, in the heap and in array buffers, and the bytes it sends.
   */
  async function held(): Promise<{ heap: number; arrayBuffers: number; message: number }> {
    const doc = parseDocument(FINDINGS.repeat(4));
    const v = validateByBlock(doc, buildFileContext(doc, ENV), { env: ENV, model });
    const kept = async (): Promise<{ heap: number; arrayBuffers: number }> => {
      gc();
      // Array buffers are counted free once swept, after the collection.
      await new Promise((resolve) => setTimeout(resolve, 20));
      gc();
      return { heap: process.memoryUsage().heapUsed, arrayBuffers: process.memoryUsage().arrayBuffers };
    };
    let renderer: DiagnosticsRenderer | undefined = new DiagnosticsRenderer('file:///tmp/findings.graphreq', VSCODE);
    const message = renderer.render(doc, v).diagnostics.chunks.reduce((n, c) => n + c.length, 0);
    assert.ok(message > 500_000, `a message of ${message} bytes`);
    const withIt = await kept();
    renderer = undefined;
    const without = await kept();
    return { heap: withIt.heap - without.heap, arrayBuffers: withIt.arrayBuffers - without.arrayBuffers, message };
  }

  it('keeps about one copy of the diagnostics bytes, not one per page and one per request', async () => {
    const { arrayBuffers, message } = await held();
    assert.ok(arrayBuffers < message * 1.3, `the renderer keeps ${arrayBuffers} bytes of array buffers for a message of ${message}`);
  });

  it('keeps, in all, little more than the bytes of the diagnostics it sends', async () => {
    const { heap, arrayBuffers, message } = await held();
    // 1.1-1.2 times, up to 1.8 in a full `npm test` (the heap's own bookkeeping moves with what ran before);
    // with a template per request as well (its text, and arrays of its parts and lines) 3.6 times.
    assert.ok(heap + arrayBuffers < message * 2.5, `the renderer keeps ${heap + arrayBuffers} bytes for a message of ${message}`);
  });

  it('renders every diagnostic in its place, with and without hints, after an edit that moves the lines below', () => {
    for (const withoutHints of [false, true]) {
      const renderer = new DiagnosticsRenderer('file:///tmp/findings.graphreq', VSCODE, withoutHints);
      let doc = parseDocument(FINDINGS);
      assert.deepEqual(actual(rendered(doc, renderer).json), expected(doc, withoutHints));
      const at = FINDINGS.indexOf('"name": "', Math.floor(FINDINGS.length / 2)) + 9;
      doc = updateDocument(doc, at, at, 'x\n\n');
      assert.deepEqual(actual(rendered(doc, renderer).json), expected(doc, withoutHints));
      doc = updateDocument(doc, 10, 10, '\n');
      assert.deepEqual(actual(rendered(doc, renderer).json), expected(doc, withoutHints));
    }
  });

  it('writes the same bytes as each diagnostic converted alone, after requests are added and removed above others', () => {
    const uri = 'file:///tmp/findings.graphreq';
    for (const [links, withoutHints] of [[ALL_EXTRAS, false], [PLAIN, false], [VSCODE, true], [BARE, false]] as const) {
      const renderer = new DiagnosticsRenderer(uri, links, withoutHints);
      // Checked with a cache, as the server checks: the requests not edited keep their results, whose bytes the renderer copies.
      const cache = new ValidationCache();
      const text = FINDINGS.repeat(2);
      let doc = parseDocument(text);
      const same = (): void => {
        const v = validateByBlock(doc, buildFileContext(doc, ENV), { env: ENV, model, cache });
        const want = allFindings(v)
          .filter((f) => !withoutHints || f.severity !== 'hint')
          .map((f) => JSON.stringify(toDiagnostic({ uri, parse: doc }, f, links)))
          .join(',');
        assert.equal(renderer.render(doc, v).diagnostics.chunks.map((c) => Buffer.from(c).toString('utf8')).join(','), want);
      };
      same();
      // A request added in the first page (the pages below find their requests one place further), then two more, then one removed.
      const first = text.indexOf('\n###', 2000) + 1;
      const added = '### added\nGET /v19.0/me?fields=idd\n\n';
      doc = updateDocument(doc, first, first, added);
      same();
      doc = updateDocument(doc, first, first, '### a2\nGET /v19.0/me?fields=nam\n\n### a3\nPOST /v19.0/act_1/adsets\n{"nme": 1}\n\n');
      same();
      const next = documentText(doc).indexOf('\n###', first + 5) + 1;
      doc = updateDocument(doc, first, next, '');
      same();
    }
  });
});
