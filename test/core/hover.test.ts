import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService } from '../../server/src/core';
import { unmark } from '../helpers';

const ls = createLanguageService();

/** Hover markdown at the `‸` of a fixture. */
function hover(marked: string, variables: Record<string, string> = {}): string {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  const file = ls.fileContext(doc, { variables });
  const findings = ls.validate(doc, { variables });
  return ls.getHover(doc, cursor!, file, findings)?.contents ?? '';
}

describe('hover', () => {
  it('explains a body parameter: type, unit, values, rules', () => {
    const h = hover('POST /v23.0/act_1/adsets\n\n{ "bid_str‸ategy": "COST_CAP" }');
    assert.match(h, /\*\*bid_strategy\*\*/);
    assert.match(h, /v3\.0/);
    assert.match(h, /TARGET_COST/);
    assert.match(h, /ADSET-BID-STRATEGY-VERSION/);
  });

  it('explains an enum value and a query parameter', () => {
    assert.match(hover('POST /v23.0/act_1/adsets\n\n{ "optimization_goal": "THRU‸PLAY" }'), /THRUPLAY/);
    assert.match(hover('GET /v23.0/123?date_pre‸set=maximum'), /37 months/);
  });

  it('explains fields, subfields and modifiers', () => {
    assert.match(hover('GET /v23.0/?id=https://example.com/&fields=engage‸ment'), /imprecise/i);
    assert.match(hover('GET /v23.0/t_1?fields=messages.sour‸ce(PARTICIPANTS)'), /PARTICIPANTS/);
    assert.match(hover('GET /v23.0/123?fields=issues_in‸fo'), /v3\.2/);
  });

  it('explains the endpoint on the method and path, and the version', () => {
    assert.match(hover('PO‸ST /v23.0/act_1/adsets'), /Create an ad set/);
    assert.match(hover('POST /v23.0/act_1/ads‸ets'), /Create an ad set/);
    assert.match(hover('GET /v2‸3.0/123'), /v<major>\.<minor>/);
  });

  it('shows a variable value, masking secrets', () => {
    assert.match(hover('@account = 42\nGET /v23.0/act_{{acc‸ount}}/adsets'), /= `42`/);
    const h = hover('GET /v23.0/1?x={{my_to‸ken}}', { my_token: 'EAABsecretsecretsecretsecret' });
    assert.ok(!h.includes('secretsecret'), h);
  });

  it('explains the rule of a diagnostic under the cursor', () => {
    const h = hover('POST /v23.0/act_1/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 100, "bid_strategy": "TARGET_C‸OST" }');
    assert.match(h, /ADSET-TARGET-COST/);
  });
});

describe('hover notes of rules without a diagnostic', () => {
  it('URL-ENGAGEMENT-IMPRECISE: engagement counters are imprecise by design', () => {
    assert.match(hover('GET /v23.0/?id=https://example.com/&fields=engage‸ment'), /imprecise/i);
  });
  it('THREAD-SOURCE-ADMIN: without source(PARTICIPANTS) admin texts come too', () => {
    assert.match(hover('GET /v23.0/t_1?fields=messa‸ges'), /admin texts/i);
  });
  it('THREAD-CALLER: only developers of the app can read threads; pages use conversations', () => {
    const h = hover('G‸ET /v23.0/t_100200300?fields=id');
    assert.match(h, /developers of the calling app/);
    assert.match(h, /conversations/);
  });
  it('ADSET-SPEND-CAP-REMOVE: 922337203685478 removes a spend cap', () => {
    assert.match(hover('POST /v23.0/act_1/adsets\n\n{ "daily_spend_c‸ap": 922337203685478 }'), /922337203685478/);
  });
  it('COPY-ERRORS: the copy endpoint lists its error codes with their meaning', () => {
    const h = hover('POST /v23.0/123/cop‸ies');
    for (const code of ['100', '190', '200', '2695']) assert.match(h, new RegExp(`\`${code}\``));
    assert.match(h, /ad set limit/i);
  });
  it('LIMIT-BUC: an ad set call shows the ads management formula for both access tiers', () => {
    const h = hover('PO‸ST /v23.0/act_1/adsets');
    assert.match(h, /300 \+ 40 × active ads/);
    assert.match(h, /100000 \+ 40 × active ads/);
  });
  it('LIMIT-PLATFORM: a URL read shows the platform limit and the 10 reads per URL', () => {
    const h = hover('G‸ET /v23.0/?id=https://example.com/&fields=id');
    assert.match(h, /200 × its daily active users/);
    assert.match(h, /10 GET requests per URL/);
  });
  it('LIMIT-MESSAGING: a thread read shows the messaging limits', () => {
    assert.match(hover('G‸ET /v23.0/t_1?fields=id'), /750 per hour/);
  });
  it('REQ-IDS-COUNT: hover on ids says how many calls the request counts as', () => {
    assert.match(hover('GET /v23.0/?i‸ds=https://a.example/,https://b.example/,https://c.example/&fields=id'), /counts as 3 calls/);
  });
});
