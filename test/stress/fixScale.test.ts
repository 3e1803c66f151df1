/**
 * `check --fix` applies its fixes in one pass, linear in their number (issue 15: 16,000 fixes took
 * 11 s and 383,000 never finished). Timed here, in the stress suite, not in `npm test`: the choice
 * of fixes and the rewrite of the text, for 16,000 fixes of a real file and 383,000 synthetic ones
 * given in an adversarial order. Checking the file (validation) is measured in bench/.
 */
import * as assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { applySafeFixes } from '../../server/src/cli/check';
import { getApiModel, parseDocument, validateDocument, type Finding } from '../../server/src/core';
import { stressOnly } from './stressGate';

/** `n` fixes over a text of `n` ten-character cells; every tenth overlaps the one before it, and the list runs backwards. */
function synthetic(n: number): { text: string; findings: Finding[] } {
  const text = '0123456789'.repeat(n);
  const findings: Finding[] = [];
  for (let i = 0; i < n; i++) {
    const start = i * 10 + (i % 10 === 9 ? -8 : 2);
    findings.push({ code: 'X', severity: 'error', message: 'm', span: { start, end: start + 3 }, fixes: [{ title: 'fix', fixAll: true, edits: [{ span: { start, end: start + 3 }, newText: 'abcd' }] }] });
  }
  return { text, findings: findings.reverse() };
}

function timed<T>(fn: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = fn();
  return { value, ms: performance.now() - started };
}

describe('check --fix at scale', stressOnly, () => {
  // About 0.3 s on a quiet 2-core machine, 0.6 s with a load of 6; quadratic, it took 11 s.
  it('applies 16,000 fixes of a real file in well under two seconds, under load too', (t) => {
    const text = Array.from({ length: 16_000 }, (_, i) => `###\nGET /v23.0/1202${String(i).padStart(14, '0')}?date_preset=lifetime\n`).join('\n');
    const findings = validateDocument(parseDocument(text), { env: { variables: {} }, model: getApiModel() });
    const { value, ms } = timed(() => applySafeFixes(text, findings));
    assert.equal(value.applied.length, 16_000);
    assert.equal(value.text.split('date_preset=maximum').length - 1, 16_000);
    t.diagnostic(`16,000 fixes: ${ms.toFixed(0)} ms`);
    assert.ok(ms < 2_000, `16,000 fixes took ${ms.toFixed(0)} ms`);
  });

  it('applies 383,000 fixes in a few seconds, the first of two overlapping fixes winning', (t) => {
    const { text, findings } = synthetic(383_000);
    const { value, ms } = timed(() => applySafeFixes(text, findings));
    // Of each overlapping pair the one listed first (the later cell, as the list runs backwards) wins.
    assert.equal(value.applied.length, 383_000 - 38_300);
    assert.equal(value.text.length, text.length + value.applied.length);
    t.diagnostic(`383,000 fixes: ${ms.toFixed(0)} ms`);
    assert.ok(ms < 5_000, `383,000 fixes took ${ms.toFixed(0)} ms`);
  });
});
