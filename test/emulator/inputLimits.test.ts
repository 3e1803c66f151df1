/**
 * The emulator's own bounds (docs/emulator.md, Limits): parameter count, field-list depth, id length
 * and id count answer code 100 and never 500; browser pages of other origins cannot write; slow and
 * silent connections are closed.
 */
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { after, describe, it } from 'node:test';
import { SEED } from '../../server/src/emulator/seed';
import { adsetBody, assertEnvelope, closeAllEmulators, formBody, request, startTest } from './harness';

after(closeAllEmulators);

/** The documented bounds (docs/emulator.md, Limits). */
const MAX_PARAMS = 100;
const MAX_NESTING = 64;
const MAX_ID_LENGTH = 16_000;
const MAX_IDS = 1_000;

const READ = `/v23.0/${SEED.adsets.withThreeAds}`;

describe('input limits answer 100, never 500', () => {
  it('refuses a field list nested about 3,000 deep, and still answers one nested to the limit', async () => {
    const emu = await startTest();
    const deep = await emu.get(`${READ}?fields=${'campaign{'.repeat(3000)}id${'}'.repeat(3000)}`);
    const e = assertEnvelope(deep, 400, 100);
    assert.match(e.error_user_msg, /more than 64 levels/);
    const parens = await emu.get(`/v23.0/${SEED.thread}?fields=messages.limit${'('.repeat(3000)}`);
    assertEnvelope(parens, 400, 100);
    // At the limit the rule engine answers (the field does not exist that deep): an ordinary 400, not a 500.
    const atLimit = await emu.get(`${READ}?fields=${'campaign{'.repeat(MAX_NESTING)}id${'}'.repeat(MAX_NESTING)}`);
    assert.ok(atLimit.status === 200 || atLimit.status === 400, atLimit.text.slice(0, 300));
    assert.equal(atLimit.body.error?.code ?? 100, 100);
  });

  it('refuses 100,000 unknown parameters before the rule engine looks at them', async () => {
    const emu = await startTest();
    const body = Array.from({ length: 100_000 }, (_, i) => `u${i}=1`).join('&');
    const r = await emu.post('/v23.0/act_1234567890/adsets', { body, contentType: 'application/x-www-form-urlencoded' });
    const e = assertEnvelope(r, 400, 100);
    // The message of the count limit, not REQ-UNKNOWN-PARAM: the engine (and its "did you mean") never ran.
    assert.match(e.error_user_msg, /more than 100 parameters/);
    assert.equal(r.headers['x-graphreq-rule'], undefined);
    const json = await emu.post('/v23.0/act_1234567890/adsets', { json: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])) });
    assert.match(assertEnvelope(json, 400, 100).error_user_msg, /more than 100 parameters/);
    const query = await emu.get(`${READ}?${Array.from({ length: 3000 }, (_, i) => `q${i}=1`).join('&')}`);
    assert.match(assertEnvelope(query, 400, 100).error_user_msg, /more than 100 parameters/);
  });

  it('counts query and body parameters together, up to exactly 100', async () => {
    const emu = await startTest();
    const base = adsetBody({ name: 'At the limit' });
    const filler = (n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`aa_unknown_${i}`, '1']));
    const room = MAX_PARAMS - Object.keys(base).length;
    // 100 parameters reach the rule engine (which refuses the unknown ones by their rule); 101 do not.
    const at = await emu.post('/v23.0/act_1234567890/adsets?aa_q=1', { form: { ...base, ...filler(room - 1) } });
    assert.equal(assertEnvelope(at, 400, 100) && at.headers['x-graphreq-rule'], 'REQ-UNKNOWN-PARAM');
    const over = await emu.post('/v23.0/act_1234567890/adsets?aa_q=1', { form: { ...base, ...filler(room) } });
    assert.match(assertEnvelope(over, 400, 100).error_user_msg, /more than 100 parameters/);
  });

  it('refuses ids longer than 16,000 characters and more than 1,000 ids, in the path, id and ids', async () => {
    const emu = await startTest();
    const long = `https://example.com/${'x'.repeat(MAX_ID_LENGTH)}`;
    assert.match(assertEnvelope(await emu.get(`/v23.0/?id=${encodeURIComponent(long)}`), 400, 100).error_user_msg, /at most 16000/);
    assertEnvelope(await emu.get(`/v23.0/?ids=${encodeURIComponent('https://example.com/a')},${encodeURIComponent(long)}`), 400, 100);
    assertEnvelope(await emu.get(`/v23.0/${'9'.repeat(MAX_ID_LENGTH + 1)}`), 400, 100);
    const ok = `https://example.com/${'y'.repeat(MAX_ID_LENGTH - 20)}`;
    assert.equal((await emu.get(`/v23.0/?id=${encodeURIComponent(ok)}&fields=id`)).status, 200);
    const many = Array.from({ length: MAX_IDS + 1 }, (_, i) => `u${i}`).join(',');
    assert.match(assertEnvelope(await emu.get(`/v23.0/?ids=${many}`), 400, 100).error_user_msg, /at most 1000/);
  });
});

