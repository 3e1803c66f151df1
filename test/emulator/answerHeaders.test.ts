/**
 * The headers every answer carries, as the service's do (docs/emulator.md, "Answer headers"):
 * `facebook-api-version` (the version that answered), `x-fb-trace-id` and `x-fb-request-id`, which
 * an error envelope repeats as fbtrace_id / __fb_trace_id__ and __www_request_id__.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { SEED } from '../../server/src/emulator/seed';
import { assertEnvelope, assertLimitEnvelope, closeAllEmulators, startTest } from './harness';

after(closeAllEmulators);

describe('answer headers', () => {
  it('a success names the version that answered and carries trace and request ids, new for each call', async () => {
    const emu = await startTest();
    const first = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}`);
    assert.equal(first.status, 200);
    assert.equal(first.headers['facebook-api-version'], 'v23.0');
    assert.match(String(first.headers['x-fb-trace-id']), /^[A-Za-z0-9]+$/);
    assert.match(String(first.headers['x-fb-request-id']), /^A[0-9a-f]+$/);
    const second = await emu.get(`/${SEED.adsets.withThreeAds}`);
    // Without a version the configured default answers, and the header says which.
    assert.match(String(second.headers['facebook-api-version']), /^v\d+\.\d+$/);
    assert.notEqual(second.headers['x-fb-trace-id'], first.headers['x-fb-trace-id']);
  });

  it('an error repeats the header ids in its envelope', async () => {
    const emu = await startTest();
    const r = await emu.get('/v23.0/99999999999');
    const e = assertEnvelope(r, 400, 100, 33);
    assert.equal(r.headers['x-fb-trace-id'], e.fbtrace_id);
    assert.equal(r.headers['x-fb-request-id'], (r.body as { __www_request_id__: string }).__www_request_id__);
  });

  it('a rate-limit refusal carries its fbtrace_id as x-fb-trace-id', async () => {
    const emu = await startTest({ config: { testMode: true, accounts: { [`act_${SEED.account}`]: { activeAds: 0 } } } });
    for (let i = 0; i < 3; i++) assert.equal((await emu.get(`/v23.0/${SEED.adsets.withThreeAds}`)).status, 200);
    const refused = await emu.get(`/v23.0/${SEED.adsets.withThreeAds}`);
    assert.equal(refused.headers['x-fb-trace-id'], assertLimitEnvelope(refused, 80004, 2446079).fbtrace_id);
  });
});
