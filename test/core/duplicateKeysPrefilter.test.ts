/**
 * The cheap test before the scan for keys written twice in a JSON body (duplicateKeys.ts
 * `keysMayRepeat`): it lets a body through unscanned only when no key can be repeated, and sends every
 * spelling of a repeat to the scan (keys spaced from their colons, escaped quotes, nested objects).
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { duplicateKeys, keysMayRepeat } from '../../server/src/core/syntax/duplicateKeys';

const mayRepeat = (text: string): boolean => keysMayRepeat(text, JSON.parse(text));

describe('keysMayRepeat, before the scan for repeated keys', () => {
  it('lets bodies without a repeated key through unscanned', () => {
    for (const text of ['{}', '{"name": "a", "targeting": {"geo_locations": {"countries": ["US", "CA"]}}}', '[{"a": 1}, {"a": 2}]', '{"a": {"a": {"a": 1}}}', '{"start_time": "2026-01-01T00:00:00-0800", "url": "https://x.example/a:b"}', '"text"', '42']) {
      assert.equal(mayRepeat(text), false, text);
    }
  });

  it('sends every spelling of a repeated key to the scan, which finds it', () => {
    for (const text of ['{"a": 1, "a": 2}', '{"a" : 1, "a": 2}', '{"a"\n:1,"b":{"a":1},"a":2}', '{"a":{"b":1,"b":2}}', '{"x": "say \\":\\"", "a": 1, "a": 2}', '{"a":1,"\\u0061":2}', '[{"a":1,"a":1}]', '{"a"\t:"1", "c": "2", "a" : "3"}']) {
      assert.equal(mayRepeat(text), true, text);
      assert.equal(duplicateKeys(text).length, 1, text);
    }
  });

  it('scans a body whose value was not read', () => {
    assert.equal(keysMayRepeat('{"a": 1}', undefined), true);
  });
});
