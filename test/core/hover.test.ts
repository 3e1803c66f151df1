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
