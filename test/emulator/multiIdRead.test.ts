/**
 * `GET /{version}/?ids=a,b`: [3] Limits counts one call per id named. The editor reads a list of
 * numeric ids as ad sets and a list of `t_` ids as threads (core fieldsNode: it checks `fields`
 * against that node), so the emulator answers those nodes, each as a read of it would, and counts
 * each id where such a read counts: ad sets against their account's ads-management limit, threads
 * against the messaging limit, never against the URL node's 10 reads per URL.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SEED } from '../../server/src/emulator/seed';
import { adsetBody, assertEnvelope, closeAllEmulators, startTest, usageHeader, type TestEmulator } from './harness';

const [A, B] = [SEED.adsets.withThreeAds, SEED.adsets.withFourAds];

describe('multi-id reads of ad sets and threads', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startTest();
  });
  after(closeAllEmulators);

  it('answers each ad set with the fields asked for, as a read of it does', async () => {
    const both = await emu.get(`/v23.0/?ids=${A},${B}&fields=name,daily_budget,campaign{objective}`);
    assert.equal(both.status, 200, both.text);
    const one = await emu.get(`/v23.0/${A}?fields=name,daily_budget,campaign{objective}`);
    assert.deepEqual(Object.keys(both.body), [A, B]);
    assert.deepEqual(both.body[A], one.body);
    assert.equal(both.body[B].name, 'Seed ad set with four ads');
  });

  it('counts each ad set against its account\'s ads-management limit, and never as a URL read', async () => {
    const emu = await startTest();
    const before = usageHeader(await emu.get(`/v23.0/${A}?fields=id`), 'X-Business-Use-Case-Usage');
    // Keyed by the ad account's id ([3]: ads management is counted "per ad account"; real headers key it so).
    const entry = (s: Record<string, Array<{ type: string; call_count: number }>>) => s[SEED.account][0];
    assert.equal(entry(before).type, 'ads_management');
    let last = await emu.get(`/v23.0/?ids=${A},${B}&fields=id`);
    for (let i = 0; i < 11; i++) last = await emu.get(`/v23.0/?ids=${A},${B}&fields=id`);
    assert.equal(last.status, 200, last.text);
    const usage = entry(usageHeader(last, 'X-Business-Use-Case-Usage'));
    assert.equal(usage.type, 'ads_management');
    // 1 + 2 x 12 calls of the 660 an hour the seed account has (300 + 40 x 9 active ads): 3 %.
    assert.equal(usage.call_count, Math.floor((100 * 25) / 660));
    assert.equal(last.headers['x-app-usage'], undefined);
  });

  it('reports one ads_management entry per ad account named', async () => {
    const other = await emu.post('/v23.0/act_2000000001/adsets', { form: adsetBody({ name: 'Other account' }) });
    assert.equal(other.status, 200, other.text);
    const read = await emu.get(`/v23.0/?ids=${A},${other.body.id}&fields=account_id`);
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(Object.values(read.body).map((n) => (n as { account_id: string }).account_id), ['1000000001', '2000000001']);
    // One object per business object ([3]: "Object keyed by business id ... up to 32 objects per call"): each account's own entry.
    const usage = usageHeader(read, 'X-Business-Use-Case-Usage') as Record<string, Array<{ type: string }>>;
    assert.deepEqual(Object.keys(usage), ['1000000001', '2000000001']);
    assert.deepEqual(Object.values(usage).map((list) => list.map((e) => e.type)), [['ads_management'], ['ads_management']]);
  });

  it('answers threads, to developers of the app only', async () => {
    const t = await emu.get(`/v23.0/?ids=${SEED.thread}&fields=messages.source(PARTICIPANTS).limit(1)`);
    assert.equal(t.status, 200, t.text);
    assert.equal(t.body[SEED.thread].messages.data.length, 1);
    assert.equal(usageHeader(t, 'X-Business-Use-Case-Usage')[1][0].type, 'msgr');
    assertEnvelope(await emu.get(`/v23.0/?ids=${SEED.thread}&fields=id`, { token: 'demo-viewer-token' }), 403, 200);
  });

  // The real service's answer to `ids=` naming an id that does not exist (docs/emulator.md, Errors).
  it('answers 404 (803) naming the ad sets that do not exist, not 100/33', async () => {
    const r = await emu.get(`/v23.0/?ids=${A},23859999999999999,23859999999999998&fields=name`);
    assertEnvelope(r, 404, 803);
    assert.equal(r.body.error.message, '(#803) Some of the aliases you requested do not exist: 23859999999999999,23859999999999998');
    assert.equal(r.body.error.type, 'OAuthException');
    assert.equal(r.body.error.error_subcode, undefined);
  });

  it('answers 404 (803) for a thread that does not exist, and a single id in the path stays 100/33', async () => {
    assertEnvelope(await emu.get(`/v23.0/?ids=${SEED.thread},t_999&fields=id`), 404, 803);
    assertEnvelope(await emu.get(`/v23.0/23859999999999999?fields=name`), 400, 100, 33);
  });
});
