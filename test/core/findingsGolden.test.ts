/**
 * The findings file's diagnostics do not change when the checker is made faster (issue 11).
 *
 * test/fixtures/findings-300.graphreq is `node bench/generate.mjs 300 test/fixtures/findings-300.graphreq
 * --findings`: 300 ad set requests with findings at the benchmark's rates (a hint on every request,
 * a warning on half, an error on 8%, across many rule IDs). Its golden, findings-300.golden.txt, holds
 * each diagnostic's code, severity and range, captured from the checker before it was optimised.
 * Messages are not part of it: they are worded for people and may change; what is found, and where,
 * may not.
 *
 * A rule change that rightly changes what the file reports (a new rule, a corrected range) updates
 * the golden on purpose: `GRAPHREQ_UPDATE_GOLDEN=1 node --test out/test/core/findingsGolden.test.js`,
 * then review the diff of the .txt file like any other change.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseDocument, positionAt, updateDocument, validateDocument, ValidationCache, type Finding, type GraphreqDocument } from '../../server/src/core';
import { model } from '../helpers';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
export const findingsFile = path.join(fixtures, 'findings-300.graphreq');
export const goldenFile = path.join(fixtures, 'findings-300.golden.txt');

/** One line per diagnostic, `CODE severity line:col-line:col` (0-based), in document order. */
export function goldenLines(diagnostics: Array<{ code: string; severity: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }>): string[] {
  return diagnostics
    .map((d) => ({ d, key: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character] }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.key[3] - b.key[3] || (a.d.code < b.d.code ? -1 : a.d.code > b.d.code ? 1 : 0) || (a.d.severity < b.d.severity ? -1 : 1))
    .map(({ d, key }) => `${d.code} ${d.severity} ${key[0]}:${key[1]}-${key[2]}:${key[3]}`);
}

function linesOf(doc: GraphreqDocument, findings: Finding[]): string[] {
  return goldenLines(findings.map((f) => ({ code: f.code, severity: f.severity, range: { start: positionAt(doc, f.span.start), end: positionAt(doc, f.span.end) } })));
}

export function readGolden(): string[] {
  return fs.readFileSync(goldenFile, 'utf8').split('\n').filter(Boolean);
}

const env = { variables: {} };

describe('findings file golden (issue 11)', () => {
  const text = fs.readFileSync(findingsFile, 'utf8');

  it('a full check reports the golden diagnostics: same codes, severities and ranges', () => {
    const doc = parseDocument(text);
    const lines = linesOf(doc, validateDocument(doc, { env, model }));
    if (process.env.GRAPHREQ_UPDATE_GOLDEN) fs.writeFileSync(goldenFile, lines.join('\n') + '\n');
    const golden = readGolden();
    assert.ok(golden.length > 400, `the golden holds the file's ${golden.length} diagnostics`);
    assert.deepEqual(lines, golden);
  });

  it('checking through edits (per-block cache) gives what a full check of the same text gives, and the golden after an edit is undone', () => {
    const cache = new ValidationCache();
    let doc = parseDocument(text);
    assert.deepEqual(linesOf(doc, validateDocument(doc, { env, model, cache })), readGolden());
    // Edits in the middle of the file: a letter typed into a name, a line break, a typo in an enum value.
    const at = text.indexOf('"name": "', Math.floor(text.length / 2)) + 9;
    const enumAt = text.indexOf('"PAUSED"', at) + 1;
    const edits: Array<[number, number, string]> = [
      [at, at, 'x'],
      [at, at, '\n'],
      [enumAt + 1, enumAt + 1, 'Z'],
    ];
    let current = text;
    for (const [start, end, inserted] of edits) {
      doc = updateDocument(doc, start, end, inserted);
      current = current.slice(0, start) + inserted + current.slice(end);
      const fresh = parseDocument(current);
      assert.deepEqual(linesOf(doc, validateDocument(doc, { env, model, cache })), linesOf(fresh, validateDocument(fresh, { env, model })));
    }
    // Undo them, last first.
    for (const [start, , inserted] of [...edits].reverse()) {
      doc = updateDocument(doc, start, start + inserted.length, '');
      current = current.slice(0, start) + current.slice(start + inserted.length);
    }
    assert.equal(current, text);
    assert.deepEqual(linesOf(doc, validateDocument(doc, { env, model, cache })), readGolden());
  });
});
