/**
 * A finding's fixes are computed when first read (core/features/deferredFixes.ts): diagnostics never
 * pay for them. What a reader gets must be what computing them at once gives, at block and document
 * offsets alike, and a reader of findings (a spread, JSON, a deep comparison) must see them too.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { allFindings, createLanguageService, parseDocument, validateByBlock, validateDocument } from '../../server/src/core';
import { buildFileContext } from '../../server/src/core/analysis/fileContext';
import { fixesDeferred } from '../../server/src/core/features/deferredFixes';
import { locatorOptions } from '../../server/src/core/features/locate';
import type { Finding } from '../../server/src/core/types';
import { model } from '../helpers';

const text = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'findings-300.graphreq'), 'utf8');
const env = { variables: {} };

function withDeferral<T>(on: boolean, fn: () => T): T {
  locatorOptions.deferFixes = on;
  try {
    return fn();
  } finally {
    locatorOptions.deferFixes = true;
  }
}

/** Each finding with its fixes, as JSON (which reads `fixes` like any reader). */
const json = (findings: Finding[]): string[] => findings.map((f) => JSON.stringify(f));

describe('fixes computed when read', () => {
  it('defers them: after the check, findings with fixes still have them to compute', () => {
    const findings = withDeferral(true, () => validateDocument(parseDocument(text), { env, model }));
    const deferred = findings.filter(fixesDeferred);
    assert.ok(deferred.length > 100, `only ${deferred.length} findings deferred their fixes`);
    // A read computes them once and keeps them.
    const f = deferred[0];
    const first = f.fixes;
    assert.ok(first && first.length > 0);
    assert.equal(fixesDeferred(f), false);
    assert.equal(f.fixes, first);
  });

  it('gives what computing them at once gives, at document offsets', () => {
    const eager = withDeferral(false, () => validateDocument(parseDocument(text), { env, model }));
    assert.ok(eager.every((f) => !fixesDeferred(f)));
    const lazy = withDeferral(true, () => validateDocument(parseDocument(text), { env, model }));
    assert.deepEqual(json(lazy), json(eager));
    assert.ok(eager.filter((f) => f.fixes?.length).length > 100, 'the fixture has fixes to compare');
  });

  it('gives the same fixes through a spread and a deep comparison as at once', () => {
    const eager = withDeferral(false, () => validateDocument(parseDocument(text), { env, model }));
    const lazy = withDeferral(true, () => validateDocument(parseDocument(text), { env, model }));
    assert.deepStrictEqual(
      lazy.map((f) => ({ ...f })),
      eager.map((f) => ({ ...f })),
    );
  });

  it('keeps them deferred when findings move to document offsets, then shifts them when read', () => {
    const doc = parseDocument(text);
    const v = withDeferral(true, () => validateByBlock(doc, buildFileContext(doc, env), { env, model }));
    const shifted = allFindings(v);
    const moved = shifted.filter((f, i) => fixesDeferred(f) && f.span.start > 0 && i > 0);
    assert.ok(moved.length > 0, 'no deferred finding at a document offset');
    // Every edit of a fix falls inside the finding's own request, at document offsets.
    for (const f of moved) {
      const block = doc.blocks.find((b) => b.offset <= f.span.start && f.span.start <= b.offset + b.text.length)!;
      for (const fix of f.fixes ?? []) for (const e of fix.edits) assert.ok(e.span.start >= block.offset && e.span.end <= block.offset + block.text.length, `${f.code}: ${fix.title} edits outside its request`);
    }
  });

  it('a hover on findings computes none of their fixes (issue 20: a body of megabytes checked again)', () => {
    const ls = createLanguageService({ model });
    const doc = ls.parse(text);
    const file = buildFileContext(doc, env);
    const findings = allFindings(validateByBlock(doc, file, { env, model }));
    const deferred = findings.filter(fixesDeferred);
    const hovered = [deferred[0], deferred[deferred.length - 1]];
    for (const f of hovered) {
      const h = ls.getHover(doc, f.span.start, file, findings);
      assert.ok(h?.contents.includes(f.code), `the hover explains ${f.code}`);
    }
    assert.ok(hovered.every(fixesDeferred), 'a hover read the fixes');
  });
});
