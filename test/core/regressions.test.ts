/** Behaviours that once went wrong, each with the fix that keeps it right. */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../helpers';

const codes = (text: string): string[] => findingsOf(text).map((f) => f.code);

describe('regressions', () => {
  it('a # @node directive wins over the shape of the id', () => {
    assert.deepEqual(codes('# @node thread\nGET /v23.0/123456?fields=id,messages.source(PARTICIPANTS)\n'), []);
  });
  it('a variable may stand for a modifier argument', () => {
    assert.deepEqual(codes('@n = 5\nGET /v23.0/t_1?fields=messages.limit({{n}})\n'), []);
  });
  it('a multi-id read of ad sets checks ad set fields', () => {
    assert.deepEqual(codes('GET /v23.0/?ids=123,456&fields=name,daily_budget\n'), ['REQ-IDS-COUNT']);
    assert.deepEqual(codes('GET /v23.0/?ids=123,456&fields=nme\n'), ['REQ-IDS-COUNT', 'ADSET-READ-FIELDS']);
  });
});

describe('names of Object.prototype are not API names', () => {
  it('fields and parameters named after prototype members are unknown, not documented', () => {
    assert.deepEqual(codes('GET /v23.0/123?fields=constructor,toString\n'), ['ADSET-READ-FIELDS', 'ADSET-READ-FIELDS']);
    assert.deepEqual(codes('GET /v23.0/123?fields=id&constructor=1\n'), ['REQ-UNKNOWN-PARAM']);
    assert.deepEqual(codes('GET /v23.0/?id=https://example.com/&fields=og_object{hasOwnProperty}\n'), ['REQ-UNKNOWN-FIELD']);
  });
  it('variables, directives and objectives named after prototype members do not crash anything', () => {
    assert.deepEqual(codes('GET /v23.0/{{constructor}}?fields=id\n'), ['REQ-UNKNOWN-VARIABLE']);
    assert.deepEqual(codes('# @objective constructor\nPOST /v23.0/act_1/adsets\n\n{ "name": "n", "campaign_id": "1", "daily_budget": 100, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH" }\n'), ['REQ-DIRECTIVE-VALUE']);
    assert.deepEqual(codes('POST /v23.0/act_1/adsets\n\n{ "name": "n", "campaign_spec": { "name": "c", "objective": "__proto__", "buying_type": "AUCTION" }, "daily_budget": 100, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH" }\n'), ['ADSET-SPECIAL-CATEGORY']);
  });
});
