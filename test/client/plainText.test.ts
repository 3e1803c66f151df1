import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { localTimes, plainText } from '../../client/src/plainText';
import { renderHistoryPage } from '../../client/src/historyHtml';
import { renderResponsePage } from '../../client/src/responseHtml';
import { Redactor } from '../../client/src/redact';
import { result } from './model';

test('plain text: no Markdown code marks where VS Code shows plain text; a lone backtick stays', () => {
  assert.equal(plainText('`billing_event` does not take the text `IMPRESSIONZ`: did you mean `IMPRESSIONS`?'), 'billing_event does not take the text IMPRESSIONZ: did you mean IMPRESSIONS?');
  assert.equal(plainText('Change to `{{account}}`'), 'Change to {{account}}');
  assert.equal(plainText('a ` alone'), 'a ` alone');
});

test('one time zone: the server\'s UTC times are shown in local time, like every other time', () => {
  const local = (ms: number): string => `L${ms}`;
  assert.equal(localTimes('access should return at 2026-01-02T10:00:00.000Z (in 5 min)', local), `access should return at L${Date.UTC(2026, 0, 2, 10)} (in 5 min)`);
  assert.equal(localTimes('blocked until 2026-01-02 10:05:00 UTC', local), `blocked until L${Date.UTC(2026, 0, 2, 10, 5)}`);
  const html = renderResponsePage([result({ status: null, failure: { kind: 'rate-limited', message: 'ads_management is blocked until 2026-01-02 10:05:00 UTC', retryAt: new Date(Date.UTC(2026, 0, 2, 10, 5)).toISOString() } })], { nonce: 'n', cspSource: 'c', redactor: new Redactor(), now: 0 });
  assert.ok(!/UTC|T10:05/.test(html.replace(/<style>[\s\S]*?<\/style>/, '')), 'no UTC time in the view');
  assert.equal(html.split(new Date(Date.UTC(2026, 0, 2, 10, 5)).toLocaleTimeString()).length - 1, 2, 'the message and the retry time, both local');
});

test('the history view renders past exchanges, marks old ones, and offers to clear them', () => {
  const now = Date.UTC(2026, 0, 2, 12);
  const rows = [
    { key: '0:b', savedAt: new Date(now - 5 * 60_000).toISOString(), file: 'a.graphreq', label: 'create', method: 'POST', url: 'http://127.0.0.1:1/v23.0/act_1/adsets', status: 200, failure: null },
    { key: '0:a', savedAt: new Date(now - 3 * 3600_000).toISOString(), file: null, label: 'read', method: 'GET', url: 'http://127.0.0.1:1/v23.0/me', status: null, failure: 'connection refused' },
  ];
  const html = renderHistoryPage(rows, { nonce: 'n', cspSource: 'c', now });
  assert.equal((html.match(/<tr class="history-row/g) ?? []).length, 2);
  assert.ok(html.includes('5 min ago') && html.includes('3 h ago · old') && html.includes('<tr class="history-row old">'));
  assert.equal((html.match(/<tr class="history-row old">/g) ?? []).length, 1, 'only the old one');
  assert.ok(html.includes('data-command="open" data-id="0:b"') && html.includes('data-command="clear"'));
  assert.ok(html.includes('not sent') && html.includes('connection refused') && html.includes('unsaved file'));
  assert.ok(!html.includes('{&quot;') && !html.includes('"result"'), 'no raw JSON');
  assert.ok(renderHistoryPage([], { nonce: 'n', cspSource: 'c', now }).includes('id="history-empty"'));
});
