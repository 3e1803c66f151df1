/**
 * Lists page as docs/api.md decides where the documents are silent ([2] Other operations: the list of
 * an account's ad sets; [1] Messages connection): `limit` (25 by default, 5000 at most), cursors of
 * the first and last item, `next`/`previous` links only when there are more, `summary=total_count`,
 * and an invalid cursor or limit refused. Over real HTTP.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adsetBody, assertEnvelope, closeAllEmulators, startTest, type TestEmulator } from './harness';

let emu: TestEmulator;
const ACCOUNT = '/v23.0/act_555000111/adsets';
const ids: string[] = [];

before(async () => {
  emu = await startTest();
  for (let i = 0; i < 30; i++) {
    const r = await emu.post(ACCOUNT, { json: adsetBody({ name: `Set ${i}` }) });
    assert.equal(r.status, 200, r.text);
    ids.push(r.body.id);
  }
});
after(closeAllEmulators);

/** The path and query of a link the emulator wrote, checked to point at the emulator itself. */
function pathOf(link: string): string {
  const u = new URL(link);
  assert.equal(u.origin, new URL(emu.url).origin, `link to the emulator: ${link}`);
  return u.pathname + u.search;
}

describe('the ad sets of an account, a page at a time', () => {
  it('answers 25 by default, with cursors and a next link but no previous on the first page', async () => {
    const r = await emu.get(ACCOUNT);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.data.map((a: { id: string }) => a.id), ids.slice(0, 25));
    assert.deepEqual(Object.keys(r.body.paging).sort(), ['cursors', 'next']);
    assert.equal(typeof r.body.paging.cursors.before, 'string');
    assert.equal(typeof r.body.paging.cursors.after, 'string');
    const next = new URL(r.body.paging.next);
    assert.equal(next.searchParams.get('limit'), '25');
    assert.equal(next.searchParams.get('after'), r.body.paging.cursors.after);
  });

  it('follows next links to the end, where there is no next, and previous links back', async () => {
    const seen: string[] = [];
    let path: string | undefined = `${ACCOUNT}?limit=7&fields=id,name`;
    let last: any;
    for (let pages = 0; path && pages < 10; pages++) {
      last = await emu.get(path);
      assert.equal(last.status, 200, last.text);
      for (const a of last.body.data) {
        assert.deepEqual(Object.keys(a).sort(), ['id', 'name']);
        seen.push(a.id);
      }
      path = last.body.paging.next ? pathOf(last.body.paging.next) : undefined;
      if (path) assert.equal(new URL(last.body.paging.next).searchParams.get('fields'), 'id,name', 'the other parameters are carried');
    }
    assert.deepEqual(seen, ids);
    assert.equal(last.body.data.length, 2);
    assert.equal(last.body.paging.next, undefined);
    const back = await emu.get(pathOf(last.body.paging.previous));
    assert.deepEqual(back.body.data.map((a: { id: string }) => a.id), ids.slice(21, 28));
  });

  it('reads cursors given as after= and before=', async () => {
    const first = await emu.get(`${ACCOUNT}?limit=3`);
    const second = await emu.get(`${ACCOUNT}?limit=3&after=${encodeURIComponent(first.body.paging.cursors.after)}`);
    assert.deepEqual(second.body.data.map((a: { id: string }) => a.id), ids.slice(3, 6));
    assert.ok(second.body.paging.previous, 'a page after the first has a previous link');
    const again = await emu.get(`${ACCOUNT}?limit=3&before=${encodeURIComponent(second.body.paging.cursors.before)}`);
    assert.deepEqual(again.body.data.map((a: { id: string }) => a.id), ids.slice(0, 3));
    assert.equal(again.body.paging.previous, undefined);
  });

  it('keeps a cursor valid when its ad set is deleted between pages', async () => {
    const emu2 = await startTest();
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push((await emu2.post('/v23.0/act_777000/adsets', { json: adsetBody({ name: `D${i}` }) })).body.id);
    const first = await emu2.get('/v23.0/act_777000/adsets?limit=2');
    assert.equal((await emu2.send('DELETE', `/v23.0/${mine[1]}`)).status, 200);
    const next = await emu2.get(new URL(first.body.paging.next).pathname + new URL(first.body.paging.next).search);
    assert.equal(next.status, 200, next.text);
    assert.deepEqual(next.body.data.map((a: { id: string }) => a.id), mine.slice(2, 4));
  });

  it('answers the largest page for a limit over 5000, and no paging for an empty page', async () => {
    const big = await emu.get(`${ACCOUNT}?limit=100000`);
    assert.equal(big.status, 200, big.text);
    assert.equal(big.body.data.length, 30);
    assert.equal(big.body.paging.next, undefined);
    // More digits than a number holds is still a whole number (the editor passes it): the largest page.
    const huge = await emu.get(`${ACCOUNT}?limit=99999999999999999999`);
    assert.equal(huge.status, 200, huge.text);
    assert.equal(huge.body.data.length, 30);
    const thread = await emu.get('/v23.0/t_100200300?fields=messages.limit(99999999999999999999)');
    assert.equal(thread.status, 200, thread.text);
    const none = await emu.get(`${ACCOUNT}?limit=0&summary=total_count`);
    assert.deepEqual(none.body, { data: [], summary: { total_count: 30 } });
    const empty = await emu.get('/v23.0/act_999000999/adsets');
    assert.deepEqual(empty.body, { data: [] });
  });

  it('gives summary.total_count for summary=true and summary=total_count', async () => {
    for (const s of ['true', 'total_count']) {
      const r = await emu.get(`${ACCOUNT}?limit=1&summary=${s}`);
      assert.deepEqual(r.body.summary, { total_count: 30 });
      assert.equal(r.body.data.length, 1);
    }
    assert.equal((await emu.get(`${ACCOUNT}?limit=1`)).body.summary, undefined);
  });

  it('refuses a cursor it never gave with 2642, and a limit that is not a whole number with 100', async () => {
    for (const bad of ['not-a-cursor!', 'MTIz', '']) {
      const e = assertEnvelope(await emu.get(`${ACCOUNT}?after=${encodeURIComponent(bad)}`), 400, 2642);
      assert.match(e.message, /Invalid cursors values/);
    }
    assertEnvelope(await emu.get(`${ACCOUNT}?before=%25%25`), 400, 2642);
    for (const bad of ['-1', 'ten', '2.5']) {
      const e = assertEnvelope(await emu.get(`${ACCOUNT}?limit=${bad}`), 400, 100);
      assert.equal(e.error_data, JSON.stringify({ blame_field_specs: [['limit']] }));
    }
  });

  it('never writes the token into a link', async () => {
    const r = await emu.get(`${ACCOUNT}?limit=2&access_token=demo-token`, { token: null });
    assert.equal(r.status, 200, r.text);
    assert.doesNotMatch(r.body.paging.next, /access_token|demo-token/);
  });
});

