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
