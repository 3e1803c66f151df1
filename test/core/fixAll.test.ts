/**
 * "Fix all" (core/features/fixAll.ts): the same choice of fixes as the obvious quadratic algorithm
 * (first finding wins, a fix is kept whole or dropped), computed in O(n log n), and applied in one
 * pass. Speed is measured in the stress suite (test/stress/), not here.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyEdits, fixAllEdits, parseDocument, validateDocument, type Finding, type TextEdit } from '../../server/src/core';
import { model } from '../helpers';

/** The reference: check every new edit against every kept one. */
function reference(findings: Finding[]): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const f of findings) {
    const fix = f.fixes?.find((x) => x.fixAll);
    if (!fix) continue;
    if (fix.edits.some((e) => edits.some((o) => e.span.start < o.span.end && o.span.start < e.span.end))) continue;
    edits.push(...fix.edits);
  }
  return edits;
}

/** Applies edits one by one from the end, as the old code did (distinct starts only, so the order is unambiguous). */
function applyFromEnd(text: string, edits: TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}

const key = (e: TextEdit): string => `${e.span.start}-${e.span.end}:${e.newText}`;

function finding(edits: Array<[number, number, string]>, fixAll = true): Finding {
  return { code: 'X', severity: 'error', message: 'm', span: { start: edits[0]?.[0] ?? 0, end: edits[0]?.[1] ?? 0 }, fixes: [{ title: 't', fixAll, edits: edits.map(([start, end, newText]) => ({ span: { start, end }, newText })) }] };
}

describe('fix all', () => {
  it('keeps the first of two overlapping fixes, and a fix whole or not at all', () => {
    const findings = [finding([[2, 5, 'A']]), finding([[4, 6, 'B'], [10, 11, 'C']]), finding([[10, 12, 'D']]), finding([[0, 1, 'E']], false)];
    assert.deepEqual(fixAllEdits(findings).map(key), ['2-5:A', '10-12:D']);
  });

  it('treats an insertion at the edge of a replacement as no overlap, and inside it as one', () => {
    const findings = [finding([[3, 6, 'R']]), finding([[6, 6, 'after']]), finding([[3, 3, 'before']]), finding([[4, 4, 'inside']])];
    const edits = fixAllEdits(findings);
    assert.deepEqual(edits.map(key), ['3-3:before', '3-6:R', '6-6:after']);
    assert.equal(applyEdits('0123456789', edits), '012beforeRafter6789');
  });

  it('chooses exactly the edits of the quadratic reference on random fixes', () => {
    const edit = fc.tuple(fc.nat(60), fc.nat(8), fc.string({ maxLength: 3 })).map(([s, len, t]) => [s, s + len, t] as [number, number, string]);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.array(edit, { minLength: 1, maxLength: 3 }), fc.boolean()), { maxLength: 40 }), (specs) => {
        const findings = specs.map(([edits, fixAll]) => finding(edits, fixAll));
        assert.deepEqual(fixAllEdits(findings).map(key).sort(), reference(findings).map(key).sort());
      }),
      { numRuns: 500 },
    );
  });

  it('applies edits in one pass to the same text as applying them one by one', () => {
    const text = 'abcdefghijklmnopqrstuvwxyz0123456789';
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(text.length - 1), { maxLength: 12 }), fc.array(fc.string({ maxLength: 4 }), { minLength: 12, maxLength: 12 }), (starts, texts) => {
        // Disjoint replacements: each runs to at most the next start.
        const sorted = [...starts].sort((a, b) => a - b);
        const edits = sorted.map((s, i) => ({ span: { start: s, end: Math.min(s + 2, sorted[i + 1] ?? text.length) }, newText: texts[i] }));
        assert.equal(applyEdits(text, edits), applyFromEnd(text, edits));
        // To a piece of the text (from `base` on) that holds the edits: that piece of the result.
        const base = sorted.length ? sorted[0] : 0;
        const end = edits.length ? edits[edits.length - 1].span.end : text.length;
        const whole = applyFromEnd(text, edits);
        assert.equal(applyEdits(text.slice(base, end), edits, base), whole.slice(base, whole.length - (text.length - end)));
      }),
      { numRuns: 300 },
    );
  });

  it('fixes a file with thousands of fixable requests in one pass', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `### r${i}\nGET /v23.0/12020000000000${String(i).padStart(4, '0')}?date_preset=lifetime\n`).join('\n');
    const findings = validateDocument(parseDocument(text), { env: { variables: {} }, model });
    const edits = fixAllEdits(findings);
    assert.equal(edits.length, 2000);
    const fixed = applyEdits(text, edits);
    assert.equal((fixed.match(/date_preset=maximum/g) ?? []).length, 2000);
    assert.equal(fixed.includes('lifetime'), false);
  });
});
