/**
 * The forecast before a run: calls per scope as the emulator meters them (ids counted one by one),
 * the share of each documented limit with known and unknown inputs, the usage last seen, and the
 * warning when a run crosses a limit.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileContext, getApiModel, parseDocument } from '../../server/src/core';
import { contextLine, forecastRun, forecastTitle, scopeLine, type ForecastInputs } from '../../server/src/core/send';

const model = getApiModel();

function forecast(text: string, inputs: ForecastInputs, indexes?: number[]) {
  const doc = parseDocument(text);
  return forecastRun([{ doc, ctx: buildFileContext(doc, { variables: {} }), indexes }], model, inputs);
}

const FILE = `### Create
POST /v23.0/act_42/adsets

{ "name": "a", "campaign_id": "1", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }

### Read two ad sets
GET /v23.0/?ids=120200000000000001,120200000000000002&fields=id

### Copy
POST /v23.0/120200000000000001/copies

### Read a URL three times
GET /v23.0/?id=https://example.com/a&fields=engagement
###
GET /v23.0/?id=https://example.com/a&fields=engagement
###
GET /v23.0/?id=https://example.com/a&fields=engagement

### Thread
GET /v23.0/t_100200300?fields=id
`;

describe('forecast of a run', () => {
  it('counts calls per scope, each id of ids= as one call, with known inputs', () => {
    const f = forecast(FILE, { limits: { dailyActiveUsers: 2, accessTier: 'standard_access', accountActiveAds: { act_42: 10 }, activeAds: 0, engagedUsers: 5 } });
    assert.equal(f.requests, 7);
    assert.equal(f.calls, 8);
    assert.deepEqual(f.scopes.map((s) => [s.key, s.calls, s.limit, s.window, s.atLeast, s.share]), [
      ['ads:act_42', 1, 100400, 'hour', false, 0],
      ['app', 5, 400, 'hour', false, 1.25],
      ['ads:?', 1, 100000, 'hour', false, 0],
      ['url:https://example.com/a', 3, 10, 'hour', false, 30],
      ['msgr', 1, 1000, '24 hours', false, 0.1],
    ]);
    assert.deepEqual(f.warnings, []);
  });

  it('counts with the formulas\' lowest values when inputs are unknown, and says so', () => {
    const f = forecast(FILE, { limits: {} });
    const app = f.scopes.find((s) => s.key === 'app')!;
    assert.deepEqual([app.limit, app.atLeast, app.share], [200, true, 2.5]);
    assert.equal(scopeLine(app), 'app: 5 calls, at most 2.5% of at least 200 calls per hour (200 × daily active users; unknown, so counted as 1)');
    const ads = f.scopes.find((s) => s.key === 'ads:act_42')!;
    assert.equal(ads.limit, 300);
    assert.match(ads.formula, /active ads unknown, so counted as 0; access tier unknown, so the default one/);
  });

  it('adds the usage last seen and warns when the run would cross a limit', () => {
    const usage = { scopes: [{ key: 'app', label: 'app', percent: 99, metric: 'call_count', at: 0, windowMs: 1, holdUntil: null, now: 99 }, { key: 'buc:7:ads_management', label: 'x', percent: 40, metric: 'call_count', at: 0, windowMs: 1, holdUntil: null, now: 40 }], highest: null };
    const f = forecast(FILE, { limits: { dailyActiveUsers: 2 }, usage, urlReads: { 'https://example.com/a': 8 } });
    const app = f.scopes.find((s) => s.key === 'app')!;
    assert.deepEqual([app.seen, app.total, app.crosses], [99, 100.25, true]);
    const url = f.scopes.find((s) => s.key.startsWith('url:'))!;
    assert.deepEqual([url.seen, url.total, url.crosses], [80, 110, true]);
    assert.equal(f.scopes.find((s) => s.key === 'ads:act_42')!.seen, 40);
    assert.deepEqual(f.warnings, [
      'app: 5 calls after 99% already used would reach 100.3% of 400 calls per hour (200 × 2 daily active users): the service refuses calls past 100%.',
      'URL https://example.com/a: 3 calls after 80% already used cross the limit of 10 reads per URL per hour (URL-READ-RATE): spread the reads out.',
    ]);
    assert.match(forecastTitle(f), /^8 calls · ads act_42 ≤40\.3% of 300\/h · ⚠ app 100\.3% of 400\/h · /);
  });

  it('counts only the requests of the run asked for', () => {
    const doc = parseDocument(FILE);
    const second = doc.blocks.findIndex((b) => b.parsed.separator?.title?.text === 'Read two ad sets');
    const f = forecast(FILE, { limits: {} }, [second]);
    assert.deepEqual([f.requests, f.calls, f.scopes.map((s) => s.key)], [1, 2, ['app']]);
  });

  it('crosses the URL node\'s limit within one file that reads a URL eleven times', () => {
    const text = Array.from({ length: 11 }, () => 'GET /v23.0/?id=https://example.com/b\n').join('###\n');
    const f = forecast(text, { limits: {} });
    assert.equal(f.warnings.length, 1);
    assert.match(f.warnings[0], /URL https:\/\/example\.com\/b: 11 calls cross the limit of 10 reads per URL per hour/);
  });

  it("counts the account context's reads of the hour in the app's use", () => {
    const f = forecast(FILE, { limits: { dailyActiveUsers: 2 }, contextCalls: { made: 12, callsPerHour: 20 } });
    const app = f.scopes.find((s) => s.key === 'app')!;
    assert.deepEqual([app.calls, app.seen, app.total], [5, 3, 4.25], '12 context calls of 400 an hour: 3% already used');
    assert.equal(contextLine(f), "account context: 12 calls this hour (of 20 allowed), counted in the app's use");
    assert.match(forecastTitle(f), / · context 12\/20 this hour$/);
    // Usage headers that say more win; without context calls there is no line.
    assert.equal(forecast(FILE, { limits: { dailyActiveUsers: 2 }, contextCalls: { made: 4, callsPerHour: 20 }, usage: { scopes: [{ key: 'app', now: 50 }] } as never }).scopes.find((s) => s.key === 'app')!.seen, 50);
    assert.equal(contextLine(forecast(FILE, { limits: {}, contextCalls: { made: 0, callsPerHour: 20 } })), undefined);
  });
});
