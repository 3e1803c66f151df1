/**
 * Holds keyed as the documents key the limits (issue 24, docs/sending.md "Rate limits"): [3] BUC limits
 * gives ads management and insights "per ad account", the usage header is "keyed by business id"
 * (the business object: real headers key ads management by the ad account's id), the app limit is the
 * app's, and [1] counts URL reads "per URL, per app, per hour".
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adviseBeforeSend, emptyRateState, recordResult, resultFromResponse, type RateState } from '../../server/src/core/send';
import { urlCounterKey } from '../../server/src/core/model/limitFormulas';
import { model, prepared } from './sendHelpers';

const t0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const MIN = 60_000;

type Req = ReturnType<typeof prepared>;

function answer(req: Req, status: number, body: unknown, headers: Record<string, string> = {}, now = t0) {
  return resultFromResponse(req, { status, statusText: '', headers, bodyText: JSON.stringify(body), size: 0, durationMs: 1 }, { model, sentAt: now, receivedAt: now, attempts: 1, tokenEnvName: 'T', warnings: [] });
}

const create = (account: string): Req => prepared(`POST /v23.0/act_${account}/adsets\n\n{"name": "x", "campaign_id": "1", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH"}\n`);
const list = (account: string): Req => prepared(`GET /v23.0/act_${account}/adsets\n`);
const adsetRead = prepared('GET /v23.0/123?fields=id\n');
const thread = prepared('GET /v23.0/t_100200300?fields=id\n');
const urlRead = (url: string): Req => prepared(`GET /v23.0/?id=${url}&fields=engagement\n`);

const held = (state: RateState, req: Req, at = t0 + MIN): boolean => adviseBeforeSend(state, req, at).holdUntil !== null;

/** An X-Business-Use-Case-Usage that blocks ads_management for one ad account for 10 minutes, as captured (key: the account's id). */
const ACCOUNT_BLOCKED = { 'x-business-use-case-usage': '{"66782684":[{"type":"ads_management","call_count":100,"total_cputime":20,"total_time":20,"estimated_time_to_regain_access":10,"ads_api_access_tier":"development_access"}]}' };

describe('a hold holds what the limit covers, as the documents key it', () => {
  it('a header blocking ads_management for one ad account holds only that account ([3] "Ads management (per ad account)")', () => {
    const state = recordResult(emptyRateState(), create('66782684'), answer(create('66782684'), 200, { id: '1' }, ACCOUNT_BLOCKED), t0);
    assert.ok(held(state, create('66782684')), 'the blocked account is held');
    assert.ok(held(state, list('66782684')), 'every ads_management call of that account');
    assert.ok(!held(state, create('1111')), 'another ad account is not');
    assert.ok(!held(state, list('2222')), 'nor its list');
    assert.ok(held(state, adsetRead), 'an ad set read by id may be that account\'s: held');
    assert.ok(!held(state, urlRead('https://example.com/')), 'the URL node does not count under ads_management');
    assert.ok(!held(state, create('66782684'), t0 + 10 * MIN), 'the hold ends at the regain time');
  });

  it('a header keyed by a business holds the account whose call reported it, and no other', () => {
    // graphreq's emulator keys the header by the token's business; the block came from account 1000000001's call.
    const header = { 'x-business-use-case-usage': '{"1":[{"type":"ads_management","call_count":101,"total_cputime":50,"total_time":50,"estimated_time_to_regain_access":7}]}' };
    const state = recordResult(emptyRateState(), create('1000000001'), answer(create('1000000001'), 200, { id: '1' }, header), t0);
    assert.ok(held(state, create('1000000001')));
    assert.ok(!held(state, create('1000000002')), 'another account has its own counter');
  });

  it('an 80004 error holds its own ad account; a messaging error (80006, per app) holds every thread read', () => {
    const refused = answer(create('5'), 400, { error: { message: 'limit', type: 'OAuthException', code: 80004, error_subcode: 2446079, error_data: { estimated_time_to_regain_access: 30 } } });
    const state = recordResult(emptyRateState(), create('5'), refused, t0);
    assert.ok(held(state, list('5')));
    assert.ok(!held(state, list('6')), '[3]: ads management is counted per ad account');
    const msgr = recordResult(emptyRateState(), thread, answer(thread, 400, { error: { message: 'limit', type: 'OAuthException', code: 80006, error_data: { estimated_time_to_regain_access: 30 } } }), t0);
    assert.ok(held(msgr, prepared('GET /v23.0/t_999?fields=id\n')), 'another thread of the app is held');
    assert.ok(!held(msgr, create('5')), 'ads calls are not');
  });

  it('the app limit (code 4) holds every call of the origin', () => {
    const refused = answer(adsetRead, 400, { error: { code: 4, message: 'x', type: 'OAuthException', error_data: { estimated_time_to_regain_access: 3 } } });
    const state = recordResult(emptyRateState(), adsetRead, refused, t0);
    for (const req of [create('1'), list('2'), thread, urlRead('https://example.com/')]) assert.ok(held(state, req));
  });

  it('a success lifts only the holds that held it: another account\'s block stays', () => {
    let state = recordResult(emptyRateState(), create('66782684'), answer(create('66782684'), 200, { id: '1' }, ACCOUNT_BLOCKED), t0);
    state = recordResult(state, list('1111'), answer(list('1111'), 200, { data: [] }), t0 + MIN);
    assert.ok(held(state, create('66782684'), t0 + 2 * MIN), 'account 1111 going through says nothing of 66782684');
  });

  it('URL reads are counted per URL with the scheme and host without case (docs/api.md, [1] Limits)', () => {
    assert.equal(urlCounterKey('HTTPS://Example.COM/Post?Q=1'), 'https://example.com/Post?Q=1');
    let state = emptyRateState();
    for (let i = 0; i < 10; i++) {
      const req = urlRead(i % 2 ? 'https://EXAMPLE.com/post' : 'https://example.com/post');
      state = recordResult(state, req, answer(req, 200, { id: 'x' }, {}, t0 + i), t0 + i);
    }
    assert.ok(held(state, urlRead('https://example.com/post')), 'the 11th read of one URL, however its host is written');
    assert.ok(!held(state, urlRead('https://example.com/POST')), 'a path of another case is another URL');
  });
});
