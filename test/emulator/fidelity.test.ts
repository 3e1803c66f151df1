/**
 * Spec fidelity over HTTP (issue 12): the emulator answers as the documents say where the editor and
 * the emulator used to disagree with them. Each describe names the point; docs/emulator.md and
 * docs/rules.md record the decisions.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import type { EmulatorConfig } from '../../server/src/emulator';
import { SEED } from '../../server/src/emulator/seed';
import { adsetBody, assertEnvelope, closeAllEmulators, startTest, T_2026, TestClock, usageHeader, type Sent, type TestEmulator } from './harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-fidelity-'));
after(async () => {
  await closeAllEmulators();
  fs.rmSync(dir, { recursive: true, force: true });
});

const CREATE = `/v23.0/act_${SEED.account}/adsets`;

function emulator(config: Partial<EmulatorConfig> = {}, clock = new TestClock()): Promise<TestEmulator> {
  return startTest({ config }, clock);
}

function refusedBy(sent: Sent, rule: string, code: number, subcode?: number): Record<string, unknown> {
  const e = assertEnvelope(sent, 400, code, subcode);
  assert.equal(sent.headers['x-graphreq-rule'], rule, sent.text.slice(0, 300));
  return e;
}

describe('a refresh with an unencoded URL is refused (URL-ID-ENCODED)', () => {
  it('refuses a raw `&` and a raw `?` in the query, and a raw space or `&` in a form body; accepts the URL encoded', async () => {
    const emu = await emulator();
    refusedBy(await emu.post('/v23.0/?id=https://example.com/u09?x=1&y=2&scrape=true'), 'URL-ID-ENCODED', 100);
    refusedBy(await emu.post('/v23.0/?id=https://example.com/u09?x=1&scrape=true'), 'URL-ID-ENCODED', 100);
    const form = (body: string): Promise<Sent> => emu.post('/v23.0/', { body, contentType: 'application/x-www-form-urlencoded' });
    refusedBy(await form('id=https://example.com/a b&scrape=true'), 'URL-ID-ENCODED', 100);
    refusedBy(await form('id=https://example.com/u09?x=1&y=2&scrape=true'), 'URL-ID-ENCODED', 100);
    // Nothing was refreshed under the cut URL.
    const cut = await emu.get('/v23.0/?id=https%3A%2F%2Fexample.com%2Fu09%3Fx%3D1&fields=og_object');
    assert.deepEqual(cut.body, { id: 'https://example.com/u09?x=1' }, 'no og_object: never refreshed');
    const ok = await emu.post('/v23.0/?id=https%3A%2F%2Fexample.com%2Fu09%3Fx%3D1%26y%3D2&scrape=true');
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body, { success: true });
    const refreshed = await emu.get('/v23.0/?id=https%3A%2F%2Fexample.com%2Fu09%3Fx%3D1%26y%3D2&fields=og_object{title}');
    assert.ok((refreshed.body as { og_object?: unknown }).og_object, refreshed.text);
  });

  it('refuses the same stray tail on a read as an unknown parameter, and reads a URL with a raw `?` as it is (nothing to disturb)', async () => {
    const emu = await emulator();
    refusedBy(await emu.get('/v23.0/?id=https://example.com/u09?x=1&y=2'), 'REQ-UNKNOWN-PARAM', 100);
    const read = await emu.get('/v23.0/?id=https://example.com/u09?x=1');
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body, { id: 'https://example.com/u09?x=1' });
  });
});

describe('JSON null (ADSET-REGIONAL-CATEGORIES, [2] "Accepts null")', () => {
  it('reads null in a JSON body and the form text `null` as null, and answers null', async () => {
    const emu = await emulator();
    for (const send of [
      () => emu.post(CREATE, { json: adsetBody({ regional_regulated_categories: null }) }),
      () => emu.post(CREATE, { form: { ...adsetBody(), regional_regulated_categories: 'null' } }),
    ]) {
      const created = await send();
      assert.equal(created.status, 200, created.text);
      const read = await emu.get(`/v23.0/${created.body.id}?fields=regional_regulated_categories`);
      assert.deepEqual(read.body, { regional_regulated_categories: null, id: created.body.id });
    }
  });

  it('still refuses the text `null` where a list is the only thing taken', async () => {
    const emu = await emulator();
    refusedBy(await emu.post(CREATE, { form: { ...adsetBody(), adlabels: 'null' } }), 'ADSET-TYPES', 100);
  });
});

describe('the refresh checks `fields` like a read (URL-FIELDS)', () => {
  it('refuses an unknown field on a refresh, and accepts a documented one', async () => {
    const emu = await emulator();
    refusedBy(await emu.post('/v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true&fields=og_objekt'), 'URL-FIELDS', 100);
    refusedBy(await emu.post('/v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true&fields=og_object{image}'), 'URL-FIELDS', 100);
    assert.equal((await emu.post('/v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true&fields=og_object{title}')).status, 200);
  });
});

describe('int64: range-checked, exact end to end (ADSET-TYPES)', () => {
  it('keeps an integer past 2^53 exact from a form field, a JSON number and JSON text, and answers its digits', async () => {
    const emu = await emulator();
    const body = JSON.stringify(adsetBody()).replace('"daily_budget":2000', '"daily_budget":9007199254740993').replace('"campaign_id":"120200000000000001"', '"campaign_id":120200000000000001');
    const viaJson = await emu.post(CREATE, { body, contentType: 'application/json' });
    assert.equal(viaJson.status, 200, viaJson.text);
    const viaForm = await emu.post(CREATE, { form: { ...adsetBody(), daily_budget: '9007199254740993' } });
    assert.equal(viaForm.status, 200, viaForm.text);
    const viaText = await emu.post(CREATE, { form: { ...adsetBody({ daily_budget: 9223372036854775807n.toString() }) } });
    assert.equal(viaText.status, 200, viaText.text);
    for (const [id, budget] of [[viaJson.body.id, '9007199254740993'], [viaForm.body.id, '9007199254740993'], [viaText.body.id, '9223372036854775807']]) {
      const read = await emu.get(`/v23.0/${id}?fields=id,daily_budget,campaign_id`);
      assert.deepEqual(read.body, { id, daily_budget: budget, campaign_id: SEED.campaigns.OUTCOME_AWARENESS });
    }
  });

  it('answers an int64 past 2^53 nested in an object of a list as the JSON number it was, digit for digit', async () => {
    const emu = await emulator();
    const spec = '[{"event_type":"CLICK_THROUGH","window_days":9007199254740993},{"event_type":"VIEW_THROUGH","window_days":1}]';
    const viaJson = await emu.post(CREATE, { body: JSON.stringify(adsetBody()).replace(/}$/, `,"attribution_spec":${spec}}`), contentType: 'application/json' });
    assert.equal(viaJson.status, 200, viaJson.text);
    const viaForm = await emu.post(CREATE, { form: { ...adsetBody(), attribution_spec: spec } });
    assert.equal(viaForm.status, 200, viaForm.text);
    for (const id of [viaJson.body.id, viaForm.body.id]) {
      const read = await emu.get(`/v23.0/${id}?fields=attribution_spec,daily_budget`);
      assert.equal(read.status, 200, read.text);
      // The wire text: a number, not a string, and not rounded to ...992.
      assert.equal(read.text, `{"attribution_spec":${spec},"daily_budget":"2000","id":"${id}"}`);
    }
  });

  it('writes a number only where the schema types an integer: digits in a text field stay text', async () => {
    const emu = await emulator();
    const created = await emu.post(CREATE, { json: adsetBody({ name: '9007199254740993' }) });
    assert.equal(created.status, 200, created.text);
    const read = await emu.get(`/v23.0/${created.body.id}?fields=name`);
    assert.equal(read.text, `{"name":"9007199254740993","id":"${created.body.id}"}`);
  });

  it('refuses an integer outside the int64 range, as text or as a JSON number', async () => {
    const emu = await emulator();
    const e = refusedBy(await emu.post(CREATE, { json: adsetBody({ daily_budget: '99999999999999999999' }) }), 'ADSET-TYPES', 100);
    assert.match(String(e.error_user_msg), /int64/);
    const body = JSON.stringify(adsetBody()).replace('"daily_budget":2000', '"daily_budget":9223372036854775808');
    refusedBy(await emu.post(CREATE, { body, contentType: 'application/json' }), 'ADSET-TYPES', 100);
    refusedBy(await emu.post(CREATE, { form: { ...adsetBody(), daily_budget: '-9223372036854775809' } }), 'ADSET-TYPES', 100);
  });
});

describe('an editor error means a refusal, a warning or a clean request an acceptance', () => {
  it('refuses a URL read without id (URL-READ-ID)', async () => {
    const emu = await emulator();
    refusedBy(await emu.get('/v23.0/?fields=engagement'), 'URL-READ-ID', 100);
  });

  it('refuses a version newer than the latest (REQ-VERSION-UNKNOWN), counting it and sending the usage headers', async () => {
    // 200 x 0.5 users = 100 calls an hour: each call is 1% of the app's quota.
    const emu = await emulator({ defaultApp: { dailyActiveUsers: 0.5, accessTier: 'development_access', engagedUsers: 10 } });
    const first = await emu.get('/v27.0/?id=https://example.com/post');
    refusedBy(first, 'REQ-VERSION-UNKNOWN', 100);
    assert.equal(usageHeader(first, 'X-App-Usage').call_count, 1);
    const second = await emu.get('/v27.0/?id=https://example.com/post');
    assert.equal(usageHeader(second, 'X-App-Usage').call_count, 2, 'every call is counted');
    const third = await emu.get('/v26.0/?id=https://example.com/post');
    assert.equal(third.status, 200, third.text);
    assert.equal(usageHeader(third, 'X-App-Usage').call_count, 3);
  });

  it('accepts billing_event CLICKS, a deprecated value that still works (a warning)', async () => {
    const emu = await emulator();
    const r = await emu.post(CREATE, { json: adsetBody({ billing_event: 'CLICKS' }) });
    assert.equal(r.status, 200, r.text);
  });
});

describe('the smaller misses', () => {
  it('refuses an object_store_url that is not a URL', async () => {
    const emu = await emulator();
    refusedBy(await emu.post(CREATE, { json: adsetBody({ promoted_object: { application_id: 1234, object_store_url: 'not a url' } }) }), 'ADSET-TYPES', 100);
  });

  it('refuses attribution_spec{zzz} as it refuses adset_schedule{foo}, and answers the documented members', async () => {
    const emu = await emulator();
    const read = (fields: string): Promise<Sent> => emu.get(`/v23.0/${SEED.adsets.withThreeAds}?fields=${fields}`);
    refusedBy(await read('attribution_spec{zzz}'), 'REQ-UNKNOWN-FIELD', 100);
    refusedBy(await read('adset_schedule{foo}'), 'REQ-UNKNOWN-FIELD', 100);
    assert.equal((await read('attribution_spec{event_type,window_days}')).status, 200);
  });

  it('accepts a field past the documents\' cut-off (a hint, even with a documented name near it)', async () => {
    const emu = await emulator();
    assert.equal((await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?fields=id,updated_time,regional_regulation_identities`)).status, 200);
  });
});

/** An ad set of the iOS 14 campaign `campaign`, promoting `app`, with `extra` members. */
function ios14Adset(campaign: string, app: string | number = SEED.app.id, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return adsetBody({
    name: 'iOS installs',
    campaign_id: campaign,
    daily_budget: 5000,
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'APP_INSTALLS',
    promoted_object: { application_id: app, object_store_url: `https://apps.example.com/app/id${app}` },
    ...extra,
  });
}

