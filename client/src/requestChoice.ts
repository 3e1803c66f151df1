/**
 * Which request a send means when the cursor is given: the request whose lines hold the cursor, or,
 * with the cursor outside every request (a header comment, the variable preamble, the blank lines
 * between requests), none: the user is asked, the file's requests offered nearest first. Sending
 * "the next request" from a comment once created an ad set nobody meant to create (issue 21).
 * Plain module (no 'vscode' import), so unit tests can load it.
 */

export interface RequestSpan {
  /** The request block's index (as in the CodeLens arguments). */
  index: number;
  /** First and last line of the request (its `###` line to its last non-blank line). */
  startLine: number;
  endLine: number;
  label: string;
  detail?: string;
}

export type RequestAtCursor = { index: number } | { choices: RequestSpan[] };

/** The request under `line`, else every request ordered by distance from `line` (ties: the one below first, then document order). */
export function requestAtLine(requests: readonly RequestSpan[], line: number): RequestAtCursor {
  const inside = requests.filter((r) => r.startLine <= line && line <= r.endLine).sort((a, b) => b.startLine - a.startLine)[0];
  if (inside) return { index: inside.index };
  const distance = (r: RequestSpan): number => (line < r.startLine ? r.startLine - line : line - r.endLine);
  const choices = requests
    .map((r, order) => ({ r, order }))
    .sort((a, b) => distance(a.r) - distance(b.r) || (a.r.startLine > line ? -1 : 0) - (b.r.startLine > line ? -1 : 0) || a.order - b.order)
    .map(({ r }) => r);
  return { choices };
}
