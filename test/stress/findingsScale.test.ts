/**
 * The check's cost is linear in the number of findings (issue 20: a 5 MB body with 100,000 findings
 * took 16 s to open and 66 s a keystroke, a member found by name with a scan per finding and a "did
 * you mean" against every documented name in full). Timed in the stress suite, as a ratio between two
 * sizes measured in the same process, so that load on the machine cancels out: ten times the findings
 * must cost well under a hundred times (quadratic) the time. In a body of any number of mistakes the
 * rules stop at the limit a request (REQ-CHECK-LIMIT), so the big body costs its reading and the
 * first thousand findings; a list of many bad items (one member, many findings in its value) and a
 * file of many requests with a few findings each, which have no limit, are timed too.
 */
import * as assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { getApiModel, parseDocument, validateDocument } from '../../server/src/core';
import { stressOnly } from './stressGate';

const model = getApiModel();

function checkMs(text: string): { ms: number; findings: number } {
  const best: number[] = [];
  let findings = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    findings = validateDocument(parseDocument(text), { env: { variables: {} }, model }).length;
    best.push(performance.now() - t);
  }
  return { ms: Math.min(...best), findings };
}

const shapes: Record<string, (n: number) => string> = {
  'undocumented parameters in one body': (n) =>
    `POST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Big",\n${Array.from({ length: n }, (_, i) => `  "undocumented_parameter_${i}": ${i}`).join(',\n')}\n}\n`,
  'country codes in the wrong case in one list': (n) =>
    `POST /v23.0/act_1234567890/adsets\n\n{ "name": "Big", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": [${Array.from({ length: n }, () => '"us"').join(', ')}] } } }\n`,
  'requests with a few findings each': (n) =>
    Array.from({ length: Math.ceil(n / 3) }, (_, i) => `### ${i}\nPOST /v23.0/act_1234567890/adsets\n\n{ "name": "S${i}", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "status": "PAUSD", "targeting": { "geo_locations": { "countries": ["us"] } }, "bid_amountt": 10 }\n\n`).join(''),
};

describe('the cost of findings', stressOnly, () => {
  for (const [shape, make] of Object.entries(shapes)) {
    it(`${shape}: ten times the findings, at most about ten times the time`, () => {
      checkMs(make(2000)); // warm up
      const small = checkMs(make(10_000));
      const big = checkMs(make(100_000));
      const ratio = big.ms / small.ms;
      assert.ok(ratio < 25, `${shape}: ${small.findings} findings ${small.ms.toFixed(0)} ms, ${big.findings} findings ${big.ms.toFixed(0)} ms: ${ratio.toFixed(1)}x`);
    });
  }
});
