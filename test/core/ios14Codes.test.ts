/**
 * [3]'s iOS 14 table heads its numbers "Code"; graphreq takes them as subcodes of 100, with the
 * reasons in docs/api.md ([3] iOS 14 error codes). check's EXPECT-CODE, hover and the emulator agree
 * on that (issue 24).
 */
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createLanguageService } from '../../server/src/core';
import { adsetBody, adsetCreate, findingsOf, unmark } from '../helpers';
import { assertEnvelope, closeAllEmulators, startTest } from '../emulator/harness';

after(closeAllEmulators);
const ls = createLanguageService();

/** A TARGET_COST ad set, refused with 2490216 ([2] "TARGET_COST is deprecated since ads API v9"), with an expectation. */
function expecting(line: string): string {
  return `${line}\n${adsetCreate({ bid_strategy: 'TARGET_COST', bid_amount: 100 })}`;
}

function hoverAt(marked: string): string {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getHover(doc, cursor!, ls.fileContext(doc, { variables: {} }), ls.validate(doc, { variables: {} }))?.contents ?? '';
}

describe('iOS 14 numbers are subcodes of 100', () => {
  it('EXPECT-CODE: `error.code == 2490216` is a warning that says to expect the subcode; `error.subcode == 2490216` is clean', () => {
    const asCode = findingsOf(expecting('# @expect error.code == 2490216')).filter((f) => f.code === 'EXPECT-CODE');
    assert.equal(asCode.length, 1);
    assert.match(asCode[0].message, /2490216 .*is sent as a subcode of 100, not as the code: expect `error\.subcode == 2490216`/);
    assert.deepEqual(findingsOf(expecting('# @expect error.subcode == 2490216')).filter((f) => f.code === 'EXPECT-CODE'), []);
    assert.deepEqual(findingsOf(expecting('# @expect error.code == 100\n# @expect error.subcode == 2490216')).filter((f) => f.code === 'EXPECT-CODE'), []);
  });

  it('hover on the number names it either way, and says how it travels when written as the code', () => {
    const asCode = hoverAt(`${expecting('# @expect error.code == 24902‸16')}`);
    assert.match(asCode, /Target cost is unavailable/);
    assert.match(asCode, /sends 2490216 as `error\.subcode` with code 100/);
    const asSubcode = hoverAt(`${expecting('# @expect error.subcode == 24902‸16')}`);
    assert.match(asSubcode, /\*\*Subcode 2490216: Target cost is unavailable/);
  });

  it('the emulator answers 100 with the number as error_subcode', async () => {
    const emu = await startTest();
    const sent = await emu.post('/v23.0/act_1000000001/adsets', { json: adsetBody({ bid_strategy: 'TARGET_COST', bid_amount: 100 }) });
    assertEnvelope(sent, 400, 100, 2490216);
  });
});
