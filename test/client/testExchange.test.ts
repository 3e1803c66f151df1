/** The Debug profile's output of one test (client/src/testExchange.ts): the whole exchange, token-free, as terminal text. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Redactor } from '../../client/src/redact';
import { EXCHANGE_BODY_LIMIT, exchangeText, failureLine } from '../../client/src/testExchange';
import type { TestReportModel } from '../../server/src/lsp/protocol';
import { result, usage } from './model';

const TOKEN = 'EAAB-secret-token-123';

function report(p: Partial<TestReportModel>): TestReportModel {
  return { key: 'create', label: 'Create an ad set [create]', line: 4, status: 'passed', httpStatus: 200, durationMs: 41.6, reason: null, expectations: [], usage: null, receivedAt: null, request: null, ...p };
}

const exchange = result({
  status: 400, statusText: 'Bad Request',
  request: { method: 'POST', url: 'http://127.0.0.1:1/v23.0/act_1/adsets', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${TOKEN}` }, body: 'name=Spring&status=PAUSED' },
  headers: { 'x-business-use-case-usage': '{"1":[{"type":"ads_management","call_count":3}]}', 'content-type': 'application/json', 'x-app-usage': '{"call_count":2}' },
  body: { error: { code: 100, error_subcode: 3858079, message: 'Invalid parameter' } }, bodyKind: 'json',
  usage: usage({ app: { call_count: 2 } }),
});

const failed = report({
  status: 'failed', httpStatus: 400, exchange,
  expectations: [
    { line: 5, text: 'status 400', passed: true, expected: '400', actual: '400', message: null },
    { line: 6, text: 'error.subcode 3858081', passed: false, expected: '3858081', actual: '3858079', message: 'Expected 3858081, got 3858079.' },
    { line: 7, text: 'usage.max < 80', passed: true, expected: '< 80', actual: '3', message: null },
  ],
});

test('the request as sent, the status, every header (usage headers too) and the body, then each expectation, in CRLF lines', () => {
  const redactor = new Redactor();
  redactor.add(TOKEN);
  const text = exchangeText(failed, 'api.graphreq:5', (s) => redactor.redact(s));
  const lines = text.split('\r\n');
  assert.ok(!/[^\r]\n/.test(text), 'every line ends in CRLF (the output is a terminal)');
  assert.equal(lines[0], '── FAIL Create an ad set [create] · api.graphreq:5 (42 ms)');
  assert.equal(lines[1], '> POST http://127.0.0.1:1/v23.0/act_1/adsets');
  assert.match(lines[2], /^> authorization: Bearer (?!EAAB)/);
  assert.equal(lines[3], '> content-type: application/x-www-form-urlencoded');
  assert.deepEqual(lines.slice(4, 6), ['>', '> name=Spring&status=PAUSED']);
  assert.equal(lines[6], '< HTTP 400 Bad Request');
  assert.deepEqual(lines.slice(7, 10), ['< content-type: application/json', '< x-app-usage: {"call_count":2}', '< x-business-use-case-usage: {"1":[{"type":"ads_management","call_count":3}]}']);
  assert.equal(lines[10], '');
  assert.deepEqual(JSON.parse(lines.slice(11, lines.indexOf('', 11)).join('\n')), exchange.body);
  assert.deepEqual(lines.slice(-6, -2), ['', '✓ status 400', '✗ error.subcode 3858081 (line 7): Expected 3858081, got 3858079.', '✓ usage.max < 80 (3)']);
  assert.ok(!text.includes(TOKEN), 'the client redacts again');
});

test('a long body is cut, saying where the whole one is; a test with no response says why', () => {
  const big = report({ exchange: result({ status: 200, statusText: 'OK', bodyKind: 'text', body: 'x'.repeat(EXCHANGE_BODY_LIMIT + 10) }) });
  const text = exchangeText(big, 'a.graphreq:1');
  assert.ok(text.includes('… 10 more characters: the response view shows the whole body.'));
  assert.ok(text.length < EXCHANGE_BODY_LIMIT + 500);
  const none = exchangeText(report({ status: 'failed', httpStatus: null, reason: 'connect ECONNREFUSED 127.0.0.1:9' }), 'a.graphreq:1');
  assert.equal(none, '── FAIL Create an ad set [create] · a.graphreq:1 (42 ms)\r\nconnect ECONNREFUSED 127.0.0.1:9\r\n\r\n');
});

test('the line a failure reveals: its first failing expectation, else the request line', () => {
  assert.equal(failureLine(failed), 6);
  assert.equal(failureLine(report({ status: 'failed', reason: 'answered 500' })), 4);
});

test('a test not sent says NOT SENT and why, as graphreq test does, not "no response"', () => {
  const refused = result({ status: null, statusText: '', failure: { kind: 'build', message: '`{{nowhere}}` is not defined', retryAt: null } });
  const text = exchangeText(report({ status: 'failed', httpStatus: null, notSent: true, reason: 'not sent: `{{nowhere}}` is not defined', exchange: refused }), 'api.graphreq:5');
  assert.equal(text, '── NOT SENT Create an ad set [create] · api.graphreq:5 (42 ms)\r\nnot sent: `{{nowhere}}` is not defined\r\n\r\n');
});
