/**
 * A parameter whose value the schema rejected is opaque to the cross-field rules (rules/engine.ts), so
 * one mistake is reported once. The rules then read the same kind of parameters as for any request
 * (a CallParams, `withRejected`), not a Map copy of every member: with two kinds, V8 compiled every
 * rule for both, a cost of the files with findings only.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildBlockCall, buildFileContext, parseDocument } from '../../server/src/core';
import type { Call, CallParam } from '../../server/src/core/analysis/call';
import { CallParams } from '../../server/src/core/analysis/callParams';
import { checkCall } from '../../server/src/core/rules/engine';
import { crossFieldRules } from '../../server/src/core/rules/registry';
import { opaqueParam, raw } from '../../server/src/core/rules/values';
import { model } from '../helpers';

// Registered before any check of this process: each endpoint's rules are listed once, at its first check.
const seen: Array<ReadonlyMap<string, CallParam>> = [];
crossFieldRules.push({ id: 'TEST-SPY', endpoints: ['adset.create'], check: (call) => void seen.push(call.params) });

function callOf(text: string): Call {
  const doc = parseDocument(text);
  return buildBlockCall(doc.blocks[0], buildFileContext(doc, { variables: {} }), model)!.call;
}

const REQUEST = `POST /v23.0/act_1/adsets?status=PAUSE&daily_budget=5

{ "name": "n", "campaign_id": "1", "daily_budget": "abc", "billing_event": "IMPRESIONS", "optimization_goal": "REACH", "bid_amount": "{{bid}}", "targeting": {"geo_locations": {"countries": ["US"]}} }
`;

describe('a value the schema rejects', () => {
  it('reaches the cross-field rules opaque, in a CallParams', () => {
    seen.length = 0;
    const findings = checkCall(callOf(REQUEST), model);
    assert.ok(findings.some((f) => f.rejectsValue && f.at.kind === 'param' && f.at.name === 'billing_event'));
    assert.equal(seen.length, 1);
    const params = seen[0];
    assert.ok(params instanceof CallParams, 'the rules read a Map copy');
    assert.equal(params.get('billing_event')?.opaque, true);
    assert.equal(params.get('name')?.opaque, false);
  });

  it('reads as the Map copy the rules were given before', () => {
    const call = callOf(REQUEST);
    // Rejected: a body member, a query parameter, a name in both, and names the request does not give (a missing member).
    const rejected = new Set(['billing_event', 'status', 'daily_budget', 'end_time']);
    const copy: Call = { ...call, params: new Map([...call.params].map(([name, p]) => [name, rejected.has(name) ? { ...p, opaque: true } : p])) };
    const params = (call.params as CallParams).withRejected(rejected);
    const marked: Call = { ...call, params };
    assert.deepEqual([...params.entries()], [...copy.params.entries()]);
    assert.deepEqual([...params.keys()], [...copy.params.keys()]);
    assert.deepEqual([...params.values()], [...copy.params.values()]);
    assert.equal(params.size, copy.params.size);
    for (const name of [...copy.params.keys(), 'end_time', 'absent']) {
      assert.deepEqual(params.get(name), copy.params.get(name), name);
      assert.equal(params.has(name), copy.params.has(name), name);
      assert.deepEqual(raw(marked, name), raw(copy, name), name);
      assert.equal(opaqueParam(marked, name), opaqueParam(copy, name), name);
    }
    // The parameters of the call itself are unchanged.
    assert.equal(call.params.get('billing_event')?.opaque, false);
    assert.equal(raw(call, 'status'), 'PAUSE');
  });
});
