/**
 * Keeps the rule inventory, the rule tests and docs/rules.md in step. The inventory is the project's own:
 * schemas/rules.json, RULES.md as data (its rows with `doc` other than "product"), followed by graphreq's
 * product rules (`doc: "product"`).
 * - every inventory row carries the Rule, Editor, Service and Doc columns and its RULES.md section;
 * - every rule with an editor diagnostic has at least one failing and one passing case in the family
 *   tables (request, url, thread, adset-create, adset-read, copy, expect);
 * - every other rule is listed below with the test file (or folder) that covers it elsewhere;
 * - every rule has a section in docs/rules.md whose heading is exactly its ID, and the examples of that
 *   section behave as shown.
 *
 * Rows of the section "Product rules (graphreq)" are graphreq's own rules, not in RULES.md.
 *
 * In addition, when the API's documents sit beside the repository (../shared/spec/RULES.md, as in the
 * project's CI), schemas/rules.json is compared with RULES.md row for row. A bare clone has no such
 * folder: that one comparison is skipped (and says so), every other check runs.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Environment } from '../../../server/src/core';
import { euCountries, objectives } from '../../../server/src/core/model/rulesData';
import { findingsOf, model } from '../../helpers';
import { cases as adsetCreateCases } from './adset-create.test';
import { cases as adsetReadCases } from './adset-read.test';
import { cases as copyCases } from './copy.test';
import { cases as expectCases } from './expect.test';
import { cases as requestCases } from './request.test';
import type { RuleCases } from './ruleCases';
import { cases as threadCases } from './thread.test';
import { cases as urlCases } from './url.test';

/** The repository root: out/test/core/rules -> the folder holding package.json. */
const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const inventoryPath = path.join(repoRoot, 'schemas', 'rules.json');
const rulesMdPath = path.join(repoRoot, '..', 'shared', 'spec', 'RULES.md');
const docsPath = path.join(repoRoot, 'docs', 'rules.md');

const families: Record<string, RuleCases> = {
  'test/core/rules/request.test.ts': requestCases,
  'test/core/rules/url.test.ts': urlCases,
  'test/core/rules/thread.test.ts': threadCases,
  'test/core/rules/adset-create.test.ts': adsetCreateCases,
  'test/core/rules/adset-read.test.ts': adsetReadCases,
  'test/core/rules/copy.test.ts': copyCases,
  'test/core/rules/expect.test.ts': expectCases,
};

/**
 * Rules whose Editor entry is no diagnostic (hover, completion, status bar, the response view, a
 * send-time check) or that only the service enforces: tested by the suites named here. A folder means
 * the emulator's suite, whose files the emulator engineer names.
 */
export const testedElsewhere: Record<string, { where: string; what: string }> = {
  'REQ-TOKEN-REQUIRED': { where: 'test/send/cli.test.ts', what: 'error at send time when no token is configured' },
  'URL-READ-SHAPE': { where: 'test/core/completion.test.ts', what: 'completion and hover of the URL read' },
  'URL-ENGAGEMENT-IMPRECISE': { where: 'test/core/hover.test.ts', what: 'hover note on engagement' },
  'URL-SCRAPE-RESPONSE': { where: 'test/emulator', what: 'the emulator answers { "success": true }' },
  'THREAD-SOURCE-ADMIN': { where: 'test/core/hover.test.ts', what: 'hover note on messages; the emulator returns admin texts' },
  'THREAD-CALLER': { where: 'test/core/hover.test.ts', what: 'hover note; the emulator answers 200 to a non-developer token' },
  'ADSET-SPEND-CAP-REMOVE': { where: 'test/core/hover.test.ts', what: 'hover on the spend caps' },
  'ADSET-FLAGGED-AUDIENCE': { where: 'test/emulator', what: 'the emulator, configurable (docs/emulator.md)' },
  'ADSET-ACCOUNT-LIMIT': { where: 'test/emulator', what: 'the emulator' },
  'ADSET-IOS14-LIMIT': { where: 'test/emulator', what: 'the emulator (2490238, 2695)' },
  'ADSET-ADS-LIMIT': { where: 'test/emulator', what: 'the emulator' },
  'ADSET-DATE-FORMAT': { where: 'test/core/completion.test.ts', what: 'completion of date_format=U' },
  'COPY-DEEP-LIMIT': { where: 'test/emulator', what: 'the emulator' },
  'COPY-DEFAULTS': { where: 'test/emulator', what: 'the emulator' },
  'COPY-RESPONSE': { where: 'test/emulator', what: 'the emulator' },
  'COPY-ERRORS': { where: 'test/core/hover.test.ts', what: 'hover on error codes' },
  'ERR-ENVELOPE': { where: 'test/send/decodeError.test.ts', what: 'the response view decodes the envelope' },
  'ERR-CODES': { where: 'test/send/decodeError.test.ts', what: 'decoded messages for error codes' },
  'LIMIT-BLOCK': { where: 'test/send/rateLimits.test.ts', what: 'the client waits instead of hammering' },
  'LIMIT-PLATFORM': { where: 'test/core/hover.test.ts', what: 'hover on the endpoint; the emulator computes the formula' },
  'LIMIT-BUC': { where: 'test/core/hover.test.ts', what: 'hover on the endpoint; the emulator computes the formulas' },
  'LIMIT-MESSAGING': { where: 'test/core/hover.test.ts', what: 'hover' },
  'USAGE-APP': { where: 'test/send/usageHeaders.test.ts', what: 'status bar' },
  'USAGE-ADACCOUNT': { where: 'test/send/usageHeaders.test.ts', what: 'status bar' },
  'USAGE-BUC': { where: 'test/send/usageHeaders.test.ts', what: 'status bar, per type' },
  'USAGE-THROTTLE': { where: 'test/send/usageHeaders.test.ts', what: 'status bar detail' },
};

