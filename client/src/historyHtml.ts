/**
 * The history view's page: the workspace's past exchanges, newest first, each with when it came
 * (and how long ago), its status, the request and the file it came from; one opens in the response
 * view, marked as old. Pure (no 'vscode' import).
 */
import { escapeHtml } from './htmlText';
import { formatAgo, page } from './responseHtml';

export interface HistoryRow {
  /** `<folder index>:<entry id>`: what the view asks to open. */
  key: string;
  savedAt: string;
  file: string | null;
  label: string;
  method: string;
  url: string;
  status: number | null;
  failure: string | null;
}

/** An hour: an exchange older than this is marked old in the list. */
export const OLD_AFTER_MS = 3600_000;

export function renderHistoryPage(rows: HistoryRow[], o: { nonce: string; cspSource: string; now: number }): string {
  const list = rows.map((r) => {
    const at = Date.parse(r.savedAt);
    const old = Number.isFinite(at) && o.now - at > OLD_AFTER_MS;
    const status = r.status !== null ? String(r.status) : 'not sent';
    const cls = r.status === null ? 'failure' : r.status >= 200 && r.status < 300 ? 'ok' : 'client-error';
    return `<tr class="history-row${old ? ' old' : ''}">
      <td class="when" title="${escapeHtml(Number.isFinite(at) ? new Date(at).toLocaleString() : '')}">${escapeHtml(Number.isFinite(at) ? new Date(at).toLocaleTimeString() : '')}<div class="muted">${escapeHtml(Number.isFinite(at) ? formatAgo(o.now - at) : '')}${old ? ' · old' : ''}</div></td>
      <td><span class="status ${cls}">${escapeHtml(status)}</span></td>
      <td><b>${escapeHtml(r.label)}</b><div class="request-line"><span class="method">${escapeHtml(r.method)}</span> <span class="url">${escapeHtml(r.url)}</span></div>${r.failure ? `<div class="muted">${escapeHtml(r.failure)}</div>` : ''}</td>
      <td class="muted">${escapeHtml(r.file ?? 'unsaved file')}</td>
      <td><button data-command="open" data-id="${escapeHtml(r.key)}">Open</button></td>
    </tr>`;
  });
  const body = rows.length
    ? `<div class="actions"><button data-command="clear" title="Remove every saved response of the workspace">Clear history</button><span class="muted">${rows.length} exchange${rows.length === 1 ? '' : 's'}, newest first; tokens are never kept.</span></div>
       <table class="history" id="history">${list.join('')}</table>`
    : '<p class="muted" id="history-empty">No exchanges in the history yet: send a request (Ctrl+Alt+R) and it is kept here (setting graphreq.history.enabled).</p>';
  return page('GraphReq history', `<h2>History</h2>${body}`, o);
}
