/** Converts between offsets and 0-based line/character positions (UTF-16, as LSP counts them). */
export class LineIndex {
  private readonly starts: number[];
  constructor(private readonly text: string) {
    const starts = [0];
    let i = text.indexOf('\n');
    while (i >= 0) {
      starts.push(i + 1);
      i = text.indexOf('\n', i + 1);
    }
    this.starts = starts;
  }
  get lineCount(): number {
    return this.starts.length;
  }
  positionAt(offset: number): { line: number; character: number } {
    offset = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - this.starts[lo] };
  }
  offsetAt(pos: { line: number; character: number }): number {
    if (pos.line >= this.starts.length) return this.text.length;
    if (pos.line < 0) return 0;
    const start = this.starts[pos.line];
    const next = pos.line + 1 < this.starts.length ? this.starts[pos.line + 1] : this.text.length;
    return Math.max(start, Math.min(start + pos.character, next));
  }
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))];
  }
}
