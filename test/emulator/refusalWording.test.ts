/**
 * Refusals in the real service's wording (docs/emulator.md, "Errors"): a field the node does not
 * have, an edge nobody serves on an object that exists, an object that does not exist.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { SEED } from '../../server/src/emulator/seed';
import { assertEnvelope, closeAllEmulators, startTest } from './harness';

after(closeAllEmulators);

describe('refusals worded as the service words them', () => {
  it('a field the node does not have: "(#100) Tried accessing nonexisting field (…) on node type (…)"', async () => {
    const emu = await startTest();
    const adset = assertEnvelope(await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?fields=name,nme`), 400, 100);
    assert.equal(adset.message, '(#100) Tried accessing nonexisting field (nme) on node type (AdSet)');
    const url = assertEnvelope(await emu.get('/v23.0/?id=https://example.com/post&fields=engagment'), 400, 100);
    assert.equal(url.message, '(#100) Tried accessing nonexisting field (engagment) on node type (URL)');
  });

  it('an edge nobody serves on an object that exists: 2500 "Unknown path components: /<id>/<edge>"', async () => {
    const emu = await startTest();
    for (const path of [`${SEED.adsets.withThreeAds}/insightz`, 't_100200300/participants', `act_${SEED.account}/campaignz`]) {
      const e = assertEnvelope(await emu.get(`/v23.0/${path}`), 400, 2500);
      assert.equal(e.message, `Unknown path components: /${path}`);
      assert.equal(e.type, 'OAuthException');
    }
  });

  it('an object that does not exist: 100/33 naming the object, without the version or the edge', async () => {
    const emu = await startTest();
    const e = assertEnvelope(await emu.get('/v23.0/99999999999/insights'), 400, 100, 33);
    assert.equal(e.message, "Unsupported get request. Object with ID '99999999999' does not exist, cannot be loaded due to missing permissions, or does not support this operation.");
    assert.match(assertEnvelope(await emu.get('/v23.0/me/accounts'), 400, 100, 33).message, /Object with ID 'me' does not exist/);
  });

  it('an expired version: 2635 in the service\'s words, naming the latest version', async () => {
    const emu = await startTest();
    const e = assertEnvelope(await emu.get(`/v2.3/${SEED.adsets.withThreeAds}`), 400, 2635);
    assert.match(e.message, /^\(#2635\) You are calling a deprecated version of the Ads API\. Please upgrade to the latest version: v\d+\.\d+\.$/);
  });
});
