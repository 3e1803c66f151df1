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
