/**
 * `check --fix`'s rounds (cli/check.ts fixInRounds): each round fixes the text the last one left,
 * and the rounds stop at FIX_ROUNDS even when every round finds something more to fix (fixes
 * that undo each other, or a rule whose fix always leaves another), so a file can never loop.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIX_ROUNDS, fixInRounds } from '../../server/src/cli/check';
import { parseDocument, type DocumentValidation, type GraphreqDocument } from '../../server/src/core';

const TEXT = 'GET /v23.0/me\n';

/** A check that always finds one safe fix: append `x` to the text. */
function endlessFix(doc: GraphreqDocument): DocumentValidation {
  const end = doc.length;
  const finding = { code: 'TEST-ENDLESS', severity: 'error' as const, message: 'one more', span: { start: 0, end: 0 }, fixes: [{ title: 'x', edits: [{ span: { start: end, end }, newText: 'x' }], fixAll: true }] };
  return { doc, results: [], cross: [finding], complete: true, signature: '' };
}

describe('check --fix rounds', () => {
  it('stop at the bound when every round has more to fix, and say the text did not settle', () => {
    const doc = parseDocument(TEXT);
    let checks = 0;
    const rounds = fixInRounds('a.graphreq', TEXT, doc, endlessFix(doc), (d) => {
      checks++;
      return endlessFix(d);
    });
    assert.equal(rounds.text, 'GET /v23.0/me\n' + 'x'.repeat(FIX_ROUNDS));
    assert.equal(rounds.applied.length, FIX_ROUNDS);
    assert.equal(checks, FIX_ROUNDS);
    assert.equal(rounds.settled, undefined);
  });

  it('stop at the first round that changes nothing, with that round\'s findings', () => {
    const doc = parseDocument(TEXT);
    const clean: DocumentValidation = { doc, results: [], cross: [], complete: true, signature: '' };
    const rounds = fixInRounds('a.graphreq', TEXT, doc, clean, () => assert.fail('nothing was fixed: no round to check'));
    assert.equal(rounds.text, TEXT);
    assert.equal(rounds.settled, clean);
  });

  it('report each fix at its line in the final text, past the lines later rounds add above it', () => {
    // Round one changes `b` on line 2; round two, seeing the `B`, writes two lines above it.
    const text = 'a\nb\n';
    const fixOnce = (doc: GraphreqDocument): DocumentValidation => {
      const whole = doc.blocks.map((b) => b.text).join('');
      const at = whole.indexOf('b');
      const top = !whole.startsWith('#');
      const edits = at >= 0 ? [{ span: { start: at, end: at + 1 }, newText: 'B' }] : top ? [{ span: { start: 0, end: 0 }, newText: '# 1\n# 2\n' }] : [];
      const finding = { code: at >= 0 ? 'TEST-B' : 'TEST-TOP', severity: 'error' as const, message: 'fix', span: { start: 0, end: 0 }, fixes: edits.length ? [{ title: 'fix', edits, fixAll: true }] : [] };
      return { doc, results: [], cross: [finding], complete: true, signature: '' };
    };
    const doc = parseDocument(text);
    const rounds = fixInRounds('a.graphreq', text, doc, fixOnce(doc), fixOnce);
    assert.equal(rounds.text, '# 1\n# 2\na\nB\n');
    assert.deepEqual(
      rounds.applied.map((a) => [a.code, a.line, a.before, a.after]),
      [
        ['TEST-B', 4, 'b', 'B'],
        ['TEST-TOP', 1, '', '# 1\n# 2\n'],
      ],
    );
  });
});
