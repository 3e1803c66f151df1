/**
 * Where imported requests go, decided without VS Code (so that it is unit-tested): the text pasted
 * at the cursor with the `###` separators the file needs around it, and whether an imported .http
 * file's .graphreq is written beside it, asked about first, or opened unsaved.
 */

/**
 * The text to insert at the cursor for imported requests: on a line of its own, with a `###` line
 * before it when requests or variables are above, and one after it when text follows, so the
 * requests around stay as they were.
 */
export function pasteText(before: string, after: string, imported: string): string {
  let text = imported.replace(/\s+$/, '') + '\n';
  if (before.trim()) {
    if (!text.startsWith('###')) text = `###\n${text}`;
    // A blank line between what is above and the separator.
    text = (before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n') + text;
  }
  if (after.trim()) {
    if (!after.replace(/^\s+/, '').startsWith('###')) text += '\n###\n';
    else if (!/^[ \t]*\r?\n/.test(after)) text += '\n';
  }
  return text;
}

/** `write`: no file of that name, write it; `ask`: one exists, replace only when the user says so; `untitled`: an unsaved document. */
export type ImportPlace = 'write' | 'ask' | 'untitled';

export interface ImportSituation {
  /** The .http file is inside a workspace folder of a trusted workspace (graphreq writes only there). */
  inTrustedWorkspace: boolean;
  /** What is at `name.graphreq` beside it now. */
  existing: 'none' | 'file' | 'other';
}

export function importPlace(s: ImportSituation): ImportPlace {
  if (!s.inTrustedWorkspace) return 'untitled';
  if (s.existing === 'none') return 'write';
  // A link or a folder of that name is never written through: the result opens unsaved.
  return s.existing === 'file' ? 'ask' : 'untitled';
}

/** `api.http` → `api.graphreq` (also `.rest`, any case). */
export function graphreqName(httpFile: string): string {
  return httpFile.replace(/\.(http|rest)$/i, '') + '.graphreq';
}
