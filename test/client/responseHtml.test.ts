import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Redactor } from '../../client/src/redact';
import { escapeHtml, formatAgo, formatSize, renderJson, renderResponsePage, renderUsagePage, timingPhases } from '../../client/src/responseHtml';
import { usageLines } from '../../client/src/usageWords';
import { clientFailure, type SendResult } from '../../client/src/sendModel';
import { emptyRecentUsage, recordUsage, usageNow } from '../../server/src/core/send/recentUsage';
import { result, usage } from './model';

const TOKEN = 'EAAB-secret-token-123';
const opts = () => {
  const redactor = new Redactor();
  redactor.add(TOKEN);
  return { nonce: 'n0nce', cspSource: 'vscode-resource:', redactor, now: 0 };
};

const ok: SendResult = result({
  name: 'create', status: 200, statusText: 'OK', durationMs: 12.4, size: 1536,
  request: { method: 'POST', url: `http://127.0.0.1:1/v23.0/act_1/adsets?access_token=${TOKEN}`, headers: {}, body: null },
  headers: { 'x-app-usage': '{"call_count":42}', 'content-type': 'application/json' },
  body: { id: '120200000000000042', nested: { list: [1, 'two', null, true] } }, bodyKind: 'json',
  usage: usage({ app: { call_count: 42 } }),
  version: { text: 'v23.0', source: 'path' },
});

test('the page shows status, time, size, usage, headers and a foldable body, without the token', () => {
  const html = renderResponsePage([ok], opts());
  for (const s of ['200 OK', '12 ms', '1.5 KB', 'id="usage-highest">app: 42% of calls', 'x-app-usage', '<details class="j-node" open>', '&quot;120200000000000042&quot;', 'data-command="curl"', "script-src 'nonce-n0nce'", 'v23.0 <span class="muted">(from the path)']) {
    assert.ok(html.includes(s), `page lacks ${s}`);
  }
  assert.ok(!html.includes(TOKEN));
});

test('a decoded error shows its documented meaning and what to do', () => {
  const error = { code: 80004, subcode: 2446079, type: 'OAuthException', message: 'There have been too many calls', title: 'Ads management BUC limit reached', explanation: 'Too many ads management calls.', action: 'Wait 5 minutes.', userTitle: null, userMessage: null, isTransient: false, rateLimit: 'buc', bucType: 'ads_management', regainAccessMinutes: 5, blameFields: [], fbtraceId: 'Abc', doc: '[3] Errors', known: true };
  const html = renderResponsePage([result({ status: 400, error, usage: usage({ blockedUntil: new Date(300_000).toISOString() }) })], opts());
  for (const s of ['400 Bad Request', 'Ads management BUC limit reached', 'code 80004, subcode 2446079', 'Too many ads management calls.', 'What to do:', 'documented in [3] Errors', 'Blocked: access should return in <b>5:00</b>']) {
    assert.ok(html.includes(s), `page lacks ${s}`);
  }
});

test('send all shows one foldable section per request; failures and cancels are shown', () => {
  const html = renderResponsePage([ok, clientFailure(1, 'network', 'connect ECONNREFUSED 127.0.0.1:9'), clientFailure(2, 'cancelled', 'Cancelled.')], opts());
  assert.equal((html.match(/<details class="result"/g) ?? []).length, 3);
  assert.ok(html.includes('No response') && html.includes('ECONNREFUSED') && html.includes('Cancelled'));
});

test('text bodies, empty bodies and HTML in values are escaped', () => {
  assert.ok(renderResponsePage([result({ status: 502, body: '<h1>bad gateway</h1>', bodyKind: 'text' })], opts()).includes('&lt;h1&gt;bad gateway&lt;/h1&gt;'));
  assert.ok(renderResponsePage([result({ status: 204 })], opts()).includes('Empty body.'));
  assert.equal(renderJson({}, 0), '<span class="j-punc">{}</span>');
  assert.ok(renderJson({ a: '<script>' }, 0).includes('&quot;&lt;script&gt;&quot;'));
  assert.equal(escapeHtml(`"'&`), '&quot;&#39;&amp;');
  assert.equal(formatSize(10), '10 B');
});

test('the usage view lists the scopes seen recently, the latest figures and the recent sends', () => {
  let scopes = recordUsage(emptyRecentUsage(), ok, 0);
  scopes = recordUsage(scopes, result({ status: 200, usage: usage({ buc: [{ businessId: '1', type: 'msgr', call_count: 3 }] }), request: ok.request }), 0);
  const html = renderUsagePage([{ usage: usage({ app: { call_count: 10 } }), label: 'first', at: 0 }, { usage: ok.usage, label: 'create', at: 1000 }], usageNow(scopes, 0), opts());
  assert.ok(html.includes('Latest: create') && html.includes('Recent sends') && html.includes('first'));
  assert.ok(html.includes('data-scope="app"') && html.includes('data-scope="buc:1:msgr"') && html.includes('Limiting scope: <b>app</b>'), html);
  assert.ok(renderUsagePage([], usageNow(emptyRecentUsage(), 0), opts()).includes('No request sent yet'));
});

