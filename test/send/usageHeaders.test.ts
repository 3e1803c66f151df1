import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseUsageHeaders } from '../../server/src/core/send';

const at = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('parseUsageHeaders: one usage model from the three headers', () => {
  it('reads app, ad account and BUC usage per business and type, and finds the limiting figure (USAGE-APP, USAGE-ADACCOUNT, USAGE-BUC)', () => {
    const u = parseUsageHeaders(
      {
        'x-app-usage': '{"call_count":12,"total_cputime":5,"total_time":7}',
        'x-ad-account-usage': '{"acc_id_util_pct":40.5,"reset_time_duration":300,"ads_api_access_tier":"development_access"}',
        'x-business-use-case-usage': JSON.stringify({
          '1': [
            { type: 'ads_management', call_count: 98, total_cputime: 49, total_time: 49, estimated_time_to_regain_access: 0, ads_api_access_tier: 'development_access' },
            { type: 'msgr', call_count: 3, total_cputime: 1, total_time: 1, estimated_time_to_regain_access: 0 },
          ],
          '2': [{ type: 'ads_insights', call_count: 10, total_cputime: 10, total_time: 10, estimated_time_to_regain_access: 0 }],
        }),
      },
      at,
    );
    assert.deepEqual(u.app, { call_count: 12, total_cputime: 5, total_time: 7 });
    assert.deepEqual(u.adAccount, { acc_id_util_pct: 40.5, reset_time_duration: 300, ads_api_access_tier: 'development_access' });
    assert.deepEqual(u.buc.map((e) => [e.businessId, e.type, e.call_count]), [['1', 'ads_management', 98], ['1', 'msgr', 3], ['2', 'ads_insights', 10]]);
    assert.equal(u.highestPercent, 98);
    assert.deepEqual([u.limiting?.source, u.limiting?.type, u.limiting?.metric, u.limiting?.businessId], ['buc', 'ads_management', 'call_count', '1']);
    assert.equal(u.figures.length, 3 + 1 + 9);
    assert.equal(u.regainAccessMinutes, 0);
    assert.equal(u.blockedUntil, null);
    assert.deepEqual(u.warnings, []);
  });

  it('dates the block from estimated_time_to_regain_access', () => {
    const u = parseUsageHeaders({ 'x-business-use-case-usage': '{"7":[{"type":"ads_management","call_count":100,"total_cputime":50,"total_time":50,"estimated_time_to_regain_access":15}]}' }, at);
    assert.equal(u.regainAccessMinutes, 15);
    assert.equal(u.blockedUntil, new Date(at + 15 * 60_000).toISOString());
  });

  it('counts an ad account at 100% as blocked until its score resets', () => {
    const u = parseUsageHeaders({ 'x-ad-account-usage': '{"acc_id_util_pct":100,"reset_time_duration":90}' }, at);
    assert.equal(u.regainAccessMinutes, 2);
    assert.equal(u.blockedUntil, new Date(at + 2 * 60_000).toISOString());
  });

  it('reads throttle indicators wherever a usage object carries them (USAGE-THROTTLE)', () => {
    const u = parseUsageHeaders({ 'x-app-usage': '{"call_count":1,"throttled":true,"backend_qps":{"actual_score":3,"limit":10,"more_info":"x"},"complexity_score":{"actual_score":0.5,"limit":1}}' }, at);
    assert.deepEqual(u.throttle, [{ source: 'X-App-Usage', throttled: true, backend_qps: { actual_score: 3, limit: 10, more_info: 'x' }, complexity_score: { actual_score: 0.5, limit: 1, more_info: null } }]);
  });

  it('turns malformed values into warnings and reads the rest', () => {
    const u = parseUsageHeaders(
      {
        'x-app-usage': '{"call_count":"12","total_cputime":-3,"total_time":"lots"}',
        'x-ad-account-usage': 'not json{',
        'x-business-use-case-usage': '{"1":{"type":"ads_management"},"2":[42,{"call_count":5},{"type":"msgr","call_count":[1],"estimated_time_to_regain_access":"soon"}]}',
      },
      at,
    );
    assert.deepEqual(u.app, { call_count: 12, total_cputime: null, total_time: null });
    assert.equal(u.adAccount, null);
    assert.deepEqual(u.buc.map((e) => [e.type, e.call_count, e.estimated_time_to_regain_access]), [['msgr', null, null]]);
    const expected = [/call_count is the text "12"/, /total_cputime should be a percentage/, /total_time should be a percentage/, /X-Ad-Account-Usage is not JSON text/, /business 1 should hold a list/, /2\[0\] should be an object/, /2\[1\] has no type/, /call_count should be a percentage .* not a list/, /estimated_time_to_regain_access should be a whole number/];
    assert.equal(u.warnings.length, expected.length, u.warnings.join('\n'));
    for (const re of expected) assert.ok(u.warnings.some((w) => re.test(w)), `${re}: ${u.warnings.join('\n')}`);
    assert.equal(u.highestPercent, 12);
  });

  it('is empty without usage headers, and never throws on any text', () => {
    const u = parseUsageHeaders({ 'content-type': 'application/json' }, at);
    assert.equal(u.highestPercent, null);
    assert.equal(u.limiting, null);
    for (const v of ['', 'null', '[]', '"x"', '{"a":', '{"1":null}', '\u0000', '{"__proto__":[{"type":"x"}]}']) {
      assert.doesNotThrow(() => parseUsageHeaders({ 'x-app-usage': v, 'x-ad-account-usage': v, 'x-business-use-case-usage': v }, at), v);
    }
  });
});