/** Rules with a diagnostic here that another suite also covers, for the part that is not a diagnostic. */
export const alsoTestedElsewhere: Record<string, { where: string; what: string }> = {
  'URL-READ-RATE': { where: 'test/send/rateLimits.test.ts', what: 'the warning before the 11th send' },
  'REQ-IDS-COUNT': { where: 'test/core/hover.test.ts', what: 'hover and lens' },
};

interface InventoryRow {
  id: string;
  rule: string;
  editor: string;
  service: string;
  doc: string;
}

/** The section of schemas/rules.json that holds graphreq's own rules; every other row is a row of RULES.md. */
const PRODUCT_SECTION = 'Product rules (graphreq)';

/** The RULES.md rows of schemas/rules.json as written, in its order (graphreq's own rules are not among them). */
function readInventory(): (InventoryRow & { section: string })[] {
  const raw = JSON.parse(fs.readFileSync(inventoryPath, 'utf8')) as { rules: Record<string, Omit<InventoryRow, 'id'> & { section: string }> };
  return Object.entries(raw.rules)
    .filter(([, r]) => r.section !== PRODUCT_SECTION)
    .map(([id, r]) => ({ id, rule: r.rule, editor: r.editor, service: r.service, doc: r.doc, section: r.section }));
}

/** The rows of ../shared/spec/RULES.md, or undefined when the folder is not beside the repository. */
function readRulesMd(): InventoryRow[] | undefined {
  if (!fs.existsSync(rulesMdPath)) return undefined;
  const rows: InventoryRow[] = [];
  for (const line of fs.readFileSync(rulesMdPath, 'utf8').split('\n')) {
    if (!/^\| [A-Z0-9]+(-[A-Z0-9]+)+ \|/.test(line)) continue;
    const cols = line.trim().replace(/^\|/, '').replace(/\|$/, '').split(' | ').map((c) => c.trim());
    rows.push({ id: cols[0], rule: cols[1], editor: cols[2], service: cols[3], doc: cols[4] });
  }
  return rows;
}

/** Every case of every family, by rule ID. */
function casesById(): Map<string, { fail: number; pass: number; files: string[] }> {
  const out = new Map<string, { fail: number; pass: number; files: string[] }>();
  for (const [file, table] of Object.entries(families)) {
    for (const [id, set] of Object.entries(table)) {
      const e = out.get(id) ?? { fail: 0, pass: 0, files: [] };
      e.fail += set.fail.length;
      e.pass += set.pass.length;
      e.files.push(file);
      out.set(id, e);
    }
  }
  return out;
}

