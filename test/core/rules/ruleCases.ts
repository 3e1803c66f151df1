/**
 * Rule tests as data: each family file (request, url, thread, adset-create, adset-read, copy) exports
 * a table of failing and passing cases by rule ID, and runs it when it is the test file being run.
 * coverage.test.ts imports the tables (without running them) to check that every rule of RULES.md
 * with an editor diagnostic has at least one failing and one passing case.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Environment } from '../../../server/src/core';
import { checkDiagnostics, model } from '../../helpers';

export interface RuleCase {
  /** What the case shows, in a few words. */
  name: string;
  /** The file text, with `⟦…⟧` around the exact range of each expected finding. */
  text: string;
  /**
   * The findings, in order of their ranges, as `CODE` or `CODE:severity`. A failing case defaults to
   * its rule ID alone; a passing case to nothing at all (so it also proves no other rule misfires).
   */
  expect?: string[];
  env?: Partial<Environment>;
  /** Other files of the workspace, by name (the file checked is `this.graphreq`), for the rules across files. */
  workspace?: Record<string, string>;
}

export interface RuleCaseSet {
  fail: RuleCase[];
  pass: RuleCase[];
}

export type RuleCases = Record<string, RuleCaseSet>;

/** `CODE` becomes `CODE:<its severity in schemas/rules.json>`, so every case also checks the severity. */
function withSeverity(expected: string): string {
  if (expected.includes(':')) return expected;
  const severity = model.rule(expected)?.severity;
  return severity ? `${expected}:${severity}` : expected;
}

/** Registers one test per case: failing cases must report the rule at the marked range, passing cases must not. */
export function describeRuleCases(title: string, cases: RuleCases): void {
  describe(title, () => {
    for (const [id, set] of Object.entries(cases)) {
      describe(id, () => {
        for (const c of set.fail) {
          it(`fails: ${c.name}`, () => {
            const expect = c.expect ?? [id];
            assert.ok(expect.some((e) => e.split(':')[0] === id), `a failing case of ${id} must expect ${id}`);
            checkDiagnostics(c.text, expect.map(withSeverity), c.env, c.workspace);
          });
        }
        for (const c of set.pass) {
          it(`passes: ${c.name}`, () => {
            const expect = c.expect ?? [];
            assert.ok(!expect.some((e) => e.split(':')[0] === id), `a passing case of ${id} must not expect ${id}`);
            checkDiagnostics(c.text, expect.map(withSeverity), c.env, c.workspace);
          });
        }
      });
    }
  });
}

/**
 * Runs `body` only when `mod` is the test file node:test is running, so that coverage.test.ts can
 * import a family's case table without running its tests a second time.
 */
export function whenRun(mod: NodeModule, body: () => void): void {
  if (require.main === mod) body();
}

/** What `mark` puts `⟦…⟧` around: a string's first occurrence, its n-th (`[string, n]`, 0-based), or the first one after another string. */
export type MarkTarget = string | [string, number] | { after: string; text: string };

/** Puts `⟦…⟧` around each target in `text`. Targets may come in any order. */
export function mark(text: string, ...targets: MarkTarget[]): string {
  const spans = targets.map((t) => {
    if (typeof t === 'object' && !Array.isArray(t)) {
      const from = text.indexOf(t.after);
      assert.ok(from >= 0, `mark: "${t.after}" is not in the text:\n${text}`);
      const at = text.indexOf(t.text, from + t.after.length);
      assert.ok(at >= 0, `mark: "${t.text}" is not after "${t.after}" in the text:\n${text}`);
      return { start: at, end: at + t.text.length };
    }
    const [needle, nth] = typeof t === 'string' ? [t, 0] : t;
    let at = -1;
    for (let k = 0; k <= nth; k++) {
      at = text.indexOf(needle, at + 1);
      assert.ok(at >= 0, `mark: "${needle}" (occurrence ${nth}) is not in the text:\n${text}`);
    }
    return { start: at, end: at + needle.length };
  });
  spans.sort((a, b) => b.start - a.start);
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + '⟦' + out.slice(s.start, s.end) + '⟧' + out.slice(s.end);
  return out;
}

/** The part of `text` between the markers `⟦` and `⟧` removed (for fix tests that start from a marked case). */
export function plain(text: string): string {
  return text.replace(/[⟦⟧]/g, '');
}
