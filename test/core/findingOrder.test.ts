/**
 * What `graphreq check` prints its findings from without copying them (eachFindingInOrder), and
 * findings without fixes for a host that applies none (ValidateOptions.fixes): both must give what
 * the findings moved to document offsets and sorted by start gave.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { allFindings, buildFileContext, eachFindingInOrder, fixesDeferred, parseDocument, validateByBlock, type DocumentValidation, type Finding } from '../../server/src/core';
import { model } from '../helpers';
import { findingsFile } from './findingsGolden.test';

function check(text: string, fixes?: boolean): DocumentValidation {
  const doc = parseDocument(text);
  const env = { variables: {} };
  return validateByBlock(doc, buildFileContext(doc, env), { env, model, fixes });
}

/** The order `check` printed in before: every finding at document offsets, sorted by start (a stable sort). */
function sortedCopies(v: DocumentValidation): Array<{ code: string; start: number; end: number; message: string }> {
  return allFindings(v)
    .sort((a, b) => a.span.start - b.span.start)
    .map((f) => ({ code: f.code, start: f.span.start, end: f.span.end, message: f.message }));
}

function inOrder(v: DocumentValidation): Array<{ code: string; start: number; end: number; message: string }> {
  const out: Array<{ code: string; start: number; end: number; message: string }> = [];
  eachFindingInOrder(v, (f, by) => out.push({ code: f.code, start: by + f.span.start, end: by + f.span.end, message: f.message }));
  return out;
}

/** Eleven reads of one URL: the eleventh is a finding across requests (URL-READ-RATE), at document offsets. */
const reads = Array.from({ length: 11 }, (_, i) => `### read ${i}\nGET /v23.0/?id=https://example.com/a&fields=id,nme\n`).join('\n');

describe('findings in document order, none copied', () => {
  it('come as the sorted copies came, on the 300-request findings file', () => {
    const v = check(fs.readFileSync(findingsFile, 'utf8'));
    const expected = sortedCopies(v);
    assert.ok(expected.length > 300);
    assert.deepEqual(inOrder(v), expected);
  });

  it('put a finding across requests among those of the blocks, after the ones that start where it starts', () => {
    const v = check(reads);
    assert.equal(v.cross.length, 1);
    assert.deepEqual(inOrder(v), sortedCopies(v));
    // A block's findings found out of order, and two blocks' findings in an order the blocks cannot
    // have (a span outside its block): both sorted as before.
    const first = v.results[1].findings;
    const late: Finding = { code: 'TEST-LATE', severity: 'hint', message: 'late', span: { start: 5, end: 6 } };
    first.push({ ...late, span: { start: 0, end: 1 } });
    assert.deepEqual(inOrder(v), sortedCopies(v));
    v.results[0].findings.push({ ...late, span: { start: reads.length, end: reads.length } });
    assert.deepEqual(inOrder(v), sortedCopies(v));
  });
});

describe('findings without fixes', () => {
  it('are the same findings, with no fixes to compute', () => {
    const text = fs.readFileSync(findingsFile, 'utf8');
    const withFixes = allFindings(check(text));
    const without = allFindings(check(text, false));
    // Which rules' findings have fixes still to compute (read before any is computed).
    const rules = new Set(withFixes.filter((f) => fixesDeferred(f)).map((f) => f.code));
    assert.ok(rules.size > 0);
    assert.ok(withFixes.some((f) => f.fixes?.length), 'the file has findings with fixes');
    const strip = (fs: Finding[]) => fs.map(({ fixes: _fixes, ...rest }) => rest);
    assert.deepEqual(strip(without), strip(withFixes));
    // Those of the rules carry none, not even deferred ones.
    assert.ok(without.every((f) => !fixesDeferred(f) && (!rules.has(f.code) || f.fixes === undefined)));
  });
});
