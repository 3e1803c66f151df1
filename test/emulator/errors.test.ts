/**
 * Every documented error over HTTP, each in the exact envelope of ERR-ENVELOPE: 190 (token), 200
 * (thread caller), 100/3858079 and 100/3858081 with blame_field_specs (DSA), 2635 (versions),
 * 2490216 (TARGET_COST), 2490238 and 2695 (iOS 14 ad set limit), 246003/246004 or issues_info
 * entries (flagged assets), the service-only limits, and validate_only.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SEED } from '../../server/src/emulator/seed';
import { adsetBody, assertEnvelope, closeAllEmulators, startTest, type TestEmulator } from './harness';

const FR = { targeting: { geo_locations: { countries: ['FR'] } } };
const IOS14_ADSET = {
  name: 'iOS installs',
  campaign_id: SEED.campaigns.ios14,
  daily_budget: 5000,
  billing_event: 'IMPRESSIONS',
  optimization_goal: 'APP_INSTALLS',
  promoted_object: { application_id: SEED.app.id, object_store_url: SEED.app.storeUrl },
  targeting: { geo_locations: { countries: ['US'] } },
};

let emu: TestEmulator;
before(async () => {
  emu = await startTest();
});
after(closeAllEmulators);

describe('tokens (REQ-TOKEN-REQUIRED, THREAD-CALLER; every answer checked against ERR-ENVELOPE and ERR-CODES)', () => {
  it('answers 190 without a token and for an unknown token, with status 400 and the challenge, as the real service does', async () => {
    const noToken = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}`, { token: null });
    const none = assertEnvelope(noToken, 400, 190);
    assert.equal(none.type, 'OAuthException');
    assert.equal(noToken.headers['www-authenticate'], `OAuth "Facebook Platform" "invalid_request" "${none.message}"`);
    const unknown = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}`, { token: 'EAAB-not-a-token' });
    const e = assertEnvelope(unknown, 400, 190);
    assert.equal(unknown.headers['www-authenticate'], `OAuth "Facebook Platform" "invalid_token" "${e.message}"`);
    assertEnvelope(await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?access_token=wrong`, { token: 'demo-token' }), 400, 190);
  });

  it('takes the token from access_token in the query, the form body or a JSON body, or an OAuth header', async () => {
    assert.equal((await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?access_token=demo-token`, { token: null })).status, 200);
    assert.equal((await emu.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`, { token: null, form: { access_token: 'demo-token' } })).status, 200);
    assert.equal((await emu.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`, { token: null, json: { access_token: 'demo-token' } })).status, 200);
    assert.equal((await emu.get(`/v23.0/${SEED.adsets.withThreeAds}`, { token: null, headers: { Authorization: 'OAuth demo-token' } })).status, 200);
  });

  it('answers 200 to a thread read by a user who is not a developer of the app', async () => {
    const r = await emu.get(`/v23.0/${SEED.thread}?fields=id`, { token: 'demo-viewer-token' });
    assertEnvelope(r, 403, 200);
    assert.equal(r.headers['x-graphreq-rule'], 'THREAD-CALLER');
    assert.equal((await emu.get(`/v23.0/${SEED.thread}?fields=id`)).status, 200);
  });
});

describe('regional regulation (ADSET-DSA-REQUIRED)', () => {
  it('answers 100/3858079 blaming dsa_payor, then 100/3858081 blaming dsa_beneficiary', async () => {
    const payor = assertEnvelope(await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody(FR) }), 400, 100, 3858079);
    assert.equal(payor.message, 'Invalid parameter');
    assert.equal(payor.is_transient, false);
    assert.deepEqual(JSON.parse(payor.error_data), { blame_field_specs: [['dsa_payor']] });
    assert.equal(payor.error_user_title, 'Payor missing in a regulated region');
    const beneficiary = assertEnvelope(await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ ...FR, dsa_payor: 'Acme SA' }) }), 400, 100, 3858081);
    assert.deepEqual(JSON.parse(beneficiary.error_data), { blame_field_specs: [['dsa_beneficiary']] });
  });

  it('refuses the same way under validate_only, and accepts with both values', async () => {
    assertEnvelope(await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ ...FR, execution_options: ['validate_only'] }) }), 400, 100, 3858079);
    const ok = await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ ...FR, dsa_payor: 'Acme SA', dsa_beneficiary: 'Acme SA', execution_options: ['validate_only'] }) });
    assert.deepEqual(ok.body, { success: true });
  });
});

describe('versions', () => {
  it('answers 2635 for an expired version and for a malformed one', async () => {
    // v19.0 expired on 2026-05-21, two years after v20.0's release; the clock says 2026-06-15.
    const expired = await emu.get(`/v19.0/${SEED.adsets.withThreeAds}`);
    assertEnvelope(expired, 400, 2635);
    assert.equal(expired.headers['x-graphreq-rule'], 'REQ-VERSION-EXPIRED');
    const malformed = await emu.get(`/v23/${SEED.adsets.withThreeAds}`);
    assertEnvelope(malformed, 400, 2635);
    assert.equal(malformed.headers['x-graphreq-rule'], 'REQ-VERSION-FORMAT');
    assert.equal((await emu.get(`/v20.0/${SEED.adsets.withThreeAds}`)).status, 200);
  });

  it('answers 100 for a version that was never released', async () => {
    assertEnvelope(await emu.get(`/v99.0/${SEED.adsets.withThreeAds}`), 400, 100);
    assertEnvelope(await emu.get(`/v23.5/${SEED.adsets.withThreeAds}`), 400, 100);
  });

  it('routes an expired version to the oldest available one with expiredVersions "route"', async () => {
    const routed = await startTest({ config: { expiredVersions: 'route' } });
    const r = await routed.get(`/v19.0/${SEED.adsets.withThreeAds}?fields=id`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.headers['x-graphreq-version'], 'v20.0');
  });
});

describe('ad set service errors', () => {
  it('answers 100/2490216 for bid_strategy TARGET_COST (ADSET-TARGET-COST)', async () => {
    const e = assertEnvelope(await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ bid_strategy: 'TARGET_COST', bid_amount: 100 }) }), 400, 100, 2490216);
    assert.equal(e.error_user_title, 'Target cost is unavailable; pick another bid strategy');
  });

  it('answers 100/2490238 for a sixth ad set in an iOS 14 campaign, and 2695 for a copy into it', async () => {
    // The seed holds one ad set in the iOS 14 campaign; four more reach the limit of five.
    for (let i = 0; i < 4; i++) {
      const r = await emu.post(`/v23.0/act_${SEED.account}/adsets`, { json: { ...IOS14_ADSET, name: `iOS installs ${i}` } });
      assert.equal(r.status, 200, r.text);
    }
    const sixth = await emu.post(`/v23.0/act_${SEED.account}/adsets`, { json: IOS14_ADSET });
    assertEnvelope(sixth, 400, 100, 2490238);
    assert.equal(sixth.headers['x-graphreq-rule'], 'ADSET-IOS14-LIMIT');
    const copy = await emu.post(`/v23.0/${SEED.adsets.ios14}/copies`);
    assertEnvelope(copy, 400, 2695);
    const elsewhere = await emu.post(`/v23.0/${SEED.adsets.ios14}/copies`, { json: { campaign_id: SEED.campaigns.OUTCOME_APP_PROMOTION } });
    assert.equal(elsewhere.status, 200, elsewhere.text);
  });

  it('answers 100 when the account holds its limit of non-deleted ad sets (ADSET-ACCOUNT-LIMIT)', async () => {
    const limits = { adSetsPerAccount: 2, adSetsPerBulkAccount: 3, adSetsPerIos14Campaign: 5, adsPerAdSet: 50, deepCopyChildAds: 3, urlReadsPerHour: 10 };
    const small = await startTest({ config: { limits, accounts: { act_10: { bulk: true } } } });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await small.post('/v23.0/act_9/adsets', { json: adsetBody() })).body.id);
    const third = await small.post('/v23.0/act_9/adsets', { json: adsetBody() });
    assertEnvelope(third, 400, 100);
    assert.equal(third.headers['x-graphreq-rule'], 'ADSET-ACCOUNT-LIMIT');
    // Deleted ad sets do not count, and a copy counts like a creation.
    assertEnvelope(await small.post(`/v23.0/${ids[1]}/copies`), 400, 100);
    await small.send('DELETE', `/v23.0/${ids[0]}`);
    assert.equal((await small.post('/v23.0/act_9/adsets', { json: adsetBody() })).status, 200);
    // A bulk account holds more.
    for (let i = 0; i < 3; i++) assert.equal((await small.post('/v23.0/act_10/adsets', { json: adsetBody() })).status, 200);
    assertEnvelope(await small.post('/v23.0/act_10/adsets', { json: adsetBody() }), 400, 100);
  });

  it('answers 100 for a campaign that does not exist', async () => {
    const e = assertEnvelope(await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ campaign_id: '999' }) }), 400, 100);
    assert.deepEqual(JSON.parse(e.error_data), { blame_field_specs: [['campaign_id']] });
  });

  it("answers the rule engine's first error for invalid parameters (ADSET-NAME-REQUIRED, ADSET-ENUMS)", async () => {
    const noName = await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ name: undefined }) });
    assertEnvelope(noName, 400, 100);
    assert.equal(noName.headers['x-graphreq-rule'], 'ADSET-NAME-REQUIRED');
    const badEnum = await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ billing_event: 'IMPRESION' }) });
    const e = assertEnvelope(badEnum, 400, 100);
    assert.equal(badEnum.headers['x-graphreq-rule'], 'ADSET-ENUMS');
    assert.match(e.error_user_msg, /IMPRESSIONS/);
  });
});

describe('flagged audiences and conversions (ADSET-FLAGGED-AUDIENCE)', () => {
  const withAudience = (id: string): Record<string, unknown> => adsetBody({ targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [{ id }] } });
  const withConversion = (id: string): Record<string, unknown> => adsetBody({ promoted_object: { pixel_id: '1', custom_conversion_id: id } });

  it('blocks by default: 246003 with the audience ids, 246004 with the conversion id', async () => {
    const audience = assertEnvelope(await emu.post('/v23.0/act_1234567890/adsets', { json: withAudience(SEED.audiences.flagged) }), 400, 100, 246003);
    assert.deepEqual(JSON.parse(audience.error_data), [SEED.audiences.flagged]);
    assert.match(audience.error_user_msg, /choose another audience/);
    const lookalike = assertEnvelope(await emu.post('/v23.0/act_1234567890/adsets', { json: withAudience(SEED.audiences.lookalikeOfFlagged) }), 400, 100, 246003);
    assert.deepEqual(JSON.parse(lookalike.error_data), [SEED.audiences.lookalikeOfFlagged]);
    const conversion = assertEnvelope(await emu.post('/v23.0/act_1234567890/adsets', { json: withConversion(SEED.conversions.flagged) }), 400, 100, 246004);
    assert.deepEqual(JSON.parse(conversion.error_data), [SEED.conversions.flagged]);
    assert.equal((await emu.post('/v23.0/act_1234567890/adsets', { json: withAudience(SEED.audiences.clean) })).status, 200);
    assert.equal((await emu.post('/v23.0/act_1234567890/adsets', { json: withConversion(SEED.conversions.clean) })).status, 200);
  });

  it('blocks modifying an ad set to use a flagged audience, and copying one that uses it', async () => {
    const created = await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody() });
    assertEnvelope(await emu.post(`/v23.0/${created.body.id}`, { json: { targeting: { custom_audiences: [SEED.audiences.flagged] } } }), 400, 100, 246003);
    assertEnvelope(await emu.post(`/v23.0/${SEED.adsets.usingFlaggedAudience}/copies`), 400, 100, 246003);
  });

  it('with flaggedAssets "issues_info", accepts and reports one entry per flagged asset', async () => {
    const soft = await startTest({ config: { flaggedAssets: 'issues_info' } });
    const body = adsetBody({
      targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [{ id: SEED.audiences.flagged }, { id: SEED.audiences.lookalikeOfFlagged }, { id: SEED.audiences.clean }] },
      promoted_object: { pixel_id: '1', custom_conversion_id: SEED.conversions.flagged },
      status: 'ACTIVE',
    });
    const created = await soft.post('/v23.0/act_1234567890/adsets', { json: body });
    assert.equal(created.status, 200, created.text);
    const read = await soft.get(`/v23.0/${created.body.id}?fields=effective_status,issues_info{error_code,error_type,additional_info,level}`);
    assert.equal(read.body.effective_status, 'WITH_ISSUES');
    assert.deepEqual(read.body.issues_info, [
      { error_code: 2460003, error_type: 'SOFT_ERROR', additional_info: SEED.audiences.flagged, level: 'AD_SET' },
      { error_code: 2460003, error_type: 'WARNING', additional_info: SEED.audiences.lookalikeOfFlagged, level: 'AD_SET' },
      { error_code: 2460004, error_type: 'SOFT_ERROR', additional_info: SEED.conversions.flagged, level: 'AD_SET' },
    ]);
  });
});

describe('deep copies and ads per ad set', () => {
  it('answers 100 when a deep copy would put more ads in one ad set than allowed (ADSET-ADS-LIMIT)', async () => {
    const small = await startTest({ config: { limits: { adSetsPerAccount: 5000, adSetsPerBulkAccount: 10000, adSetsPerIos14Campaign: 5, adsPerAdSet: 2, deepCopyChildAds: 3, urlReadsPerHour: 10 } } });
    const r = await small.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`, { json: { deep_copy: true } });
    assertEnvelope(r, 400, 100);
    assert.equal(r.headers['x-graphreq-rule'], 'ADSET-ADS-LIMIT');
  });
});
