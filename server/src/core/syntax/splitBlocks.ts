/**
 * Where each request block starts: at offset 0, and at every line whose first non-blank characters
 * are `###`. A JSON body can never contain such a line (JSON strings cannot span lines), so this
 * scan needs no knowledge of bodies and runs at memory speed on very large files.
 *
 * The scan visits every line anyway, so it also says on which line each block starts: the document's
 * line map (positions.ts) then never counts a block's lines again, and a hover below a body of
 * 100,000 lines reads no line of that body (issue 20).
 */
export interface BlockSplit {
  /** The offset each block starts at (the first is 0). */
  starts: number[];
  /** The line each block starts on (0-based, counted in line feeds). */
  lines: number[];
  /** The line feeds in the whole text. */
  lineBreaks: number;
}

export function splitBlocks(text: string): BlockSplit {
  const starts = [0];
  const lines = [0];
  let pos = 0;
  let line = 0;
  const n = text.length;
  while (pos < n) {
    let p = pos;
    let c = text.charCodeAt(p);
    while (c === 32 || c === 9) c = text.charCodeAt(++p);
    if (c === 35 && text.charCodeAt(p + 1) === 35 && text.charCodeAt(p + 2) === 35 && pos !== 0) {
      starts.push(pos);
      lines.push(line);
    }
    const nl = text.indexOf('\n', pos);
    if (nl < 0) break;
    pos = nl + 1;
    line++;
  }
  return { starts, lines, lineBreaks: line };
}

export function findBlockStarts(text: string): number[] {
  return splitBlocks(text).starts;
}
