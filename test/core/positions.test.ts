/**
 * Positions after an edit (issue 11): `updateDocument` hands the edited document its blocks' first
 * lines from the document before it (positions.ts, `carryStartLines`) instead of counting every
 * block's lines again. They must be the lines a fresh parse of the edited text gives, and those of
 * the whole text's line feeds. The first lines come from the split that found the blocks (issue 20):
 * a position below a large body reads none of its lines.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { offsetAt, parseDocument, positionAt, positionWalker, updateDocument, type GraphreqDocument } from '../../server/src/core';
import { normalizeLineBreaks } from '../../server/src/core/syntax/parseDocument';

/** The position of `offset` counted over the whole text, as a client counts it (a lone CR is a break). */
function wholeTextPosition(text: string, offset: number): { line: number; character: number } {
  const before = normalizeLineBreaks(text).slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
}

const pieces = fc.constantFrom('### a\n', 'GET /v23.0/1\n', '\n', '{ "a": 1 }\n', '@x = 1\n', 'x', '\r\n', '###\n', 'POST /v23.0/act_1/adsets\n\n{\n  "name": "n"\n}\n');
const text = fc.array(pieces, { minLength: 1, maxLength: 30 }).map((p) => p.join(''));

describe('positions after edits', () => {
  it('are those of a fresh parse of the edited text', () => {
    fc.assert(
      fc.property(text, fc.array(fc.tuple(fc.nat(), fc.nat(8), fc.array(pieces, { maxLength: 3 })), { minLength: 1, maxLength: 6 }), (start, edits) => {
        let current = start;
        let doc = parseDocument(current);
        for (const [at, removed, inserted] of edits) {
          const s = at % (current.length + 1);
          const e = Math.min(current.length, s + removed);
          const ins = inserted.join('');
          doc = updateDocument(doc, s, e, ins);
          current = current.slice(0, s) + ins + current.slice(e);
          const fresh = parseDocument(current);
          for (let o = 0; o <= current.length; o += Math.max(1, Math.floor(current.length / 40))) {
            assert.deepEqual(positionAt(doc, o), positionAt(fresh, o), `offset ${o} of ${JSON.stringify(current)}`);
            assert.deepEqual(positionAt(doc, o), wholeTextPosition(current, o), `offset ${o} of ${JSON.stringify(current)}`);
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

/** How many times the `String.prototype` methods `names` run during `fn`: the line map's scans use `indexOf` (and the walk `lastIndexOf`) for each line. */
function stringCalls(names: Array<'indexOf' | 'lastIndexOf'>, fn: () => void): number {
  const originals = names.map((name) => String.prototype[name]);
  let calls = 0;
  names.forEach((name, k) => {
    const original = originals[k] as (...args: unknown[]) => number;
    String.prototype[name] = function (this: string, ...args: unknown[]) {
      calls++;
      return original.apply(this, args);
    } as never;
  });
  try {
    fn();
  } finally {
    names.forEach((name, k) => (String.prototype[name] = originals[k] as never));
  }
  return calls;
}

const indexOfCalls = (fn: () => void): number => stringCalls(['indexOf'], fn);
const linesCalls = (fn: () => void): number => stringCalls(['indexOf', 'lastIndexOf'], fn);

describe('the line map of a document with a large body', () => {
  const members = Array.from({ length: 100_000 }, (_, i) => `  "p${i}": ${i}`).join(',\n');
  const text = `### big\nPOST /v23.0/act_1/adsets\n\n{\n${members}\n}\n\n### other\nGET /v23.0/1?fields=id,name\n`;
  const lastLine = text.split('\n').length - 2;
  const below = (doc: GraphreqDocument): void => {
    const offset = offsetAt(doc, { line: lastLine, character: 4 });
    assert.deepEqual(positionAt(doc, offset), { line: lastLine, character: 4 });
  };

  it('walks to the end of the body without reading the body\'s lines (counted back from the next request)', () => {
    // A request's findings are mostly on its body's last members: counting on from the request line read every line of the body.
    const doc = parseDocument(text);
    const offset = text.indexOf(`"p${99_998}"`);
    const at = positionWalker(doc);
    let found: { line: number; character: number } | undefined;
    assert.ok(linesCalls(() => (found = at(offset))) < 100);
    assert.deepEqual(found, positionAt(doc, offset));
    assert.deepEqual(at(offset + 3), positionAt(doc, offset + 3));
  });

  it('finds a position below the body without reading the body\'s lines (counted when the blocks were split)', () => {
    const doc = parseDocument(text);
    assert.ok(indexOfCalls(() => below(doc)) < 100);
    assert.equal(offsetAt(doc, { line: lastLine, character: 4 }), text.lastIndexOf('GET') + 4);
  });

  it('and after edits in the body and beside it', () => {
    let doc = parseDocument(text);
    let current = text;
    // A line break in the body, a line after the other request's heading, a member's name cut, two lines in the first heading.
    const edits: Array<[(t: string) => number, number, string]> = [[(t) => t.indexOf('"p5"'), 0, '\n'], [(t) => t.indexOf('### other\n') + 10, 0, '# note\n'], [(t) => t.indexOf('"p7"') + 1, 3, ''], [() => 5, 0, '\n\n']];
    for (const [where, removed, inserted] of edits) {
      const at = where(current);
      doc = updateDocument(doc, at, at + removed, inserted);
      current = current.slice(0, at) + inserted + current.slice(at + removed);
      const line = current.split('\n').length - 2;
      let offset = 0;
      assert.ok(indexOfCalls(() => (offset = offsetAt(doc, { line, character: 4 }))) < 100);
      assert.equal(offset, current.lastIndexOf('GET') + 4);
      assert.deepEqual(positionAt(doc, offset), wholeTextPosition(current, offset));
    }
  });
});
