/**
 * HTML of the response view and the usage view (webviews). Pure functions of the send results the
 * server returned: no 'vscode' import, so unit tests can render them. Everything shown passes
 * through the redactor first, and through HTML escaping.
 */
import { blockedUntilMs, headerList, highestPercent, limitingLabel, regainMinutes, requestLabel, usageFigures, type SendResult, type UsageModel } from './sendModel';
import { DEFAULT_THRESHOLDS, formatCountdown, formatMinutes, formatPercent, usageLevel, type Thresholds } from './usagePresentation';
import type { Redactor } from './redact';
import type { UsageNow } from '../../server/src/core/send/recentUsage';
import { escapeHtml } from './htmlText';
import { renderJson } from './jsonHtml';
import { plainText } from './plainText';
import { usageLines } from './usageWords';

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
  /** The results were reopened from the history: when they were saved. */
  fromHistory?: { savedAt: string };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 408: 'Request Timeout', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway',
  503: 'Service Unavailable', 504: 'Gateway Timeout',
};

export { escapeHtml } from './htmlText';
export { renderJson } from './jsonHtml';

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
  const old = o.fromHistory ? renderOldBanner(o.fromHistory, o.now) : '';
  return page(`GraphReq response: ${title}`, old + (sections || '<p class="muted">No response yet.</p>'), o);
}

/** A response reopened from the history says so first: when it came, and how long ago. */
function renderOldBanner(h: { savedAt: string }, now: number): string {
  const at = Date.parse(h.savedAt);
  return `<div class="old-banner" id="old-banner">From the history: this response came ${escapeHtml(Number.isFinite(at) ? `${formatDateTime(at)} (${formatAgo(now - at)})` : 'earlier')}. Send again for a fresh one.</div>`;
}

/** A result as an exchange: the facts at the top, then the request sent, the response headers and the body. */
function renderResult(r: SendResult, i: number, many: boolean, open: boolean, o: PageOptions): string {
  const parts = [renderFacts(r, o), `<div class="request-line"><span class="method">${escapeHtml(r.request?.method ?? '')}</span> <span class="url">${escapeHtml(r.request?.url ?? '')}</span></div>`, renderActions(r, i)];
  if (r.failure) {
    const retry = r.failure.retryAt ? ` Access should return at ${escapeHtml(formatTime(Date.parse(r.failure.retryAt)))}.` : '';
    parts.push(`<div class="error-box failure"><div class="error-title">${escapeHtml(FAILURE_TITLE[r.failure.kind] ?? 'Not sent')}</div><div>${escapeHtml(plainText(r.failure.message))}${retry}</div></div>`);
  }
  for (const w of r.warnings ?? []) parts.push(`<div class="warning">⚠ ${escapeHtml(plainText(w))}</div>`);
  if (r.error) parts.push(renderError(r.error));
  if (r.status !== null) parts.push(renderUsageSummary(r.usage, o));
  parts.push(renderRequest(r));
  if (r.status !== null) {
    const headers = headerList(r.headers);
    parts.push(details(`Response headers <span class="muted">(${headers.length})</span>`, 'headers', headerTable(headers), false));
    parts.push(renderBodyPart(r, i));
  }
  const inner = parts.join('\n');
  if (!many) return `<section class="result" data-index="${i}">${inner}</section>`;
  return `<details class="result" data-index="${i}"${open ? ' open' : ''}><summary class="result-title">${escapeHtml(`${i + 1}. ${requestLabel(r)}`)} — ${escapeHtml(statusLabel(r))}</summary>${inner}</details>`;
}

/** Status, time (with its phases where known), size, when it came, the environment and the address. */
function renderFacts(r: SendResult, o: PageOptions): string {
  const version = r.version?.text
    ? `${r.version.text} <span class="muted">(${r.version.source === 'path' ? 'from the path' : 'environment default'})</span>`
    : r.version ? '<span class="muted">none: the app\'s default applies</span>' : '';
  const sent = Date.parse(r.sentAt);
  const received = Number.isFinite(sent) ? formatTime(sent + (r.durationMs || 0)) : '';
  const phases = timingPhases(r.timings);
  const answered = r.status !== null;
  return `<div class="summary">
      <span class="status ${statusClass(r)}" data-status="${escapeHtml(r.status ?? '')}">${escapeHtml(statusLabel(r))}</span>
      ${answered ? `<span class="metric" title="${escapeHtml(phases.map((p) => `${p.label}: ${formatDuration(p.ms)}`).join('\n') || 'Time from sending to the end of the body')}"><span class="k">Time</span> <span class="time">${escapeHtml(formatDuration(r.durationMs))}</span>${r.attempts > 1 ? ` <span class="muted">(${r.attempts} attempts)</span>` : ''}</span>` : ''}
      ${answered ? `<span class="metric" title="Body size"><span class="k">Size</span> <span class="size">${escapeHtml(formatSize(r.size))}</span></span>` : ''}
      ${received ? `<span class="metric"><span class="k">${answered ? 'Received' : 'At'}</span> <span class="received">${escapeHtml(received)}</span></span>` : ''}
      ${version ? `<span class="metric"><span class="k">Version</span> ${version}</span>` : ''}
      <span class="metric"><span class="k">Env</span> <span class="env">${escapeHtml(o.environment ?? '(none)')}</span></span>
      ${o.target ? `<span class="metric target"><span class="k">Sent to</span> ${escapeHtml(o.target)}</span>` : originOf(r.request?.url) ? `<span class="metric target"><span class="k">Sent to</span> ${escapeHtml(originOf(r.request?.url))}</span>` : ''}
    </div>
    ${answered && phases.length ? `<div class="timings" id="timings">${phases.map((p) => `<span class="phase" data-phase="${p.key}"><span class="k">${escapeHtml(p.label)}</span> ${escapeHtml(formatDuration(p.ms))}</span>`).join('')}</div>` : ''}`;
}

