/**
 * Finds where each request block starts: at offset 0, and at every line whose first non-blank
 * characters are `###`. A JSON body can never contain such a line (JSON strings cannot span lines),
 * so this scan needs no knowledge of bodies and runs at memory speed on very large files.
 */
export function findBlockStarts(text: string): number[] {
  const starts = [0];
  let pos = 0;
  const n = text.length;
  while (pos < n) {
    let p = pos;
    let c = text.charCodeAt(p);
    while (c === 32 || c === 9) c = text.charCodeAt(++p);
    if (c === 35 && text.charCodeAt(p + 1) === 35 && text.charCodeAt(p + 2) === 35 && pos !== 0) starts.push(pos);
    const nl = text.indexOf('\n', pos);
    if (nl < 0) break;
    pos = nl + 1;
  }
  return starts;
}