test('a decoded error shows its title once, the explanation for the user, what to do, and no notes about the documents', () => {
  const error = { code: 100, subcode: null, type: 'OAuthException', message: 'Invalid parameter', title: 'Invalid parameter', explanation: 'A parameter is missing, unknown or has a wrong value or type. Field at fault: billing_event.', action: 'Fix the parameter named in the message.', userTitle: 'Invalid parameter', userMessage: 'billing_event takes IMPRESSIONS', isTransient: false, rateLimit: null, bucType: null, regainAccessMinutes: null, blameFields: ['billing_event'], fbtraceId: 'Abc', doc: '[2] Errors', known: true };
  const html = renderResponsePage([result({ status: 400, error })], opts());
  const box = /<div class="error-box error">[\s\S]*?<\/div>\s*<\/div>/.exec(html)?.[0] ?? '';
  assert.equal(box.split('Invalid parameter').length - 1, 1, `the title once: ${box}`);
  assert.equal(box.split('billing_event').length - 1, 2, 'the field in the explanation and in the service\'s guidance, no separate list');
  assert.ok(box.includes('What to do:</b> Fix the parameter') && box.includes("The service's guidance:</b> billing_event takes IMPRESSIONS"), box);
});

test('the JSON view opens the records of a list (a thread\'s messages), writes small objects on one line, previews folded ones', () => {
  const thread = {
    id: 't_100200300',
    messages: {
      data: [
        { id: 'm_1', message: 'Hello', from: { id: '1', name: 'Ann' }, created_time: '2026-01-01T10:00:00+0000', extra: { a: 1, b: 2, c: 3, d: 4, e: 5 } },
        { id: 'm_2', message: 'Hi!', from: { id: '2', name: 'Bob' }, created_time: '2026-01-01T10:01:00+0000', attachments: { data: [{ id: 'a1', mime_type: 'image/png', name: 'x.png', size: 10, url: 'https://example.com/x.png' }] } },
      ],
      paging: { cursors: { before: 'b', after: 'a' } },
    },
  };
  const html = renderJson(thread, 0);
  // Each message is open: its members show without a click.
  assert.equal((html.match(/<details class="j-node" open><summary><span class="j-punc">\{<\/span><span class="j-count"> &quot;id&quot;: &quot;m_/g) ?? []).length, 2, html);
  assert.ok(html.includes('<span class="j-inline"><span class="j-punc">{ </span><span class="j-key">&quot;id&quot;</span>'), 'from: on one line');
  // A deeper object that is not a record of a list stays folded, its first members in the summary.
  assert.ok(html.includes('<details class="j-node"><summary><span class="j-punc">{</span><span class="j-count"> &quot;a&quot;: 1, &quot;b&quot;: 2, &quot;c&quot;: 3, … </span>'), html);
});

/** The text a reader sees of some HTML: tags dropped, entities decoded, the parts shown only when folded left out. */
function visibleText(html: string): string {
  return html
    .replace(/<span class="j-count">[^<]*<\/span>/g, '')
    .replace(/<span class="j-closed j-punc">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

test('the formatted JSON reads as JSON: its text is the value, with every comma right after the value it follows', () => {
  const value = { data: [{ id: '1', name: 'A', tags: ['x', 'y'], spec: { a: 1, b: { c: [1, 2] } } }, { id: '2', name: 'B' }], paging: { cursors: { before: 'b', after: 'a' } }, n: null, ok: true };
  const html = renderJson(value, 0);
  assert.equal(visibleText(html).replace(/\s+/g, ''), JSON.stringify(value));
  // No comma opens an element of its own: each sits inside the element of the value before it, after its closing bracket.
  assert.ok(!/<\/details><span class="j-punc">,<\/span>/.test(html), 'a comma after a closed <details> starts a line of its own');
  assert.ok(html.includes('<span class="j-punc">}</span><span class="j-punc">,</span></details>'), html);
  // Folded, the summary closes the value and carries its comma.
  const folded = renderJson({ list: Array.from({ length: 201 }, (_, i) => i), next: 1 }, 0);
  assert.ok(folded.includes('<span class="j-closed j-punc">],</span></summary>'), folded);
});

const TIMED: SendResult = result({
  ...ok,
  sentAt: new Date(Date.UTC(2026, 0, 2, 10, 0, 0)).toISOString(),
  timings: { dnsMs: 3, connectMs: 4, setupMs: 7, firstByteMs: 40, downloadMs: 12 },
  request: { method: 'POST', url: 'http://127.0.0.1:1/v23.0/act_1/adsets', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `name=Spring&access_token=${TOKEN}` },
});

test('an exchange: status, time and its phases, size, time received, environment and address, then the request and the response', () => {
  const html = renderResponsePage([TIMED], { ...opts(), environment: 'staging' });
  const facts = html.slice(0, html.indexOf('class="request-line"'));
  for (const s of ['200 OK', '12 ms', '1.5 KB', 'Received', new Date(Date.parse(TIMED.sentAt) + 12.4).toLocaleTimeString(), 'staging', '127.0.0.1:1']) assert.ok(facts.includes(s), `the facts lack ${s}`);
  for (const [phase, ms] of [['dns', '3 ms'], ['connect', '4 ms'], ['first-byte', '40 ms'], ['download', '12 ms']]) {
    assert.ok(new RegExp(`data-phase="${phase}"><span class="k">[^<]+</span> ${ms}`).test(html), `phase ${phase} ${ms}`);
  }
  // The request sent, expandable: its headers and body, the token redacted.
  const request = /<details class="part" id="request">[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
  assert.ok(request.includes('authorization') && request.includes('content-type') && request.includes('name=Spring'), request);
  assert.ok(!html.includes(TOKEN), 'the token is redacted everywhere');
  // Then the response headers (expandable), then the body with its formatted and raw views.
  assert.ok(html.indexOf('id="request"') < html.indexOf('id="headers"') && html.indexOf('id="headers"') < html.indexOf('id="body"'));
  assert.ok(html.includes('data-view="raw"') && html.includes('<pre class="raw" data-index="0" hidden>{\n  &quot;id&quot;: &quot;120200000000000042&quot;'), 'the raw view holds the body as JSON text');
  assert.ok(html.includes('data-fold="open"') && html.includes('data-fold="close"'));
});

test('phases: only those measured; a reused connection has none of its own; an https setup stays one phase', () => {
  assert.deepEqual(timingPhases(undefined), []);
  assert.deepEqual(timingPhases({ reused: true, firstByteMs: 5, downloadMs: 1 }).map((p) => p.key), ['first-byte', 'download']);
  assert.deepEqual(timingPhases({ setupMs: 30, firstByteMs: 5, downloadMs: 1 }).map((p) => [p.key, p.ms]), [['setup', 30], ['first-byte', 5], ['download', 1]]);
  assert.deepEqual(timingPhases({ connectMs: 1, setupMs: 1, firstByteMs: 5, downloadMs: 1 }).map((p) => p.key), ['connect', 'first-byte', 'download']);
});

test('the usage in words, the highest scope first, with the figures\' labels a click away', () => {
  const u = usage({ app: { call_count: 12 }, buc: [{ businessId: '1', type: 'ads_management', call_count: 42, total_time: 10, estimated_time_to_regain_access: 3 }] });
  assert.deepEqual(usageLines(u).map((l) => l.text), ['ads management: 42% of calls, regain in 3 min', 'app: 12% of calls']);
  const html = renderResponsePage([result({ ...ok, usage: u })], opts());
  const summary = /<div class="usage-summary"[\s\S]*?<details/.exec(html)?.[0] ?? '';
  assert.ok(summary.includes('ads management: 42% of calls, regain in 3 min'), summary);
  assert.ok(!/BUC|\[\d\]|call_count/.test(summary), `no jargon up front: ${summary}`);
  assert.ok(/<details class="part" id="usage"><summary>Usage details<\/summary>[\s\S]*BUC ads_management \(business 1\) call_count/.test(html), 'the details keep every figure');
});

test('buttons only where they apply: a request not sent (held back, cancelled, network error) offers no Save nor Copy as cURL', () => {
  const answered = renderResponsePage([ok], opts());
  assert.ok(answered.includes('data-command="save"') && answered.includes('data-command="curl"'));
  const held = result({ status: null, request: ok.request, curl: 'curl …', failure: { kind: 'rate-limited', message: 'ads management is blocked', retryAt: new Date(60_000).toISOString() } });
  for (const r of [held, clientFailure(0, 'cancelled', 'Cancelled.'), clientFailure(0, 'network', 'connect ECONNREFUSED 127.0.0.1:9')]) {
    const html = renderResponsePage([r], opts());
    assert.ok(!html.includes('data-command="save"') && !html.includes('data-command="curl"'), `${r.failure?.kind}: no Save, no Copy as cURL`);
    assert.ok(!html.includes('id="body"') && !html.includes('Response headers'), `${r.failure?.kind}: no response parts`);
  }
  // A request held back still shows what would have gone out.
  assert.ok(renderResponsePage([held], opts()).includes('Request <span class="muted">(not sent)</span>'));
});

test('a response reopened from the history is marked as old', () => {
  const now = Date.UTC(2026, 0, 2, 12, 0, 0);
  const html = renderResponsePage([ok], { ...opts(), now, fromHistory: { savedAt: new Date(now - 3 * 3600_000).toISOString() } });
  assert.ok(/id="old-banner">From the history: this response came [^<]*\(3 h ago\)/.test(html), html.slice(0, 2000));
  assert.ok(!renderResponsePage([ok], opts()).includes('id="old-banner"'));
  assert.equal(formatAgo(30_000), 'just now');
  assert.equal(formatAgo(5 * 60_000), '5 min ago');
  assert.equal(formatAgo(3 * 24 * 3600_000), '3 days ago');
});
