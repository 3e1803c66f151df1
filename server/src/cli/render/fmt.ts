/**
 * What `graphreq fmt` prints: one line per file it formatted (or, with --check, per file that would
 * change), then a summary on stderr. Without colours the text is exactly the plain format.
 */
import { plural } from './check';
import { shownFile, type Style } from './style';

export function formattedLine(s: Style, file: string, check: boolean): string {
  return check ? `${shownFile(file)}\n` : `${s.green('formatted')} ${shownFile(file)}\n`;
}

export interface FmtCounts {
  files: number;
  changed: number;
  /** Files that would change but were not written (read-only, a link on the path, changed meanwhile): neither formatted nor already formatted. */
  unwritten: number;
  /** Files that could not be read or written, each already reported in its own line. */
  problems: number;
}

export function fmtSummary(s: Style, c: FmtCounts, check: boolean): string {
  const parts: string[] = [];
  if (check) {
    parts.push(c.changed ? s.yellow(`${plural(c.changed, 'file')} of ${c.files} would be reformatted (run graphreq fmt to format ${c.changed === 1 ? 'it' : 'them'})`) : `${plural(c.files, 'file')} already formatted`);
  } else {
    parts.push(`${plural(c.changed, 'file')} formatted, ${c.files - c.changed - c.unwritten} already formatted${c.unwritten ? `, ${c.unwritten} not written` : ''}`);
  }
  if (c.problems) parts.push(s.red(`${plural(c.problems, 'problem')} reported above`));
  return `${parts.join('; ')}\n`;
}