/** Does the file, or some file under the folder, name the rule ID? */
function mentions(where: string, id: string): boolean | undefined {
  const full = path.join(repoRoot, where);
  if (!fs.existsSync(full)) return undefined;
  const stat = fs.statSync(full);
  const files = stat.isDirectory() ? fs.readdirSync(full, { recursive: true }).map((f) => path.join(full, String(f))).filter((f) => /\.(ts|mjs|js)$/.test(f)) : [full];
  return files.some((f) => fs.readFileSync(f, 'utf8').includes(id));
}

describe('rule coverage', () => {
  const inventory = readInventory();
  const ids = inventory.map((r) => r.id);
  const rules = model.rules;
  const covered = casesById();
  const productRules = Object.keys(rules).filter((id) => !ids.includes(id));
  const withDiagnostic = (id: string): boolean => rules[id]?.severity !== null && rules[id]?.severity !== undefined && !testedElsewhere[id];
  const rulesMd = readRulesMd();

  it('schemas/rules.json holds the rule inventory, each row with its columns', () => {
    assert.ok(ids.length >= 80, `only ${ids.length} documented rules in schemas/rules.json`);
    const incomplete: string[] = [];
    for (const row of inventory) {
      for (const col of ['rule', 'editor', 'service', 'doc', 'section'] as const) {
        if (typeof row[col] !== 'string' || !row[col].trim()) incomplete.push(`${row.id}.${col}`);
      }
    }
    assert.deepEqual(incomplete, [], 'rows of schemas/rules.json without a RULES.md column');
    const notProduct = productRules.filter((id) => rules[id].doc !== 'product');
    assert.deepEqual(notProduct, [], `rules of "${PRODUCT_SECTION}" whose doc is not "product"`);
  });

  it('schemas/rules.json is RULES.md as written, row for row and in order (needs ../shared/spec beside the repository)',
    { skip: rulesMd ? false : `${rulesMdPath} is not there (a bare clone): compared in CI only` }, () => {
      const md = rulesMd!;
      assert.ok(md.length >= 80, `only ${md.length} rule IDs read from ${rulesMdPath}`);
      assert.equal(new Set(md.map((r) => r.id)).size, md.length, 'RULES.md IDs are unique');
      assert.deepEqual(ids, md.map((r) => r.id), 'the documented rules of schemas/rules.json, in order, are the IDs of RULES.md');
      const ours = new Map(inventory.map((r) => [r.id, r]));
      for (const row of md) {
        for (const col of ['rule', 'editor', 'service', 'doc'] as const) {
          assert.equal(ours.get(row.id)?.[col], row[col], `schemas/rules.json ${row.id}.${col} differs from RULES.md`);
        }
      }
    });

  it('every rule with an editor diagnostic has a failing and a passing case', () => {
    const lacking: string[] = [];
    for (const id of [...ids, ...productRules]) {
      if (!withDiagnostic(id)) continue;
      const c = covered.get(id);
      if (!c || c.fail === 0) lacking.push(`${id}: no failing case`);
      if (!c || c.pass === 0) lacking.push(`${id}: no passing case`);
    }
    assert.deepEqual(lacking, []);
  });

  it('every other documented rule is listed as tested elsewhere, and nothing is listed twice', () => {
    const unaccounted = ids.filter((id) => !withDiagnostic(id) && !testedElsewhere[id]);
    assert.deepEqual(unaccounted, [], 'rules neither tested here nor listed in testedElsewhere');
    for (const id of Object.keys(testedElsewhere)) {
      assert.ok(ids.includes(id), `${id} in testedElsewhere is not a documented rule of schemas/rules.json`);
      assert.ok(!covered.has(id), `${id} is listed as tested elsewhere but has cases here`);
    }
  });

  it('the case tables name only known rules', () => {
    const unknown = [...covered.keys()].filter((id) => !rules[id]);
    assert.deepEqual(unknown, []);
  });

  for (const [id, { where, what }] of Object.entries({ ...testedElsewhere, ...alsoTestedElsewhere })) {
    it(`${id} is tested elsewhere: ${where} (${what})`, () => {
      const found = mentions(where, id);
      assert.notEqual(found, undefined, `${where} does not exist`);
      assert.ok(found, `${where} does not name ${id}`);
    });
  }

  it('docs/rules.md has a section headed by each rule ID', () => {
    const docs = fs.readFileSync(docsPath, 'utf8');
    const headings = new Set([...docs.matchAll(/^## ([A-Z0-9-]+)\s*$/gm)].map((m) => m[1]));
    const missing = [...ids, ...productRules].filter((id) => !headings.has(id));
    assert.deepEqual(missing, [], 'rule IDs without a `## ID` section in docs/rules.md');
    const stray = [...headings].filter((h) => !rules[h]);
    assert.deepEqual(stray, [], 'sections of docs/rules.md headed by an unknown rule ID');
  });

  /** docs/rules.md split at `## ` headings: heading -> section text. */
  function docSections(): Map<string, string> {
    const sections = new Map<string, string>();
    for (const part of fs.readFileSync(docsPath, 'utf8').split(/^## /m).slice(1)) sections.set(part.slice(0, part.indexOf('\n')).trim(), part);
    return sections;
  }

  it('each section names the diagnostic of schemas/rules.json', () => {
    const wrong: string[] = [];
    for (const [id, text] of docSections()) {
      if (!rules[id]) continue;
      const word = /\*\*Diagnostic:\*\* (\w+)/.exec(text)?.[1];
      const want = rules[id].severity ?? 'none';
      if (word !== want) wrong.push(`${id}: "${word}" in docs/rules.md, ${want} in schemas/rules.json`);
    }
    assert.deepEqual(wrong, []);
  });

  it('docs/rules.md states the tables it documents as schemas/rules-data has them', () => {
    const docs = fs.readFileSync(docsPath, 'utf8');
    const missing: string[] = [];
    for (const [name, info] of Object.entries(objectives)) {
      for (const loc of info.locations) {
        const types = loc.destinationTypes === null ? 'any (the location is n/a)' : loc.destinationTypes.map((d) => `\`${d}\``).join(', ') || 'none (see below)';
        const row = `| ${info.label} (\`${name}\`) | ${loc.location}${loc.beta ? ` (${loc.beta})` : ''} | ${types} | ${loc.goals.join(', ')} |`;
        if (!docs.includes(row)) missing.push(row);
      }
    }
    for (const code of euCountries) if (!docs.includes(`\`${code}\``)) missing.push(`EU code ${code}`);
    assert.deepEqual(missing, [], 'docs/rules.md (ADSET-GOAL-FOR-OBJECTIVE, ADSET-DSA-REQUIRED) is out of step with schemas/rules-data');
  });

  /** Examples that need an environment to show the rule (REQ-VERSION-EXPIRED needs a release table). */
  const exampleEnv: Record<string, Partial<Environment>> = {
    'REQ-VERSION-EXPIRED': { releases: { 'v21.0': '2024-10-02', 'v22.0': '2025-01-21', 'v23.0': '2025-05-29' }, today: '2027-06-01' },
  };

  /** Examples of the rules across files: the other files of the workspace they are checked in. */
  const exampleWorkspace: Record<string, Record<string, string>> = {
    'REQ-AMBIGUOUS-NAME': { 'b/create.graphreq': '# @name create\nPOST /v23.0/120200000000000003/copies\n' },
  };

  it('each section of a rule with a diagnostic shows a failing and a passing example, and they behave as shown', () => {
    const sections = docSections();
    const problems: string[] = [];
    const example = (text: string, label: string): string | undefined => new RegExp(`^${label}:\\n\\n\`\`\`graphreq\\n([\\s\\S]*?)\\n\`\`\`$`, 'm').exec(text)?.[1];
    for (const id of [...ids, ...productRules]) {
      if (!withDiagnostic(id)) continue;
      const text = sections.get(id) ?? '';
      const fails = example(text, 'Fails');
      const passes = example(text, 'Passes');
      if (fails === undefined || passes === undefined) {
        problems.push(`${id}: no "Fails:" and "Passes:" graphreq examples`);
        continue;
      }
      const env = exampleEnv[id] ?? {};
      const workspace = exampleWorkspace[id];
      if (!findingsOf(fails + '\n', env, workspace).some((f) => f.code === id)) problems.push(`${id}: the failing example does not report ${id}`);
      const passing = findingsOf(passes + '\n', env, workspace);
      if (passing.length) problems.push(`${id}: the passing example reports ${passing.map((f) => f.code).join(', ')}`);
    }
    assert.deepEqual(problems, []);
  });
});