describe('cross-origin browser writes', () => {
  it('refuses a form POST from another origin and keeps the ad set', async () => {
    const emu = await startTest();
    // What an HTML form on any web page can send: a POST that sets the ad set's status to DELETED.
    const form = formBody({ access_token: 'demo-token', status: 'DELETED' });
    const pages: Array<Record<string, string>> = [{ Origin: 'https://evil.example' }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'http://localhost:1' }];
    for (const headers of pages) {
      const r = await emu.post(`/v23.0/${SEED.adsets.withFourAds}`, { headers, body: form, contentType: 'application/x-www-form-urlencoded', token: null });
      assert.match(assertEnvelope(r, 403, 100).error_user_msg, /origin|another site/, JSON.stringify(headers));
      const post = await emu.post('/v23.0/act_1234567890/adsets', { headers, form: adsetBody({ name: 'From a web page' }) });
      assertEnvelope(post, 403, 100);
    }
    assert.deepEqual((await emu.get(`/v23.0/${SEED.adsets.withFourAds}?fields=status`)).body, { status: 'ACTIVE', id: SEED.adsets.withFourAds });
    // The emulator's own origin, and clients that send none (curl, graphreq send), may write.
    const own = await emu.post('/v23.0/act_1234567890/adsets', { headers: { Origin: emu.url }, form: adsetBody({ name: 'Own origin' }) });
    assert.equal(own.status, 200, own.text);
    assert.equal((await emu.send('DELETE', `/v23.0/${SEED.adsets.withFourAds}`)).status, 200);
    // Reads from a page of another origin are refused too: a page cannot read the answers, and counting them would spend the user's limits.
    for (const headers of [...pages, { Referer: 'https://evil.example/page.html' }]) {
      assertEnvelope(await emu.get(`${READ}?fields=id`, { headers }), 403, 100);
    }
    assert.equal((await emu.get(`${READ}?fields=id`, { headers: { Origin: emu.url, Referer: `${emu.url}/` } })).status, 200);
  });

  it('does not count reads a page of another site made against the rate limits (an <img> with ?access_token=demo-token)', async () => {
    // 200 calls an hour for the app ([3] 200 x daily active users).
    const emu = await startTest({ config: { defaultApp: { dailyActiveUsers: 1, accessTier: 'development_access', engagedUsers: 1 } } });
    for (let i = 0; i < 250; i++) {
      const r = await emu.get(`${READ}?fields=id&access_token=demo-token`, { token: null, headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Dest': 'image' } });
      assert.equal(r.status, 403, r.text);
    }
    const own = await emu.get(`${READ}?fields=id`);
    assert.equal(own.status, 200, own.text);
  });

  it('refuses a Host that is not the emulator (a rebinding domain), unless allowed', async () => {
    const emu = await startTest({ config: { allowedHosts: ['graph.test'] } });
    const port = emu.emulator.port;
    const as = (host: string): ReturnType<typeof request> => request(port, 'GET', `${READ}?fields=id`, { Host: host, Authorization: 'Bearer demo-token' });
    assert.match(assertEnvelope(await as(`rebind.evil.example:${port}`), 403, 100).error_user_msg, /Host header/);
    assertEnvelope(await as(`localhost:${port + 1}`), 403, 100);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `graph.test:${port}`, `LOCALHOST:${port}`]) assert.equal((await as(host)).status, 200, host);
  });
});

describe('connection timeouts', () => {
  const timeouts = { headersMs: 300, requestMs: 600, keepAliveMs: 200, idleMs: 2000 };

  /** Opens a raw connection, writes `bytes`, and resolves with what the server sent once it closes the connection. */
  function hold(port: number, bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => resolve(got));
      socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
    });
  }

  it('closes a connection that sends nothing, one that stops in its headers, and one whose body never comes', async () => {
    const emu = await startTest({ config: { timeouts } });
    const port = emu.emulator.port;
    assert.match(await hold(port, ''), /^HTTP\/1\.1 408/);
    assert.match(await hold(port, `GET ${READ} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `), /^HTTP\/1\.1 408/);
    const body = await hold(port, `POST /v23.0/act_1/adsets HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`);
    assert.doesNotMatch(body, /^HTTP\/1\.1 200/);
    // A keep-alive connection left idle after its answer is closed too.
    const idle = await hold(port, `GET ${READ} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer demo-token\r\n\r\n`);
    assert.match(idle, /^HTTP\/1\.1 200/);
    assert.equal((await emu.get(READ)).status, 200);
  });
});
