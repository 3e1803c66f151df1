/**
 * What a parse keeps: the parse of every request lives as long as its document (the language server)
 * or the run (a cold `check` of 10,000 requests, whose garbage collector copies it). The lists a block
 * and a request have but seldom fill (comments, directives, variables, assertions, errors, query
 * parameters, continuation lines, headers; a block's `{{...}}` uses) are one shared empty list until
 * their first item, and the parse reads the same (test/core/parser.test.ts).
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBlock, parseDocument, validateDocument } from '../../server/src/core';
import { blockNames } from '../../server/src/core/analysis/names';
import { model } from '../helpers';

describe('what a parse keeps', () => {
  it('an ordinary request shares one empty list for everything it does not have', () => {
    const doc = parseDocument('### One\nPOST /v23.0/act_1/adsets\nAccept-Language: en_US\n\n{"name": "a"}\n\n### Two\nGET /v23.0/1\n');
    const [one, two] = doc.blocks.map((b) => b.parsed);
    const empty = one.comments;
    assert.deepEqual(empty, []);
    for (const list of [one.directives, one.variables, one.assertions, one.errors, one.request!.params, one.request!.continuationLines, two.comments, two.request!.headers]) {
      assert.equal(list, empty, 'a list of its own for no item');
    }
    assert.ok(Object.isFrozen(empty), 'the shared list is never written to');
    assert.equal(blockNames(doc.blocks[0]).uses, blockNames(doc.blocks[1]).uses, 'no uses: the shared list');
  });

  it('a list gets its own array at its first item, in every place the parser adds one', () => {
    const text = '# a comment\n# @name create\n@v = v23.0\n@ = broken\nPOST /{{v}}/act_1/adsets?a=1\n  &b=2\nAccept-Language: en_US\nnot a header\n\nname=x&c=3\n?? status == 200\n# @expect status 200\n';
    const b = parseBlock(text);
    const r = b.request!;
    assert.deepEqual(b.comments.map((c) => text.slice(c.start, c.end)), ['# a comment', '# @name create', '# @expect status 200']);
    assert.deepEqual(b.directives.map((d) => d.name.text), ['name', 'expect']);
    assert.deepEqual(b.variables.map((v) => v.name.text), ['v']);
    assert.deepEqual(b.assertions.map((a) => a.text), ['?? status == 200']);
    assert.deepEqual(b.errors.map((e) => e.code), ['SYNTAX-VARIABLE', 'SYNTAX-HEADER']);
    assert.deepEqual(r.params.map((p) => p.name.text), ['a', 'b']);
    assert.equal(r.continuationLines.length, 1);
    assert.deepEqual(r.headers.map((h) => h.name.text), ['Accept-Language']);
    assert.deepEqual(r.body?.formParams?.map((p) => p.name.text), ['name', 'c']);
    const lists = [b.comments, b.directives, b.variables, b.assertions, b.errors, r.params, r.continuationLines, r.headers];
    assert.equal(new Set(lists).size, lists.length, 'each list is its own');
    for (const list of lists) assert.ok(!Object.isFrozen(list));
    // The empty list is still empty after all this.
    assert.deepEqual(parseBlock('GET /v23.0/1\n').comments, []);
  });

  it('keeps a separator, a header, a path and the spans of the method, target and body as offsets, read when asked; a check reads the segments of one request a request line', () => {
    const one = (i: number) => `### Ad set ${i}\nPOST /{{version}}/act_1234567890/adsets\nAccept-Language:  en_US \n\n{"name": "a${i}"}\n\n`;
    let text = '@version = v23.0\n\n';
    for (let i = 0; i < 20; i++) text += one(i);
    const doc = parseDocument(text);
    const findings = validateDocument(doc, { env: { variables: {} }, model });
    assert.equal(findings.filter((f) => f.severity === 'error').length, 20, 'each request is checked (a campaign_id is missing)');
    for (const b of doc.blocks.slice(1)) {
      const p = b.parsed;
      const r = p.request!;
      // Nothing but offsets is kept: no title, name, value or segment object of its own.
      assert.ok(!Object.hasOwn(p.separator!, 'title'), 'the title is read when asked');
      assert.ok(!Object.hasOwn(r.headers[0], 'name') && !Object.hasOwn(r.headers[0], 'value') && !Object.hasOwn(r.headers[0], 'span'), 'the header is read when asked');
      assert.ok(!Object.hasOwn(r.target, 'path'), 'the path is read when asked');
      assert.ok(!Object.hasOwn(r.target, 'span') && !Object.hasOwn(r.method!, 'span') && !Object.hasOwn(r.body!, 'span'), 'the spans of the target, the method and the body are made when read');
      if (b.index > 1) assert.ok(!JSON.stringify(r.target).includes('segments'), 'the check matched this request line once, by its text');
    }
    // And each reads as written.
    const b = doc.blocks[3];
    const at = (s: { start: number; end: number }) => b.text.slice(s.start, s.end);
    const { separator, request } = b.parsed;
    assert.equal(separator!.title!.text, 'Ad set 2');
    assert.equal(at(separator!.title!.span), 'Ad set 2');
    assert.equal(at(separator!.span), '### Ad set 2');
    const h = request!.headers[0];
    assert.deepEqual([h.name.text, at(h.name.span), h.value.text, at(h.value.span), at(h.span)], ['Accept-Language', 'Accept-Language', 'en_US', 'en_US', 'Accept-Language:  en_US']);
    assert.deepEqual([request!.method!.text, at(request!.method!.span)], ['POST', 'POST']);
    assert.equal(at(request!.body!.span), request!.body!.text);
    assert.equal(request!.body!.kind, 'json');
    const t = request!.target;
    assert.equal(at(t.span), t.raw);
    assert.equal(t.pathText, '/{{version}}/act_1234567890/adsets');
    assert.equal(at(t.pathSpan), t.pathText);
    assert.equal(at(t.path.span), t.pathText);
    assert.deepEqual(t.path.segments.map((s) => [s.text, at(s.span)]), [['{{version}}', '{{version}}'], ['act_1234567890', 'act_1234567890'], ['adsets', 'adsets']]);
    assert.equal(t.path, t.path, 'read once');
    assert.deepEqual(t.pathSpan, t.path.span);
    assert.equal(parseBlock('###\nGET /v23.0/1\n').separator!.title, undefined, 'a separator without a title');
  });
});
