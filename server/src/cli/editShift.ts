/**
 * Where offsets of a text land once edits are applied to it. `check --fix` fixes in rounds, each
 * on the text the round before left; a fix is reported at its line in the file the user ends up
 * with, so the place of every fix made is carried through the edits of the rounds after it.
 */
import type { TextEdit } from '../core';

export class EditShift {
  private readonly edits: TextEdit[];
  /** `shifts[i]`: how much longer the text before edit i's start has become through edits 0..i-1. */
  private readonly shifts: number[];

  /** `edits`: edits that do not overlap, as applyEdits (core/features/fixAll.ts) applies them. */
  constructor(edits: readonly TextEdit[]) {
    this.edits = [...edits].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
    this.shifts = [0];
    for (const e of this.edits) this.shifts.push(this.shifts[this.shifts.length - 1] + e.newText.length - (e.span.end - e.span.start));
  }

  /** Where text an edit writes at `offset` starts: after the edits that start before it. */
  start(offset: number): number {
    return this.land(offset, this.startingBefore(offset));
  }

  /**
   * Where the character at `offset` lands: after the edits before it and the insertions at it; a
   * character that an edit replaced lands where that edit's text starts.
   */
  after(offset: number): number {
    let k = this.startingBefore(offset);
    while (k < this.edits.length && this.edits[k].span.start === offset && this.edits[k].span.end === offset) k++;
    return this.land(offset, k);
  }

  /** `offset` moved by the first `k` edits, or to the start of the k-th edit's text when that edit covers it. */
  private land(offset: number, k: number): number {
    const covering = k > 0 ? this.edits[k - 1] : undefined;
    if (covering && covering.span.end > offset) return covering.span.start + this.shifts[k - 1];
    return offset + this.shifts[k];
  }

  /** How many edits start before `offset` (binary search). */
  private startingBefore(offset: number): number {
    let lo = 0;
    let hi = this.edits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.edits[mid].span.start < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
