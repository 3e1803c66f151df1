/**
 * Every citation of the documents [1] [2] [3] leads to a section of docs/api.md, the repository's own
 * reference: the Doc column of schemas/rules.json, the doc of each error code, endpoint and schema
 * (`x-doc`), the citations that schema messages end with, and the **Documents** line of every rule in
 * docs/rules.md (which must link each citation to that section). Links between the docs pages must
 * reach a heading, and nothing may send a reader to a folder outside the repository.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { createLanguageService } from '../../server/src/core';
import { citationMarkdown, documentOfSection, linkCitationsIn, resolveCitation } from '../../server/src/core/model/citations';
import { apiSections } from '../../server/src/core/model/generated/apiIndex';
import { docsDir, generator, readApiDoc, repoRoot, sectionsOf } from './apiDoc';

/** A link to docs/api.md whose text may hold one level of brackets: `[[2] Create an ad set](api.md#2-create-an-ad-set)`. */
const LINK = /\[((?:[^[\]]|\[[^[\]]*\])*)\]\(api\.md#([\w-]+)\)/g;

interface Cited {
  where: string;
  text: string;
  contextDoc?: number;
  /** Only the first part must resolve: a message's citation may go on with a field name ("[2] Ad set read fields, destination_type"). */
  firstOnly?: boolean;
}

/** Every JSON file under schemas/. */
function schemaFiles(dir = path.join(repoRoot, 'schemas')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? schemaFiles(full) : e.name.endsWith('.json') ? [full] : [];
  });
}

/** The citations of schemas/: `x-doc` and `doc` values wherever they are, and citations in parentheses inside other texts. */
function schemaCitations(): Cited[] {
  const out: Cited[] = [];
  const walk = (value: unknown, file: string, at: string, parent?: Record<string, unknown>): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, file, `${at}[${i}]`, parent));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if ((k === 'x-doc' || k === 'doc') && typeof v === 'string') {
          const section = (value as Record<string, unknown>).section;
          if (v !== 'product') out.push({ where: `${file} ${at}.${k}`, text: v, contextDoc: documentOfSection(typeof section === 'string' ? section : undefined) });
        } else walk(v, file, `${at}.${k}`, value as Record<string, unknown>);
      }
    } else if (typeof value === 'string') {
      for (const m of value.matchAll(/\((\[\d\][^()]*(?:\([^()]*\)[^()]*)?)\)/g)) out.push({ where: `${file} ${at}`, text: m[1], firstOnly: true });
    }
  };
  for (const file of schemaFiles()) walk(JSON.parse(fs.readFileSync(file, 'utf8')), path.relative(repoRoot, file), '$');
  return out;
}

/** Why a citation does not lead to a heading, or undefined when it does. */
function problem(c: Cited): string | undefined {
  const parts = resolveCitation(c.text, c.contextDoc);
  for (const p of c.firstOnly ? parts.slice(0, 1) : parts) {
    if (!p.section) return `"${p.text}" leads to no heading of docs/api.md`;
    if (p.items) {
      const [from, to = from] = p.items.split('-').map(Number);
      for (let n = from; n <= to; n++) if (!p.section.items?.includes(n)) return `"${p.text}": [${p.section.doc}] ${p.section.title} has no item ${n}`;
    }
  }
  return undefined;
}

