/** What `graphreq import` says on stderr: one line per thing not carried over, then a summary. */
import { plural } from './check';
import type { Style } from './style';

export function importNote(s: Style, input: string, note: string): string {
  return `${s.yellow('note')} ${input}: ${note}\n`;
}

export function importSummary(s: Style, requests: number, notes: number, out: string | undefined): string {
  const where = out ? ` into ${out}` : '';
  return `${s.green(`imported ${plural(requests, 'request')}`)}${where}${notes ? `; ${plural(notes, 'note')} above` : ''}\n`;
}

/** What a folder import did, for its summary line. */
export interface FolderImportCounts {
  /** .graphreq files written, and the requests in them. */
  files: number;
  requests: number;
  notes: number;
  /** Files not written because their .graphreq exists (no --force). */
  kept: number;
  /** Inputs with no request in them. */
  empty: number;
}

export function folderImportSummary(s: Style, c: FolderImportCounts, out: string | undefined): string {
  const parts = [s.green(`imported ${plural(c.requests, 'request')} into ${plural(c.files, '.graphreq file')}`) + (out ? ` in ${out}` : ' beside their .http files')];
  if (c.kept) parts.push(s.yellow(`${plural(c.kept, 'existing file')} not replaced (add --force)`));
  if (c.empty) parts.push(`${plural(c.empty, 'file')} without requests`);
  if (c.notes) parts.push(`${plural(c.notes, 'note')} above`);
  return parts.join('; ') + '\n';
}
