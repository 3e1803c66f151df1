/**
 * Workspace symbols, document links, selection ranges and the folding of JSON members, in the core.
 * `⟦…⟧` marks the expected spans and `‸` the cursor.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createLanguageService, parseDocument } from '../../server/src/core';
import { matches } from '../../server/src/core/features/workspaceSymbols';
import { unmark } from '../helpers';

const ls = createLanguageService();

describe('workspace symbols', () => {
  const text = `### Create a paused ad set\n# @name create\nPOST /v23.0/act_1/adsets\n\n{}\n\n###\n# @name read\nGET /v23.0/1\n\n### Engagement\nGET /v23.0/?id=https://example.com\n`;
  const doc = parseDocument(text);

  it('find requests by title and by name, with the request line as the place to go', () => {
    assert.deepEqual(ls.getWorkspaceSymbols(doc, 'create').map((s) => [s.name, s.detail, text.slice(s.span.start, s.span.end)]), [['Create a paused ad set', '@create · POST /v23.0/act_1/adsets', 'POST /v23.0/act_1/adsets']]);
    assert.deepEqual(ls.getWorkspaceSymbols(doc, 'read').map((s) => s.name), ['@read']);
    assert.deepEqual(ls.getWorkspaceSymbols(doc, 'engmnt').map((s) => s.name), ['Engagement']);
    assert.deepEqual(ls.getWorkspaceSymbols(doc, '').map((s) => s.name), ['Create a paused ad set', '@read', 'Engagement']);
    assert.deepEqual(ls.getWorkspaceSymbols(doc, 'nothing like it'), []);
  });

  it('match as the plain search does: the query in order from some start of a word (one scan of the text)', () => {
    // Every start of a word with the query's first letter, each followed by a scan: what the one scan must agree with.
    const plain = (query: string, text: string): boolean => {
      const q = query.toLowerCase().replace(/\s+/g, '');
      const t = text.toLowerCase();
      if (!q) return true;
      for (let start = t.indexOf(q[0]); start >= 0; start = t.indexOf(q[0], start + 1)) {
        if (start > 0 && /[a-z0-9]/.test(t[start - 1])) continue;
        let i = 1;
        for (let j = start + 1; j < t.length && i < q.length; j++) if (t[j] === q[i]) i++;
        if (i === q.length) return true;
      }
      return false;
    };
    const chars = fc.constantFrom(...'aAbc1 _-./@{}'.split(''));
    fc.assert(fc.property(fc.string({ unit: chars, maxLength: 5 }), fc.string({ unit: chars, maxLength: 30 }), (q, t) => matches(q, t) === plain(q, t)), { numRuns: 3000 });
  });
});

describe('document links', () => {
  it('link the URLs of id= and ids=, plain or encoded, and rule IDs in comments', () => {
    const { text, spans } = unmark(`# see ⟦URL-READ-RATE⟧ and ADSET-NOT-A-RULE\nGET /v23.0/?id=⟦https://example.com/a⟧&fields=id\n\n###\nGET /v23.0/?ids=⟦https://example.com/b⟧,⟦https%3A%2F%2Fexample.com%2Fc⟧\n\n###\nGET /v23.0/?id={{url}}&x=https://example.com/d\n`);
    const links = ls.getDocumentLinks(parseDocument(text));
    assert.deepEqual(links.map((l) => l.span), spans);
    assert.deepEqual(links.map((l) => l.target), [
      { kind: 'rule', id: 'URL-READ-RATE' },
      { kind: 'url', url: 'https://example.com/a' },
      { kind: 'url', url: 'https://example.com/b' },
      { kind: 'url', url: 'https://example.com/c' },
    ]);
  });
});

describe('selection ranges', () => {
  it('expand from a JSON value to its member, its object, the body, the request and the block', () => {
    const marked = `### A\nPOST /v23.0/act_1/adsets\n\n{\n  "targeting": { "geo_locations": { "countries": ["U‸S"] } }\n}\n`;
    const { text, cursor } = unmark(marked);
    const [chain] = ls.getSelectionRanges(parseDocument(text), [cursor!]);
    assert.deepEqual(chain.map((s) => text.slice(s.start, s.end)), [
      '"US"',
      '["US"]',
      '"countries": ["US"]',
      '{ "countries": ["US"] }',
      '"geo_locations": { "countries": ["US"] }',
      '{ "geo_locations": { "countries": ["US"] } }',
      '"targeting": { "geo_locations": { "countries": ["US"] } }',
      '{\n  "targeting": { "geo_locations": { "countries": ["US"] } }\n}',
      'POST /v23.0/act_1/adsets\n\n{\n  "targeting": { "geo_locations": { "countries": ["US"] } }\n}',
      text.trimEnd(),
    ]);
  });

  it('expand from a field of fields= to its selection, the value, the parameter and the request line', () => {
    const { text, cursor } = unmark(`GET /v23.0/?id=https://x.com&fields=engagement,og_object{ti‸tle,type}\n`);
    const [chain] = ls.getSelectionRanges(parseDocument(text), [cursor!]);
    assert.deepEqual(chain.map((s) => text.slice(s.start, s.end)), [
      'title',
      '{title,type}',
      'og_object{title,type}',
      'engagement,og_object{title,type}',
      'fields=engagement,og_object{title,type}',
      '?id=https://x.com&fields=engagement,og_object{title,type}',
      '/v23.0/?id=https://x.com&fields=engagement,og_object{title,type}',
      'GET /v23.0/?id=https://x.com&fields=engagement,og_object{title,type}',
    ]);
  });

  it('expand from a variable\'s name to its braces', () => {
    const { text, cursor } = unmark(`GET /v23.0/{{ ad‸set }}?fields=id\n`);
    const [chain] = ls.getSelectionRanges(parseDocument(text), [cursor!]);
    assert.deepEqual(chain.slice(0, 3).map((s) => text.slice(s.start, s.end)), ['adset', '{{ adset }}', '/v23.0/{{ adset }}']);
  });
});

describe('folding of JSON members', () => {
  it('folds objects and lists that span lines, keeping their closing line in view', () => {
    const text = `POST /v23.0/act_1/adsets\n\n{\n  "targeting": {\n    "countries": [\n      "US"\n    ]\n  },\n  "n": { "a": 1 }\n}\n`;
    const folds = ls.getFoldingRanges(parseDocument(text));
    const lines = (o: number): number => text.slice(0, o).split('\n').length - 1;
    assert.deepEqual(folds.map((f) => [lines(f.start), lines(f.end)]), [[2, 9], [3, 6], [4, 5]]);
  });
});
