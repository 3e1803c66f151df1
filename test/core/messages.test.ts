/**
 * Lean diagnostics (issue 11, docs/rules.md "Messages"): a diagnostic's message is one sentence that
 * says what is wrong and the fix, at most about 160 characters. The long lists (allowed values,
 * parameters, fields) and the document references go to the finding's detail, which hover on the
 * squiggle and `graphreq check --format json` show.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { createLanguageService, type Finding } from '../../server/src/core';
import { findingsOf, unmark } from '../helpers';
import { cases as adsetCreateCases } from './rules/adset-create.test';
import { cases as adsetReadCases } from './rules/adset-read.test';
import { cases as copyCases } from './rules/copy.test';
import { cases as requestCases } from './rules/request.test';
import { cases as threadCases } from './rules/thread.test';
import { cases as urlCases } from './rules/url.test';

/** The benchmark's findings file (test/core/findingsGolden.test.ts). */
const findingsFile = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'findings-300.graphreq');

/** Every finding of every rule case, and of the benchmark's findings file. */
function allFindings(): Finding[] {
  const out: Finding[] = [];
  for (const table of [adsetCreateCases, adsetReadCases, copyCases, requestCases, threadCases, urlCases]) {
    for (const set of Object.values(table)) {
      for (const c of [...set.fail, ...set.pass]) out.push(...findingsOf(unmark(c.text).text, c.env));
    }
  }
  out.push(...findingsOf(fs.readFileSync(findingsFile, 'utf8')));
  return out;
}

describe('lean diagnostics', () => {
  const findings = allFindings();

  it('covers many rules', () => {
    assert.ok(new Set(findings.map((f) => f.code)).size > 60, 'the rule cases reach most rule IDs');
  });

  it('every message is one sentence of at most 160 characters', () => {
    const long = findings.filter((f) => f.message.length > 160).map((f) => `${f.code} [${f.message.length}]: ${f.message}`);
    assert.deepEqual([...new Set(long)], []);
    // A second sentence starts after a full stop, question or exclamation mark and a space.
    const twice = findings.filter((f) => /[.!?] +[A-Z`(]/.test(f.message.replace(/`[^`]*`/g, '``'))).map((f) => `${f.code}: ${f.message}`);
    assert.deepEqual([...new Set(twice)], []);
  });

  it('no message carries a list of more than four names: longer lists are in the detail', () => {
    const listy = findings.filter((f) => (f.message.match(/`[^`]+`, /g) ?? []).length > 3).map((f) => `${f.code}: ${f.message}`);
    assert.deepEqual([...new Set(listy)], []);
  });

  it('no message cites the documents: the reference is in the detail', () => {
    const cited = findings.filter((f) => /\(\[\d\]/.test(f.message)).map((f) => `${f.code}: ${f.message}`);
    assert.deepEqual([...new Set(cited)], []);
  });

  it('hover on a squiggle shows the long form the message leaves out', () => {
    const ls = createLanguageService();
    const { text, cursor } = unmark('POST /v23.0/act_1/adsets\n\n{ "name": "x", "campaign_id": "1", "optimization_sub_event": "LO‸UD" }\n');
    const doc = ls.parse(text);
    const findings = ls.validate(doc, { variables: {} });
    const f = findings.find((x) => x.code === 'ADSET-ENUMS')!;
    assert.doesNotMatch(f.message, /VIDEO_SOUND_ON/);
    const hover = ls.getHover(doc, cursor!, ls.fileContext(doc, { variables: {} }), findings)!.contents;
    assert.match(hover, /The allowed values are `NONE`, `VIDEO_SOUND_ON`/);
    assert.match(hover, /\[2\] Create an ad set/);
  });

  it('an unknown variable is told to be defined only when a variable can take its name', () => {
    const messages = findingsOf('GET /v23.0/t_100200300?fields={{}}\nX-A: {{foo bar}}\nX-B: {{9lives}}\nX-C: {{adset}}\n').map((f) => f.message);
    assert.deepEqual(messages, [
      "`{{}}` names no variable: a variable's name is a letter or `_`, then letters, digits, `_`, `-` or `.`.",
      "`{{foo bar}}` names no variable: a variable's name is a letter or `_`, then letters, digits, `_`, `-` or `.`.",
      "`{{9lives}}` names no variable: a variable's name is a letter or `_`, then letters, digits, `_`, `-` or `.`.",
      '`{{adset}}` is not defined: define `@adset = value` in this file or in graphreq.env.json.',
    ]);
  });
});
