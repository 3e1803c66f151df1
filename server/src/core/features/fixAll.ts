/**
 * "Fix all": the edits of every fix marked safe to apply unseen (`fixAll`), shared by the editor's
 * source.fixAll action and `graphreq check --fix`.
 *
 * A fix is applied whole or not at all, and the first finding wins where two fixes overlap (the
 * rule the user sees first is the one fixed). Both steps are O(n log n) in the number of edits, so
 * a file with hundreds of thousands of fixes is fixed in one pass: overlaps are found with a
 * prefix-maximum (Fenwick) tree over the edits' start offsets, and the text is rebuilt once.
 */
import type { Finding, TextEdit } from '../types';

/** The edits of the safe fixes, in document order, none overlapping another. */
export function fixAllEdits(findings: readonly Finding[]): TextEdit[] {
  return sortEdits(fixAllChoice(findings).flatMap((c) => c.edits));
}

/** The safe fixes chosen, each with its finding, in the findings' order. */
export function fixAllChoice(findings: readonly Finding[]): Array<{ finding: Finding; edits: TextEdit[] }> {
  const fixes: Array<{ finding: Finding; edits: TextEdit[] }> = [];
  for (const f of findings) {
    const fix = f.fixes?.find((x) => x.fixAll);
    if (fix && fix.edits.length) fixes.push({ finding: f, edits: fix.edits });
  }
  const starts = sortedUnique(fixes.flatMap((c) => c.edits.map((e) => e.span.start)));
  const kept = new KeptEdits(starts);
  return fixes.filter(({ edits }) => {
    if (edits.some((e) => kept.overlaps(e.span.start, e.span.end))) return false;
    for (const e of edits) kept.add(e.span.start, e.span.end);
    return true;
  });
}

/**
 * Applies edits that do not overlap, in one pass over the text. Edits at the same offset go in the
 * order given. `base`: the offset `text` starts at, when it is a piece of the text the edits' spans count in.
 */
export function applyEdits(text: string, edits: readonly TextEdit[], base = 0): string {
  const parts: string[] = [];
  let at = base;
  for (const e of sortEdits([...edits])) {
    parts.push(text.slice(at - base, e.span.start - base), e.newText);
    at = Math.max(at, e.span.end);
  }
  parts.push(text.slice(at - base));
  return parts.join('');
}

/** By start, then by end (an insertion before a replacement starting at the same offset); stable otherwise. */
function sortEdits(edits: TextEdit[]): TextEdit[] {
  return edits.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}

function sortedUnique(values: number[]): number[] {
  values.sort((a, b) => a - b);
  let n = 0;
  for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[n - 1]) values[n++] = values[i];
  values.length = n;
  return values;
}

/**
 * The edits kept so far. An edit [s, e) overlaps a kept one [a, b) when a < e and s < b (the test
 * the editor uses; an insertion touching a range's edge does not overlap it). So it overlaps one
 * exactly when the largest end among the kept edits starting before e is beyond s: a prefix maximum
 * over start offsets, which a Fenwick tree answers in O(log n).
 */
class KeptEdits {
  private readonly tree: Float64Array;

  constructor(private readonly starts: number[]) {
    this.tree = new Float64Array(starts.length + 1).fill(-1);
  }

  overlaps(s: number, e: number): boolean {
    // Kept starts strictly below e are the first `count` of the sorted starts.
    let i = lowerBound(this.starts, e);
    let max = -1;
    for (; i > 0; i -= i & -i) max = Math.max(max, this.tree[i]);
    return max > s;
  }

  add(a: number, b: number): void {
    for (let i = lowerBound(this.starts, a) + 1; i < this.tree.length; i += i & -i) if (this.tree[i] < b) this.tree[i] = b;
  }
}

/** The number of values in the sorted array below `x`. */
function lowerBound(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
