/**
 * Lone surrogates are found by the engine's `isWellFormed` first and the regular expression only in
 * text that has one (core/syntax/loneSurrogate.ts): both paths must find the same offsets as a plain
 * scan of the code units.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { loneSurrogateOffsets } from '../../server/src/core/syntax/loneSurrogate';

/** The reference: every code unit that is half of a pair without its other half. */
function scan(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else out.push(i);
    } else if (c >= 0xdc00 && c <= 0xdfff) out.push(i);
  }
  return out;
}

/** Text of ASCII, pairs and halves of pairs, so that every case (paired, lone high, lone low) is drawn. */
const units = fc.array(fc.constantFrom('a', '{', '"', '\ud83d\ude00', '\ud800', '\udc00', '\udbff', '\udfff', 'é'), { maxLength: 40 }).map((xs) => xs.join(''));

describe('lone surrogates', () => {
  it('finds what a scan of the code units finds, with and without the engine test', () => {
    const own = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    fc.assert(fc.property(units, (s) => assert.deepEqual(loneSurrogateOffsets(s, 1000), scan(s))), { seed: 26, numRuns: 500 });
    try {
      // A host without `isWellFormed` (an older browser): the regular expression alone.
      if (own) delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
      fc.assert(fc.property(units, (s) => assert.deepEqual(loneSurrogateOffsets(s, 1000), scan(s))), { seed: 26, numRuns: 500 });
    } finally {
      if (own) Object.defineProperty(String.prototype, 'isWellFormed', own);
    }
  });

  it('stops at the limit it is given', () => {
    assert.deepEqual(loneSurrogateOffsets('\ud800a\ud800b\ud800', 2), [0, 2]);
    assert.deepEqual(loneSurrogateOffsets('plain text, well formed \ud83d\ude00', 5), []);
  });
});
