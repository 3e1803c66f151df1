/**
 * Every endpoint of the documents over real HTTP: create, read and copy an ad set ([2]), read and
 * refresh a URL node and read a thread ([1]), the undocumented ad set operations, and the refusal
 * of unsupported methods.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SEED } from '../../server/src/emulator/seed';
import { adsetBody, assertEnvelope, closeAllEmulators, formBody, startTest, type TestEmulator } from './harness';

let emu: TestEmulator;
before(async () => {
  emu = await startTest();
});
after(closeAllEmulators);

describe('create an ad set', () => {
  it('takes a JSON body and answers the new id, which reads back with the documented types', async () => {
    const created = await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ bid_amount: 150 }) });
    assert.equal(created.status, 200, created.text);
    assert.deepEqual(Object.keys(created.body), ['id']);
    assert.match(created.body.id, /^\d+$/);
    const read = await emu.get(`/v23.0/${created.body.id}?fields=id,account_id,name,daily_budget,bid_amount,bid_strategy,billing_event,optimization_goal,targeting,configured_status,effective_status,campaign_id`);
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body, {
      id: created.body.id,
      account_id: '1234567890',
      name: 'Spring sale',
      daily_budget: '2000',
      bid_amount: 150,
      // ADSET-BID-AMOUNT-IMPLIES: bid_amount alone sets LOWEST_COST_WITH_BID_CAP.
      bid_strategy: 'LOWEST_COST_WITH_BID_CAP',
      billing_event: 'IMPRESSIONS',
      optimization_goal: 'REACH',
      targeting: { geo_locations: { countries: ['US'] } },
      configured_status: 'PAUSED',
      effective_status: 'PAUSED',
      campaign_id: SEED.campaigns.OUTCOME_AWARENESS,
    });
  });

  it('takes form fields with objects and lists as JSON text, and query parameters', async () => {
    const form = adsetBody({ name: 'Form-encoded', targeting: { geo_locations: { countries: ['CA'] } }, status: undefined });
    const created = await emu.post('/v23.0/act_42/adsets?status=ACTIVE', { body: formBody(form), contentType: 'application/x-www-form-urlencoded' });
    assert.equal(created.status, 200, created.text);
    const read = await emu.get(`/v23.0/${created.body.id}?fields=name,targeting,status,daily_budget`);
    assert.deepEqual(read.body, { name: 'Form-encoded', targeting: { geo_locations: { countries: ['CA'] } }, status: 'ACTIVE', daily_budget: '2000', id: created.body.id });
  });

  it('creates a campaign inline from campaign_spec', async () => {
    const created = await emu.post('/v23.0/act_1234567890/adsets', {
      json: adsetBody({ campaign_id: undefined, campaign_spec: { name: 'Inline', objective: 'OUTCOME_TRAFFIC', buying_type: 'AUCTION', special_ad_categories: [] }, optimization_goal: 'LINK_CLICKS', destination_type: 'WEBSITE' }),
    });
    assert.equal(created.status, 200, created.text);
    const read = await emu.get(`/v23.0/${created.body.id}?fields=campaign{name,objective}`);
    // A node inside a read keeps its id too, last when not asked for.
    assert.match(read.body.campaign?.id, /^\d+$/);
    assert.deepEqual(read.body, { campaign: { name: 'Inline', objective: 'OUTCOME_TRAFFIC', id: read.body.campaign.id }, id: created.body.id });
  });

  it('answers validate_only with {"success": true} and stores nothing', async () => {
    const before = await emu.get('/v23.0/act_777/adsets');
    const r = await emu.post('/v23.0/act_777/adsets', { json: adsetBody({ execution_options: ['validate_only'] }) });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { success: true });
    const afterList = await emu.get('/v23.0/act_777/adsets');
    assert.deepEqual(afterList.body, before.body);
    assert.deepEqual(afterList.body, { data: [] });
  });

  it('fills a missing payor and beneficiary from the account defaults, each from its own default', async () => {
    const eu = { targeting: { geo_locations: { countries: ['FR'] } } };
    const both = await emu.post(`/v23.0/act_${SEED.account}/adsets`, { json: adsetBody(eu) });
    assert.equal(both.status, 200, both.text);
    const read = await emu.get(`/v23.0/${both.body.id}?fields=dsa_payor,dsa_beneficiary`);
    assert.deepEqual(read.body, { dsa_payor: 'Demo Payor Ltd', dsa_beneficiary: 'Demo Beneficiary Ltd', id: both.body.id });
    const payorOnly = await emu.post(`/v23.0/act_${SEED.account}/adsets`, { json: adsetBody({ ...eu, dsa_payor: 'Given Payor' }) });
    const read2 = await emu.get(`/v23.0/${payorOnly.body.id}?fields=dsa_payor,dsa_beneficiary`);
    // [2] rule 3: the beneficiary takes the account default, never the payor's value.
    assert.deepEqual(read2.body, { dsa_payor: 'Given Payor', dsa_beneficiary: 'Demo Beneficiary Ltd', id: payorOnly.body.id });
  });

  it('does not store payor and beneficiary for an ad set targeting no EU country', async () => {
    const r = await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ dsa_payor: 'P', dsa_beneficiary: 'B' }) });
    assert.equal(r.status, 200, r.text);
    const read = await emu.get(`/v23.0/${r.body.id}?fields=id,dsa_payor,dsa_beneficiary`);
    assert.deepEqual(read.body, { id: r.body.id });
  });

  it('honours the spend cap removal constant (ADSET-SPEND-CAP-REMOVE)', async () => {
    const r = await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ campaign_id: SEED.campaigns.OUTCOME_AWARENESS, lifetime_spend_cap: 922337203685478 }) });
    // The seeded campaign has no budget, so a lifetime spend cap needs one (ADSET-CAMPAIGN-BUDGET-NEEDED).
    assertEnvelope(r, 400, 100);
    assert.equal(r.headers['x-graphreq-rule'], 'ADSET-CAMPAIGN-BUDGET-NEEDED');
    const inline = await emu.post('/v23.0/act_1234567890/adsets', {
      json: adsetBody({ campaign_id: undefined, campaign_spec: { name: 'L', objective: 'OUTCOME_AWARENESS', buying_type: 'AUCTION', lifetime_budget: 100000, special_ad_categories: [] }, lifetime_spend_cap: 922337203685478 }),
    });
    assert.equal(inline.status, 200, inline.text);
    const read = await emu.get(`/v23.0/${inline.body.id}?fields=id,lifetime_spend_cap`);
    assert.deepEqual(read.body, { id: inline.body.id });
  });
});

describe('read an ad set', () => {
  it('answers id alone without fields', async () => {
    const r = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}`);
    assert.deepEqual(r.body, { id: SEED.adsets.withThreeAds });
  });

  it('writes datetimes as ISO 8601, or as UNIX timestamps with date_format=U (ADSET-DATE-FORMAT)', async () => {
    const iso = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?fields=created_time,start_time`);
    assert.deepEqual(iso.body, { created_time: '2026-01-15T09:00:00+0000', start_time: '2026-01-15T09:00:00+0000', id: SEED.adsets.withThreeAds });
    const unix = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?fields=created_time,start_time&date_format=U`);
    assert.deepEqual(unix.body, { created_time: Date.UTC(2026, 0, 15, 9) / 1000, start_time: Date.UTC(2026, 0, 15, 9) / 1000, id: SEED.adsets.withThreeAds });
  });

  it('accepts date_preset and time_range, and ignores an invalid range', async () => {
    for (const q of ['date_preset=last_7d', 'date_preset=maximum', `time_range=${encodeURIComponent('{"since":"2026-01-01","until":"2026-01-31"}')}`, `time_range=${encodeURIComponent('{"since":"2026-02-01","until":"2026-01-01"}')}`]) {
      const r = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?fields=id,name&${q}`);
      assert.equal(r.status, 200, `${q}: ${r.text}`);
      assert.deepEqual(r.body, { id: SEED.adsets.withThreeAds, name: 'Seed ad set with three ads' });
    }
  });

  it('refuses date_preset=lifetime from v10.0 and accepts it before', async () => {
    const r = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?date_preset=lifetime`);
    assertEnvelope(r, 400, 100);
    assert.equal(r.headers['x-graphreq-rule'], 'ADSET-DATE-PRESET');
    const clock = emu.clock.t;
    // v9.0 is available until two years after v10.0's release (2021-02-23).
    emu.clock.t = Date.UTC(2022, 0, 1);
    try {
      const old = await emu.get(`/v9.0/${SEED.adsets.withThreeAds}?date_preset=lifetime`);
      assert.equal(old.status, 200, old.text);
    } finally {
      emu.clock.t = clock;
    }
  });

  it('narrows object fields to the subfields asked for', async () => {
    const r = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?fields=campaign{id,objective},targeting{geo_locations}`);
    assert.deepEqual(r.body, { campaign: { id: SEED.campaigns.OUTCOME_AWARENESS, objective: 'OUTCOME_AWARENESS' }, targeting: { geo_locations: { countries: ['US'] } }, id: SEED.adsets.withThreeAds });
  });

  it('reports flagged assets in issues_info and WITH_ISSUES, and leaves them out below v3.2', async () => {
    const r = await emu.get(`/v23.0/${SEED.adsets.usingFlaggedAudience}?fields=issues_info,effective_status`);
    assert.equal(r.body.effective_status, 'WITH_ISSUES');
    assert.deepEqual(r.body.issues_info, [
      {
        level: 'AD_SET',
        error_code: 2460003,
        error_summary: 'Custom audience blocked',
        error_message: r.body.issues_info[0].error_message,
        error_type: 'SOFT_ERROR',
        additional_info: SEED.audiences.flagged,
      },
    ]);
    const clock = emu.clock.t;
    // v3.1 is available only while v3.2 was released less than two years ago.
    emu.clock.t = Date.UTC(2019, 0, 10);
    try {
      const old = await emu.get(`/v3.1/${SEED.adsets.usingFlaggedAudience}?fields=id,issues_info,effective_status`);
      assert.equal(old.status, 200, old.text);
      assert.deepEqual(old.body, { id: SEED.adsets.usingFlaggedAudience });
    } finally {
      emu.clock.t = clock;
    }
  });

  it('uses the configured default version for a call without version segment', async () => {
    const r = await emu.get(`/${SEED.adsets.withThreeAds}?fields=id`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.headers['x-graphreq-version'], 'v26.0');
  });

  it('answers an unknown ad set as the real service does: 400, GraphMethodException, 100/33, naming the id', async () => {
    const read = assertEnvelope(await emu.get('/v23.0/99999999999'), 400, 100, 33);
    assert.equal(read.type, 'GraphMethodException');
    assert.match(read.message, /^Unsupported get request\. Object with ID '99999999999' does not exist, cannot be loaded due to missing permissions, or does not support this operation\.$/);
    // The object is the ad set, not the edge: the real answer to a copy names the id alone.
    const copy = assertEnvelope(await emu.post('/v23.0/99999999999/copies', { form: {} }), 400, 100, 33);
    assert.match(copy.message, /^Unsupported post request\. Object with ID '99999999999' does not exist/);
  });
});

describe('copy an ad set', () => {
  it('answers copied_adset_id and ad_object_ids, and the copy reads back at once with the defaults (COPY-RESPONSE, COPY-DEFAULTS)', async () => {
    const r = await emu.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(Object.keys(r.body), ['copied_adset_id', 'ad_object_ids']);
    assert.deepEqual(r.body.ad_object_ids, [{ ad_object_type: 'ad_set', source_id: SEED.adsets.withThreeAds, copied_id: r.body.copied_adset_id }]);
    const read = await emu.get(`/v23.0/${r.body.copied_adset_id}?fields=name,campaign_id,status,start_time,targeting,daily_budget`);
    assert.deepEqual(read.body, {
      name: 'Seed ad set with three ads - Copy',
      campaign_id: SEED.campaigns.OUTCOME_AWARENESS,
      status: 'PAUSED',
      start_time: '2026-01-15T09:00:00+0000',
      targeting: { geo_locations: { countries: ['US'] } },
      daily_budget: '1000',
      id: r.body.copied_adset_id,
    });
  });

  it('takes every parameter: campaign_id, times, rename options and status_option (COPY-PARAMS, COPY-DEFAULTS)', async () => {
    const r = await emu.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`, {
      form: {
        campaign_id: SEED.campaigns.OUTCOME_TRAFFIC,
        start_time: '2026-07-01T00:00:00+0000',
        end_time: 1790000000,
        rename_options: { rename_strategy: 'ONLY_TOP_LEVEL_RENAME', rename_prefix: 'Copy of ', rename_suffix: ' (2)' },
        status_option: 'ACTIVE',
        deep_copy: 'false',
      },
    });
    assert.equal(r.status, 200, r.text);
    const read = await emu.get(`/v23.0/${r.body.copied_adset_id}?fields=name,campaign_id,status,start_time,end_time&date_format=U`);
    assert.deepEqual(read.body, { name: 'Copy of Seed ad set with three ads (2)', campaign_id: SEED.campaigns.OUTCOME_TRAFFIC, status: 'ACTIVE', start_time: Date.UTC(2026, 6, 1) / 1000, end_time: 1790000000, id: r.body.copied_adset_id });
  });

  it('keeps the name with NO_RENAME and the source status with INHERITED_FROM_SOURCE', async () => {
    const r = await emu.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`, { json: { rename_options: { rename_strategy: 'NO_RENAME', rename_prefix: 'ignored ' }, status_option: 'INHERITED_FROM_SOURCE' } });
    const read = await emu.get(`/v23.0/${r.body.copied_adset_id}?fields=name,status`);
    assert.deepEqual(read.body, { name: 'Seed ad set with three ads', status: 'ACTIVE', id: r.body.copied_adset_id });
  });

  it('copies the child ads with deep_copy, renaming them only with DEEP_RENAME', async () => {
    const shallowNames = await emu.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`, { json: { deep_copy: true } });
    assert.equal(shallowNames.status, 200, shallowNames.text);
    const objects = shallowNames.body.ad_object_ids as Array<{ ad_object_type: string }>;
    assert.deepEqual(objects.map((o) => o.ad_object_type), ['ad_set', 'ad', 'ad', 'ad']);
    const deep = await emu.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`, { json: { deep_copy: true, rename_options: { rename_strategy: 'DEEP_RENAME', rename_suffix: ' v2' } } });
    assert.equal(deep.status, 200, deep.text);
    const read = await emu.get(`/v23.0/${deep.body.copied_adset_id}?fields=name`);
    assert.equal(read.body.name, 'Seed ad set with three ads v2');
  });

  it('refuses more than 3 child ads in a synchronous deep copy (COPY-DEEP-LIMIT)', async () => {
    const r = await emu.post(`/v23.0/${SEED.adsets.withFourAds}/copies`, { json: { deep_copy: true } });
    assertEnvelope(r, 400, 100);
    assert.equal(r.headers['x-graphreq-rule'], 'COPY-DEEP-LIMIT');
    const shallow = await emu.post(`/v23.0/${SEED.adsets.withFourAds}/copies`, { json: { deep_copy: false } });
    assert.equal(shallow.status, 200, shallow.text);
  });

  it('refuses a bad status_option with the rule engine (COPY-PARAMS)', async () => {
    const r = await emu.post(`/v23.0/${SEED.adsets.withThreeAds}/copies`, { json: { status_option: 'RUNNING' } });
    assertEnvelope(r, 400, 100);
    assert.equal(r.headers['x-graphreq-rule'], 'COPY-PARAMS');
  });
});

describe('URL node', () => {
  it('reads engagement and og_object subfields', async () => {
    const r = await emu.get('/v23.0/?id=https://example.com/post&fields=id,engagement,og_object{title,type}');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, {
      id: 'https://example.com/post',
      engagement: { comment_count: 12, comment_plugin_count: 3, reaction_count: 87, share_count: 41 },
      og_object: { title: 'An example post', type: 'article', id: '10150000000000001' },
    });
  });

  it('answers id by default and always, zero counters for an unseen URL, and several URLs with ids', async () => {
    assert.deepEqual((await emu.get('/v23.0/?id=https%3A%2F%2Fexample.com%2Fpost')).body, { id: 'https://example.com/post' });
    // [1] Read a URL node: a read of engagement answers "engagement with its four counters, and id".
    const unseen = await emu.get('/v23.0/?id=https%3A%2F%2Fnew.example.net%2F&fields=engagement,og_object');
    assert.equal(unseen.text, '{"engagement":{"comment_count":0,"comment_plugin_count":0,"reaction_count":0,"share_count":0},"id":"https://new.example.net/"}');
    const asked = await emu.get('/v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&fields=id,engagement{share_count}');
    assert.equal(asked.text, '{"id":"https://example.com/post","engagement":{"share_count":41}}');
    const many = await emu.get('/v23.0/?ids=https://example.com/post,https://example.com/&fields=engagement{share_count}');
    assert.deepEqual(many.body, {
      'https://example.com/post': { engagement: { share_count: 41 }, id: 'https://example.com/post' },
      'https://example.com/': { engagement: { share_count: 2 }, id: 'https://example.com/' },
    });
  });

  it('refreshes with scrape=true, answering {"success": true} and updating og_object (URL-SCRAPE-RESPONSE)', async () => {
    emu.clock.advance(1000);
    const r = await emu.post('/v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { success: true });
    const read = await emu.get('/v23.0/?id=https://example.com/post&fields=og_object{updated_time}');
    assert.equal(read.body.og_object.updated_time, new Date(emu.clock.t).toISOString().replace(/\.\d{3}Z$/, '+0000'));
    const fresh = await emu.post('/v23.0/?id=https%3A%2F%2Ffresh.example.net%2Fpage&scrape=true');
    assert.deepEqual(fresh.body, { success: true });
    const freshRead = await emu.get('/v23.0/?id=https://fresh.example.net/page&fields=og_object{type}');
    assert.match(freshRead.body.og_object?.id, /^\d+$/);
    assert.deepEqual(freshRead.body, { og_object: { type: 'website', id: freshRead.body.og_object.id }, id: 'https://fresh.example.net/page' });
  });

  it('refuses create (POST without scrape) and delete', async () => {
    const create = await emu.post('/v23.0/');
    assertEnvelope(create, 400, 100);
    assert.equal(create.headers['x-graphreq-rule'], 'URL-NO-CREATE-DELETE');
    const del = await emu.send('DELETE', '/v23.0/?id=https://example.com/post');
    assertEnvelope(del, 400, 100);
    assert.equal(del.headers['x-graphreq-rule'], 'URL-NO-CREATE-DELETE');
    // RULES.md: "Create (POST without scrape)", with or without `id`.
    const noScrape = await emu.post('/v23.0/?id=https%3A%2F%2Fexample.com%2Fpost');
    assertEnvelope(noScrape, 400, 100);
    assert.equal(noScrape.headers['x-graphreq-rule'], 'URL-NO-CREATE-DELETE');
    const scrapeFalse = await emu.post('/v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=false');
    assertEnvelope(scrapeFalse, 400, 100);
    assert.equal(scrapeFalse.headers['x-graphreq-rule'], 'URL-SCRAPE-REQUIRED');
  });
});

describe('thread', () => {
  it('returns admin texts without the source filter, newest first (THREAD-SOURCE-ADMIN)', async () => {
    const r = await emu.get(`/v23.0/${SEED.thread}?fields=id,messages{message}`);
    assert.equal(r.status, 200, r.text);
    const texts = r.body.messages.data.map((m: { message: string }) => m.message);
    assert.equal(texts.length, 7);
    assert.ok(texts.includes('Example Shop changed the conversation colour.'));
    assert.equal(texts[0], 'Thanks, see you then.');
  });

  it('leaves admin texts out with source(PARTICIPANTS) and keeps the last n with limit(n)', async () => {
    const r = await emu.get(`/v23.0/${SEED.thread}?fields=id,messages.source(PARTICIPANTS).limit(4)`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.id, SEED.thread);
    assert.deepEqual(
      r.body.messages.data.map((m: { id: string }) => m.id),
      ['m_100200307', 'm_100200306', 'm_100200304', 'm_100200303'],
    );
    const limited = await emu.get(`/v23.0/${SEED.thread}?fields=messages.limit(2)`);
    assert.deepEqual(limited.body.messages.data.map((m: { id: string }) => m.id), ['m_100200307', 'm_100200306']);
  });

  it('refuses another source value and a bad limit (THREAD-SOURCE-VALUE, THREAD-LIMIT)', async () => {
    const source = await emu.get(`/v23.0/${SEED.thread}?fields=messages.source(ADMINS)`);
    assertEnvelope(source, 400, 100);
    assert.equal(source.headers['x-graphreq-rule'], 'THREAD-SOURCE-VALUE');
    const limit = await emu.get(`/v23.0/${SEED.thread}?fields=messages.limit(0)`);
    assertEnvelope(limit, 400, 100);
    assert.equal(limit.headers['x-graphreq-rule'], 'THREAD-LIMIT');
  });

  it('refuses create, update and delete (THREAD-READ-ONLY)', async () => {
    for (const [method, path] of [['POST', `/v23.0/${SEED.thread}`], ['DELETE', `/v23.0/${SEED.thread}`], ['POST', `/v23.0/${SEED.thread}/messages`]]) {
      const r = await emu.send(method, path);
      assertEnvelope(r, 400, 100);
      assert.equal(r.headers['x-graphreq-rule'], 'THREAD-READ-ONLY', `${method} ${path}`);
    }
  });
});

describe('undocumented ad set operations and methods', () => {
  it('updates, lists and deletes an ad set', async () => {
    const created = await emu.post('/v23.0/act_5550001/adsets', { json: adsetBody() });
    const id = created.body.id;
    const update = await emu.post(`/v23.0/${id}`, { form: { name: 'Renamed', status: 'ACTIVE' } });
    assert.deepEqual(update.body, { success: true });
    const list = await emu.get('/v23.0/act_5550001/adsets?fields=id,name,status');
    // One page: the cursors of its only item, and no links (there is nothing before or after it).
    const cursor = Buffer.from(id).toString('base64');
    assert.deepEqual(list.body, { data: [{ id, name: 'Renamed', status: 'ACTIVE' }], paging: { cursors: { before: cursor, after: cursor } } });
    // The listed items are ad sets: a field they do not have is refused as on a read (it was answered `{}`).
    const unknown = await emu.get('/v23.0/act_5550001/adsets?fields=id,nmae');
    assertEnvelope(unknown, 400, 100);
    assert.equal(unknown.headers['x-graphreq-rule'], 'ADSET-READ-FIELDS');
    const del = await emu.send('DELETE', `/v23.0/${id}`);
    assert.deepEqual(del.body, { success: true });
    // [2] gives DELETED among the values of configured_status and effective_status: a read of a deleted ad set answers them.
    const read = await emu.get(`/v23.0/${id}?fields=id,name,configured_status,effective_status`);
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body, { id, name: 'Renamed', configured_status: 'DELETED', effective_status: 'DELETED' });
    assert.deepEqual((await emu.get('/v23.0/act_5550001/adsets')).body, { data: [] });
    // It can be neither changed nor deleted again.
    assertEnvelope(await emu.send('DELETE', `/v23.0/${id}`), 400, 100, 33);
  });

  it('reads back an ad set created with status DELETED or ARCHIVED ([2] configured_status values)', async () => {
    for (const status of ['DELETED', 'ARCHIVED']) {
      const created = await emu.post('/v23.0/act_5550002/adsets', { json: adsetBody({ status }) });
      assert.equal(created.status, 200, created.text);
      const read = await emu.get(`/v23.0/${created.body.id}?fields=configured_status,effective_status`);
      assert.equal(read.status, 200, read.text);
      assert.deepEqual(read.body, { configured_status: status, effective_status: status, id: created.body.id });
    }
  });

  it('refuses methods the API does not take (REQ-METHOD-UNSUPPORTED)', async () => {
    for (const method of ['PUT', 'PATCH']) {
      const r = await emu.send(method, `/v23.0/${SEED.adsets.withThreeAds}`, { json: { name: 'x' } });
      assertEnvelope(r, 400, 100);
      assert.equal(r.headers['x-graphreq-rule'], 'REQ-METHOD-UNSUPPORTED');
    }
    const del = await emu.send('DELETE', `/v23.0/act_1/adsets`);
    assertEnvelope(del, 400, 100);
    assert.equal(del.headers['x-graphreq-rule'], 'REQ-METHOD-UNSUPPORTED');
  });

  it('answers a path no document describes with code 100', async () => {
    assertEnvelope(await emu.get('/v23.0/me/accounts'), 400, 100, 33);
  });
});