interface Phase {
  key: string;
  label: string;
  ms: number;
}

/** The phases of the exchange that were measured, in the order they happen. */
export function timingPhases(t: SendResult['timings']): Phase[] {
  if (!t) return [];
  const out: Phase[] = [];
  if (t.reused) out.push({ key: 'reused', label: 'connection reused', ms: 0 });
  if (t.dnsMs !== undefined) out.push({ key: 'dns', label: 'DNS', ms: t.dnsMs });
  if (t.connectMs !== undefined) out.push({ key: 'connect', label: 'connect', ms: t.connectMs });
  if (t.tlsMs !== undefined) out.push({ key: 'tls', label: 'TLS', ms: t.tlsMs });
  if (t.setupMs !== undefined && t.dnsMs === undefined && t.connectMs === undefined) out.push({ key: 'setup', label: 'connection (DNS, connect, TLS)', ms: t.setupMs });
  out.push({ key: 'first-byte', label: 'first byte', ms: t.firstByteMs }, { key: 'download', label: 'download', ms: t.downloadMs });
  return out.filter((p) => p.key !== 'reused');
}

/** Buttons where they apply: a response can be saved and its request copied as curl; a request not sent cannot. */
function renderActions(r: SendResult, i: number): string {
  if (r.status === null) return '';
  return `<div class="actions">
      <button data-command="save" data-index="${i}" title="Save the response body to a file">Save response</button>
      <button data-command="curl" data-index="${i}" title="Copy the request as a curl command; the token is read from $GRAPHREQ_ACCESS_TOKEN">Copy as cURL</button>
    </div>`;
}

/** The request as it went out: method, URL, headers (the token is a placeholder), body. */
function renderRequest(r: SendResult): string {
  const req = r.request;
  if (!req?.method) return '';
  const headers = headerList(req.headers);
  const body = req.body ? `<div class="sub">Body</div><pre class="text request-body">${escapeHtml(req.body)}</pre>` : '<p class="muted">No body.</p>';
  const sent = r.status === null ? ' <span class="muted">(not sent)</span>' : '';
  return details(`Request${sent} <span class="muted">${escapeHtml(`${req.method} · ${headers.length} header${headers.length === 1 ? '' : 's'}${req.body ? ` · body ${formatSize(byteLength(req.body))}` : ''}`)}</span>`, 'request',
    `<div class="request-line"><span class="method">${escapeHtml(req.method)}</span> <span class="url">${escapeHtml(req.url)}</span></div>${headerTable(headers)}${body}`, false);
}

function headerTable(headers: Array<[string, string]>): string {
  return headers.length
    ? `<table class="headers">${headers.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`
    : '<p class="muted">No headers.</p>';
}

/** The body with its views: formatted (foldable) and raw, with folding controls; VS Code's find (Ctrl+F) searches it. */
function renderBodyPart(r: SendResult, i: number): string {
  const json = r.bodyKind === 'json' && r.body !== null && typeof r.body === 'object';
  const tools = json
    ? `<span class="body-tools"><button class="view-toggle" data-view="formatted" data-index="${i}" aria-pressed="true">Formatted</button><button class="view-toggle" data-view="raw" data-index="${i}" aria-pressed="false">Raw</button><button class="fold" data-fold="open" data-index="${i}" title="Unfold every object and list">Unfold all</button><button class="fold" data-fold="close" data-index="${i}" title="Fold every object and list">Fold all</button><span class="muted hint">Ctrl+F finds</span></span>`
    : '';
  const content = json
    ? `<div class="json formatted" data-index="${i}">${renderJson(r.body, 0)}</div><pre class="raw" data-index="${i}" hidden>${escapeHtml(JSON.stringify(r.body, null, 2))}</pre>`
    : renderBody(r);
  return `<section class="part body-part" id="${i === 0 ? 'body' : `body-${i}`}"><div class="part-head"><b>Body</b>${tools}</div><div class="part-body">${content}</div></section>`;
}

function byteLength(s: string): number {
  return new TextEncoder().encode(s).byteLength;
}

function originOf(url: string | undefined): string {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
}

