/** The URL node ([1] Read a URL node, Refresh a URL node, Limits). */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyFix, findingsOf } from '../../helpers';
import { describeRuleCases, whenRun, type RuleCases } from './ruleCases';

/** `count` reads of one URL, each its own request. */
function reads(count: number, url = 'https://example.com/post'): string {
  return Array.from({ length: count }, (_, i) => `### read ${i + 1}\nGET /v23.0/?id=${url}&fields=engagement\n`).join('\n');
}

export const cases: RuleCases = {
  'URL-FIELDS': {
    fail: [
      { name: 'misspelt field', text: 'GET /v23.0/?id=https://example.com/post&fields=id,⟦engagment⟧\n' },
      { name: 'a field of another node', text: 'GET /v23.0/?id=https://example.com/post&fields=⟦messages⟧\n' },
      { name: 'on a refresh, checked like a read', text: 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true&fields=⟦og_objekt⟧\n' },
      // RULES.md's row lists engagement{...} and og_object{...}: a name outside that list is this rule's, not REQ-UNKNOWN-FIELD.
      { name: 'a subfield of engagement the row does not list', text: 'GET /v23.0/?id=https://example.com&fields=engagement{comment_count,⟦like_count⟧}\n' },
      { name: 'a subfield of og_object the row does not list', text: 'GET /v23.0/?id=https://example.com&fields=og_object{title,⟦image⟧}\n' },
      { name: 'a subfield on a refresh', text: 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true&fields=og_object{⟦image⟧}\n' },
    ],
    pass: [
      { name: 'every documented field', text: 'GET /v23.0/?id=https://example.com/post&fields=id,app_links,engagement,og_object\n' },
      {
        name: 'subfields as [1] lists them',
        text: 'GET /v23.0/?id=https://example.com/post&fields=engagement{comment_count,comment_plugin_count,reaction_count,share_count},og_object{id,description,title,type,updated_time}\n',
      },
      { name: 'no fields: id is the default', text: 'GET /v23.0/?id=https://example.com/post\n' },
    ],
  },
  'URL-READ-ID': {
    fail: [
      { name: 'fields but no URL', text: 'GET ⟦/v23.0/⟧?fields=engagement\n' },
      { name: 'nothing at all', text: 'GET ⟦/v23.0/⟧\n' },
      // The service reads no URL from an empty value and refuses the call, as it refuses a read without one.
      { name: 'an empty id', text: 'GET /v23.0/?⟦id=⟧&fields=engagement\n' },
      { name: 'an empty ids', text: 'GET /v23.0/?⟦ids=⟧&fields=engagement\n' },
      { name: 'ids of commas only', text: 'GET /v23.0/?ids=⟦,,⟧\n' },
    ],
    pass: [
      { name: 'id', text: 'GET /v23.0/?id=https://example.com/post&fields=engagement\n' },
      { name: 'ids', text: 'GET /v23.0/?ids=https://example.com/post&fields=engagement\n' },
      { name: 'id from a variable', text: 'GET /v23.0/?id={{url}}&fields=engagement\n', env: { variables: { url: 'https://example.com/post' } } },
      { name: 'ids with an empty entry', text: 'GET /v23.0/?ids=https://example.com/post,&fields=engagement\n' },
    ],
  },
  'URL-SCRAPE-REQUIRED': {
    fail: [
      { name: 'scrape=false', text: 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=⟦false⟧\n' },
      { name: 'scrape is not a boolean', text: 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=⟦yes⟧\n' },
      { name: 'id missing', text: 'POST ⟦/v23.0/⟧?scrape=true\n' },
      { name: 'in a form body', text: 'POST /v23.0/\n\nid=https%3A%2F%2Fexample.com%2Fpost&scrape=⟦1⟧\n' },
    ],
    pass: [
      // RULES.md: "Create (POST without scrape)" is URL-NO-CREATE-DELETE's, with or without `id`.
      { name: 'scrape missing: a create, not a refresh', text: '⟦POST⟧ /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost\n', expect: ['URL-NO-CREATE-DELETE'] },
      { name: 'as [1] writes it', text: 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true\n' },
      { name: 'with fields', text: 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true&fields=id,og_object{title}\n' },
      { name: 'in a form body', text: 'POST /v23.0/\n\nid=https%3A%2F%2Fexample.com%2Fpost&scrape=true\n' },
      { name: 'in a JSON body', text: 'POST /v23.0/\n\n{ "id": "https://example.com/post?a=1&b=2", "scrape": true }\n' },
    ],
  },
  'URL-ID-ENCODED': {
    fail: [
      {
        name: 'a raw & splits the URL (no unknown-parameter warning for the tail)',
        text: 'POST /v23.0/?id=⟦https://example.com/p?x=1⟧&y=2&scrape=true\n',
      },
      { name: 'a raw ?', text: 'POST /v23.0/?id=⟦https://example.com/p?x=1⟧&scrape=true\n' },
      { name: 'a raw #', text: 'POST /v23.0/?id=⟦https://example.com/p#top⟧&scrape=true\n' },
      { name: 'a space', text: 'POST /v23.0/?scrape=true&id=⟦https://example.com/a b⟧\n' },
    ],
    pass: [
      { name: 'encoded', text: 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fp%3Fx%3D1%26y%3D2&scrape=true\n' },
      { name: 'a URL without disturbing characters needs no encoding', text: 'POST /v23.0/?id=https://example.com/post&scrape=true\n' },
      { name: 'a read is not a scrape', text: 'GET /v23.0/?id=https://example.com/p?x=1&fields=engagement\n' },
    ],
  },
  'URL-NO-CREATE-DELETE': {
    fail: [
      { name: 'POST without id and scrape is a create', text: '⟦POST⟧ /v23.0/\n' },
      { name: 'POST with only fields is a create', text: '⟦POST⟧ /v23.0/?fields=id\n' },
      { name: 'POST with id but without scrape is a create (RULES.md: "POST without scrape")', text: '⟦POST⟧ /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost\n' },
      { name: 'the same in a form body', text: '⟦POST⟧ /v23.0/\n\nid=https%3A%2F%2Fexample.com%2Fpost\n' },
      { name: 'DELETE', text: '⟦DELETE⟧ /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost\n' },
    ],
    pass: [
      { name: 'a refresh', text: 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true\n' },
      { name: 'a read', text: 'GET /v23.0/?id=https://example.com/post\n' },
      { name: 'a refresh without id is a refresh missing a member', text: 'POST ⟦/v23.0/⟧?scrape=true\n', expect: ['URL-SCRAPE-REQUIRED'] },
      { name: 'a refresh with scrape=false is a refresh with a wrong value', text: 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=⟦false⟧\n', expect: ['URL-SCRAPE-REQUIRED'] },
    ],
  },
  'URL-READ-RATE': {
    fail: [
      {
        name: 'the 11th read of one URL in a file',
        text: reads(11).replace(/(### read 11\nGET \/v23\.0\/\?id=)(https:\/\/example\.com\/post)/, '$1⟦$2⟧'),
      },
    ],
    pass: [
      { name: 'ten reads of one URL', text: reads(10) },
      { name: 'eleven reads of different URLs', text: reads(10) + '\n### other\nGET /v23.0/?id=https://example.com/other&fields=engagement\n' },
      // `ids` of ad sets reads ad sets (their fields are checked as such), which have no per-URL limit.
      { name: 'eleven reads of one ad set through ids', text: Array.from({ length: 11 }, (_, i) => `### read ${i + 1}\nGET /v23.0/?ids=23850000000000001&fields=name\n`).join('\n') },
    ],
  },
};

whenRun(module, () => {
  describeRuleCases('URL node rules', cases);

  describe('URL node quick fixes', () => {
    it('URL-NO-CREATE-DELETE on a POST that names a URL adds scrape=true, which makes it a refresh', () => {
      const text = 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost\n';
      const [f] = findingsOf(text);
      assert.equal(f.code, 'URL-NO-CREATE-DELETE');
      assert.equal(applyFix(text, f), 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true\n');
      assert.ok(f.fixes![0].fixAll);
    });

    it('URL-NO-CREATE-DELETE adds scrape=true to a form body', () => {
      const text = 'POST /v23.0/\n\nid=https%3A%2F%2Fexample.com%2Fpost\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'POST /v23.0/\n\nid=https%3A%2F%2Fexample.com%2Fpost&scrape=true\n');
    });

    it('URL-SCRAPE-REQUIRED sets scrape=false to true', () => {
      const text = 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=false\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true\n');
    });

    it('URL-ID-ENCODED encodes the URL and folds the tail cut off at & back into it', () => {
      const text = 'POST /v23.0/?id=https://example.com/p?x=1&y=2&scrape=true\n';
      const [f] = findingsOf(text);
      assert.equal(f.code, 'URL-ID-ENCODED');
      const fixed = applyFix(text, f);
      assert.equal(fixed, 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fp%3Fx%3D1%26y%3D2&scrape=true\n');
      assert.deepEqual(findingsOf(fixed), []);
    });

    it('URL-ID-ENCODED encodes a URL with a fragment', () => {
      const text = 'POST /v23.0/?id=https://example.com/p#top&scrape=true\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fp%23top&scrape=true\n');
    });
  });

  describe('URL node messages', () => {
    it('URL-READ-RATE names the read count and the limit', () => {
      const f = findingsOf(reads(12)).filter((x) => x.code === 'URL-READ-RATE');
      assert.equal(f.length, 2);
      assert.match(f[0].message, /read 11 of this URL/);
      assert.match(f[0].detail!, /https:\/\/example\.com\/post/);
      assert.match(f[0].detail!, /at most 10 reads per URL, per app, per hour/);
      assert.match(f[0].detail!, /\[1\] Limits/);
    });
  });
});
