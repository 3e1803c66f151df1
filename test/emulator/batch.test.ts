/**
 * Batch requests (docs/emulator.md, "Batch requests"): `POST /` with `batch=[...]` answers a list of
 * {code, headers, body}, each item answered as its own call and counted once against the rate limits.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { EmulatorConfig } from '../../server/src/emulator';
import { findingsOf } from '../helpers';
import { SEED } from '../../server/src/emulator/seed';
import { adsetBody, assertEnvelope, assertLimitEnvelope, closeAllEmulators, formBody, startTest, type TestEmulator } from './harness';

after(closeAllEmulators);

const READ = `v23.0/${SEED.adsets.withThreeAds}?fields=name`;
/** The seed account without active ads: 300 calls an hour, 3 a minute in test mode (limits.test.ts). */
const NO_ACTIVE_ADS = { [`act_${SEED.account}`]: { activeAds: 0 } };

function batch(emu: TestEmulator, items: unknown, extra: Record<string, unknown> = {}, token?: string | null) {
  return emu.post('/', { form: { batch: JSON.stringify(items), ...extra }, token });
}

describe('batch requests', () => {
  it('answers each item as its own call: a list of {code, headers, body} in the items\' order, body as JSON text', async () => {
    const emu = await startTest();
    const r = await batch(emu, [
      { method: 'GET', relative_url: READ },
      { method: 'GET', relative_url: 'v23.0/?id=https://example.com/post&fields=engagement{share_count}' },
      { method: 'GET', relative_url: 'v23.0/99999999' },
    ]);
    assert.equal(r.status, 200, r.text);
    assert.ok(Array.isArray(r.body) && r.body.length === 3);
    const [adset, url, missing] = r.body as Array<{ code: number; headers: Array<{ name: string; value: string }>; body: string }>;
    assert.deepEqual(Object.keys(adset), ['code', 'headers', 'body']);
    assert.equal(adset.code, 200);
    assert.equal(typeof adset.body, 'string');
    assert.deepEqual(JSON.parse(adset.body), (await emu.get(`/${READ}`)).body);
    assert.deepEqual(JSON.parse(adset.body), { name: 'Seed ad set with three ads', id: SEED.adsets.withThreeAds });
    assert.ok(adset.headers.some((h) => h.name === 'X-Business-Use-Case-Usage'), JSON.stringify(adset.headers));
    assert.ok(adset.headers.every((h) => typeof h.name === 'string' && typeof h.value === 'string'));
    assert.deepEqual(JSON.parse(url.body), { engagement: { share_count: 41 }, id: 'https://example.com/post' });
    assert.equal(missing.code, 400);
    assert.equal(JSON.parse(missing.body).error.code, 100);
    assert.equal(JSON.parse(missing.body).error.error_subcode, 33);
  });

  it('leaves the headers out with include_headers=false, and takes a version prefix for items without one', async () => {
    const emu = await startTest();
    const r = await emu.post(`/v23.0/?include_headers=false`, { form: { batch: JSON.stringify([{ method: 'GET', relative_url: `${SEED.adsets.withThreeAds}?fields=name` }]) } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, [{ code: 200, body: JSON.stringify({ name: 'Seed ad set with three ads', id: SEED.adsets.withThreeAds }) }]);
  });

  it('counts each item once against the rate limits, and the batch itself not at all ([3] Limits)', async () => {
    const emu = await startTest({ config: { testMode: true, accounts: NO_ACTIVE_ADS } });
    const read = { method: 'GET', relative_url: READ };
    const r = await batch(emu, [read, read, read, read]);
    assert.equal(r.status, 200, r.text);
    const codes = (r.body as Array<{ code: number }>).map((x) => x.code);
    // Three calls a minute: the fourth item is refused as the fourth single call would be.
    assert.deepEqual(codes, [200, 200, 200, 400]);
    const fourth = (r.body as Array<{ body: string; headers: Array<{ name: string; value: string }> }>)[3];
    assert.equal(JSON.parse(fourth.body).error.code, 80004);
    assert.ok(fourth.headers.some((h) => h.name === 'WWW-Authenticate'));
    assertLimitEnvelope(await emu.get(`/${READ}`), 80004, 2446079);
  });

  it('gives a named item\'s answer to later items ({result=name:$.path}) and leaves it out unless asked', async () => {
    const emu = await startTest();
    const create = { method: 'POST', relative_url: `v23.0/act_${SEED.account}/adsets`, name: 'create', body: formBody(adsetBody({ name: 'From a batch' })) };
    const r = await batch(emu, [create, { method: 'GET', relative_url: 'v23.0/{result=create:$.id}?fields=name' }]);
    assert.equal(r.status, 200, r.text);
    const [created, read] = r.body as Array<{ code: number; body: string } | null>;
    assert.equal(created, null, 'the answer of an item another depends on is left out');
    assert.equal(read!.code, 200, read!.body);
    const id = JSON.parse(read!.body).id;
    assert.deepEqual(JSON.parse(read!.body), { name: 'From a batch', id });
    assert.deepEqual((await emu.get(`/v23.0/${id}?fields=name`)).body, { name: 'From a batch', id });

    const kept = await batch(emu, [{ ...create, omit_response_on_success: false }, { method: 'GET', relative_url: 'v23.0/?ids={result=create:$.id}&fields=name', depends_on: 'create' }]);
    const [answer, many] = kept.body as Array<{ code: number; body: string }>;
    assert.equal(answer.code, 200);
    const second = JSON.parse(answer.body).id;
    assert.deepEqual(JSON.parse(many.body), { [second]: { name: 'From a batch', id: second } });
  });

  it('answers 400 for an item whose dependency failed or whose reference has no value, and runs nothing for it', async () => {
    const emu = await startTest();
    const r = await batch(emu, [
      { method: 'POST', relative_url: `v23.0/act_${SEED.account}/adsets`, name: 'bad', body: 'name=' },
      { method: 'POST', relative_url: 'v23.0/{result=bad:$.id}', body: 'name=Renamed', depends_on: 'bad' },
      { method: 'GET', relative_url: `v23.0/{result=nothing:$.id}` },
    ]);
    const [bad, dependent, unresolved] = r.body as Array<{ code: number; body: string }>;
    assert.equal(bad.code, 400);
    assert.equal(dependent.code, 400);
    assert.match(JSON.parse(dependent.body).error.error_user_msg, /depends on \(bad\)/);
    assert.equal(unresolved.code, 400);
    assert.match(JSON.parse(unresolved.body).error.error_user_msg, /\{result=nothing:\$\.id\}/);
  });

  it('uses the batch token for items without one, and refuses a batch without a token (190)', async () => {
    const emu = await startTest();
    const viewer = await batch(emu, [{ method: 'GET', relative_url: 'v23.0/t_100200300?fields=id' }], {}, 'demo-viewer-token');
    // demo-viewer-token is no developer of the app: a thread read is refused for it (THREAD-CALLER), so the batch token was used.
    assert.equal((viewer.body as Array<{ code: number }>)[0].code, 403);
    const own = await batch(emu, [{ method: 'GET', relative_url: 'v23.0/t_100200300?fields=id&access_token=demo-token' }], {}, 'demo-viewer-token');
    assert.equal((own.body as Array<{ code: number }>)[0].code, 200);
    assertEnvelope(await batch(emu, [{ method: 'GET', relative_url: READ }], {}, null), 400, 190);
  });

  it('refuses a batch that is not a list of requests, of more than 50, or holding a batch, before running any item', async () => {
    const emu = await startTest();
    assertEnvelope(await emu.post('/', { form: { batch: '[{"method":' } }), 400, 100);
    assertEnvelope(await emu.post('/', { form: { batch: '{}' } }), 400, 100);
    assertEnvelope(await batch(emu, [{ method: 'GET' }]), 400, 100);
    assertEnvelope(await batch(emu, [{ method: 'PATCH', relative_url: READ }]), 400, 100);
    const tooMany = await batch(emu, Array.from({ length: 51 }, () => ({ method: 'GET', relative_url: READ })));
    assert.match(assertEnvelope(tooMany, 400, 100).error_user_msg, /Maximum batch size is 50/);
    const nested = await batch(emu, [{ method: 'POST', relative_url: 'v23.0/', body: `batch=${encodeURIComponent(JSON.stringify([{ method: 'GET', relative_url: READ }]))}` }]);
    const item = (nested.body as Array<{ code: number; body: string }>)[0];
    assert.equal(item.code, 400);
    assert.match(JSON.parse(item.body).error.error_user_msg, /cannot be a batch/);
  });

  // The editor reads `batch` by schemas/params/batch.schema.json (docs/rules.md, REQ-BATCH): the emulator refuses what it flags.
  it('refuses a method not in capitals and members of the wrong type, as REQ-BATCH, as the editor does', async () => {
    const emu = await startTest();
    for (const items of [[{ method: 'get', relative_url: READ }], [{ method: 'GET', relative_url: READ, name: 5 }], [{ method: 'GET', relative_url: READ, depends_on: ['a'] }], [{ method: 'GET', relative_url: '' }], [{ method: 'GET', relative_url: READ, omit_response_on_success: 'no' }]]) {
      const r = await batch(emu, items);
      assertEnvelope(r, 400, 100);
      assert.equal(r.headers['x-graphreq-rule'], 'REQ-BATCH', JSON.stringify(items));
      const text = `POST /v23.0/\n\n${JSON.stringify({ batch: items })}\n`;
      assert.ok(findingsOf(text).some((f) => f.code === 'REQ-BATCH' && f.severity === 'error'), `${text}: ${findingsOf(text).map((f) => f.code).join()}`);
    }
  });

  it('answers each item as the editor checks it: the items it flags are refused in the list, the others answered', async () => {
    const emu = await startTest();
    const items = [
      { method: 'GET', relative_url: READ, name: 'first' },
      { method: 'POST', relative_url: `act_${SEED.account}/adsets`, body: formBody(adsetBody({ name: '   ' })) },
      { method: 'GET', relative_url: `{result=first:$.id}?fields=nmae` },
      { method: 'GET', relative_url: `${SEED.adsets.withFourAds}?fields=name`, depends_on: 'first' },
      { method: 'DELETE', relative_url: 't_100200300' },
    ];
    const text = `POST /v23.0/\n\n${JSON.stringify({ batch: items })}\n`;
    const findings = findingsOf(text);
    assert.ok(!findings.some((f) => f.code === 'URL-NO-CREATE-DELETE'), 'a batch is no URL node create');
    assert.deepEqual(findings.map((f) => `${f.code} ${f.message.slice(0, 12)}`), ['ADSET-NAME-REQUIRED Batch item 1', 'THREAD-READ-ONLY Batch item 4']);
    const r = await batch(emu, items);
    assert.equal(r.status, 200, r.text);
    const codes = (r.body as Array<{ code: number } | null>).map((x) => x?.code ?? null);
    // Item 0 succeeded and later items name it, so its answer is left out (null); item 2's field `nmae`
    // is on an id taken from an answer, which the editor cannot know, so only the service refuses it.
    assert.deepEqual(codes, [null, 400, 400, 200, 400]);
  });
});
