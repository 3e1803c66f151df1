import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Redactor } from '../../client/src/redact';
import { escapeHtml, formatSize, renderJson, renderResponsePage, renderUsagePage } from '../../client/src/responseHtml';
import { clientFailure, type SendResult } from '../../client/src/sendModel';
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

test('the usage view lists the latest figures and the recent sends', () => {
  const html = renderUsagePage([{ usage: usage({ app: { call_count: 10 } }), label: 'first', at: 0 }, { usage: ok.usage, label: 'create', at: 1000 }], opts());
  assert.ok(html.includes('Latest: create') && html.includes('Recent sends') && html.includes('first'));
  assert.ok(renderUsagePage([], opts()).includes('No request sent yet'));
});
