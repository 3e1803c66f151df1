import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBlock, parseDocument, parseFieldList } from '../../server/src/core';

describe('parser', () => {
  it('splits requests at ### lines and keeps titles', () => {
    const doc = parseDocument('@v = v23.0\n\n### One\nGET /v23.0/1\n\n###Two\nGET /v23.0/2\n');
    assert.equal(doc.blocks.length, 3);
    assert.equal(doc.blocks[0].parsed.request, undefined);
    assert.equal(doc.blocks[0].parsed.variables[0].name.text, 'v');
    assert.equal(doc.blocks[1].parsed.separator?.title?.text, 'One');
    assert.equal(doc.blocks[2].parsed.separator?.title?.text, 'Two');
    assert.equal(doc.blocks[2].parsed.request?.target.raw, '/v23.0/2');
  });

  it('reads method, path segments, query, continuation lines, headers and body with exact offsets', () => {
    const text = '# @name create\nPOST /v23.0/act_1/adsets?a=1\n    &b=two\nAccept-Language: en_US\n\n{ "name": "x" }\n';
    const b = parseBlock(text);
    const r = b.request!;
    assert.equal(b.directives[0].name.text, 'name');
    assert.equal(b.directives[0].value?.text, 'create');
    assert.equal(r.method?.text, 'POST');
    assert.deepEqual(r.target.path.segments.map((s) => s.text), ['v23.0', 'act_1', 'adsets']);
    for (const s of r.target.path.segments) assert.equal(text.slice(s.span.start, s.span.end), s.text);
    assert.deepEqual(r.params.map((p) => [p.name.text, p.value?.text]), [['a', '1'], ['b', 'two']]);
    for (const p of r.params) assert.equal(text.slice(p.value!.span.start, p.value!.span.end), p.value!.text);
    assert.equal(r.headers[0].name.text, 'Accept-Language');
    assert.equal(r.headers[0].value.text, 'en_US');
    assert.equal(r.body?.kind, 'json');
    assert.equal(text.slice(r.body!.span.start, r.body!.span.end), '{ "name": "x" }');
  });

  it('takes a bare path or absolute URL as GET and strips HTTP/1.1', () => {
    assert.equal(parseBlock('/v23.0/1').request?.method, undefined);
    const abs = parseBlock('GET https://graph.example.com/v23.0/1?fields=id HTTP/1.1').request!;
    assert.equal(abs.target.origin?.text, 'https://graph.example.com');
    assert.deepEqual(abs.target.path.segments.map((s) => s.text), ['v23.0', '1']);
    assert.equal(abs.params[0].value?.text, 'id');
  });

  it('reads form-encoded bodies as parameters', () => {
    const text = 'POST /v23.0/act_1/adsets\n\nname=Sale&daily_budget=100\n&status=PAUSED\n';
    const r = parseBlock(text).request!;
    assert.equal(r.body?.kind, 'form');
    assert.deepEqual(r.body!.formParams!.map((p) => p.name.text), ['name', 'daily_budget', 'status']);
  });

  it('recovers from broken lines without throwing', () => {
    const b = parseBlock('FETCH /x\nnot a header\n');
    assert.ok(b.errors.some((e) => e.code === 'SYNTAX-METHOD'));
    assert.ok(b.errors.some((e) => e.code === 'SYNTAX-HEADER'));
    const second = parseBlock('GET /v23.0/1\nGET /v23.0/2\n');
    assert.deepEqual(second.errors.map((e) => e.code), ['SYNTAX-SEPARATOR']);
  });

  it('reuses unchanged blocks after an edit', () => {
    const before = parseDocument('### a\nGET /v23.0/1\n### b\nGET /v23.0/2\n### c\nGET /v23.0/3\n');
    const after = parseDocument('### a\nGET /v23.0/1\n### b\nGET /v23.0/22\n### c\nGET /v23.0/3\n', before);
    assert.equal(after.blocks.length, 3);
    assert.equal(after.blocks[0].parsed, before.blocks[0].parsed);
    assert.notEqual(after.blocks[1].parsed, before.blocks[1].parsed);
    assert.equal(after.blocks[2].parsed, before.blocks[2].parsed);
    assert.equal(after.blocks[2].offset, before.blocks[2].offset + 1);
  });

  it('never throws on truncated or random input', () => {
    const sample = '### t\nPOST /v23.0/act_1/adsets?fields=a{b.c(1)\n\n{ "name": "x", "targeting": { "geo_locations": [ }\n';
    for (let i = 0; i <= sample.length; i++) parseDocument(sample.slice(0, i));
    let seed = 7;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 200; k++) {
      let s = '';
      for (let i = 0; i < 200; i++) s += String.fromCharCode(Math.floor(rnd() * 0x80));
      parseDocument(s);
    }
  });
});

describe('field list grammar', () => {
  it('parses nested selections and modifiers with offsets', () => {
    const text = 'id,messages.source(PARTICIPANTS).limit(10),og_object{title,type}';
    const { items, errors } = parseFieldList(text, 100);
    assert.deepEqual(errors, []);
    assert.deepEqual(items.map((i) => i.name), ['id', 'messages', 'og_object']);
    const m = items[1].modifiers;
    assert.deepEqual(m.map((x) => [x.name, x.arg]), [['source', 'PARTICIPANTS'], ['limit', '10']]);
    assert.equal(text.slice(m[1].argSpan!.start - 100, m[1].argSpan!.end - 100), '10');
    assert.deepEqual(items[2].selection!.map((i) => i.name), ['title', 'type']);
  });

  it('reports unclosed braces and parentheses and goes on', () => {
    assert.ok(parseFieldList('og_object{title', 0).errors.length > 0);
    const r = parseFieldList('messages.limit(10,id', 0);
    assert.ok(r.errors.length > 0);
    assert.ok(r.items.some((i) => i.name === 'id'));
    assert.ok(parseFieldList('a,,b', 0).errors.length > 0);
    // A comma inside closed parentheses belongs to the argument.
    const two = parseFieldList('messages.source(PARTICIPANTS,ADMINS).limit(5),id', 0);
    assert.deepEqual(two.errors, []);
    assert.deepEqual(two.items[0].modifiers.map((x) => [x.name, x.arg]), [['source', 'PARTICIPANTS,ADMINS'], ['limit', '5']]);
    assert.deepEqual(two.items.map((i) => i.name), ['messages', 'id']);
  });
});
