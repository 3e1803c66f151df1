/**
 * What a parse keeps: the parse of every request lives as long as its document (the language server)
 * or the run (a cold `check` of 10,000 requests, whose garbage collector copies it). The lists a block
 * and a request have but seldom fill (comments, directives, variables, assertions, errors, query
 * parameters, continuation lines, headers; a block's `{{...}}` uses) are one shared empty list until
 * their first item, and the parse reads the same (test/core/parser.test.ts).
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBlock, parseDocument } from '../../server/src/core';
import { blockNames } from '../../server/src/core/analysis/names';

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
});
