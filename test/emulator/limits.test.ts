/**
 * Rate limits and usage headers ([3] Limits, Usage headers): the counters per app, per user and per
 * business use case over rolling windows, the arithmetic of the headers, a limit reached and
 * released by moving the injected clock, the wait lengthened by further calls, one call per id
 * named, and the URL node's 10 reads per URL, per app, per hour.
 */
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { EmulatorConfig } from '../../server/src/emulator';
import { SEED } from '../../server/src/emulator/seed';
import { assertEnvelope, assertLimitEnvelope, closeAllEmulators, startTest, TestClock, usageHeader, type TestEmulator } from './harness';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const READ = `/v23.0/${SEED.adsets.withThreeAds}?fields=id`;
const OTHER_APP = { 'app2-token': { app: '2', user: '3', business: '2', kind: 'user' as const, developer: true } };
/**
 * The seed account holds 9 active ads, so its quota is 300 + 40 x 9. The counter tests read it as
 * an account without active ads (quota 300), which keeps their arithmetic simple; the quota derived
 * from the state has its own tests below.
 */
const NO_ACTIVE_ADS = { [`act_${SEED.account}`]: { activeAds: 0 } };

/** App 2 has been calling since 2018, so every available version answers it ([3] Versioning 5, docs/emulator.md). */
const OLD_APPS = { '2': { firstCall: '2018-01-01' } };

function emulator(config: Partial<EmulatorConfig>, clock = new TestClock()): Promise<TestEmulator> {
  return startTest({ config: { ...config, apps: { ...OLD_APPS, ...config.apps }, accounts: { ...NO_ACTIVE_ADS, ...config.accounts } } }, clock);
}
after(closeAllEmulators);

describe('ads management BUC limit (LIMIT-BUC, USAGE-BUC)', () => {
  it('reports usage per call and refuses with 80004/2446079 once 300 x 1/100 calls per minute are used (test mode)', async () => {
    const emu = await emulator({ testMode: true });
    const seen: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 3; i++) {
      const r = await emu.get(READ);
      assert.equal(r.status, 200, r.text);
      seen.push(usageHeader(r, 'X-Business-Use-Case-Usage')[SEED.account][0]);
    }
    assert.deepEqual(seen, [
      { type: 'ads_management', call_count: 33, total_cputime: 16, total_time: 16, estimated_time_to_regain_access: 0, ads_api_access_tier: 'development_access' },
      { type: 'ads_management', call_count: 66, total_cputime: 33, total_time: 33, estimated_time_to_regain_access: 0, ads_api_access_tier: 'development_access' },
      { type: 'ads_management', call_count: 100, total_cputime: 50, total_time: 50, estimated_time_to_regain_access: 1, ads_api_access_tier: 'development_access' },
    ]);
    const refused = await emu.get(READ);
    const e = assertLimitEnvelope(refused, 80004, 2446079);
    assert.equal(e.is_transient, undefined, 'the business-use-case refusals recorded carry no is_transient');
    assert.equal(refused.headers['x-graphreq-rule'], 'LIMIT-BLOCK');
    assert.deepEqual(usageHeader(refused, 'X-Business-Use-Case-Usage')[SEED.account][0].call_count, 133);
    // Ad sets of another account count against that account.
    const other = await emu.post('/v23.0/act_31337/adsets', { json: { name: 'x', campaign_id: SEED.campaigns.OUTCOME_AWARENESS, daily_budget: 100 } });
    assert.equal(other.status, 200, other.text);
    // Released once the calls have left the one-minute window.
    emu.clock.advance(MINUTE);
    const again = await emu.get(READ);
    assert.equal(again.status, 200, again.text);
    assert.equal(usageHeader(again, 'X-Business-Use-Case-Usage')[SEED.account][0].call_count, 33);
  });

  it('keeps refusing while calls continue: every refused call counts and lengthens the wait (LIMIT-BLOCK)', async () => {
    const patient = await emulator({ testMode: true });
    const hammering = await emulator({ testMode: true });
    for (const emu of [patient, hammering]) {
      for (const t of [0, 10, 20]) {
        emu.clock.t = patient.clock.t0 + t * SECOND;
        assert.equal((await emu.get(READ)).status, 200);
      }
      emu.clock.t = patient.clock.t0 + 30 * SECOND;
      assert.equal((await emu.get(READ)).status, 400);
    }
    hammering.clock.t = patient.clock.t0 + 40 * SECOND;
    assert.equal((await hammering.get(READ)).status, 400);
    // Without further calls, access returns when the call made at 10 s leaves the window (70 s)...
    patient.clock.t = hammering.clock.t = patient.clock.t0 + 70 * SECOND;
    assert.equal((await patient.get(READ)).status, 200);
    // ...but the calls refused at 30 s and 40 s still count, so the hammering client waits longer.
    assert.equal((await hammering.get(READ)).status, 400);
    hammering.clock.t = patient.clock.t0 + 100 * SECOND;
    assert.equal((await hammering.get(READ)).status, 200);
  });

  it('estimates the time to regain access in minutes over the documented hour (300 calls, development tier)', async () => {
    const emu = await emulator({});
    for (let i = 0; i < 300; i++) assert.equal((await emu.get(READ)).status, 200);
    const refused = await emu.get(READ);
    assertLimitEnvelope(refused, 80004, 2446079);
    assert.equal(usageHeader(refused, 'X-Business-Use-Case-Usage')[SEED.account][0].estimated_time_to_regain_access, 60);
    emu.clock.advance(45 * MINUTE);
    const later = await emu.get(READ);
    assert.equal(later.status, 400);
    assert.equal(usageHeader(later, 'X-Business-Use-Case-Usage')[SEED.account][0].estimated_time_to_regain_access, 15);
    emu.clock.advance(15 * MINUTE);
    assert.equal((await emu.get(READ)).status, 200);
  });

  it('computes the quota from active ads and the access tier', async () => {
    // (300 + 40 x 2) x 1/100 = 3.8, so 4 calls.
    const ads = await emulator({ testMode: true, accounts: { [`act_${SEED.account}`]: { activeAds: 2 } } });
    const r = await ads.get(READ);
    assert.equal(usageHeader(r, 'X-Business-Use-Case-Usage')[SEED.account][0].call_count, 25);
    // (100000 + 40 x 0) x 1/100 = 1000 calls.
    const standard = await emulator({ testMode: true, apps: { '1': { accessTier: 'standard_access' } } });
    for (let i = 0; i < 9; i++) await standard.get(READ);
    const tenth = usageHeader(await standard.get(READ), 'X-Business-Use-Case-Usage')[SEED.account][0];
    assert.equal(tenth.call_count, 1);
    assert.equal(tenth.ads_api_access_tier, 'standard_access');
  });
});

