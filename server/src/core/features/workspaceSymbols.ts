/**
 * Workspace symbols: the requests of a file by their `###` title and their `# @name`, for the
 * editor's "Go to Symbol in Workspace". The host runs this over every .graphreq file of the
 * workspace (opened or not) and gathers the results.
 */
import type { GraphreqDocument } from '../syntax/ast';
import type { Span } from '../types';
import { getDocumentSymbols } from './structure';

export interface WorkspaceSymbol {
  /** The title, else `@name`, else the request line. */
  name: string;
  /** The request line, and its name when it has a title. */
  detail?: string;
  /** The request line (where the editor puts the cursor). */
  span: Span;
}

export function getWorkspaceSymbols(doc: GraphreqDocument, query: string): WorkspaceSymbol[] {
  const out: WorkspaceSymbol[] = [];
  for (const s of getDocumentSymbols(doc)) {
    const name = s.requestName ? `@${s.requestName}` : undefined;
    // A request matches by its title or by its name, so `create` finds "Create a paused ad set" and `# @name create`.
    if (query && !matches(query, s.name) && !(name && matches(query, name)) && !(s.detail && matches(query, s.detail))) continue;
    out.push({ name: s.name, detail: s.name === name ? s.detail : [name, s.detail].filter(Boolean).join(' · ') || undefined, span: s.selection });
  }
  return out;
}

/**
 * The query's characters appear in order in the text, ignoring case, the first one at the start of a
 * word (`engmnt` finds "Engagement", `read` does not find "Create").
 */
export function matches(query: string, text: string): boolean {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (!q) return true;
  const t = text.toLowerCase();
  for (let start = t.indexOf(q[0]); start >= 0; start = t.indexOf(q[0], start + 1)) {
    if (start > 0 && /[a-z0-9]/.test(t[start - 1])) continue;
    let i = 1;
    for (let j = start + 1; j < t.length && i < q.length; j++) if (t[j] === q[i]) i++;
    if (i === q.length) return true;
  }
  return false;
}
