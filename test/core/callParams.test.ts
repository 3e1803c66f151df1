/**
 * A call's body members become CallParam objects only when a rule asks for them (analysis/callParams.ts):
 * the parameter check visits a body with one refused member by name and makes that member alone.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildBlockCall, buildFileContext, parseDocument } from '../../server/src/core';
import type { CallParams } from '../../server/src/core/analysis/callParams';
import { checkCall } from '../../server/src/core/rules/engine';
import { checkParams } from '../../server/src/core/rules/paramRules';
import { regionRules } from '../../server/src/core/rules/adsetRegionRules';
import type { RuleFinding } from '../../server/src/core/rules/ruleFinding';
import { findingsOf, model } from '../helpers';

function callOf(text: string) {
  const doc = parseDocument(text);
  return buildBlockCall(doc.blocks[0], buildFileContext(doc, { variables: {} }), model)!.call;
}

/** The names `call.params[method]` is asked from now on. */
function namesAsked(call: ReturnType<typeof callOf>, method: 'member' | 'knownValue'): string[] {
  const asked: string[] = [];
  const params = call.params as unknown as Record<string, (name: string) => unknown>;
  const original = params[method];
  params[method] = function (this: unknown, name: string) {
    asked.push(name);
    return original.call(this, name);
  };
  return asked;
}

/** The names of the body members `call` makes into CallParams from now on. */
function membersMade(call: ReturnType<typeof callOf>): string[] {
  return namesAsked(call, 'member');
}

describe('call parameters', () => {
  it('are listed by name in the order of their entries, query first', () => {
    const call = callOf('POST /v23.0/act_1/adsets?status=PAUSED&b=2\n\n{ "name": "n", "status": "ACTIVE", "a": 1 }\n');
    assert.deepEqual([...call.params.keys()], [...call.params.entries()].map(([name]) => name));
    assert.deepEqual([...call.params.keys()], ['status', 'b', 'name', 'a']);
  });

  it('give the gate their values as one object, as their entries do', () => {
    for (const text of [
      'GET /v23.0/120210000000000001?fields=id,name&__proto__=x&limit=5\n',
      'POST /v23.0/act_1/adsets?status=PAUSED&b=2\n\n{ "name": "n", "status": "ACTIVE", "a": 1 }\n',
      'POST /v23.0/act_1/adsets?status=PAUSED\n\n[1, 2]\n',
    ]) {
      const params = callOf(text).params as CallParams;
      const expected = Object.create(null) as Record<string, unknown>;
      for (const p of params.values()) expected[p.name] = p.value;
      const actual = params.valueObject();
      assert.equal(Object.getPrototypeOf(actual), null);
      assert.deepEqual(Object.entries(actual), Object.entries(expected), text);
    }
  });

  it('are made from the body only for the members the check walks', () => {
    const members = Array.from({ length: 24 }, (_, k) => `"name${k}": "x"`).join(', ').replace('"name0"', '"name"');
    const call = callOf(`POST /v23.0/act_1/adsets\n\n{ ${members.replace('"name1"', '"nmae"')}, "status": "PAUSED", "daily_budget": "abc" }\n`);
    const made = membersMade(call);
    const out: RuleFinding[] = [];
    checkParams(call, { model, out });
    // The undocumented names and the value the gate refused: not the 20-odd valid members beside them.
    assert.ok(out.some((f) => f.at.kind === 'param' && f.at.name === 'daily_budget'));
    assert.deepEqual(made.filter((n) => n === 'name' || n === 'status'), []);
    assert.ok(made.includes('daily_budget') && made.includes('nmae'), made.join(', '));
  });
});

describe('the cross-field rules on a valid request', () => {
  it('read its values without making its body members into CallParams', () => {
    // An ad set creation as the bench's generated file writes them (bench/generate.mjs), no account context.
    const call = callOf(`POST /v23.0/act_1234567890/adsets

{
  "name": "Campaign 0 — spring sale", "campaign_id": "120200000000000000", "daily_budget": 1000,
  "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "bid_strategy": "LOWEST_COST_WITHOUT_CAP",
  "destination_type": "WEBSITE", "start_time": 1780000000, "end_time": 1781209600, "status": "PAUSED",
  "adset_schedule": [{"start_minute": 540, "end_minute": 1020, "days": [1,2,3,4,5], "timezone_type": "USER"}],
  "pacing_type": ["day_parting"],
  "promoted_object": {"pixel_id": "880000000000", "custom_event_type": "PURCHASE"},
  "targeting": {"geo_locations": {"countries": ["FR"]}, "age_min": 18},
  "dsa_payor": "Acme", "dsa_beneficiary": "Acme"
}
`);
    const made = membersMade(call);
    const findings = checkCall(call, model);
    assert.deepEqual(findings.map((f) => f.rule), []);
    // Each member read as a CallParam was an object (and a map of them) of every valid request.
    assert.deepEqual(made, []);
  });
});

describe('ADSET-DSA-IGNORED', () => {
  it('reads the targeting only of a request that gives a DSA member', () => {
    const body = '"name": "n", "campaign_id": "1", "daily_budget": 1000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": {"geo_locations": {"countries": ["US"]}}';
    const ignored = regionRules.find((r) => r.id === 'ADSET-DSA-IGNORED')!;
    const read = (text: string): string[] => {
      const call = callOf(`POST /v23.0/act_1/adsets\n\n{ ${text} }\n`);
      const names = namesAsked(call, 'knownValue');
      const out: RuleFinding[] = [];
      ignored.check(call, { model, out });
      assert.deepEqual(out.map((f) => f.at.kind === 'param' && f.at.name), text.includes('dsa_payor') ? ['dsa_payor'] : []);
      return names;
    };
    // The rule says something only of a request outside the EU that gives one: the others are not read for it.
    assert.deepEqual(read(body), []);
    assert.ok(read(`${body}, "dsa_payor": "Acme"`).includes('targeting'));
  });
});

describe('a body with a variable', () => {
  it('keeps its members as written where no variable resolves, `__proto__` included', () => {
    // The body was copied member by member to resolve its variables: `out["__proto__"] = ...` made that
    // member the copy's prototype, so a `{{variable}}` anywhere in the body hid it from the check.
    const body = (name: string) => `@prefix = Spring\n\nPOST /v23.0/act_1/adsets\n\n{ "name": "${name}", "campaign_id": "1", "__proto__": {"status": "PAUSED"}, "adlabels": [{"name": "{{prefix}} label"}] }\n`;
    const unknown = (text: string) => findingsOf(text).filter((f) => f.code === 'REQ-UNKNOWN-PARAM').map((f) => text.slice(f.span.start, f.span.end));
    assert.deepEqual(unknown(body('n')), ['"__proto__"']);
    assert.deepEqual(unknown(body('{{undefined_name}} n')), ['"__proto__"']);
    const doc = parseDocument(body('{{prefix}} n'));
    const call = buildBlockCall(doc.blocks[doc.blocks.length - 1], buildFileContext(doc, { variables: {} }), model)!.call;
    assert.ok(call.params.has('__proto__'));
    // Where a variable resolves, that value is replaced, in a copy.
    assert.deepEqual(call.params.get('adlabels')!.value, [{ name: 'Spring label' }]);
    assert.equal(call.params.get('name')!.value, 'Spring n');
  });
});
