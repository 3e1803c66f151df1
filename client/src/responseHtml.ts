/**
 * HTML of the response view and the usage view (webviews). Pure functions of the send results the
 * server returned: no 'vscode' import, so unit tests can render them. Everything shown passes
 * through the redactor first, and through HTML escaping.
 */
import { blockedUntilMs, headerList, highestPercent, limitingLabel, regainMinutes, requestLabel, usageFigures, type SendResult, type UsageModel } from './sendModel';
import { DEFAULT_THRESHOLDS, formatCountdown, formatMinutes, formatPercent, usageLevel, type Thresholds } from './usagePresentation';
import type { Redactor } from './redact';
import type { UsageNow } from '../../server/src/core/send/recentUsage';

export interface PageOptions {
  /** Nonce of the page's one script (Content-Security-Policy). */
  nonce: string;
  /** webview.cspSource. */
  cspSource: string;
  redactor: Redactor;
  thresholds?: Thresholds;
  environment?: string;
  /** The address the requests went to. */
  target?: string;
  now: number;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 408: 'Request Timeout', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway',
  503: 'Service Unavailable', 504: 'Gateway Timeout',
};

export function escapeHtml(s: unknown): string {
  return String(s ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function statusClass(r: SendResult): string {
  if (r.failure?.kind === 'cancelled') return 'cancelled';
  if (r.status === null) return 'failure';
  if (r.status >= 200 && r.status < 300) return 'ok';
  if (r.status >= 400 && r.status < 500) return 'client-error';
  return 'server-error';
}

function statusLabel(r: SendResult): string {
  if (r.failure?.kind === 'cancelled') return 'Cancelled';
  if (r.status === null) return r.failure?.kind === 'rate-limited' ? 'Held back' : 'No response';
  return `${r.status} ${r.statusText || STATUS_TEXT[r.status] || ''}`.trim();
}

/** The whole response page: one section per result (send all gives several). */
export function renderResponsePage(results: SendResult[], o: PageOptions): string {
  const safe = results.map((r) => o.redactor.redactValue(r));
  const open = (i: number): boolean => safe.length <= 3 || i === safe.length - 1;
  const sections = safe.map((r, i) => renderResult(r, i, safe.length > 1, open(i), o)).join('\n');
  const title = safe.length === 1 ? statusLabel(safe[0]) : `${safe.length} responses`;
  return page(`GraphReq response: ${title}`, sections || '<p class="muted">No response yet.</p>', o);
}

function renderResult(r: SendResult, i: number, many: boolean, open: boolean, o: PageOptions): string {
  const version = r.version?.text
    ? `${r.version.text} <span class="muted">(${r.version.source === 'path' ? 'from the path' : 'environment default'})</span>`
    : r.version ? '<span class="muted">none: the app\'s default applies</span>' : '';
  const summary = `
    <div class="summary">
      <span class="status ${statusClass(r)}" data-status="${escapeHtml(r.status ?? '')}">${escapeHtml(statusLabel(r))}</span>
      <span class="metric" title="Time"><span class="k">Time</span> <span class="time">${escapeHtml(formatDuration(r.durationMs))}</span>${r.attempts > 1 ? ` <span class="muted">(${r.attempts} attempts)</span>` : ''}</span>
      <span class="metric" title="Body size"><span class="k">Size</span> <span class="size">${escapeHtml(formatSize(r.size))}</span></span>
      ${renderUsageBadge(r.usage, o)}
      ${version ? `<span class="metric"><span class="k">Version</span> ${version}</span>` : ''}
      <span class="metric"><span class="k">Env</span> ${escapeHtml(o.environment ?? '(none)')}</span>
      ${o.target ? `<span class="metric target"><span class="k">Sent to</span> ${escapeHtml(o.target)}</span>` : ''}
    </div>
    <div class="request-line"><span class="method">${escapeHtml(r.request?.method ?? '')}</span> <span class="url">${escapeHtml(r.request?.url ?? '')}</span></div>
    <div class="actions">
      <button data-command="save" data-index="${i}" title="Save the response body to a file">Save response</button>
      <button data-command="curl" data-index="${i}" title="Copy the request as a curl command; the token is read from $GRAPHREQ_ACCESS_TOKEN"${r.curl ? '' : ' disabled'}>Copy as cURL</button>
      <button data-command="history" data-index="${i}" title="Open this response in the history">Open in history</button>
    </div>`;
  const parts = [summary];
  if (r.failure) {
    const retry = r.failure.retryAt ? ` Access should return at ${escapeHtml(new Date(r.failure.retryAt).toLocaleTimeString())}.` : '';
    parts.push(`<div class="error-box failure"><div class="error-title">${escapeHtml(FAILURE_TITLE[r.failure.kind] ?? 'Not sent')}</div><div>${escapeHtml(r.failure.message)}${retry}</div></div>`);
  }
  for (const w of r.warnings ?? []) parts.push(`<div class="warning">⚠ ${escapeHtml(w)}</div>`);
  if (r.error) parts.push(renderError(r.error));
  parts.push(details('Usage', 'usage', renderUsageTables(r.usage, o), true));
  const headers = headerList(r.headers);
  parts.push(details(`Headers <span class="muted">(${headers.length})</span>`, 'headers', headers.length
    ? `<table class="headers">${headers.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`
    : '<p class="muted">No headers.</p>', false));
  parts.push(details('Body', 'body', renderBody(r), true));
  const inner = parts.join('\n');
  if (!many) return `<section class="result" data-index="${i}">${inner}</section>`;
  return `<details class="result" data-index="${i}"${open ? ' open' : ''}><summary class="result-title">${escapeHtml(`${i + 1}. ${requestLabel(r)}`)} — ${escapeHtml(statusLabel(r))}</summary>${inner}</details>`;
}

const FAILURE_TITLE: Record<string, string> = {
  build: 'Not sent: the request could not be built',
  insecure: 'Not sent: the token would travel insecurely',
  'no-token': 'Not sent: no access token',
  'rate-limited': 'Held back: a rate limit would refuse this call',
  timeout: 'Timed out',
  refused: 'Connection refused',
  reset: 'Connection reset',
  network: 'Network error',
  cancelled: 'Cancelled',
};

/**
 * A decoded error: its title once (with the code), the explanation written for the user (what
 * happened, with the service's message and the fields at fault), what to do, and the guidance the
 * service gave the end user when it gave some. Notes about the documents are not here: they are
 * in docs/rules.md (ERR-CODES).
 */
function renderError(e: NonNullable<SendResult['error']>): string {
  const code = [e.code !== null ? `code ${e.code}` : '', e.subcode !== null ? `subcode ${e.subcode}` : ''].filter(Boolean).join(', ');
  // The service's own guidance, unless it only repeats the title or the explanation.
  const forUser = [e.userTitle, e.userMessage].filter((x): x is string => !!x && x !== e.title && !(e.explanation ?? '').includes(x)).join(': ');
  const facts = [e.type, e.fbtraceId ? `fbtrace_id ${e.fbtraceId}` : '', e.doc ? `documented in ${e.doc}` : e.known === false ? 'not in the documents' : '', e.isTransient ? 'transient' : ''].filter(Boolean);
  return `<div class="error-box error">
    <div class="error-title">${escapeHtml(e.title || 'Error')}${code ? ` <span class="muted">(${escapeHtml(code)})</span>` : ''}</div>
    ${e.explanation ? `<div class="explanation">${escapeHtml(e.explanation)}</div>` : ''}
    ${e.action ? `<div class="action"><b>What to do:</b> ${escapeHtml(e.action)}</div>` : ''}
    ${forUser ? `<div class="explanation for-user"><b>The service's guidance:</b> ${escapeHtml(forUser)}</div>` : ''}
    ${facts.length ? `<div class="muted">${escapeHtml(facts.join(' · '))}</div>` : ''}
  </div>`;
}

function renderUsageBadge(usage: UsageModel | null | undefined, o: PageOptions): string {
  const p = highestPercent(usage);
  if (p === undefined) return '';
  const level = usageLevel(p, o.thresholds ?? DEFAULT_THRESHOLDS);
  return `<span class="metric"><span class="k">Usage</span> <span id="usage-highest" class="usage-${level}">${escapeHtml(formatPercent(p))}</span></span>`;
}

/** Tables of every usage figure, throttle indicators and the block, if any. */
export function renderUsageTables(usage: UsageModel | null | undefined, o: Pick<PageOptions, 'thresholds' | 'now'>): string {
  const t = o.thresholds ?? DEFAULT_THRESHOLDS;
  const figures = usageFigures(usage);
  const out: string[] = [];
  const until = blockedUntilMs(usage);
  if (until !== undefined && until > o.now) {
    out.push(`<div class="error-box">Blocked: access should return in <b>${escapeHtml(formatCountdown(until - o.now))}</b> (${escapeHtml(new Date(until).toLocaleTimeString())}). Calling meanwhile lengthens the wait.</div>`);
  }
  if (!figures.length) {
    out.push('<p class="muted">No usage headers in this response.</p>');
  } else {
    const lim = limitingLabel(usage);
    out.push(`<table class="usage"><tr><th>Figure</th><th class="num">Used</th><th></th><th>Regain access</th></tr>${[...figures]
      .sort((a, b) => b.percent - a.percent)
      .map((f) => {
        const level = usageLevel(f.percent, t);
        const w = Math.max(0, Math.min(100, f.percent));
        const minutes = regainMinutes(usage, f);
        const regain = minutes ? `in ${formatMinutes(minutes)}` : '';
        return `<tr class="usage-row${f.label === lim ? ' limiting' : ''}"><td>${escapeHtml(f.label)}</td><td class="num usage-${level}">${escapeHtml(formatPercent(f.percent))}</td><td class="bar"><span class="fill usage-bg-${level}" style="width:${w}%"></span></td><td>${escapeHtml(regain)}</td></tr>`;
      })
      .join('')}</table>`);
    if (lim) out.push(`<p>Limiting figure: <b>${escapeHtml(lim)}</b></p>`);
  }
  const rows: string[] = [];
  for (const th of usage?.throttle ?? []) {
    if (th.throttled !== null) rows.push(`<tr><td>throttled</td><td>${th.throttled ? 'yes' : 'no'}</td><td class="muted">${escapeHtml(th.source)}</td></tr>`);
    for (const k of ['backend_qps', 'complexity_score'] as const) {
      const s = th[k];
      if (s) rows.push(`<tr><td>${k}</td><td>${escapeHtml(s.actual_score ?? '?')} of ${escapeHtml(s.limit ?? '?')}${s.more_info ? ` <span class="muted">${escapeHtml(s.more_info)}</span>` : ''}</td><td class="muted">${escapeHtml(th.source)}</td></tr>`);
    }
  }
  if (rows.length) out.push(`<table class="throttle"><tr><th>Throttle indicator</th><th>Value</th><th>From</th></tr>${rows.join('')}</table>`);
  for (const w of usage?.warnings ?? []) out.push(`<div class="warning">⚠ ${escapeHtml(w)}</div>`);
  return out.join('\n');
}

function renderBody(r: SendResult): string {
  if (r.bodyKind === 'empty' || r.body === null || r.body === undefined) return '<p class="muted">Empty body.</p>';
  if (r.bodyKind === 'text' || typeof r.body === 'string') return `<pre class="text">${escapeHtml(String(r.body))}</pre>`;
  return `<div class="json">${renderJson(r.body, 0)}</div>`;
}

/**
 * A JSON value as nested, foldable HTML (<details> per object and array). Readable as the API's
 * answers are shaped: the first three levels are open, and so are the records of a list (the messages
 * of a thread, the ads of an ad set) however deep the list sits; a small object of plain values
 * (`"from": { "id": "…", "name": "…" }`) is written on one line; a folded object shows its first
 * members instead of a count.
 */
export function renderJson(value: unknown, depth: number, inList = false): string {
  if (value === null) return '<span class="j-null">null</span>';
  if (typeof value === 'string') return `<span class="j-str">${escapeHtml(JSON.stringify(value))}</span>`;
  if (typeof value === 'number') return `<span class="j-num">${escapeHtml(String(value))}</span>`;
  if (typeof value === 'boolean') return `<span class="j-bool">${value}</span>`;
  const isArr = Array.isArray(value);
  const entries: Array<[string | undefined, unknown]> = isArr ? (value as unknown[]).map((v) => [undefined, v]) : Object.entries(value as object);
  const [o, c] = isArr ? ['[', ']'] : ['{', '}'];
  if (!entries.length) return `<span class="j-punc">${o}${c}</span>`;
  if (!isArr && depth > 0 && isSmallRecord(entries)) {
    const members = entries.map(([k, v]) => `<span class="j-key">${escapeHtml(JSON.stringify(k))}</span><span class="j-punc">: </span>${renderJson(v, depth + 1)}`).join('<span class="j-punc">, </span>');
    return `<span class="j-inline"><span class="j-punc">{ </span>${members}<span class="j-punc"> }</span></span>`;
  }
  const open = entries.length <= 200 && (depth < 3 || (inList && depth < 8));
  // The items of a list of records open with the list; 50 of them at most, the rest stay folded.
  const items = entries
    .map(([k, v], idx) => `<div class="j-item">${k !== undefined ? `<span class="j-key">${escapeHtml(JSON.stringify(k))}</span><span class="j-punc">: </span>` : ''}${renderJson(v, depth + 1, isArr && idx < 50)}${idx < entries.length - 1 ? '<span class="j-punc">,</span>' : ''}</div>`)
    .join('');
  const count = `${entries.length} ${isArr ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
  return `<details class="j-node"${open ? ' open' : ''}><summary><span class="j-punc">${o}</span><span class="j-count"> ${isArr ? count : preview(entries) ?? count} </span></summary><div class="j-children">${items}</div><span class="j-punc">${c}</span></details>`;
}

/** At most four members, each a plain value, short enough for one line. */
function isSmallRecord(entries: Array<[string | undefined, unknown]>): boolean {
  if (entries.length > 4) return false;
  let length = 0;
  for (const [k, v] of entries) {
    if (v !== null && typeof v === 'object') return false;
    length += (k ?? '').length + JSON.stringify(v ?? null).length + 4;
  }
  return length <= 80;
}

/** The first plain members of a folded object (`"id": "m_1", "message": "Hello…", …`), or undefined when it has none. */
function preview(entries: Array<[string | undefined, unknown]>): string | undefined {
  const plain = entries.filter(([, v]) => v === null || typeof v !== 'object').slice(0, 3);
  if (!plain.length) return undefined;
  const text = plain.map(([k, v]) => {
    const shown = JSON.stringify(v ?? null);
    return `${JSON.stringify(k)}: ${shown.length > 30 ? `${shown.slice(0, 28)}…"` : shown}`;
  }).join(', ');
  return escapeHtml(`${text}${entries.length > plain.length ? ', …' : ''}`);
}

function details(title: string, id: string, content: string, open: boolean): string {
  return `<details class="part" id="${id}"${open ? ' open' : ''}><summary>${title}</summary><div class="part-body">${content}</div></details>`;
}

export interface UsageSnapshot {
  usage: UsageModel | null | undefined;
  label: string;
  at: number;
  environment?: string;
}

/**
 * The usage view: the scopes seen recently (app, each ad account, each business use case) with their
 * figures now, then the latest response's figures in full, then the recent sends with their highest figure.
 */
export function renderUsagePage(snapshots: UsageSnapshot[], scopes: UsageNow, o: PageOptions): string {
  const latest = snapshots[snapshots.length - 1];
  const t = o.thresholds ?? DEFAULT_THRESHOLDS;
  const body = latest
    ? `${renderScopes(scopes, o)}
       <h2>Latest: ${escapeHtml(latest.label)} <span class="muted">${escapeHtml(new Date(latest.at).toLocaleTimeString())} · env ${escapeHtml(latest.environment || '(none)')}</span></h2>
       ${renderUsageTables(o.redactor.redactValue(latest.usage), o)}
       <h2>Recent sends</h2>
       <table class="usage"><tr><th>Time</th><th>Request</th><th class="num">Highest</th><th>Limiting figure</th></tr>${[...snapshots]
         .reverse()
         .map((s) => {
           const p = highestPercent(s.usage);
           return `<tr><td>${escapeHtml(new Date(s.at).toLocaleTimeString())}</td><td>${escapeHtml(s.label)}</td><td class="num usage-${usageLevel(p, t)}">${p === undefined ? '–' : escapeHtml(formatPercent(p))}</td><td>${escapeHtml(limitingLabel(s.usage) ?? '')}</td></tr>`;
         })
         .join('')}</table>`
    : '<p class="muted">No request sent yet in this window: send one (Ctrl+Alt+R) and the usage headers of its response appear here.</p>';
  return page('GraphReq usage', `<section id="usage-view">${body}</section>`, o);
}

/** The scopes seen recently: each figure now (falling as its window rolls), when it was seen, the limiting one. */
export function renderScopes(view: UsageNow, o: Pick<PageOptions, 'thresholds' | 'now'>): string {
  const t = o.thresholds ?? DEFAULT_THRESHOLDS;
  if (!view.scopes.length) return '<h2>Scopes seen recently</h2><p class="muted">No usage headers seen recently.</p>';
  const rows = view.scopes.map((s) => {
    const level = usageLevel(s.now, t);
    const blocked = s.holdUntil !== null && s.holdUntil > o.now;
    const when = blocked ? `blocked until ${new Date(s.holdUntil!).toLocaleTimeString()}` : s.now > 0 ? `0% by ${new Date(Math.max(s.at, s.holdUntil ?? s.at) + s.windowMs).toLocaleTimeString()}` : '';
    const w = Math.max(0, Math.min(100, s.now));
    return `<tr class="usage-row${s.key === view.highest?.key ? ' limiting' : ''}" data-scope="${escapeHtml(s.key)}"><td>${escapeHtml(s.label)}</td><td class="num usage-${level}">${escapeHtml(formatPercent(s.now))}</td><td class="bar"><span class="fill usage-bg-${level}" style="width:${w}%"></span></td><td>${escapeHtml(`${formatPercent(s.percent)} ${s.metric} at ${new Date(s.at).toLocaleTimeString()}`)}</td><td>${escapeHtml(when)}</td></tr>`;
  });
  return `<h2>Scopes seen recently</h2>
    <table class="usage" id="usage-scopes"><tr><th>Scope</th><th class="num">Now</th><th></th><th>Seen</th><th></th></tr>${rows.join('')}</table>
    ${view.highest ? `<p>Limiting scope: <b>${escapeHtml(view.highest.label)}</b>. Each figure falls as its window rolls (an hour; 24 hours for msgr, pages, photo, leadgen); a call to another scope does not reset it.</p>` : ''}`;
}

function page(title: string, body: string, o: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${o.cspSource} 'unsafe-inline'; script-src 'nonce-${o.nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style></head>
<body>${body}
<script nonce="${o.nonce}">
const vscode = acquireVsCodeApi();
document.addEventListener('click', (e) => {
  const b = e.target.closest('button[data-command]');
  if (b) vscode.postMessage({ command: b.dataset.command, index: Number(b.dataset.index || 0) });
});
</script></body></html>`;
}

const CSS = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 8px 16px; }
.summary { display: flex; flex-wrap: wrap; gap: 14px; align-items: baseline; margin: 6px 0; }
.status { font-weight: bold; font-size: 1.25em; padding: 2px 8px; border-radius: 4px; }
.status.ok { color: var(--vscode-testing-iconPassed, #3fb950); }
.status.client-error, .status.server-error, .status.failure { color: var(--vscode-errorForeground, #f85149); }
.status.cancelled { color: var(--vscode-descriptionForeground); }
.metric .k, .muted { color: var(--vscode-descriptionForeground); }
.request-line { font-family: var(--vscode-editor-font-family); margin: 4px 0 8px; word-break: break-all; }
.method { font-weight: bold; color: var(--vscode-symbolIcon-functionForeground, #d2a8ff); }
.actions { display: flex; gap: 6px; margin-bottom: 8px; }
button { background: var(--vscode-button-secondaryBackground); color: var(--vscode-button-secondaryForeground); border: none; padding: 4px 10px; border-radius: 2px; cursor: pointer; }
button:hover { background: var(--vscode-button-secondaryHoverBackground); }
.error-box { border-left: 3px solid var(--vscode-errorForeground, #f85149); background: var(--vscode-inputValidation-errorBackground, rgba(248,81,73,.1)); padding: 6px 10px; margin: 8px 0; }
.error-title { font-weight: bold; }
.explanation, .action { margin-top: 4px; }
.warning { border-left: 3px solid var(--vscode-editorWarning-foreground, #d29922); padding: 4px 10px; margin: 6px 0; }
details.part { margin: 6px 0; }
details.part > summary, .result-title { cursor: pointer; font-weight: bold; padding: 2px 0; }
.part-body { padding: 4px 0 4px 14px; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 2px 10px 2px 0; vertical-align: top; }
table.headers th { font-weight: normal; color: var(--vscode-symbolIcon-propertyForeground, #79c0ff); font-family: var(--vscode-editor-font-family); white-space: nowrap; }
table.headers td { font-family: var(--vscode-editor-font-family); word-break: break-all; }
.num { text-align: right; }
.bar { width: 120px; } .bar .fill { display: inline-block; height: 8px; border-radius: 2px; }
.usage-normal { color: var(--vscode-foreground); } .usage-warning { color: var(--vscode-editorWarning-foreground, #d29922); } .usage-error { color: var(--vscode-errorForeground, #f85149); }
.usage-bg-normal { background: var(--vscode-progressBar-background, #0e70c0); } .usage-bg-warning { background: var(--vscode-editorWarning-foreground, #d29922); } .usage-bg-error { background: var(--vscode-errorForeground, #f85149); }
tr.limiting td:first-child { font-weight: bold; }
.json, pre.text { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); white-space: pre-wrap; word-break: break-all; }
.j-node > summary { display: inline; cursor: pointer; list-style: none; }
.j-node > summary::before { content: '▸'; display: inline-block; width: 1em; color: var(--vscode-descriptionForeground); }
.j-node[open] > summary::before { content: '▾'; }
.j-node:not([open]) > summary::after { content: '…'; }
.j-node[open] > summary .j-count { display: none; }
.j-node { display: inline; }
.j-children { padding-left: 1.5em; border-left: 1px dotted var(--vscode-tree-indentGuidesStroke, #555); margin-left: .3em; }
.j-count { color: var(--vscode-descriptionForeground); font-style: italic; }
.j-inline { white-space: normal; }
.j-key { color: var(--vscode-debugTokenExpression-name, #9cdcfe); } .j-str { color: var(--vscode-debugTokenExpression-string, #ce9178); }
.j-num { color: var(--vscode-debugTokenExpression-number, #b5cea8); } .j-bool, .j-null { color: var(--vscode-debugTokenExpression-boolean, #569cd6); }
.j-punc { color: var(--vscode-descriptionForeground); }
h2 { font-size: 1.1em; }
`;
