/**
 * The line of each heading of a Markdown file of docs/, by its anchor (`#req-version-format`,
 * `#2-create-an-ad-set`): links into docs/ name anchors, which VS Code's editor cannot follow (a
 * `file:` link with `#anchor` opens the 134 KB rules.md at line 1), while a `#L<line>` fragment
 * opens the file at that line. Anchors as GitHub and the Markdown preview compute them (the one
 * rule of server/build/generateApiIndex.mjs); a repeated anchor gets `-1`, `-2`; headings inside
 * fenced code blocks are not headings. Plain module (no 'vscode' import), so unit tests can load it.
 */

export function headingLines(markdown: string): Map<string, number> {
  const out = new Map<string, number>();
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (!m) return;
    const text = m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const anchor = text.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
    let unique = anchor;
    for (let n = 1; out.has(unique); n++) unique = `${anchor}-${n}`;
    out.set(unique, i);
  });
  return out;
}

/** The `L<line>` fragment (1-based) of `anchor` in a file whose headings are `lines`, or undefined when it names no heading. */
export function lineFragment(lines: ReadonlyMap<string, number>, anchor: string): string | undefined {
  let name = anchor;
  try {
    name = decodeURIComponent(anchor);
  } catch {
    // Not percent-encoded text: the anchor as written.
  }
  const line = lines.get(name.toLowerCase());
  return line === undefined ? undefined : `L${line + 1}`;
}
