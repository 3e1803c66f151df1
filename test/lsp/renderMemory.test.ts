/**
 * The diagnostics renderer (lsp/diagnosticsRender.ts) keeps each page's bytes and each request's
 * template, not each request's bytes as well: those were a second copy of every diagnostic and an
 * ArrayBuffer per request (issue 26: the server's memory on a file of ten thousand requests with
 * findings). What it renders stays the JSON of the document's diagnostics, after edits too.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildFileContext, parseDocument, positionAt, updateDocument, validateByBlock, validateDocument, type GraphreqDocument } from '../../server/src/core';
import { DiagnosticsRenderer } from '../../server/src/lsp/diagnosticsRender';
import { model } from '../helpers';
import { repoRoot } from './lspClient';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const FINDINGS = fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'findings-300.graphreq'), 'utf8');
const ENV = { variables: {} };

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
  it('keeps about one copy of the diagnostics bytes, not one per page and one per request', () => {
    // 1,200 requests with findings, as on the findings file.
    const doc = parseDocument(FINDINGS.repeat(4));
    const v = validateByBlock(doc, buildFileContext(doc, ENV), { env: ENV, model });
    gc();
    const before = process.memoryUsage().arrayBuffers;
    const renderer = new DiagnosticsRenderer('file:///tmp/findings.graphreq', 'none');
    const { diagnostics } = renderer.render(doc, v);
    gc();
    const kept = process.memoryUsage().arrayBuffers - before;
    const message = diagnostics.chunks.reduce((n, c) => n + c.length, 0);
    assert.ok(message > 500_000, `a message of ${message} bytes`);
    assert.ok(kept < message * 1.3, `the renderer keeps ${kept} bytes of array buffers for a message of ${message}`);
    assert.ok(renderer && diagnostics);
  });

  it('renders every diagnostic in its place, with and without hints, after an edit that moves the lines below', () => {
    for (const withoutHints of [false, true]) {
      const renderer = new DiagnosticsRenderer('file:///tmp/findings.graphreq', 'none', withoutHints);
      let doc = parseDocument(FINDINGS);
      assert.deepEqual(actual(rendered(doc, renderer).json), expected(doc, withoutHints));
      const at = FINDINGS.indexOf('"name": "', Math.floor(FINDINGS.length / 2)) + 9;
      doc = updateDocument(doc, at, at, 'x\n\n');
      assert.deepEqual(actual(rendered(doc, renderer).json), expected(doc, withoutHints));
      doc = updateDocument(doc, 10, 10, '\n');
      assert.deepEqual(actual(rendered(doc, renderer).json), expected(doc, withoutHints));
    }
  });
});
