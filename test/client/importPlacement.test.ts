/** Where "Paste cURL as Request" and "Import .http File" put their requests (client/src/importPlacement.ts). */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { graphreqName, importPlace, pasteText } from '../../client/src/importPlacement';
import { parseDocument } from '../../server/src/core/syntax/parseDocument';

const IMPORTED = 'POST /v23.0/act_1/adsets\n\n{ "name": "Sale" }\n';

/** The request lines of a file as the parser reads them: every request kept whole, the pasted one among them. */
function requestLines(text: string): string[] {
  return parseDocument(text).blocks.flatMap((b) => {
    if (!b.parsed.request) return [];
    const line = b.text.split('\n').find((l) => /^(GET|POST) /.test(l)) ?? '?';
    // The pasted request keeps its body.
    if (line.startsWith('POST')) assert.ok(b.parsed.request.body, `the body stays with ${line}`);
    return [line];
  });
}

describe('pasteText', () => {
  const cases: Array<[string, string, string, string[]]> = [
    ['an empty file', '', '', ['POST /v23.0/act_1/adsets']],
    ['below a request (line ended)', 'GET /v23.0/me\n', '', ['GET /v23.0/me', 'POST /v23.0/act_1/adsets']],
    ['at the end of a request line', 'GET /v23.0/me', '', ['GET /v23.0/me', 'POST /v23.0/act_1/adsets']],
    ['above the first request', '', 'GET /v23.0/me\n', ['POST /v23.0/act_1/adsets', 'GET /v23.0/me']],
    ['between requests, before a ###', 'GET /v23.0/me\n\n', '###\nGET /v23.0/act_1\n', ['GET /v23.0/me', 'POST /v23.0/act_1/adsets', 'GET /v23.0/act_1']],
    ['below the variables', '@version = v23.0\n', 'GET /{{version}}/me\n', ['POST /v23.0/act_1/adsets', 'GET /{{version}}/me']],
  ];
  for (const [what, before, after, expected] of cases) {
    it(`keeps every request whole: ${what}`, () => {
      const text = before + pasteText(before, after, IMPORTED) + after;
      assert.deepEqual(requestLines(text), expected, JSON.stringify(text));
      assert.doesNotMatch(text, /\n\n\n/, 'no run of blank lines');
    });
  }

  it('adds no separator of its own when the import starts with one', () => {
    assert.equal(pasteText('GET /v23.0/me\n', '', '### Sale\nPOST /v23.0/act_1/adsets\n'), '\n### Sale\nPOST /v23.0/act_1/adsets\n');
  });
});

describe('importPlace', () => {
  it('writes beside only inside a trusted workspace folder and where nothing is; asks before replacing a file; never writes over a link or folder', () => {
    assert.equal(importPlace({ inTrustedWorkspace: true, existing: 'none' }), 'write');
    assert.equal(importPlace({ inTrustedWorkspace: true, existing: 'file' }), 'ask');
    assert.equal(importPlace({ inTrustedWorkspace: true, existing: 'other' }), 'untitled');
    assert.equal(importPlace({ inTrustedWorkspace: false, existing: 'none' }), 'untitled');
  });

  it('names the result after the .http or .rest file', () => {
    assert.equal(graphreqName('api.http'), 'api.graphreq');
    assert.equal(graphreqName('Ads.REST'), 'Ads.graphreq');
    assert.equal(graphreqName('notes.http.txt'), 'notes.http.txt.graphreq');
  });
});
