/**
 * Formatting: the layout it gives, that formatting twice changes nothing more (a property over
 * generated files), and that it never changes what is sent or checked: the same prepared requests
 * and the same diagnostic codes before and after, on generated files and on the repository's own.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildFileContext, formatDocument, formatText, parseDocument, validateDocument, type FormatOptions } from '../../server/src/core';
import { prepareRequest } from '../../server/src/core/send';
import { applyEdits, format as formatJson } from 'jsonc-parser';
import { formatBody } from '../../server/src/core/features/format';
import { parseBodyTree } from '../../server/src/core/syntax/jsonBody';
import { model } from '../helpers';
import { exampleFiles, examplesDir } from '../examples';

const fmt = (text: string, options: FormatOptions = {}): string => formatText(text, parseDocument(text), options);

/**
 * The edits `formatDocument` gives, applied: they must be in order without overlapping, and each must
 * replace whitespace with whitespace (the layout is all that changes). `whitespaceOnly` false: an edit
 * may also cover other characters (a line the formatter rewrites otherwise).
 */
function applyFormatEdits(text: string, options: FormatOptions = {}, whitespaceOnly = true): string {
  const edits = formatDocument(parseDocument(text), options);
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    assert.ok(e.span.start >= at && e.span.end >= e.span.start, `edits in order without overlap: ${JSON.stringify(e)}`);
    assert.ok(e.span.end > e.span.start || e.newText !== '', 'no empty edit');
    if (whitespaceOnly) assert.match(text.slice(e.span.start, e.span.end) + e.newText, /^\s*$/, `an edit of whitespace only: ${JSON.stringify(e)}`);
    parts.push(text.slice(at, e.span.start), e.newText);
    at = e.span.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
const repo = path.resolve(__dirname, '..', '..', '..');
const env = { variables: { account: '1234567890', budget: '2000' }, today: '2026-01-15' };

/** What is sent for each request, in order (indexes aside: a leading blank block may go away). */
function sent(text: string): unknown[] {
  const doc = parseDocument(text);
  const ctx = buildFileContext(doc, env);
  const responses = { get: () => ({ status: 200, headers: {}, body: { id: '120200000000000009' } }) };
  return doc.blocks
    .filter((b) => b.parsed.request)
    .map((b) => {
      const r = prepareRequest(b, { model, ctx, responses, baseUrl: 'http://127.0.0.1:8990' });
      if (!r.ok) return { fail: r.message };
      const { index: _index, ...request } = r.request;
      return request;
    });
}

function codes(text: string): string[] {
  return validateDocument(parseDocument(text), { env, model }).map((f) => `${f.code}:${f.severity}`).sort();
}

function assertSameMeaning(before: string, after: string): void {
  assert.deepEqual(sent(after), sent(before), 'formatting changed what is sent');
  assert.deepEqual(codes(after), codes(before), 'formatting changed the findings');
}

describe('formatting', () => {
  it('normalises separators, request lines, query lines, headers, variables, directives and JSON bodies', () => {
    const src = `\n\n#   a comment\n@version=v23.0\n@budget   =    2000\n###Create a paused ad set\n  #   @name   create\nPOST     /{{version}}/act_{{account}}/adsets\nAccept-Language:en_US\n{\n      // note {{x}}\n  "name": "Spring sale", "campaign_id": "1",\n  # hash comment\n     "daily_budget": {{budget}},\n  "targeting": { "geo_locations": { "countries": ["US"] } }\n}\n\n\n\n###   Read it back\nGET /{{version}}/{{create.response.body.id}}\n?fields=id,name   \n      &date_format=U\n###\nPOST /v23.0/1/copies\n\ndeep_copy = true\nstatus_option=PAUSED   `;
    const want = `#   a comment\n@version = v23.0\n@budget = 2000\n\n### Create a paused ad set\n# @name create\nPOST /{{version}}/act_{{account}}/adsets\nAccept-Language: en_US\n\n{\n  // note {{x}}\n  "name": "Spring sale",\n  "campaign_id": "1",\n  # hash comment\n  "daily_budget": {{budget}},\n  "targeting": { "geo_locations": { "countries": ["US"] } }\n}\n\n### Read it back\nGET /{{version}}/{{create.response.body.id}}\n  ?fields=id,name\n  &date_format=U\n\n###\nPOST /v23.0/1/copies\n\ndeep_copy = true\nstatus_option=PAUSED\n`;
    assert.equal(fmt(src), want);
    assert.equal(fmt(want), want);
    assertSameMeaning(src, want);
  });

  it('follows the indentation options, the print width, and can keep the line breaks of bodies', () => {
    const src = `POST /v23.0/act_1/adsets\n?x=1\n\n{ "name": "a", "targeting": { "geo_locations": { "countries": ["US"] } } }\n`;
    assert.equal(fmt(src), `POST /v23.0/act_1/adsets\n  ?x=1\n\n{ "name": "a", "targeting": { "geo_locations": { "countries": ["US"] } } }\n`);
    assert.equal(fmt(src, { insertSpaces: false, printWidth: 40 }), `POST /v23.0/act_1/adsets\n\t?x=1\n\n{\n\t"name": "a",\n\t"targeting": {\n\t\t"geo_locations": {\n\t\t\t"countries": ["US"]\n\t\t}\n\t}\n}\n`);
    assert.equal(fmt(src, { tabSize: 4, printWidth: 70 }), `POST /v23.0/act_1/adsets\n    ?x=1\n\n{\n    "name": "a",\n    "targeting": { "geo_locations": { "countries": ["US"] } }\n}\n`);
    assert.equal(fmt(src, { tabSize: 4, keepLines: true }), `POST /v23.0/act_1/adsets\n    ?x=1\n\n{ "name": "a", "targeting": { "geo_locations": { "countries": [ "US" ] } } }\n`);
  });

  it('never splits a {{variable}} written as a JSON value, and leaves a broken body as written', () => {
    const src = `POST /v23.0/act_1/adsets\n\n{"a":{{x}},"b":[{{y}},{{ z }}],"c":{"d":{{w}}}}\n`;
    assert.equal(fmt(src), `POST /v23.0/act_1/adsets\n\n{ "a": {{x}}, "b": [{{y}}, {{ z }}], "c": { "d": {{w}} } }\n`);
    assert.equal(fmt(src, { printWidth: 30 }), `POST /v23.0/act_1/adsets\n\n{\n  "a": {{x}},\n  "b": [{{y}}, {{ z }}],\n  "c": { "d": {{w}} }\n}\n`);
    const broken = `POST /v23.0/act_1/adsets\n\n{ "a": 1,,   \n   "b": }\n`;
    assert.equal(fmt(broken), `POST /v23.0/act_1/adsets\n\n{ "a": 1,,\n   "b": }\n`);
  });

  it('leaves a body nested deeper than the limit as written, in the text and in the edits (a 60 KB body 10,000 deep became 200 MB)', () => {
    for (const [open, close] of [['{"a":', '}'], ['[', ']']]) {
      const deep = `POST /v23.0/120200000000000002\n\n{"name": ${open.repeat(10_000)}1${close.repeat(10_000)}}\n`;
      assert.equal(fmt(deep), deep);
      assert.equal(fmt(deep, { keepLines: true }), deep);
      assert.deepEqual(formatDocument(parseDocument(deep)), []);
    }
    // At the limit it is still laid out.
    const atLimit = `POST /v23.0/120200000000000002\n\n{"name": ${'['.repeat(63)}1${']'.repeat(63)}}\n`;
    assert.ok(fmt(atLimit).length > atLimit.length);
    // Nesting inside strings is text, not depth.
    const inString = `POST /v23.0/120200000000000002\n\n{"name":"${'['.repeat(100)}"}\n`;
    assert.equal(fmt(inString), `POST /v23.0/120200000000000002\n\n{\n  "name": "${'['.repeat(100)}"\n}\n`);
  });

  it('keeps the file\'s line breaks (CRLF)', () => {
    const src = '###A\r\nGET   /v23.0/1\r\n\r\n\r\n###B\r\nPOST /v23.0/act_1/adsets\r\n\r\n{"name":"x"}\r\n';
    assert.equal(fmt(src), '### A\r\nGET /v23.0/1\r\n\r\n### B\r\nPOST /v23.0/act_1/adsets\r\n\r\n{ "name": "x" }\r\n');
    const expanded = '###B\r\nPOST /v23.0/act_1/adsets\r\n\r\n{\r\n"name":"x",  "t": [1,\r\n2]}\r\n';
    assert.equal(fmt(expanded), '### B\r\nPOST /v23.0/act_1/adsets\r\n\r\n{\r\n  "name": "x",\r\n  "t": [1, 2]\r\n}\r\n');
  });

  it('formats only the requests a range touches', () => {
    const src = `###A\nGET   /v23.0/1\n###B\nGET   /v23.0/2\n###C\nGET   /v23.0/3\n`;
    const doc = parseDocument(src);
    const middle = src.indexOf('/v23.0/2');
    const edits = formatDocument(doc, {}, { start: middle, end: middle + 3 });
    let out = src;
    for (const e of [...edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
    assert.equal(out, `###A\nGET   /v23.0/1\n### B\nGET /v23.0/2\n\n###C\nGET   /v23.0/3\n`);
  });

  it('gives an edit for each run of whitespace that changes, not one for the request', () => {
    const src = `POST /v23.0/act_1/adsets\n\n{\n  "name": "Sale",\n      "status": "PAUSED",\n"daily_budget": 2000, "bid_amount":100\n}\n`;
    const at = (needle: string): number => src.indexOf(needle);
    assert.deepEqual(formatDocument(parseDocument(src)), [
      // Indentation too deep: the extra spaces go; missing: two are inserted.
      { span: { start: at('"status"') - 4, end: at('"status"') }, newText: '' },
      { span: { start: at('"daily_budget"'), end: at('"daily_budget"') }, newText: '  ' },
      // `, ` between members: a line break and the indentation, the space already there kept; `:` gets its space.
      { span: { start: at(', "bid_amount"') + 1, end: at(', "bid_amount"') + 1 }, newText: '\n ' },
      { span: { start: at('100'), end: at('100') }, newText: ' ' },
    ]);
    assert.equal(applyFormatEdits(src), fmt(src));
  });

  it('formats a body indented under the blank line once (its first line is not kept as well)', () => {
    const src = `POST /v23.0/act_1/adsets\n\n  {\n"name":"Sale",\n  "status":"PAUSED"}\n`;
    const want = `POST /v23.0/act_1/adsets\n\n{\n  "name": "Sale",\n  "status": "PAUSED"\n}\n`;
    assert.equal(fmt(src), want);
    assert.equal(applyFormatEdits(src), want);
    assertSameMeaning(src, want);
  });

  it('gives edits that make the formatted text of the repository\'s files and of the bench\'s generated file', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-format-edits-'));
    const generated = path.join(tmp, 'findings.graphreq');
    execFileSync(process.execPath, [path.join(repo, 'bench', 'generate.mjs'), '200', generated, '--findings'], { stdio: 'ignore' });
    const files = [...exampleFiles().map((f) => path.join(examplesDir, f)), path.join(repo, 'test', 'fixtures', 'findings-300.graphreq'), path.join(repo, 'test', 'e2e', 'fixtures', 'e2e.graphreq'), generated];
    for (const file of files.filter((f) => f.endsWith('.graphreq'))) {
      const text = fs.readFileSync(file, 'utf8');
      assert.equal(applyFormatEdits(text), fmt(text), path.basename(file));
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps the file\'s line breaks and a byte-order mark in its edits', () => {
    for (const src of ['\uFEFF###A\r\nPOST /v23.0/act_1/adsets\r\n\r\n{"name":"x","t":{"a":[1, 2]}}\r\n', '\uFEFFGET   /v23.0/1\n']) {
      assert.equal(applyFormatEdits(src), fmt(src));
      assert.ok(fmt(src).startsWith('\uFEFF'));
      assert.deepEqual(formatDocument(parseDocument(fmt(src))), []);
    }
  });

  it('leaves an already formatted file alone (no edits)', () => {
    for (const f of ['adsets.graphreq', 'eu-targeting.graphreq', 'url-and-thread.graphreq']) {
      const once = fmt(fs.readFileSync(path.join(repo, 'examples', f), 'utf8'));
      assert.deepEqual(formatDocument(parseDocument(once)), [], f);
    }
  });

  it('does not change what the repository\'s files send or are checked for', () => {
    const files = [...exampleFiles().map((f) => path.join(examplesDir, f)), path.join(repo, 'test', 'fixtures', 'findings-300.graphreq'), path.join(repo, 'test', 'e2e', 'fixtures', 'e2e.graphreq')];
    for (const file of files.filter((f) => f.endsWith('.graphreq'))) {
      const text = fs.readFileSync(file, 'utf8');
      const once = fmt(text);
      assertSameMeaning(text, once);
      assert.equal(fmt(once), once, `${path.basename(file)}: formatting twice changes more`);
    }
  });

  it('is idempotent and keeps what is sent and checked, on generated files (property)', () => {
    const ws = fc.constantFrom('', ' ', '  ', '\t', '   ');
    const blank = fc.constantFrom('', '\n', '\n\n', '  \n');
    const value = fc.oneof(fc.constantFrom('"Spring sale"', '2000', 'true', 'null', '{{budget}}', '{{ account }}', '"{{account}}"', '["US", "CA"]', '{ "geo_locations": { "countries": ["US"] } }', '"a # b"', '"// not a comment"'), fc.integer({ min: 0, max: 99999 }).map(String));
    const key = fc.constantFrom('name', 'campaign_id', 'daily_budget', 'billing_event', 'optimization_goal', 'targeting', 'status', 'bid_amount', 'end_time');
    const member = fc.tuple(ws, key, ws, ws, value).map(([a, k, b, c, v]) => `${a}"${k}"${b}:${c}${v}`);
    const comment = fc.constantFrom('// a note', '/* block */', '# hash line');
    const bodyLine = fc.oneof({ weight: 4, arbitrary: member }, { weight: 1, arbitrary: comment });
    const jsonBody = fc.tuple(fc.array(bodyLine, { maxLength: 6 }), fc.constantFrom('\n', ', ', ',\n  ')).map(([lines, sep]) => {
      // Comments end their line; members are joined by commas.
      let out = '{';
      lines.forEach((l, i) => {
        const isComment = /^(\/\/|\/\*|#)/.test(l);
        const more = lines.slice(i + 1).some((x) => !/^(\/\/|\/\*|#)/.test(x));
        out += isComment ? `\n${l}\n` : `${l}${more ? sep.includes(',') ? sep : `,${sep}` : ''}`;
      });
      return `${out}\n}`;
    });
    const formBody = fc.constantFrom('deep_copy = true\nstatus_option=PAUSED', 'name=Sale&daily_budget=2000');
    const method = fc.constantFrom('GET', 'POST', 'DELETE');
    const target = fc.constantFrom('/v23.0/act_{{account}}/adsets', '/v23.0/120200000000000001?fields=id,name', '/{{version}}/?id=https://example.com/post&fields=engagement', '/v23.0/t_100200300?fields=id,messages.source(PARTICIPANTS).limit(10)', '/v23.0/120200000000000001/copies', '/v23.0/{{create.response.body.id}}');
    const header = fc.tuple(fc.constantFrom('Accept-Language', 'X-Note'), ws, ws, fc.constantFrom('en_US', 'a b')).map(([n, a, b, v]) => `${n}${a}:${b}${v}`);
    const query = fc.tuple(ws, fc.constantFrom('?date_format=U', '&date_preset=last_7d', '&fields=id')).map(([a, q]) => `${a}${q}`);
    const request = fc.tuple(
      fc.tuple(ws, fc.constantFrom('', 'Title', 'Read it back')).map(([a, t]) => `###${a}${t}`),
      fc.array(fc.tuple(ws, fc.constantFrom('# @name create', '#   @name  read', '// @objective OUTCOME_SALES', '# a note', '@version=v23.0', '@budget  = 2000')).map(([a, l]) => `${a}${l}`), { maxLength: 3 }),
      fc.tuple(ws, method, fc.constantFrom(' ', '   ', '\t'), target).map(([a, m, b, t]) => `${a}${m}${b}${t}`),
      fc.array(query, { maxLength: 2 }),
      fc.array(header, { maxLength: 2 }),
      blank,
      fc.option(fc.oneof(jsonBody, formBody), { nil: undefined }),
      blank,
    ).map(([sep, pre, line, queries, headers, b1, body, b2]) => [sep, ...pre, line, ...queries, ...headers, ...(body ? [`${b1 || '\n'}${body}`] : []), b2].join('\n'));
    const file = fc.array(request, { minLength: 1, maxLength: 4 }).map((rs) => rs.join('\n'));
    fc.assert(
      fc.property(file, (text) => {
        const once = fmt(text);
        assert.equal(fmt(once), once, 'formatting twice changes more');
        assertSameMeaning(text, once);
        // The editor's edits: whitespace only, and together exactly the formatted text; none once formatted.
        assert.equal(applyFormatEdits(text), once);
        assert.equal(applyFormatEdits(text, { tabSize: 4, insertSpaces: false }), fmt(text, { tabSize: 4, insertSpaces: false }));
        assert.deepEqual(formatDocument(parseDocument(once)), []);
      }),
      { numRuns: 150 },
    );
  });
});

describe('JSON bodies laid out as Prettier lays out JSON', () => {
  // Prettier itself (a development dependency) is the reference: the layout must equal its `json` parser's output.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const prettier = require('prettier') as { format(text: string, options: Record<string, unknown>): Promise<string> };
  const reference = async (body: string, printWidth = 80, tabWidth = 2, useTabs = false): Promise<string> => (await prettier.format(body, { parser: 'json', printWidth, tabWidth, useTabs })).replace(/\n$/, '');

  it('equals Prettier on every body of the findings fixture, the examples and the bench\'s generated files', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-format-bodies-'));
    const generated = ['valid', 'findings'].map((kind) => {
      const file = path.join(tmp, `${kind}.graphreq`);
      execFileSync(process.execPath, [path.join(repo, 'bench', 'generate.mjs'), '40', file, ...(kind === 'findings' ? ['--findings'] : [])], { stdio: 'ignore' });
      return file;
    });
    const files = [path.join(repo, 'test', 'fixtures', 'findings-300.graphreq'), ...exampleFiles().map((f) => path.join(examplesDir, f)), ...generated];
    let bodies = 0;
    for (const file of files) {
      const doc = parseDocument(fs.readFileSync(file, 'utf8'));
      for (const block of doc.blocks) {
        const b = block.parsed.request?.body;
        if (!b || b.kind !== 'json') continue;
        const body = block.text.slice(b.span.start, b.span.end);
        // Prettier reads neither {{variables}} nor # comment lines: those are tested on their own below.
        if (body.includes('{{') || /^\s*#/m.test(body) || parseBodyTree(body).errors.length) continue;
        bodies++;
        assert.equal(formatBody(body, 'json', {}, '\n'), await reference(body), `${path.basename(file)} block ${block.index}`);
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    assert.ok(bodies > 300, `${bodies} bodies`);
  });

  it('equals Prettier on generated JSON in any spacing, width and indentation (property)', async () => {
    const gap = fc.constantFrom('', '', ' ', '\n', '\n  ', '\n\n  ');
    const atom = fc.oneof(fc.constantFrom('"US"', '"Spring sale"', '"a long string value that takes some room"', 'true', 'null', '-2.5', '1e3', '12345678901234567890'), fc.integer({ min: 0, max: 9999 }).map(String));
    const { value } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, atom, tie('array'), tie('object')),
      array: fc.tuple(fc.array(fc.tuple(gap, tie('value'), gap), { maxLength: 5 }), fc.boolean()).map(([items, numbers]) => `[${items.map(([a, v, b], i) => `${a}${numbers ? String(i * 37) : v}${b}`).join(',')}]`),
      object: fc.array(fc.tuple(gap, fc.constantFrom('name', 'targeting', 'geo_locations', 'countries', 'daily_budget', 'k'), fc.constantFrom('', '// note\n', '/* b */ '), tie('value'), gap), { maxLength: 5 }).map((ms) => `{${ms.map(([a, k, c, v, b], i) => `${a}${c}"${k}${i}": ${v}${b}`).join(',')}}`),
    }));
    const samples = fc.sample(fc.tuple(value, fc.constantFrom(40, 80, 120), fc.constantFrom(2, 4), fc.boolean()), { numRuns: 600, seed: 20261127 });
    let compared = 0;
    for (const [text, printWidth, tabSize, useTabs] of samples) {
      let want: string;
      try {
        want = await reference(text, printWidth, tabSize, useTabs);
      } catch {
        continue; // not JSON Prettier reads (a comment before a lone value)
      }
      const got = formatBody(text, 'json', { printWidth, tabSize, insertSpaces: !useTabs }, '\n');
      assert.equal(got, want, JSON.stringify({ text, printWidth, tabSize, useTabs }));
      compared++;
    }
    assert.ok(compared > 400, `${compared} compared`);
  });

  it('keeps short lists and objects on one line, an object its author expanded expanded, and fills lists of numbers', () => {
    const lay = (body: string, printWidth?: number): string => formatBody(body, 'json', { printWidth }, '\n');
    assert.equal(lay('{"days":[1,2,3,4,5],"countries":["US","CA"]}'), '{ "days": [1, 2, 3, 4, 5], "countries": ["US", "CA"] }');
    assert.equal(lay('{\n"targeting":{"geo_locations":{"countries":["US"]}}}'), '{\n  "targeting": { "geo_locations": { "countries": ["US"] } }\n}');
    assert.equal(lay('{"t":{\n"a":1}}'), '{\n  "t": {\n    "a": 1\n  }\n}');
    assert.equal(lay('{"hours":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23]}', 40), '{\n  "hours": [\n    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,\n    11, 12, 13, 14, 15, 16, 17, 18, 19,\n    20, 21, 22, 23\n  ]\n}');
  });

  it('keeps {{variables}} and # comment lines whole', () => {
    assert.equal(formatBody('{"a":{{x}},"b":[{{y}},{{ z }}]}', 'json', {}, '\n'), '{ "a": {{x}}, "b": [{{y}}, {{ z }}] }');
    assert.equal(formatBody('{\n# why\n"a":1, # not a comment here\n"b":2}', 'json', {}, '\n'), '{\n# why\n"a":1, # not a comment here\n"b":2}');
    assert.equal(formatBody('{\n   # why\n"a":1,\n"b":{{budget}}}', 'json', {}, '\n'), '{\n  # why\n  "a": 1,\n  "b": {{budget}}\n}');
  });

  it('leaves a body it does not read to jsonc-parser or as written: a trailing comma, broken JSON, nesting past the bound', () => {
    for (const body of ['{"a": 1,}', '{"a": "\\x"}', '{"a": 01}', '{"a": .5}']) {
      const r = formatBody(body, 'json', {}, '\n');
      assert.equal(r, parseBodyTree(body).errors.length ? body : r, body);
    }
    const deep = `{"a":${'['.repeat(200)}1${']'.repeat(200)}}`;
    assert.equal(formatBody(deep, 'json', {}, '\n'), deep, 'a body nested past the bound is kept as written');
  });
});
