import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Redactor } from '../../client/src/redact';
import { escapeHtml, formatSize, renderJson, renderResponsePage, renderUsagePage } from '../../client/src/responseHtml';
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
  for (const s of ['200 OK', '12 ms', '1.5 KB', 'id="usage-highest" class="usage-normal">42%', 'x-app-usage', '<details class="j-node" open>', '&quot;120200000000000042&quot;', 'data-command="curl"', "script-src 'nonce-n0nce'", 'v23.0 <span class="muted">(from the path)']) {
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

/**
 * Every string and number of a result becomes a piece of markup of its own (issue 20: the version
 * from graphreq.env.json's defaultVersion was written into the page as it was): none may reach the
 * page as markup, whichever field the view shows it in.
 */
function hostile<T>(value: T, counter = { n: 0 }): T {
  const mark = (): string => `<i data-x="${counter.n++}">'&`;
  if (typeof value === 'string' || typeof value === 'number') return mark() as T;
  if (Array.isArray(value)) return value.map((v) => hostile(v, counter)) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([, v]) => [mark(), hostile(v, counter)]).concat(Object.entries(value).map(([k, v]) => [k, hostile(v, counter)]))) as T;
  return value;
}

test('every field the views show is escaped: no text of a result, the environment or a label becomes markup', () => {
  const error = { code: 80004, subcode: 2446079, type: 'OAuthException', message: 'm', title: 't', explanation: 'e', action: 'a', userTitle: 'ut', userMessage: 'um', isTransient: true, rateLimit: 'buc', bucType: 'ads_management', regainAccessMinutes: 5, blameFields: ['f'], fbtraceId: 'Abc', doc: '[3] Errors', known: true };
  const full = result({
    ...ok,
    attempts: 3,
    error,
    failure: { kind: 'rate-limited', message: 'held', retryAt: new Date(0).toISOString() },
    warnings: ['w'],
    usage: usage({ app: { call_count: 42 }, buc: [{ businessId: '1', type: 'msgr', call_count: 3 }], throttled: true, blockedUntil: new Date(300_000).toISOString() }),
    version: { text: 'v23.0', source: 'default' },
    body: { id: '1', list: [{ a: 'b' }] },
  });
  const bad = hostile(full);
  const text = result({ ...hostile(result({ status: 502, statusText: 'Bad Gateway', body: 'text', bodyKind: 'text' })), bodyKind: 'text' });
  const environment = hostile('prod');
  const pages = [
    renderResponsePage([bad], { ...opts(), environment }),
    renderResponsePage([bad, text, hostile(clientFailure(1, 'network', 'x'))], { ...opts(), environment }),
    renderResponsePage([{ ...full, version: { text: hostile('v23.0'), source: 'default' } }], opts()),
    renderUsagePage([{ usage: bad.usage, label: hostile('create'), at: 0, environment }], usageNow(recordUsage(emptyRecentUsage(), bad, 0), 0), opts()),
  ];
  for (const html of pages) {
    assert.ok(!/<i data-x/.test(html), `markup from a field reached the page: ${/.{80}<i data-x.{20}/s.exec(html)?.[0]}`);
    assert.ok(html.includes('&lt;i data-x=&quot;'), 'the fields are shown, escaped');
  }
});
