/**
 * A document decoded from UTF-8 bytes cannot hold a lone surrogate: REQ-LONE-SURROGATE does not look
 * for raw ones in it (looking was a fiftieth of a cold check of 16 MB, issue 26), and still finds the
 * escapes written in a body. Text from an editor (no origin given) is looked at as before.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getApiModel, parseDocument, validateDocument } from '../../server/src/core';

const BODY_ESCAPE = 'POST /v23.0/act_1/adsets\n\n{ "name": "a\\ud800b" }\n';
const RAW = 'GET /v23.0/120200000000000002?fields=id\n# note \ud800\n';

/** The codes found, and how many strings the check asked `isWellFormed`. */
function check(text: string, fromUtf8: boolean): { codes: string[]; scans: number } {
  const proto = String.prototype as unknown as { isWellFormed: () => boolean };
  const native = proto.isWellFormed;
  let scans = 0;
  proto.isWellFormed = function (this: string) {
    scans++;
    return native.call(this);
  };
  try {
    const doc = parseDocument(text, undefined, { fromUtf8 });
    const codes = validateDocument(doc, { env: { variables: {} }, model: getApiModel() }).map((f) => f.code);
    return { codes, scans };
  } finally {
    proto.isWellFormed = native;
  }
}

describe('text decoded from UTF-8 (issue 26, cold check)', () => {
  it('is not scanned for raw lone surrogates; an escape in a body is still found', () => {
    const read = check(BODY_ESCAPE, true);
    assert.equal(read.scans, 0, 'a document read from UTF-8 bytes was scanned');
    assert.ok(read.codes.includes('REQ-LONE-SURROGATE'), read.codes.join());
  });

  it("an editor's text is scanned, and a raw lone surrogate is found", () => {
    const edited = check(RAW, false);
    assert.ok(edited.scans > 0);
    assert.ok(edited.codes.includes('REQ-LONE-SURROGATE'), edited.codes.join());
  });
});
