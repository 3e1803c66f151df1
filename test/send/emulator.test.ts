/**
 * The send engine against the emulator over real HTTP on loopback: the documented flows, every
 * documented error the emulator can produce decoded into its explanation, usage headers, and the
 * rate limits. The emulator and the session share one fake clock, so waiting for a limit to lift
 * takes no time.
 */
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { parseDocument } from '../../server/src/core';
import { findErrorInfo, type SendResult } from '../../server/src/core/send';
import { SendSession } from '../../server/src/send/sendSession';
import { openTarget, type Target } from '../../server/src/send/target';
import { FakeClock, model } from './sendHelpers';

const targets: Target[] = [];
after(async () => {
  for (const t of targets) await t.close();
});

async function emulator(config: object = {}) {
  const clock = new FakeClock();
  const target = await openTarget(undefined, { config, now: () => clock.now() });
  targets.push(target);
  const session = (token = 'demo-token') => new SendSession({ model, env: { variables: {} }, baseUrl: target.baseUrl, token, clock, random: () => 0.5, timeoutMs: 10_000 });
  return { clock, target, session };
}

const adsets = (extra: Record<string, unknown> = {}, account = '1234567890') =>
  `POST /v23.0/act_${account}/adsets\n\n${JSON.stringify({ name: 'Test', campaign_id: '120200000000000001', daily_budget: 2000, billing_event: 'IMPRESSIONS', optimization_goal: 'REACH', targeting: { geo_locations: { countries: ['US'] } }, status: 'PAUSED', ...extra })}\n`;

async function sendOne(s: SendSession, text: string, options = {}): Promise<SendResult> {
  const doc = parseDocument(text);
  return s.send(doc, doc.blocks.find((b) => b.parsed.request)!.index, options);
}

/** The error is the documented one, explained with the documents' meaning. */
function assertDecoded(r: SendResult, code: number | null, subcode: number | null, label: string): void {
  assert.ok(r.error, `${label}: expected an error, got HTTP ${r.status} ${JSON.stringify(r.body)}`);
  const info = findErrorInfo(model, code, subcode)!;
  assert.ok(info, `${label}: ${code}/${subcode} is documented`);
  assert.equal(r.error.title, info.title, `${label}: ${JSON.stringify(r.body)}`);
  assert.ok(r.error.explanation.includes(info.meaning), `${label}: ${r.error.explanation}`);
  assert.equal(r.error.action, info.action ?? null, label);
  assert.equal(r.error.known, true, label);
}