describe('citations lead to docs/api.md', () => {
  it('the section index is generated from the current docs/api.md', async () => {
    const { generateApiIndex, apiIndexFile } = await generator();
    assert.equal(fs.readFileSync(apiIndexFile, 'utf8'), generateApiIndex(), 'run `npm run build` to regenerate server/src/core/model/generated/apiIndex.ts');
  });

  it('every section is "[n] Title" under its document, with a unique anchor that follows the scheme', async () => {
    const { slugOf } = await generator();
    const anchors = apiSections.map((s) => s.anchor);
    assert.deepEqual(anchors.filter((a, i) => anchors.indexOf(a) !== i), [], 'duplicate anchors');
    for (const s of apiSections) assert.equal(s.anchor, slugOf(`[${s.doc}] ${s.title}`));
    assert.deepEqual(apiSections.filter((s) => s.level === 2).map((s) => s.doc), [1, 2, 3], 'one level-2 heading per document, in order');
    // The examples of the scheme at the top of the page hold.
    assert.equal(slugOf('[2] Issue entry (issues_info item)'), '2-issue-entry-issues_info-item');
    assert.equal(slugOf('[2] Regional-regulation rules (payor and beneficiary)'), '2-regional-regulation-rules-payor-and-beneficiary');
  });

  it('resolves the citation forms the page documents', () => {
    const anchor = (text: string, doc?: number) => resolveCitation(text, doc).map((p) => (p.section ? `${p.section.anchor}${p.items ? ` ${p.items}` : ''}` : `?${p.text}`));
    assert.deepEqual(anchor('[2] Create an ad set'), ['2-create-an-ad-set']);
    assert.deepEqual(anchor('Create', 2), ['2-create-an-ad-set']);
    assert.deepEqual(anchor('[3] Versioning 2-3, [2] Errors'), ['3-versioning 2-3', '2-errors']);
    assert.deepEqual(anchor('[2] Regional-regulation rules 1-4, Errors, Ad account defaults'), ['2-regional-regulation-rules-payor-and-beneficiary 1-4', '2-errors', '2-ad-account-defaults-for-regional-regulation']);
    assert.deepEqual(anchor('Regional regulation 5', 2), ['2-regional-regulation-rules-payor-and-beneficiary 5']);
    assert.deepEqual(anchor('[2] Ad set read fields (bid_strategy), Versioning; [3] iOS 14 error codes (2490216)'), ['2-ad-set-read-fields', '2-versioning', '3-ios-14-error-codes-for-ads-endpoints']);
    assert.deepEqual(anchor('[1], [2] Authentication'), ['1-authentication', '2-authentication']);
    assert.deepEqual(anchor('[1], [2]'), ['1-url-and-thread-nodes', '2-ad-set']);
    assert.deepEqual(anchor('Limits, [3]', 2), ['2-limits', '3-platform-limits-errors-and-versions']);
    assert.deepEqual(anchor('Read fields', 2), ['2-ad-set-read-fields'], 'a short citation of the table at the top');
    // Ambiguous first words and unknown headings lead nowhere.
    assert.deepEqual(anchor('[1] Read'), ['?[1] Read']);
    assert.deepEqual(anchor('[2] Nothing like this'), ['?[2] Nothing like this']);
    assert.deepEqual(anchor('Create'), ['?Create'], 'no document, no section');
  });

  it('renders a citation as links to its sections, with the whole heading as the text', () => {
    assert.equal(citationMarkdown('Read fields', 2), '[[2] Ad set read fields](docs/api.md#2-ad-set-read-fields)');
    assert.equal(citationMarkdown('[2] Issue entry (issues_info item)'), '[[2] Issue entry (issues_info item)](docs/api.md#2-issue-entry-issues_info-item)');
    assert.equal(citationMarkdown('[3] Versioning 2-3, [9] Nowhere'), '[[3] Versioning 2-3](docs/api.md#3-versioning), [9] Nowhere');
  });

  it('links the citations in parentheses of a finding detail, keeping the rest of the text', () => {
    assert.equal(linkCitationsIn('Write it ([2] Create an ad set, billing_event).'), 'Write it ([[2] Create an ad set](docs/api.md#2-create-an-ad-set), billing_event).');
    assert.equal(
      linkCitationsIn('Both given ([2] Create an ad set; graphreq refuses both, see docs/rules.md) and ([3] Versioning 4).'),
      'Both given ([[2] Create an ad set](docs/api.md#2-create-an-ad-set); graphreq refuses both, see docs/rules.md) and ([[3] Versioning 4](docs/api.md#3-versioning)).',
    );
    assert.equal(linkCitationsIn('No citation (just words) here.'), 'No citation (just words) here.');
  });

  it('the citations in the messages and details of the findings of every docs/rules.md example lead to a heading', () => {
    const ls = createLanguageService();
    const text = fs.readFileSync(path.join(docsDir, 'rules.md'), 'utf8');
    const examples = [...text.matchAll(/```graphreq\n([\s\S]*?)```/g)].map((m) => m[1]);
    assert.ok(examples.length >= 100, `only ${examples.length} examples`);
    const broken: string[] = [];
    let count = 0;
    for (const example of examples) {
      for (const f of ls.validate(ls.parse(example), { variables: {} })) {
        for (const m of `${f.message} ${f.detail ?? ''}`.matchAll(/\((\[\d\][^()]*(?:\([^()]*\)[^()]*)?)\)/g)) {
          count++;
          const p = problem({ where: f.code, text: m[1], firstOnly: true });
          if (p) broken.push(`${f.code}: ${p}`);
        }
      }
    }
    assert.ok(count >= 30, `only ${count} citations found in findings`);
    assert.deepEqual([...new Set(broken)], []);
  });

  it('every citation in schemas/ (rules, errors, endpoints, x-doc, messages) leads to a heading', () => {
    const cited = schemaCitations();
    assert.ok(cited.length > 200, `only ${cited.length} citations found in schemas/`);
    const rules = cited.filter((c) => c.where.startsWith(`schemas${path.sep}rules.json`));
    assert.ok(rules.length >= 80, 'the Doc column of every rule is read');
    const broken = cited.map((c) => [c, problem(c)] as const).filter(([, p]) => p).map(([c, p]) => `${c.where}: ${p}`);
    assert.deepEqual(broken, []);
  });

  it('docs/rules.md links every citation of its Documents lines to the section the citation names', async () => {
    const text = fs.readFileSync(path.join(docsDir, 'rules.md'), 'utf8');
    const problems: string[] = [];
    let contextDoc: number | undefined;
    let lines = 0;
    for (const line of text.split('\n')) {
      if (/^## /.test(line)) contextDoc = /^## .*\[(\d)\]\s*$/.test(line) ? documentOfSection(line) : /^## Product rules/.test(line) ? undefined : contextDoc;
      const m = /\*\*Documents:\*\* (.*?) · \*\*Service/.exec(line);
      if (!m || /^product rule/.test(m[1])) continue;
      lines++;
      // Each citation part is a link whose text is the citation as written and whose target is its section.
      const links = [...m[1].matchAll(LINK)];
      const rest = m[1].replace(LINK, '').replace(/[,;\s]/g, '');
      if (!links.length || rest) problems.push(`not every citation is a link: ${m[1]}`);
      const plain = links.map((l) => l[1]).join(', ');
      const want = resolveCitation(plain, contextDoc).map((p) => p.section?.anchor);
      const got = links.map((l) => l[2]);
      if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`${plain}: links ${got.join(', ')}, the citations name ${want.join(', ')}`);
    }
    assert.ok(lines >= 80, `only ${lines} Documents lines read`);
    assert.deepEqual(problems, []);
  });

  it('every link between the docs pages and from the README reaches a heading', async () => {
    const { slugOf } = await generator();
    const pages = fs.readdirSync(docsDir).filter((f) => f.endsWith('.md'));
    const anchorsOf = new Map(pages.map((p) => [p, new Set(sectionsOf(fs.readFileSync(path.join(docsDir, p), 'utf8'), slugOf).map((s) => s.anchor))]));
    const broken: string[] = [];
    const check = (from: string, text: string, base: string) => {
      for (const m of text.matchAll(/\]\(([\w./-]*?)#([^)\s]+)\)/g)) {
        const target = m[1] ? path.basename(m[1]) : path.basename(from);
        const dir = m[1] ? path.dirname(path.join(base, m[1])) : docsDir;
        if (dir !== docsDir || !target.endsWith('.md')) continue;
        if (!anchorsOf.get(target)?.has(m[2])) broken.push(`${from}: ${m[0]}`);
      }
    };
    for (const p of pages) check(p, fs.readFileSync(path.join(docsDir, p), 'utf8'), docsDir);
    check('README.md', fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8'), repoRoot);
    assert.deepEqual(broken, []);
  });

  it('docs/api.md lists its tables of contents and short citations against real headings', async () => {
    const { slugOf } = await generator();
    const sections = sectionsOf(readApiDoc(), slugOf);
    const withDoc = sections.filter((s) => /^\[\d\] /.test(s.heading)).map((s) => s.anchor);
    const contents = sections.find((s) => s.heading === 'Contents')!.text;
    const listed = new Set([...contents.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => m[1]));
    assert.deepEqual(withDoc.filter((a) => !listed.has(a)), [], 'sections missing from the Contents');
  });

  it('nothing in the repository points readers at ../shared/spec', () => {
    const roots = ['README.md', 'docs', 'schemas', 'server/src', 'client/src', 'client/snippets', 'package.json'];
    const hits: string[] = [];
    const visit = (p: string): void => {
      const full = path.join(repoRoot, p);
      if (!fs.existsSync(full)) return;
      if (fs.statSync(full).isDirectory()) {
        for (const e of fs.readdirSync(full)) visit(path.join(p, e));
      } else if (/\.(md|json|ts|mjs|js)$/.test(p) && fs.readFileSync(full, 'utf8').includes('shared/spec')) hits.push(p);
    };
    roots.forEach(visit);
    assert.deepEqual(hits, [], 'cite docs/api.md (the reference in the repository) instead');
  });
});
