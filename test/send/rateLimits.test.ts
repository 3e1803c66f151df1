import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adviseBeforeSend, emptyRateState, parseUsageHeaders, readRateState, recordResult, resultFromResponse, type RateState } from '../../server/src/core/send';
import { model, prepared } from './sendHelpers';

const t0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const MIN = 60_000;
const urlRead = prepared('GET /v23.0/?id=https://example.com/post&fields=engagement\n');
const adsetRead = prepared('GET /v23.0/123?fields=id\n');

function answer(req: typeof urlRead, status: number, body: unknown, headers: Record<string, string> = {}, now = t0) {
  return resultFromResponse(req, { status, statusText: '', headers, bodyText: JSON.stringify(body), size: 0, durationMs: 1 }, { model, sentAt: now, receivedAt: now, attempts: 1, tokenEnvName: 'T', warnings: [] });
}

describe('rate-limit awareness before sending', () => {
  it('holds the 11th read of one URL within an hour, counted across sends (URL-READ-RATE)', () => {
    let state: RateState = emptyRateState();
    for (let i = 0; i < 10; i++) {
      const now = t0 + i * MIN;
      assert.equal(adviseBeforeSend(state, urlRead, now).holdUntil, null, `read ${i + 1} is allowed`);
      state = recordResult(state, urlRead, answer(urlRead, 200, { id: 'x' }, {}, now), now);
    }
    const eleventh = adviseBeforeSend(state, urlRead, t0 + 10 * MIN);
    assert.equal(eleventh.holdUntil, t0 + 60 * MIN, 'the first read leaves the window an hour after it was made');
    assert.match(eleventh.holdReason ?? '', /read 11 of https:\/\/example\.com\/post within an hour.*URL-READ-RATE/);
    assert.equal(adviseBeforeSend(state, adsetRead, t0 + 10 * MIN).holdUntil, null, 'other calls are not held');
    const otherUrl = prepared('GET /v23.0/?id=https://example.com/other\n');
    assert.equal(adviseBeforeSend(state, otherUrl, t0 + 10 * MIN).holdUntil, null, 'the limit is per URL');
    assert.equal(adviseBeforeSend(state, urlRead, t0 + 60 * MIN + 1).holdUntil, null, 'an hour later the first read no longer counts');
    const saved = readRateState(JSON.parse(JSON.stringify(state)));
    assert.equal(adviseBeforeSend(saved, urlRead, t0 + 10 * MIN).holdUntil, t0 + 60 * MIN, 'the counter survives being saved');
  });

  it('honours a block learned from a rate-limit error until its regain time, then lifts it', () => {
    const refused = answer(adsetRead, 400, { error: { message: 'limit', type: 'OAuthException', code: 80004, error_subcode: 2446079 } }, {
      'x-business-use-case-usage': '{"1":[{"type":"ads_management","call_count":100,"total_cputime":50,"total_time":50,"estimated_time_to_regain_access":20}]}',
    });
    const state = recordResult(emptyRateState(), adsetRead, refused, t0);
    const before = adviseBeforeSend(state, adsetRead, t0 + 5 * MIN);
    assert.equal(before.holdUntil, t0 + 20 * MIN);
    assert.match(before.holdReason ?? '', /Ads management BUC limit reached.*LIMIT-BLOCK/);
    assert.ok(before.warnings.some((w) => /usage was at 100%/.test(w)));
    assert.equal(adviseBeforeSend(state, urlRead, t0 + 5 * MIN).holdUntil, null, 'a BUC block holds only its own type');
    assert.equal(adviseBeforeSend(state, adsetRead, t0 + 20 * MIN).holdUntil, null);
  });

  it('warns without holding when the service gave no regain time, and an app limit holds every call', () => {
    const refused = answer(urlRead, 400, { error: { message: 'app limit', type: 'OAuthException', code: 4 } });
    const state = recordResult(emptyRateState(), urlRead, refused, t0);
    const advice = adviseBeforeSend(state, adsetRead, t0 + MIN);
    assert.equal(advice.holdUntil, null);
    assert.ok(advice.warnings.some((w) => /App rate limit reached.*no time to regain access/.test(w)), advice.warnings.join('\n'));
    const blocked = recordResult(emptyRateState(), urlRead, answer(urlRead, 400, { error: { code: 4, message: 'x', type: 'y', error_data: { estimated_time_to_regain_access: 3 } } }), t0);
    assert.equal(adviseBeforeSend(blocked, adsetRead, t0 + MIN).holdUntil, t0 + 3 * MIN);
  });

  it('lifts a block as soon as a call of its scope succeeds', () => {
    const refused = answer(adsetRead, 400, { error: { message: 'limit', type: 'OAuthException', code: 80004, error_subcode: 2446079, error_data: { estimated_time_to_regain_access: 30 } } });
    let state = recordResult(emptyRateState(), adsetRead, refused, t0);
    state = recordResult(state, adsetRead, answer(adsetRead, 200, { id: '123' }), t0 + MIN);
    assert.equal(adviseBeforeSend(state, adsetRead, t0 + 2 * MIN).holdUntil, null);
  });

  it('reads a damaged saved state as empty rather than failing', () => {
    assert.deepEqual(readRateState('nonsense'), emptyRateState());
    assert.deepEqual(readRateState({ urlReads: { a: ['x', 1] }, blocks: [{ origin: 1 }], usage: { o: { at: 'x' } } }), { urlReads: { a: [1] }, blocks: [], usage: {} });
  });

  it('warns when the last known usage is at 100%', () => {
    const result = answer(adsetRead, 200, { id: '1' }, { 'x-app-usage': '{"call_count":100,"total_cputime":10,"total_time":10}' });
    assert.equal(parseUsageHeaders(result.headers, t0).highestPercent, 100);
    const state = recordResult(emptyRateState(), adsetRead, result, t0);
    const advice = adviseBeforeSend(state, urlRead, t0 + MIN);
    assert.equal(advice.holdUntil, null);
    assert.ok(advice.warnings.some((w) => w.includes('usage was at 100% (app call_count)')), advice.warnings.join('\n'));
  });
});
