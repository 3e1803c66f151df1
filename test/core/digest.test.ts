/** The core's one string fingerprint (core/digest.ts) and the two things it tells apart: a test as it ran, a body file's text. */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileContext, parseDocument } from '../../server/src/core';
import { digest } from '../../server/src/core/digest';
import { testSource } from '../../server/src/core/send/testPlan';

const TEST = '### read\nGET /v23.0/t_100200300?fields=id\n# @expect status 200\n# @expect body.id exists\n';

describe('digest', () => {
  it('is stable (results stored with it are compared again) and tells one-character edits apart', () => {
    assert.equal(digest(''), 'wvjl67o803');
    assert.equal(digest('a'), digest('a'));
    const seen = new Set(['status 200', 'status 201', 'status 210', 'Status 200', 'status 200 '].map(digest));
    assert.equal(seen.size, 5);
  });

  it("a test's source: changed by an edit to its request or expectations, not by comments, blank lines or trailing spaces", () => {
    const source = (text: string): string => testSource(parseDocument(text).blocks[0]);
    const before = source(TEST);
    assert.equal(source(TEST.replace('\n# @expect body', '\n# a note\n\n# @expect body').replace('status 200', 'status 200   ')), before);
    assert.notEqual(source(TEST.replace('status 200', 'status 201')), before);
    assert.notEqual(source(TEST.replace('fields=id', 'fields=id,name')), before);
  });

  it("a body file's text is in the context's signature", () => {
    const doc = parseDocument('POST /v23.0/act_1/adsets\n< ./body.json\n');
    const signature = (text: string): string => buildFileContext(doc, { variables: {}, readFile: () => ({ ok: true, text }) }).signature;
    assert.equal(signature('{"a": 1}'), signature('{"a": 1}'));
    assert.notEqual(signature('{"a": 1}'), signature('{"a": 2}'));
  });
});