describe('ads management quota from the emulator state (LIMIT-BUC, [3] "300 + 40 x active ads")', () => {
  /** Calls allowed before the account's counter refuses: the quota. */
  async function quotaOf(emu: TestEmulator, path = READ): Promise<number> {
    for (let n = 1; n < 2000; n++) {
      const r = await emu.get(path);
      if (r.status === 400) return n - 1;
      assert.equal(r.status, 200, r.text);
    }
    throw new Error('no limit reached');
  }

  it('counts the seed account\'s 9 active ads: 300 + 40 x 9 = 660 calls an hour', async () => {
    const emu = await startTest();
    assert.equal(await quotaOf(emu), 660);
    assert.equal(usageHeader(await emu.get(READ), 'X-Business-Use-Case-Usage')[SEED.account][0].call_count, 100);
  });

  it('follows the state: deleting an ad set, pausing one, and a deep copy with active ads change the count', async () => {
    // Test mode: (300 + 40 x ads) / 100 calls per minute, rounded up; the clock moves a window between measures.
    const emu = await startTest({ config: { testMode: true } });
    assert.equal(await quotaOf(emu), 7); // 9 ads: 6.6
    emu.clock.advance(MINUTE);
    assert.equal((await emu.send('DELETE', `/v23.0/${SEED.adsets.withFourAds}`)).status, 200);
    emu.clock.advance(MINUTE);
    assert.equal(await quotaOf(emu), 5); // 5 ads: 5.0
    emu.clock.advance(MINUTE);
    assert.equal((await emu.post(`/v23.0/${SEED.adsets.withThreeAds}`, { json: { status: 'PAUSED' } })).status, 200);
    emu.clock.advance(MINUTE);
    assert.equal(await quotaOf(emu, `/v23.0/${SEED.adsets.ios14}`), 4); // 2 ads: 3.8
    emu.clock.advance(MINUTE);
    assert.equal((await emu.post(`/v23.0/${SEED.adsets.withThreeAds}`, { json: { status: 'ACTIVE' } })).status, 200);
    emu.clock.advance(MINUTE);
    assert.equal(await quotaOf(emu), 5); // 5 ads again
    emu.clock.advance(MINUTE);
    const copy = await emu.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`, { json: { deep_copy: true, status_option: 'ACTIVE' } });
    assert.equal(copy.status, 200, copy.text);
    emu.clock.advance(MINUTE);
    assert.equal(await quotaOf(emu), 7); // 8 ads: 6.2
  });

  it('reads a configured activeAds instead, for ads the emulator does not hold', async () => {
    const emu = await startTest({ config: { accounts: { [`act_${SEED.account}`]: { activeAds: 100 } } } });
    // 300 + 40 x 100 = 4300: one call is 0%, 43 calls are 1%.
    for (let i = 0; i < 42; i++) await emu.get(READ);
    assert.equal(usageHeader(await emu.get(READ), 'X-Business-Use-Case-Usage')[SEED.account][0].call_count, 1);
  });
});

describe('ads API v3.3 and older (USAGE-ADACCOUNT)', () => {
  it('sends X-Ad-Account-Usage instead of X-Business-Use-Case-Usage, and refuses with 17/2446079', async () => {
    // v3.3 is available until two years after v4.0's release (2019-07-29).
    const emu = await emulator({ testMode: true }, new TestClock(Date.UTC(2019, 7, 1)));
    const first = await emu.get(`/v3.3/${SEED.adsets.withThreeAds}`);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers['x-business-use-case-usage'], undefined);
    assert.deepEqual(usageHeader(first, 'X-Ad-Account-Usage'), { acc_id_util_pct: 33.33, reset_time_duration: 60, ads_api_access_tier: 'development_access' });
    emu.clock.advance(15 * SECOND);
    assert.deepEqual(usageHeader(await emu.get(`/v3.3/${SEED.adsets.withThreeAds}`), 'X-Ad-Account-Usage'), { acc_id_util_pct: 66.66, reset_time_duration: 60, ads_api_access_tier: 'development_access' });
    emu.clock.advance(15 * SECOND);
    assert.equal((await emu.get(`/v3.3/${SEED.adsets.withThreeAds}`)).status, 200);
    const refused = await emu.get(`/v3.3/${SEED.adsets.withThreeAds}`);
    assertLimitEnvelope(refused, 17, 2446079);
    // v4.0 calls report the BUC header; they share the account's counter.
    const newer = await emu.get(`/v4.0/${SEED.adsets.withThreeAds}`);
    assertLimitEnvelope(newer, 80004, 2446079);
    assert.equal(usageHeader(newer, 'X-Business-Use-Case-Usage')[SEED.account][0].call_count, 166);
    assert.equal(newer.headers['x-ad-account-usage'], undefined);
  });
});

describe('platform limits (LIMIT-PLATFORM, USAGE-APP)', () => {
  const url = (n: number): string => `/v23.0/?id=${encodeURIComponent(`https://example.com/page-${n}`)}`;

  it('counts the app: 200 x daily active users calls per hour, code 4, per app', async () => {
    // 200 x 1 x 1/100 = 2 calls per minute for app 1.
    const emu = await emulator({ testMode: true, defaultApp: { dailyActiveUsers: 1, accessTier: 'development_access', engagedUsers: 10 }, tokens: OTHER_APP });
    assert.deepEqual(usageHeader(await emu.get(url(1)), 'X-App-Usage'), { call_count: 50, total_cputime: 25, total_time: 25 });
    assert.deepEqual(usageHeader(await emu.get(url(2)), 'X-App-Usage'), { call_count: 100, total_cputime: 50, total_time: 50 });
    const refused = await emu.get(url(3));
    assertLimitEnvelope(refused, 4);
    assert.equal(usageHeader(refused, 'X-App-Usage').call_count, 150);
    // The viewer token is another user of the same app: refused too. Another app is not.
    assertLimitEnvelope(await emu.get(url(4), { token: 'demo-viewer-token' }), 4);
    assert.equal((await emu.get(url(5), { token: 'app2-token' })).status, 200);
  });

  it('counts the user across apps: code 17, while other users of the app go on', async () => {
    // A user limit of 100 per hour x 1/100 = 1 call per minute.
    const emu = await emulator({ testMode: true, userCallsPerHour: 100, tokens: { ...OTHER_APP, 'user1-app2': { app: '2', user: '1', business: '2', kind: 'user', developer: true } } });
    assert.equal((await emu.get(url(1))).status, 200);
    assertLimitEnvelope(await emu.get(url(2)), 17);
    // The same user through another app is still the same user.
    assertLimitEnvelope(await emu.get(url(3), { token: 'user1-app2' }), 17);
    assert.equal((await emu.get(url(4), { token: 'demo-viewer-token' })).status, 200);
    emu.clock.advance(MINUTE);
    assert.equal((await emu.get(url(5))).status, 200);
  });

  it('counts one call per id named (REQ-IDS-COUNT)', async () => {
    // 200 x 0.5 = 100 calls per hour: call_count is the number of calls.
    const emu = await emulator({ defaultApp: { dailyActiveUsers: 0.5, accessTier: 'development_access', engagedUsers: 10 } });
    const three = await emu.get(`/v23.0/?ids=${['a', 'b', 'c'].map((p) => encodeURIComponent(`https://example.com/${p}`)).join(',')}&fields=id`);
    assert.equal(three.status, 200, three.text);
    assert.equal(Object.keys(three.body).length, 3);
    assert.equal(usageHeader(three, 'X-App-Usage').call_count, 3);
    assert.equal(usageHeader(await emu.get(url(1)), 'X-App-Usage').call_count, 4);
  });
});

describe('URL node reads (URL-READ-RATE)', () => {
  it('allows 10 reads per URL, per app, per hour, then answers 613 until the hour has passed', async () => {
    const emu = await emulator({ tokens: OTHER_APP });
    const read = (token = 'demo-token'): Promise<Awaited<ReturnType<TestEmulator['get']>>> => emu.get('/v23.0/?id=https://example.com/post&fields=engagement', { token });
    for (let i = 0; i < 10; i++) {
      emu.clock.advance(MINUTE);
      assert.equal((await read()).status, 200, `read ${i + 1}`);
    }
    const eleventh = await read();
    assertLimitEnvelope(eleventh, 613);
    assert.equal(eleventh.headers['x-graphreq-rule'], 'URL-READ-RATE');
    // Another URL, and the same URL from another app, are not limited. A refresh is no read.
    assert.equal((await emu.get('/v23.0/?id=https://example.com/')).status, 200);
    assert.equal((await read('app2-token')).status, 200);
    assert.equal((await emu.post('/v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true')).status, 200);
    // The refused read counts too, so access returns once two reads have left the window: the
    // second read was made 2 minutes after the start and leaves it an hour later.
    emu.clock.t = emu.clock.t0 + 2 * MINUTE + HOUR;
    assert.equal((await read()).status, 200);
  });
});

describe('messaging BUC limit', () => {
  it('counts thread reads per app: 200 x engaged users per 24 hours, code 80006', async () => {
    // 200 x 1 x 1/100 = 2 reads per 24 minutes.
    const emu = await emulator({ testMode: true, defaultApp: { dailyActiveUsers: 100, accessTier: 'development_access', engagedUsers: 1 } });
    const first = await emu.get(`/v23.0/${SEED.thread}`);
    assert.deepEqual(usageHeader(first, 'X-Business-Use-Case-Usage'), { '1': [{ type: 'msgr', call_count: 50, total_cputime: 25, total_time: 25, estimated_time_to_regain_access: 0 }] });
    assert.equal((await emu.get(`/v23.0/${SEED.thread}`)).status, 200);
    const refused = await emu.get(`/v23.0/${SEED.thread}`);
    assertLimitEnvelope(refused, 80006);
    assert.equal(usageHeader(refused, 'X-Business-Use-Case-Usage')['1'][0].estimated_time_to_regain_access, 24);
    emu.clock.advance(24 * MINUTE);
    assert.equal((await emu.get(`/v23.0/${SEED.thread}`)).status, 200);
  });
});