/** Local times everywhere in the view (one time zone). */
function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString();
}

function formatDateTime(ms: number): string {
  return new Date(ms).toLocaleString();
}

/** `just now`, `5 min ago`, `3 h ago`, `2 days ago`. */
export function formatAgo(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} days ago`;
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

/** The usage in words, the highest scope first, with every figure a click away. */
function renderUsageSummary(usage: UsageModel | null | undefined, o: PageOptions): string {
  const lines = usageLines(usage);
  const t = o.thresholds ?? DEFAULT_THRESHOLDS;
  const until = blockedUntilMs(usage);
  const blocked = until !== undefined && until > o.now;
  if (!lines.length && !blocked) return '<div class="usage-summary muted" id="usage-summary">Usage: no usage headers in this response.</div>';
  const words = lines.slice(0, 3).map((l, k) => `<span class="usage-line usage-${usageLevel(l.percent, t)}"${k === 0 ? ' id="usage-highest"' : ''}>${escapeHtml(l.text)}</span>`).join('<span class="muted"> · </span>');
  const more = lines.length > 3 ? ` <span class="muted">(+${lines.length - 3} more)</span>` : '';
  return `<div class="usage-summary" id="usage-summary"><span class="k">Usage</span> ${words}${more}${blocked ? ` <span class="usage-error">blocked for ${escapeHtml(formatCountdown(until - o.now))}</span>` : ''}
    <details class="part" id="usage"><summary>Usage details</summary><div class="part-body">${renderUsageTables(usage, o)}</div></details></div>`;
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

export function page(title: string, body: string, o: Pick<PageOptions, 'nonce' | 'cspSource'>): string {
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
  if (b) {
    vscode.postMessage({ command: b.dataset.command, index: Number(b.dataset.index || 0), id: b.dataset.id });
    return;
  }
  // Formatted or raw body.
  const v = e.target.closest('button.view-toggle');
  if (v) {
    const i = v.dataset.index;
    const raw = v.dataset.view === 'raw';
    document.querySelector('.formatted[data-index="' + i + '"]').hidden = raw;
    document.querySelector('pre.raw[data-index="' + i + '"]').hidden = !raw;
    for (const t of document.querySelectorAll('button.view-toggle[data-index="' + i + '"]')) t.setAttribute('aria-pressed', String(t === v));
    return;
  }
  const f = e.target.closest('button.fold');
  if (f) for (const d of document.querySelectorAll('.formatted[data-index="' + f.dataset.index + '"] details.j-node')) d.open = f.dataset.fold === 'open';
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
.j-node[open] > summary .j-count, .j-node[open] > summary .j-closed { display: none; }
.j-node { display: inline; }
.j-children { padding-left: 1.5em; border-left: 1px dotted var(--vscode-tree-indentGuidesStroke, #555); margin-left: .3em; }
.j-count { color: var(--vscode-descriptionForeground); font-style: italic; }
.j-inline { white-space: normal; }
.j-key { color: var(--vscode-debugTokenExpression-name, #9cdcfe); } .j-str { color: var(--vscode-debugTokenExpression-string, #ce9178); }
.j-num { color: var(--vscode-debugTokenExpression-number, #b5cea8); } .j-bool, .j-null { color: var(--vscode-debugTokenExpression-boolean, #569cd6); }
.j-punc { color: var(--vscode-descriptionForeground); }
h2 { font-size: 1.1em; }
table.history { width: 100%; } table.history td { padding: 6px 12px 6px 0; border-top: 1px solid var(--vscode-panel-border, rgba(127,127,127,.3)); }
table.history .status { font-size: 1em; padding: 0; }
tr.history-row.old { opacity: .75; }
.actions .muted { align-self: center; margin-left: 8px; }
.old-banner { border-left: 3px solid var(--vscode-editorInfo-foreground, #3794ff); background: var(--vscode-textBlockQuote-background, rgba(127,127,127,.1)); padding: 6px 10px; margin: 6px 0 10px; }
.timings { display: flex; flex-wrap: wrap; gap: 12px; margin: 0 0 6px; font-size: .92em; }
.timings .k { color: var(--vscode-descriptionForeground); }
.usage-summary { margin: 8px 0; }
.usage-summary > .k { color: var(--vscode-descriptionForeground); margin-right: 4px; }
.usage-summary details.part { margin: 2px 0 0; }
.usage-summary details.part > summary { font-weight: normal; color: var(--vscode-textLink-foreground); }
.part-head { display: flex; align-items: baseline; gap: 14px; margin: 10px 0 2px; }
.body-tools { display: flex; gap: 4px; align-items: baseline; }
.body-tools button { padding: 1px 8px; }
.body-tools .hint { margin-left: 8px; }
button[aria-pressed="true"] { background: var(--vscode-button-background); color: var(--vscode-button-foreground); }
.sub { margin-top: 6px; color: var(--vscode-descriptionForeground); }
pre.raw { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); white-space: pre-wrap; word-break: break-all; margin: 0; }
`;
