/**
 * Usage across scopes (core/send/recentUsage.ts), as the status bar and other editors' messages
 * show it: the highest figure of the app, each ad account and each business use case seen
 * recently; a response updates only its own scopes; each figure falls as its window rolls.
 * USAGE-APP, USAGE-ADACCOUNT, USAGE-BUC: the figures come from the decoded headers.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyRecentUsage, parseUsageHeaders, pruneRecentUsage, recordUsage, usageNow } from '../../server/src/core/send';

const T0 = Date.UTC(2026, 0, 31, 12, 0, 0);
const MIN = 60_000;

function response(url: string, headers: Record<string, unknown>, at = T0) {
  const raw: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) raw[k] = JSON.stringify(v);
  return { usage: parseUsageHeaders(raw, at), request: { method: 'GET', url, headers: {}, body: null } };
}

const adsetCall = (pct: number, at = T0) => response('http://127.0.0.1:8990/v23.0/act_1234567890/adsets', { 'x-business-use-case-usage': { '1': [{ type: 'ads_management', call_count: pct, total_cputime: 1, total_time: 1, estimated_time_to_regain_access: 0 }] } }, at);
const threadRead = (pct: number, at = T0) => response('http://127.0.0.1:8990/v23.0/t_1?fields=id', { 'x-business-use-case-usage': { '1': [{ type: 'msgr', call_count: pct, total_cputime: 0, total_time: 0, estimated_time_to_regain_access: 0 }] } }, at);

describe('recent usage across scopes', () => {
  it('a call to another scope does not reset the figure: the highest is kept and named', () => {
    let s = recordUsage(emptyRecentUsage(), adsetCall(40), T0);
    s = recordUsage(s, threadRead(0.5), T0 + 1000);
    const now = usageNow(s, T0 + 1000);
    assert.equal(now.highest?.label, 'ads_management (business 1)');
    assert.ok(now.highest!.now > 39.9 && now.highest!.now <= 40, String(now.highest!.now));
    assert.deepEqual(now.scopes.map((x) => x.key), ['buc:1:ads_management', 'buc:1:msgr']);
  });

  it('each figure falls as its window rolls: an hour for ads_management, a day for msgr', () => {
    let s = recordUsage(emptyRecentUsage(), adsetCall(40), T0);
    s = recordUsage(s, threadRead(10), T0);
    const half = usageNow(s, T0 + 30 * MIN);
    assert.equal(half.scopes.find((x) => x.key === 'buc:1:ads_management')!.now, 20);
    assert.equal(half.scopes.find((x) => x.key === 'buc:1:msgr')!.now, 9.8);
    const later = usageNow(s, T0 + 61 * MIN);
    assert.deepEqual(later.scopes.map((x) => x.key), ['buc:1:msgr'], 'the ads figure is gone after its hour');
    assert.equal(later.highest?.key, 'buc:1:msgr');
    assert.deepEqual(Object.keys(pruneRecentUsage(s, T0 + 61 * MIN).scopes), ['buc:1:msgr']);
  });

  it('a newer figure of the same scope replaces the older one', () => {
    let s = recordUsage(emptyRecentUsage(), adsetCall(40), T0);
    s = recordUsage(s, adsetCall(5, T0 + MIN), T0 + MIN);
    assert.equal(usageNow(s, T0 + MIN).highest?.now, 5);
  });

  it('app, ad account (named from the URL) and a blocked scope that holds until access returns', () => {
    let s = recordUsage(emptyRecentUsage(), response('http://h/v3.3/act_42/adsets', { 'x-app-usage': { call_count: 12, total_cputime: 30, total_time: 2 }, 'x-ad-account-usage': { acc_id_util_pct: 55, reset_time_duration: 600 } }), T0);
    s = recordUsage(s, response('http://h/v23.0/act_42/adsets', { 'x-business-use-case-usage': { '7': [{ type: 'ads_management', call_count: 100, estimated_time_to_regain_access: 10 }] } }), T0);
    const now = usageNow(s, T0 + 5 * MIN);
    assert.deepEqual(now.scopes.map((x) => [x.label, x.metric, x.now]), [
      ['ads_management (business 7)', 'call_count', 100],
      ['ad account act_42', 'acc_id_util_pct', 27.5],
      ['app', 'total_cputime', 27.5],
    ]);
    // The ad account's score is back at 0 when reset_time_duration (600 s) has passed.
    assert.ok(!usageNow(s, T0 + 10 * MIN).scopes.some((x) => x.key === 'adAccount:act_42'));
    // Blocked for 10 minutes, then falling over the hour.
    assert.equal(usageNow(s, T0 + 10 * MIN).highest?.now, 100);
    assert.equal(usageNow(s, T0 + 40 * MIN).highest?.now, 50);
  });

  it('a response without usage headers changes nothing', () => {
    const s = recordUsage(emptyRecentUsage(), adsetCall(40), T0);
    const after = recordUsage(s, response('http://h/v23.0/1', {}), T0 + MIN);
    assert.deepEqual(after, s);
  });
});
