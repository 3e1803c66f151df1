/**
 * Findings in a JSON body are located through its top-level members (one scan, no tree) and, deeper
 * down, through the tree of one member's value (issue 11). The result must be what the whole body's
 * jsonc tree gives: the same offsets, for any formatting, comments, trailing commas or escapes.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
import { parseDocument, validateDocument } from '../../server/src/core';
import { locatorOptions } from '../../server/src/core/features/locate';
import { cleanJsonc, indexBodyMembers, memberNamed, nodeAtPath, type JsonPath } from '../../server/src/core/syntax/jsonBody';
import { scanPath, soleMember } from '../../server/src/core/syntax/jsonScan';
import { model } from '../helpers';

/** A JSON object written in many ways: indentation, comments between members, a trailing comma, escaped keys. */
const objectText = fc
  .tuple(
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('a"b', 'c\\d', 'é', 'name')), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
    fc.constantFrom(0, 1, 2, '\t'),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([obj, indent, comment, trailing]) => {
    let text = JSON.stringify(obj, null, indent);
    if (comment) text = text.replace(/,\n/g, ', // note\n').replace(/^\{/, '{ /* head */');
    if (trailing && Object.keys(obj).length) text = text.replace(/(\S)(\s*)\}$/, '$1,$2}');
    return text;
  });

function members(text: string): Array<[string, number, number, number, number]> {
  return (indexBodyMembers(text)?.members ?? []).map((m) => [m.name, m.keyOffset, m.keyLength, m.valueOffset, m.valueLength]);
}

function treeMembers(text: string): Array<[string, number, number, number, number]> {
  const root = parseTree(cleanJsonc(text), [], { allowTrailingComma: true })!;
  return (root.children ?? []).map((p) => {
    const [k, v] = p.children!;
    return [k.value as string, k.offset, k.length, v.offset, v.length];
  });
}

/** Every finding's code, span and fix edits, located with or without the member index. */
function located(text: string, index: boolean): string[] {
  locatorOptions.memberIndex = index;
  try {
    return validateDocument(parseDocument(text), { env: { variables: {} }, model }).map((f) => JSON.stringify([f.code, f.span, f.fixes?.map((x) => x.edits), f.related?.map((r) => r.span)]));
  } finally {
    locatorOptions.memberIndex = true;
  }
}

