/**
 * `parseJsonExact` (core/syntax/jsonBody.ts): JSON.parse, with integers past 2^53 kept as their
 * digits. Which bodies need the exact reading is decided from the parsed numbers, not from the text:
 * digits inside strings, floats and safe integers take the native parser's value.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
import { MAX_BODY_DEPTH, nestedTooDeep, parseJsonExact, readBodyValue, valueOfNode } from '../../server/src/core/syntax/jsonBody';

/** The reference: every body through jsonc-parser's tree, unsafe integer literals as their digits. */
function exactByTree(text: string): unknown {
  const root = parseTree(text, [], { allowTrailingComma: true });
  return valueOfNode(root!, text, (literal, value) => (/^-?\d+$/.test(literal) ? literal : value));
}

function hasUnsafe(v: unknown): boolean {
  if (typeof v === 'number') return Number.isInteger(v) && !Number.isSafeInteger(v);
  return v !== null && typeof v === 'object' && Object.values(v).some(hasUnsafe);
}

describe('parseJsonExact', () => {
  it('keeps the digits of integers past 2^53, wherever they are', () => {
    assert.deepEqual(parseJsonExact('{"campaign_id": 120200000000000001}'), { campaign_id: '120200000000000001' });
    assert.deepEqual(parseJsonExact('{"a": [1, {"b": -9007199254740993}]}'), { a: [1, { b: '-9007199254740993' }] });
    assert.deepEqual(parseJsonExact('12345678901234567890'), '12345678901234567890');
  });

  it('leaves strings, floats and safe integers to the native parser', () => {
    assert.deepEqual(parseJsonExact('{"name": "ids, 120200000000000001: [9007199254740993"}'), { name: 'ids, 120200000000000001: [9007199254740993' });
    assert.deepEqual(parseJsonExact('{"a": 9007199254740991, "b": 1e20, "c": 12345678901234567.5}'), { a: 9007199254740991, b: 1e20, c: 12345678901234567.5 });
  });

  it('reads a body nested thousands deep without overflowing the stack', () => {
    const deep = '['.repeat(5000) + '120200000000000001' + ']'.repeat(5000);
    assert.doesNotThrow(() => parseJsonExact(deep));
  });

  it('agrees with the reading through the tree on random bodies', () => {
    const big = fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => ({ raw: n.toString() }));
    const leaf = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.boolean(), fc.constant(null), big, fc.bigInt({ min: 0n, max: 2n ** 64n }).map((n) => `ids, ${n}`));
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 6 }).filter((k) => k !== '__proto__'), tie('v'), { maxKeys: 4 })),
    })).v;
    const write = (v: unknown): string =>
      v !== null && typeof v === 'object' && 'raw' in (v as object) && Object.keys(v as object).length === 1 && typeof (v as { raw: unknown }).raw === 'string'
        ? (v as { raw: string }).raw
        : Array.isArray(v)
          ? `[${v.map(write).join(', ')}]`
          : v !== null && typeof v === 'object'
            ? `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${write(x)}`).join(', ')}}`
            : JSON.stringify(v);
    fc.assert(
      fc.property(value, (v) => {
        const text = write(v);
        assert.deepEqual(parseJsonExact(text), exactByTree(text));
        // readBodyValue walks the parsed value once for both questions (unsafe integers, depth).
        const read = readBodyValue(text);
        assert.deepEqual(read.value, exactByTree(text));
        if (read.shallow) assert.equal(nestedTooDeep(read.value), false);
        // Not said shallow: it holds a whole number past 2^53 or nests too deep.
        else assert.ok(hasUnsafe(JSON.parse(text)) || nestedTooDeep(read.value), text);
      }),
      { numRuns: 300, seed: 26 },
    );
  });
});

describe('readBodyValue', () => {
  it('says which bodies nest no deeper than the limit, so the call need not ask again', () => {
    assert.equal(readBodyValue('{"a": [1, {"b": 2}]}').shallow, true);
    // Past the limit, and with an integer past 2^53: the depth is asked of the value as before.
    const deep = '{"a": ' + '['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH) + '}';
    assert.equal(readBodyValue(deep).shallow, undefined);
    assert.equal(nestedTooDeep(readBodyValue(deep).value), true);
    const atLimit = '{"a": ' + '['.repeat(MAX_BODY_DEPTH - 1) + ']'.repeat(MAX_BODY_DEPTH - 1) + '}';
    assert.equal(readBodyValue(atLimit).shallow, true);
    assert.equal(nestedTooDeep(readBodyValue(atLimit).value), false);
    const unsafe = readBodyValue('{"campaign_id": 120200000000000001}');
    assert.equal(unsafe.shallow, undefined);
    assert.deepEqual(unsafe.value, { campaign_id: '120200000000000001' });
  });
});
