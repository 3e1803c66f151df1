/**
 * "Did you mean" (core/rules/suggest.ts): the search prunes candidates by cheap lower bounds and stops
 * the distance table past the best score so far (issue 20: 100,000 undocumented parameters asked as
 * many questions). The answers must be those of the plain search: every candidate's full distance,
 * the first of the lowest, within the limit.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { closest, distance } from '../../server/src/core/rules/suggest';

/** Optimal string alignment distance, the textbook table. */
function plainDistance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i]);
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The search as it was before the bounds: every candidate scored in full. */
function plainClosest(input: string, candidates: readonly string[]): string | undefined {
  const lower = input.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const other = c.toLowerCase();
    if (other === lower) return c;
    const gap = Math.abs(lower.length - other.length);
    const d = gap > 8 ? gap : plainDistance(lower, other);
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  const limit = input.length <= 4 ? 1 : Math.max(2, Math.floor(input.length / 3));
  return bestScore <= limit ? best : undefined;
}

// Few letters, so that names are often close to each other; lengths on both sides of every bound.
const name = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_', 'A', 'é'), minLength: 0, maxLength: 30 });
// Never empty: the memo keys a list by its names joined, and `[]` and `[""]` would be one key.
const candidate = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_', 'A', 'é'), minLength: 1, maxLength: 30 });

describe('suggestions', () => {
  it('bounded distance: exact within the bound, past it otherwise', () => {
    fc.assert(
      fc.property(name, name, fc.nat(12), (a, b, bound) => {
        const exact = plainDistance(a, b);
        assert.equal(distance(a, b), exact);
        const bounded = distance(a, b, bound);
        if (exact <= bound) assert.equal(bounded, exact);
        else assert.ok(bounded > bound, `${a} ${b}: ${bounded} for ${exact} at most ${bound}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('closest answers what the plain search answers', () => {
    fc.assert(
      fc.property(name, fc.uniqueArray(candidate, { maxLength: 12 }), (input, candidates) => {
        // A fresh array each time: the memo of answers is keyed by the list.
        assert.equal(closest(input, [...candidates]), plainClosest(input, candidates));
      }),
      { numRuns: 3000 },
    );
  });
});