describe('body member index', () => {
  it('finds the members where the jsonc tree has them', () => {
    fc.assert(
      fc.property(objectText, (text) => {
        assert.deepEqual(members(text), treeMembers(text));
      }),
      { numRuns: 500, seed: 11 },
    );
  });

  it('finds the first member of a name, keys written with escapes included, in a short body and a long one', () => {
    for (const extra of [0, 100]) {
      const filler = Array.from({ length: extra }, (_, k) => `"p${k}": ${k}`).join(', ');
      const text = `{ ${filler}${extra ? ', ' : ''}"na\\u006de": 1, "name": 2, "status": "A", "status": "B" }`;
      const index = indexBodyMembers(text)!;
      const at = (name: string): string | undefined => {
        const m = memberNamed(index, name);
        return m && text.slice(m.valueOffset, m.valueOffset + m.valueLength);
      };
      assert.equal(at('name'), '1', `${extra} more members`);
      assert.equal(at('status'), '"A"');
      assert.equal(at('nam'), undefined);
      assert.equal(at('na\\u006de'), undefined);
      // The same member each time: a member's tree is kept by it (locate.ts).
      assert.equal(memberNamed(index, 'status'), memberNamed(index, 'status'));
    }
  });

  it('declines what is not one well-formed object', () => {
    for (const text of ['[1, 2]', '"text"', '{ "a": 1', '{ "a" 1 }', '{ "a": 1 } x', '{ "a": "unclosed }', '']) assert.equal(indexBodyMembers(text), undefined, text);
  });

  it('locates findings and fixes exactly as the whole tree does', () => {
    const values = fc.oneof(
      fc.constantFrom<unknown>('IMPRESSIONS', 'IMPRESIONS', 'CLICKS', 'TARGET_COST', 'ON_POST', 'paused', 'us', 'FR', '{{unknown}}', 'x'.repeat(401)),
      fc.integer({ min: -3, max: 2000 }),
      fc.constantFrom<unknown>([], ['us', 'FR'], { geo_locations: { countries: ['FR', 'us'] } }, [{ event_type: 'CLICK', window_day: 7 }], [{ start_minute: 10, end_minute: 5, days: [1, 9] }], { status: 'OPTIN' }),
    );
    const keys = fc.constantFrom('name', 'campaign_id', 'campaign_spec', 'daily_budget', 'lifetime_budget', 'billing_event', 'bid_strategy', 'bid_amount', 'status', 'destination_type', 'end_time', 'targeting', 'attribution_spec', 'adset_schedule', 'contextual_bundling_spec', 'dsa_payor', 'optimisation_goal', 'tune_for_category');
    fc.assert(
      fc.property(fc.dictionary(keys, values, { maxKeys: 7 }), fc.constantFrom(0, 2), fc.boolean(), fc.constantFrom('', '?status=PAUSED', '?bid_strategy=COST_CAP&nmae=x'), (body, indent, duplicate, query) => {
        let json = JSON.stringify({ name: 'n', ...body }, null, indent);
        // A member written twice: the lookup takes the first one, as jsonc-parser's does.
        if (duplicate) json = json.replace(/^\{/, '{ "status": "PAUSE",');
        // Query parameters beside the body: a name in both is located in the body or the query as before.
        const text = `POST /v23.0/act_1/adsets${query}\n\n${json}\n`;
        assert.deepEqual(located(text, true), located(text, false));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('finds a member by its key where the index has it, or leaves it to the index', () => {
    fc.assert(
      fc.property(objectText, (text) => {
        const clean = cleanJsonc(text);
        const index = indexBodyMembers(text)!;
        for (const [name] of treeMembers(text)) {
          const m = soleMember(clean, name);
          if (m) assert.deepEqual(m, { ...memberNamed(index, name) }, `${name} in ${text}`);
        }
      }),
      { numRuns: 500, seed: 12 },
    );
    const at = (text: string, name: string): string | undefined => {
      const m = soleMember(text, name);
      return m && text.slice(m.valueOffset, m.valueOffset + m.valueLength);
    };
    assert.equal(at('{ "a": [1, {"b": 2}], "name" : {"x": "name"} }', 'name'), '{"x": "name"}');
    // The same key deeper down, or twice, or a backslash anywhere: the index must tell which is the member.
    assert.equal(at('{ "a": {"name": 1}, "name": 2 }', 'name'), undefined);
    assert.equal(at('{ "name": 1, "name": 2 }', 'name'), undefined);
    assert.equal(at('{ "a": "\\", "name": 2 }', 'name'), undefined);
    assert.equal(at('{ "name": 2 }', 'na"me'), undefined);
    // Looked for without its opening quote: a key that ends with the name is another key.
    assert.equal(at('{ "xname": 1, "name": 2, "a": {"my_name": 3} }', 'name'), '2');
    assert.equal(at('{ "xname": 1 }', 'name'), undefined);
    assert.equal(at('{"name": 1}', 'name'), '1');
    assert.equal(at('{ "": 1, "a": "" }', ''), '1');
  });

  it('finds the node at a path below a member as the value\'s jsonc tree does', () => {
    const segment = fc.oneof(fc.constantFrom<string | number>('a', 'b', 'name', 'a"b', 'c\\d', 'é', 0, 1, 2, -1, 7), fc.string({ maxLength: 3 }));
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.constant<unknown>({ a: [1, { b: 2, name: [true, null] }], 'a"b': { 'c\\d': 'x' }, é: [] }),
    );
    fc.assert(
      fc.property(value, fc.array(segment, { maxLength: 4 }), fc.constantFrom(0, 2), fc.boolean(), (v, path: JsonPath, indent, comment) => {
        let text = JSON.stringify({ m: v }, null, indent);
        if (comment) text = text.replace(/,\n/g, ', // note\n');
        const clean = cleanJsonc(text);
        const m = memberNamed(indexBodyMembers(text)!, 'm')!;
        const root = parseTree(clean.slice(m.valueOffset, m.valueOffset + m.valueLength), [], { allowTrailingComma: true })!;
        // nodeAtPath's answer, as offsets into the body: the node, its key, how far down the path it is.
        const { node } = nodeAtPath(root, path);
        let depth = path.length;
        while (depth > 0 && !nodeAtPath(root, path.slice(0, depth)).exact) depth--;
        const key = node?.parent?.type === 'property' ? node.parent.children![0] : undefined;
        const want = { node: { start: node!.offset + m.valueOffset, end: node!.offset + node!.length + m.valueOffset }, key: key && { start: key.offset + m.valueOffset, end: key.offset + key.length + m.valueOffset }, depth };
        assert.deepEqual(scanPath(clean, m.valueOffset, path), want, `${JSON.stringify(path)} in ${text}`);
      }),
      { numRuns: 1000, seed: 13 },
    );
  });
});

describe('locating the findings of a large body', () => {
  it('reads the body a bounded number of times, not once per finding (issue 20: a 5 MB body with 100,000 undocumented members)', () => {
    const members = Array.from({ length: 3000 }, (_, i) => `  "undocumented_member_${i}": ${i}`).join(',\n');
    const text = `POST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Big",\n${members}\n}\n`;
    const doc = parseDocument(text);
    const native = String.prototype.indexOf;
    let read = 0;
    // A look for a key by its text goes through the whole body: count the characters the searches in it go through.
    String.prototype.indexOf = function (this: string, search: string, from?: number): number {
      const at = native.call(this, search, from);
      if (this.length > 50_000) read += (at < 0 ? this.length : at) - (from ?? 0);
      return at;
    };
    let findings: number;
    try {
      findings = validateDocument(doc, { env: { variables: {} }, model }).length;
    } finally {
      String.prototype.indexOf = native;
    }
    assert.ok(findings > 900, `${findings} findings`);
    assert.ok(read < 100 * text.length, `${read} characters searched in the ${text.length}-character body for ${findings} findings`);
  });
});
