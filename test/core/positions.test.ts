/**
 * Positions after an edit (issue 11): `updateDocument` hands the edited document its blocks' first
 * lines from the document before it (positions.ts, `carryStartLines`) instead of counting every
 * block's lines again. They must be the lines a fresh parse of the edited text gives.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { offsetAt, parseDocument, positionAt, positionWalker, updateDocument } from '../../server/src/core';

const pieces = fc.constantFrom('### a\n', 'GET /v23.0/1\n', '\n', '{ "a": 1 }\n', '@x = 1\n', 'x', '\r\n', '###\n', 'POST /v23.0/act_1/adsets\n\n{\n  "name": "n"\n}\n');
const text = fc.array(pieces, { minLength: 1, maxLength: 30 }).map((p) => p.join(''));

describe('positions after edits', () => {
  it('are those of a fresh parse of the edited text', () => {
    fc.assert(
      fc.property(text, fc.array(fc.tuple(fc.nat(), fc.nat(8), fc.array(pieces, { maxLength: 3 })), { minLength: 1, maxLength: 6 }), (start, edits) => {
        let current = start;
        let doc = parseDocument(current);
        for (const [at, removed, inserted] of edits) {
          // Positions asked for before the edit, so that the edit has first lines to carry over.
          positionAt(doc, 0);
          const s = at % (current.length + 1);
          const e = Math.min(current.length, s + removed);
          const ins = inserted.join('');
          doc = updateDocument(doc, s, e, ins);
          current = current.slice(0, s) + ins + current.slice(e);
          const fresh = parseDocument(current);
          for (let o = 0; o <= current.length; o += Math.max(1, Math.floor(current.length / 40))) {
            assert.deepEqual(positionAt(doc, o), positionAt(fresh, o), `offset ${o} of ${JSON.stringify(current)}`);
            const p = positionAt(fresh, o);
            assert.equal(offsetAt(doc, p), offsetAt(fresh, p));
          }
        }
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('found by a walk over offsets in order (positionWalker) are positionAt\'s, and so are offsets asked out of order', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 30 }), fc.boolean(), (src, picks, sorted) => {
        const doc = parseDocument(src);
        const offsets = picks.map((n) => n % (src.length + 2));
        if (sorted) offsets.sort((a, b) => a - b);
        const at = positionWalker(doc);
        for (const o of offsets) assert.deepEqual(at(o), positionAt(doc, o), `offset ${o} of ${JSON.stringify(src)}`);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