describe("a thread's messages, a page at a time", () => {
  const THREAD = '/v23.0/t_100200300';

  it('pages the connection inside a read: limit(n) newest first, with a next link to the messages list', async () => {
    const all = await emu.get(`${THREAD}?fields=messages`);
    assert.equal(all.status, 200, all.text);
    const every = all.body.messages.data.map((m: { id: string }) => m.id);
    assert.ok(every.length >= 3, `the seed thread holds ${every.length} messages`);
    assert.equal(all.body.messages.paging.next, undefined, 'all of them fit the default page of 25');

    const first = await emu.get(`${THREAD}?fields=id,messages.limit(2)`);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body.messages.data.map((m: { id: string }) => m.id), every.slice(0, 2));
    const next = new URL(first.body.messages.paging.next);
    assert.equal(next.pathname, '/v23.0/t_100200300/messages');
    assert.equal(next.searchParams.get('limit'), '2');
    const seen = [...every.slice(0, 2)];
    let path: string | undefined = pathOf(first.body.messages.paging.next);
    while (path) {
      const page = await emu.get(path);
      assert.equal(page.status, 200, page.text);
      seen.push(...page.body.data.map((m: { id: string }) => m.id));
      path = page.body.paging?.next ? pathOf(page.body.paging.next) : undefined;
    }
    assert.deepEqual(seen, every);
  });

  it('carries source(PARTICIPANTS) and a sub-selection into the links, and the list honours them', async () => {
    const first = await emu.get(`${THREAD}?fields=messages.source(PARTICIPANTS).limit(1){message}`);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(Object.keys(first.body.messages.data[0]), ['message', 'id']);
    const next = new URL(first.body.messages.paging.next);
    assert.equal(next.searchParams.get('source'), 'PARTICIPANTS');
    assert.equal(next.searchParams.get('fields'), 'message');
    const page = await emu.get(pathOf(first.body.messages.paging.next));
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(Object.keys(page.body.data[0]), ['message', 'id']);
    const participants = await emu.get(`${THREAD}/messages?source=PARTICIPANTS&limit=100`);
    const everyone = await emu.get(`${THREAD}/messages?limit=100`);
    assert.ok(participants.body.data.length < everyone.body.data.length, 'admin texts are left out');
    assertEnvelope(await emu.get(`${THREAD}/messages?source=ADMINS`), 400, 100);
    assertEnvelope(await emu.get(`${THREAD}/messages?after=bm9wZQ`), 400, 2642);
    assertEnvelope(await emu.get('/v23.0/t_999/messages'), 400, 100, 33);
  });
});