describe('iOS 14 ad set errors ([3] iOS 14 error codes, ADSET-IOS14)', () => {
  const cases: Array<[number, string, () => { path?: string; body: Record<string, unknown> }]> = [
    [2490246, 'an iOS 14 campaign with the traffic objective', () => ({ body: ios14Adset(SEED.campaigns.ios14Traffic, SEED.app.id, { optimization_goal: 'REACH' }) })],
    [2490247, 'an ad account not permitted to create iOS 14 campaigns', () => ({ path: `/v23.0/act_${SEED.accountWithoutIos14}/adsets`, body: ios14Adset(SEED.campaigns.ios14) })],
    [2490250, 'no app store id and URL', () => ({ body: ios14Adset(SEED.campaigns.ios14, SEED.app.id, { promoted_object: undefined }) })],
    [2490239, 'another app than the campaign promotes', () => ({ body: ios14Adset(SEED.campaigns.ios14, SEED.apps.oldSocialSdk) })],
    [2490256, 'LINK_CLICKS optimization', () => ({ body: ios14Adset(SEED.campaigns.ios14, SEED.app.id, { optimization_goal: 'LINK_CLICKS' }) })],
    [2490217, 'APP_INSTALLS as billing event and goal', () => ({ body: ios14Adset(SEED.campaigns.ios14, SEED.app.id, { billing_event: 'APP_INSTALLS' }) })],
    [2490249, 'iOS 13 targeted', () => ({ body: ios14Adset(SEED.campaigns.ios14, SEED.app.id, { targeting: { geo_locations: { countries: ['US'] }, user_os: ['iOS_ver_13.0_and_above'] } }) })],
    [
      2490252,
      'cost cap over two days',
      () => ({ body: ios14Adset(SEED.campaigns.ios14, SEED.app.id, { bid_strategy: 'COST_CAP', bid_amount: 500, start_time: '2026-09-01T00:00:00+0000', end_time: '2026-09-03T00:00:00+0000' }) }),
    ],
    [
      2490253,
      'a regular app campaign targeting iOS 15',
      () => ({ body: ios14Adset(SEED.campaigns.OUTCOME_APP_PROMOTION, SEED.app.id, { targeting: { geo_locations: { countries: ['US'] }, user_os: ['iOS_ver_15.0_and_above'] } }) }),
    ],
    [2446693, 'an app with social SDK 7.1', () => ({ body: ios14Adset(SEED.campaigns.ios14OldSocialSdk, SEED.apps.oldSocialSdk) })],
    [2446694, 'an app with an old measurement-partner SDK', () => ({ body: ios14Adset(SEED.campaigns.ios14OldPartnerSdk, SEED.apps.oldPartnerSdk) })],
    [2446695, 'an app sending events server to server', () => ({ body: ios14Adset(SEED.campaigns.ios14ServerToServer, SEED.apps.serverToServer) })],
    [3285007, 'an app with an unsupported measurement partner', () => ({ body: ios14Adset(SEED.campaigns.ios14UnsupportedPartner, SEED.apps.unsupportedPartner) })],
    [3285004, 'VALUE without the value set enabled', () => ({ body: ios14Adset(SEED.campaigns.ios14WithoutAppEvents, SEED.apps.withoutAppEvents, { optimization_goal: 'VALUE' }) })],
    [
      3285005,
      'app-event optimization without app events',
      () => ({ body: ios14Adset(SEED.campaigns.ios14WithoutAppEvents, SEED.apps.withoutAppEvents, { optimization_goal: 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS', promoted_object: { application_id: SEED.apps.withoutAppEvents, object_store_url: 'https://apps.example.com/app/x', custom_event_type: 'PURCHASE' } }) }),
    ],
    [
      3285006,
      'an event the app has not set up',
      () => ({ body: ios14Adset(SEED.campaigns.ios14, SEED.app.id, { optimization_goal: 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS', promoted_object: { application_id: SEED.app.id, object_store_url: SEED.app.storeUrl, custom_event_type: 'SEARCH' } }) }),
    ],
    [
      3285009,
      'another event than the campaign\'s other ad set',
      () => ({ body: ios14Adset(SEED.campaigns.ios14EventOptimized, SEED.app.id, { optimization_goal: 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS', promoted_object: { application_id: SEED.app.id, object_store_url: SEED.app.storeUrl, custom_event_type: 'ADD_TO_CART' } }) }),
    ],
    [
      1870125,
      'an app-activity custom audience included',
      () => ({ body: ios14Adset(SEED.campaigns.ios14, SEED.app.id, { targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [{ id: SEED.audiences.appActivity }] } }) }),
    ],
    [1870141, 'an app connection', () => ({ body: ios14Adset(SEED.campaigns.ios14, SEED.app.id, { targeting: { geo_locations: { countries: ['US'] }, connections: [{ id: SEED.apps.oldSocialSdk }] } }) })],
    [
      3260007,
      'a pixel event not set up on the pixel\'s domain',
      () => ({ body: adsetBody({ campaign_id: SEED.campaigns.OUTCOME_SALES, optimization_goal: 'OFFSITE_CONVERSIONS', promoted_object: { pixel_id: SEED.pixel.id, custom_event_type: 'SEARCH' } }) }),
    ],
  ];

  it('produces every code [3] ties to ad set creation, each from the seeded state, with validate_only too', async () => {
    const emu = await emulator();
    for (const [code, label, make] of cases) {
      const { path: at, body } = make();
      for (const b of [{ ...body, execution_options: ['validate_only'] }, body]) {
        const r = await emu.post(at ?? CREATE, { json: b });
        assert.equal(r.body?.error?.error_subcode, code, `${code} (${label}): ${r.text.slice(0, 300)}`);
        refusedBy(r, 'ADSET-IOS14', 100, code);
      }
    }
  });

  it('accepts an ad set that meets every condition, and one with the campaign\'s own event', async () => {
    const emu = await emulator();
    const good = await emu.post(CREATE, {
      json: ios14Adset(SEED.campaigns.ios14, SEED.app.id, { bid_strategy: 'COST_CAP', bid_amount: 500, start_time: '2026-09-01T00:00:00+0000', end_time: '2026-09-08T00:00:00+0000', targeting: { geo_locations: { countries: ['US'] }, user_os: ['iOS_ver_14.0_and_above'] } }),
    });
    assert.equal(good.status, 200, good.text);
    const sameEvent = await emu.post(CREATE, {
      json: ios14Adset(SEED.campaigns.ios14EventOptimized, SEED.app.id, { optimization_goal: 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS', promoted_object: { application_id: SEED.app.id, object_store_url: SEED.app.storeUrl, custom_event_type: 'PURCHASE' } }),
    });
    assert.equal(sameEvent.status, 200, sameEvent.text);
    const pixel = await emu.post(CREATE, { json: adsetBody({ campaign_id: SEED.campaigns.OUTCOME_SALES, optimization_goal: 'OFFSITE_CONVERSIONS', promoted_object: { pixel_id: SEED.pixel.id, custom_event_type: 'PURCHASE' } }) });
    assert.equal(pixel.status, 200, pixel.text);
  });

  it('refuses adding an app-activity audience to an ad set of an iOS 14 campaign on update (AS2)', async () => {
    const emu = await emulator();
    const update = await emu.post(`/v23.0/${SEED.adsets.ios14}`, { json: { targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [SEED.audiences.appActivity] } } });
    refusedBy(update, 'ADSET-IOS14', 100, 1870125);
    const other = await emu.post(`/v23.0/${SEED.adsets.withThreeAds}`, { json: { targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [SEED.audiences.appActivity] } } });
    assert.equal(other.status, 200, other.text);
  });
});

describe('older versions only for apps that called them ([3] Versioning 5, REQ-VERSION-APP-HISTORY)', () => {
  const NEW_APP = { 'new-app-token': { app: '42', user: '42', business: '42', kind: 'user' as const, developer: true } };
  const read = (emu: TestEmulator, version: string): Promise<Sent> => emu.get(`/${version}/?id=https://example.com/post`, { token: 'new-app-token' });

  it('lets a new app call the latest version and newer ones only, and the demo app every available version', async () => {
    const emu = await emulator({ tokens: NEW_APP }, new TestClock(T_2026));
    const older = await read(emu, 'v23.0');
    const e = assertEnvelope(older, 400, 2635);
    assert.equal(older.headers['x-graphreq-rule'], 'REQ-VERSION-APP-HISTORY');
    assert.match(String(e.error_user_msg), /v26\.0/);
    assert.equal((await read(emu, 'v26.0')).status, 200);
    assert.equal((await emu.get('/v23.0/?id=https://example.com/post')).status, 200, 'the demo app has called since 2018');
  });

  it('keeps the versions an app called: after a newer release they still answer it, older ones do not', async () => {
    const file = path.join(dir, 'history.json');
    const clock = new TestClock(Date.UTC(2026, 2, 1)); // v25.0 (2026-02-18) is the latest.
    let emu = await startTest({ dataFile: file, config: { tokens: NEW_APP } }, clock);
    assert.equal((await read(emu, 'v25.0')).status, 200);
    assertEnvelope(await read(emu, 'v24.0'), 400, 2635);
    await emu.emulator.close();
    // A restart keeps the history; v26.0 comes out.
    clock.t = Date.UTC(2026, 6, 1);
    emu = await startTest({ dataFile: file, config: { tokens: NEW_APP } }, clock);
    assert.equal((await read(emu, 'v25.0')).status, 200, 'called before');
    assert.equal((await read(emu, 'v26.0')).status, 200, 'newer than its first latest');
    assertEnvelope(await read(emu, 'v24.0'), 400, 2635);
  });

  it('takes when an app first called from the configuration', async () => {
    // On 2025-03-01 the latest was v22.0 (2025-01-21); v21.0 is still available in June 2026.
    const emu = await emulator({ tokens: NEW_APP, apps: { '42': { firstCall: '2025-03-01' } } }, new TestClock(T_2026));
    assert.equal((await read(emu, 'v22.0')).status, 200);
    assertEnvelope(await read(emu, 'v21.0'), 400, 2635);
  });
});