describe('sending to the emulator', () => {
  it('chains create → read → copy → read the copy, feeding named responses forward', async () => {
    const { session } = await emulator();
    const text = `@version = v23.0
### Create
# @name create
POST /{{version}}/act_1234567890/adsets

{ "name": "Spring sale", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS",
  "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }

### Read
GET /{{version}}/{{create.response.body.id}}?fields=id,name,daily_budget,effective_status

### Copy
# @name copy
POST /{{version}}/{{create.response.body.id}}/copies

{ "status_option": "PAUSED", "rename_options": { "rename_strategy": "ONLY_TOP_LEVEL_RENAME", "rename_prefix": "Copy of " } }

### Read the copy
GET /{{version}}/{{copy.response.body.copied_adset_id}}?fields=id,name,configured_status
`;
    const results = await session().sendAll(parseDocument(text));
    assert.deepEqual(results.map((r) => r.status), [200, 200, 200, 200], JSON.stringify(results.map((r) => r.body)));
    const [create, read, copy, readCopy] = results.map((r) => r.body as Record<string, unknown>);
    assert.match(String(create.id), /^\d+$/);
    assert.equal(read.id, create.id);
    assert.equal(read.name, 'Spring sale');
    assert.equal(read.daily_budget, '2000');
    assert.equal(readCopy.id, copy.copied_adset_id);
    assert.match(String(readCopy.name), /^Copy of Spring sale/);
    assert.equal(readCopy.configured_status, 'PAUSED');
    assert.equal(results[1].usage.buc[0]?.type, 'ads_management', 'ad set calls report BUC usage');
  });

  it('reads a URL node and refreshes it with an encoded id', async () => {
    const { session } = await emulator();
    const s = session();
    const read = await sendOne(s, 'GET /v23.0/?id=https://example.com/post&fields=engagement,og_object{title,type}\n');
    assert.equal(read.status, 200);
    assert.deepEqual(Object.keys((read.body as { engagement: object }).engagement).sort(), ['comment_count', 'comment_plugin_count', 'reaction_count', 'share_count']);
    assert.ok(read.usage.app, 'URL reads follow the platform limits: X-App-Usage');
    // A raw `?` in the URL: not sent, as the editor and the service refuse it (URL-ID-ENCODED); sending
    // it would mean guessing where the URL ends.
    const raw = await sendOne(s, 'POST /v23.0/?id=https://example.org/news/launch?utm_source=social&scrape=true\n');
    assert.equal(raw.status, null);
    assert.equal(raw.failure?.kind, 'build');
    assert.match(raw.failure?.message ?? '', /URL-ID-ENCODED/);
    const scrape = await sendOne(s, 'POST /v23.0/?id=https%3A%2F%2Fexample.org%2Fnews%2Flaunch%3Futm_source%3Dsocial&scrape=true\n');
    assert.equal(scrape.status, 200, JSON.stringify(scrape.body));
    assert.deepEqual(scrape.body, { success: true });
    assert.match(scrape.request.url, /\?id=https%3A%2F%2Fexample\.org%2Fnews%2Flaunch%3Futm_source%3Dsocial&scrape=true$/);
  });

  it('reads a thread with source(PARTICIPANTS).limit(3): three messages, no admin texts', async () => {
    const { session } = await emulator();
    const r = await sendOne(session(), 'GET /v23.0/t_100200300?fields=id,messages.source(PARTICIPANTS).limit(3)\n');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const messages = (r.body as { messages: { data: Array<{ from: { name: string } }> } }).messages.data;
    assert.equal(messages.length, 3);
    assert.ok(messages.every((m) => m.from.name !== 'msgr'));
    assert.equal(r.request.url.split('?')[1].split('&')[0], 'fields=id,messages.source(PARTICIPANTS).limit(3)');
    assert.equal(r.usage.buc[0]?.type, 'msgr');
  });

  it('decodes each documented error the service answers into its explanation', async () => {
    const { session } = await emulator({ limits: { adSetsPerIos14Campaign: 1 } });
    const cases: Array<[string, string, number | null, number | null, string?]> = [
      ['invalid token', 'GET /v23.0/23850000000000001?fields=id\n', 190, null, 'not-a-token'],
      ['permissions', 'GET /v23.0/t_100200300?fields=id\n', 200, null, 'demo-viewer-token'],
      ['invalid parameter', 'GET /v23.0/t_100200300?fields=messages.source(ADMINS)\n', 100, null],
      ['payor missing', adsets({ targeting: { geo_locations: { countries: ['FR'] } }, dsa_beneficiary: 'B' }), 100, 3858079],
      ['beneficiary missing', adsets({ targeting: { geo_locations: { countries: ['FR'] } }, dsa_payor: 'P' }), 100, 3858081],
      ['deprecated version', 'GET /v3.0/23850000000000001?fields=id\n', 2635, null],
      ['target cost', adsets({ bid_strategy: 'TARGET_COST', bid_amount: 100 }), 2490216, null],
      ['flagged audience', adsets({ targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [{ id: '23860000000000001' }] } }), null, 246003],
      ['flagged conversion', adsets({ promoted_object: { custom_conversion_id: '23870000000000001' } }), null, 246004],
      ['iOS 14 copy limit', 'POST /v23.0/23850000000000004/copies\n\n{}\n', 2695, null],
    ];
    for (const [label, text, code, subcode, token] of cases) {
      const r = await sendOne(session(token), text);
      assertDecoded(r, code, subcode, label);
      assert.ok(r.status! >= 400, label);
    }
    const payor = await sendOne(session(), adsets({ targeting: { geo_locations: { countries: ['FR'] } }, dsa_beneficiary: 'B' }));
    assert.deepEqual(payor.error?.blameFields, ['dsa_payor']);
  });

  it('decodes a read of an ad set that does not exist as not found, not as an invalid parameter', async () => {
    const { session } = await emulator();
    const r = await sendOne(session(), 'GET /v23.0/23859999999999999?fields=id,name\n');
    assert.equal(r.status, 400);
    assert.equal(r.error?.title, 'Object not found');
    assert.match(r.error?.explanation ?? '', /^Nothing answers this method .+ The service sent HTTP 400 with code 100, subcode 33\./);
    assert.doesNotMatch(`${r.error?.explanation} ${r.error?.action}`, /Fix the parameter/);
  });

  it('decodes the rate-limit codes: app (4), user (17), URL reads (613), ads management (80004), messaging (80006)', async () => {
    const app = (await emulator({ defaultApp: { dailyActiveUsers: 0.01 } })).session();
    const user = (await emulator({ userCallsPerHour: 2 })).session();
    const ads = (await emulator({ testMode: true, testScale: { window: 1, quota: 0.01 } })).session();
    const msgr = (await emulator({ defaultApp: { engagedUsers: 0.01 } })).session();
    const urls = ['https://example.com/', 'https://example.com/post', 'https://example.org/news/launch?utm_source=social'].map((u) => `GET /v23.0/?id=${encodeURIComponent(u)}&fields=id\n`);
    const limitReached = async (s: SendSession, texts: string[]): Promise<SendResult> => {
      for (const t of texts) {
        const r = await sendOne(s, t, { force: true });
        if (r.error) return r;
      }
      throw new Error('no limit reached');
    };
    assertDecoded(await limitReached(app, urls), 4, null, 'app');
    assertDecoded(await limitReached(user, urls), 17, null, 'user');
    const adsLimit = await limitReached(ads, Array(10).fill('GET /v23.0/23850000000000001?fields=id\n'));
    assertDecoded(adsLimit, 80004, 2446079, 'ads management');
    assert.equal(adsLimit.usage.limiting?.type, 'ads_management');
    assert.ok((adsLimit.usage.regainAccessMinutes ?? 0) > 0, 'the BUC header says when access returns');
    assertDecoded(await limitReached(msgr, Array(5).fill('GET /v23.0/t_100200300?fields=id\n')), 80006, null, 'messaging');
    const url = (await emulator()).session();
    assertDecoded(await limitReached(url, Array(12).fill(urls[1])), 613, null, 'URL reads');
  });

  it('warns before the 11th read of one URL and holds it; --force sends it and the service refuses', async () => {
    const { session } = await emulator();
    const s = session();
    const read = 'GET /v23.0/?id=https://example.com/post&fields=engagement\n';
    for (let i = 0; i < 10; i++) assert.equal((await sendOne(s, read)).status, 200, `read ${i + 1}`);
    const eleventh = await sendOne(s, read);
    assert.equal(eleventh.failure?.kind, 'rate-limited');
    assert.match(eleventh.failure?.message ?? '', /read 11 of https:\/\/example\.com\/post within an hour.*URL-READ-RATE/);
    assert.equal(eleventh.status, null, 'not sent');
    const forced = await sendOne(s, read, { force: true });
    assert.equal(forced.error?.code, 613);
  });

  it('honours a rate-limit block, and with --wait sends once access has returned', async () => {
    // The seed account's 9 active ads would raise its quota to 660 an hour; read as an account without ads: 300 x 0.01 = 3 calls.
    const { session, clock } = await emulator({ testMode: true, testScale: { window: 1, quota: 0.01 }, accounts: { act_1000000001: { activeAds: 0 } } });
    const s = session();
    const read = 'GET /v23.0/23850000000000001?fields=id\n';
    const statuses: Array<number | null> = [];
    let r: SendResult;
    do {
      r = await sendOne(s, read);
      statuses.push(r.status);
    } while (r.status === 200);
    // The call that used the last of the quota reported estimated_time_to_regain_access: the next is held.
    assert.deepEqual(statuses, [200, 200, 200, null]);
    assert.equal(r.failure?.kind, 'rate-limited');
    assert.match(r.failure?.message ?? '', /ads_management calls limited.*LIMIT-BLOCK.*--wait/);
    const forced = await sendOne(s, read, { force: true });
    assert.equal(forced.error?.code, 80004, 'the service refuses it indeed');
    const held = await sendOne(s, read);
    assert.equal(held.failure?.kind, 'rate-limited', 'no blind call while the block lasts');
    assert.deepEqual(clock.delays, [], 'nothing waited without --wait');
    const waited = await sendOne(s, read, { wait: true });
    assert.equal(waited.status, 200, JSON.stringify(waited.body));
    assert.equal(clock.delays.length, 1);
    assert.equal(clock.now(), Date.parse(held.failure!.retryAt!));
  });
});
