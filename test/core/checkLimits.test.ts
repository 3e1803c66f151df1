/**
 * The limits of the check (REQ-CHECK-LIMIT, issue 20): a body of 100,000 mistakes shows the first
 * 1,000 findings, errors first, and costs no more than that; a body nested thousands deep gets one
 * finding, and hover, completion, selection and folding inside it answer instead of exhausting the
 * stack (60 KB nested 10,000 deep made hover and completion throw, folding take seconds).
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileContext, createLanguageService, parseDocument } from '../../server/src/core';
import { MAX_FINDINGS_PER_REQUEST } from '../../server/src/core/features/validation';
import { findingsOf } from '../helpers';

const ls = createLanguageService();

/** An ad set creation whose body holds `unknown` undocumented parameters, then one value of the wrong type. */
function manyMistakes(unknown: number): string {
  const members = Array.from({ length: unknown }, (_, i) => `  "not_documented_${i}": ${i}`);
  return `POST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Many",\n${members.join(',\n')},\n  "daily_budget": "lots"\n}\n`;
}

describe('findings a request', () => {
  it(`at most ${MAX_FINDINGS_PER_REQUEST}, errors first, and one that says the rest are not shown`, () => {
    const text = manyMistakes(5000);
    const findings = findingsOf(text);
    assert.equal(findings.length, MAX_FINDINGS_PER_REQUEST + 1);
    const limit = findings.filter((f) => f.code === 'REQ-CHECK-LIMIT');
    assert.equal(limit.length, 1);
    assert.equal(text.slice(limit[0].span.start, limit[0].span.end), 'POST /v23.0/act_1234567890/adsets');
    // The errors are kept, whatever their place in the body: the mistyped budget comes after 5,000 hints.
    const errors = findings.filter((f) => f.severity === 'error').map((f) => f.code);
    assert.ok(errors.includes('ADSET-TYPES'), `errors kept: ${errors.join(', ')}`);
  });

  it('a request at the limit or under it is shown whole, with no limit finding', () => {
    const findings = findingsOf(manyMistakes(10));
    assert.ok(!findings.some((f) => f.code === 'REQ-CHECK-LIMIT'));
    assert.equal(findings.filter((f) => f.code === 'REQ-UNKNOWN-PARAM').length, 10);
  });
});

describe('bodies nested deeper than the limit', () => {
  const depth = 10_000;
  // One line and many lines: folding looked back for a line break from every closing bracket.
  const bodies = {
    'on one line': `{ "targeting": ${'{ "a": '.repeat(depth)}1${' }'.repeat(depth)} }`,
    'on many lines': `{ "targeting": ${'[\n'.repeat(depth)}1${'\n]'.repeat(depth)} }`,
  };
  for (const [layout, body] of Object.entries(bodies)) {
    const text = `### deep\nPOST /v23.0/act_1234567890/adsets\n\n${body}\n\n### other\nGET /v23.0/120200000000000002?fields=id\n`;
    const doc = parseDocument(text);
    const file = buildFileContext(doc, { variables: {} });
    const inside = text.indexOf('"a"') >= 0 ? text.indexOf('"a"') + 1 : text.indexOf('1\n]');

    it(`${layout}: one REQ-CHECK-LIMIT finding, on the bracket that opens level 65`, () => {
      const findings = findingsOf(text);
      const limit = findings.filter((f) => f.code === 'REQ-CHECK-LIMIT');
      assert.equal(limit.length, 1, findings.map((f) => f.code).join(', '));
      const start = text.indexOf('{ "targeting"');
      let level = 0;
      let at = -1;
      for (let i = start; i < text.length && at < 0; i++) if ('{['.includes(text[i]) && ++level === 65) at = i;
      assert.equal(limit[0].span.start, at);
    });

    it(`${layout}: hover, completion and selection inside it answer without throwing`, () => {
      assert.doesNotThrow(() => ls.getHover(doc, inside, file));
      assert.doesNotThrow(() => ls.getCompletions(doc, inside, file));
      assert.doesNotThrow(() => ls.getSelectionRanges(doc, [inside]));
      // The other request is served as usual.
      assert.ok(ls.getHover(doc, text.indexOf('fields=id') + 2, file), 'hover on the other request');
    });

    it(`${layout}: folding ranges in one pass`, () => {
      const folds = ls.getFoldingRanges(doc);
      assert.ok(folds.length >= 2);
      // Quadratic folding of the one-line body took seconds; linear takes milliseconds. A generous bound for a loaded machine.
      const t = performance.now();
      for (let i = 0; i < 5; i++) ls.getFoldingRanges(parseDocument(text));
      assert.ok(performance.now() - t < 5000, `folding 5 times took ${(performance.now() - t).toFixed(0)} ms`);
    });
  }
});
