/**
 * The send engine against a scripted local HTTP server: what the network can do wrong (timeouts,
 * refused connections, resets, non-JSON and empty bodies, 5xx) and what the client must do about it
 * (retry transient failures with backoff, never retry rate limits blindly, wait when asked).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseDocument } from '../../server/src/core';
import { HistoryStore } from '../../server/src/send/history';
import { ResponseStore } from '../../server/src/send/responseStore';
import { SavedResponses } from '../../server/src/send/savedResponses';
import { SendSession, succeeded, type SendSessionOptions } from '../../server/src/send/sendSession';
import { FakeClock, localServer, model } from './sendHelpers';

const TOKEN = 'test-token-1234567890';
const GET = parseDocument('# @name read\nGET /v23.0/123?fields=id\n');
const POST = parseDocument('POST /v23.0/act_1/adsets\n\n{ "name": "x" }\n');
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => (_req: unknown, _body: string, res: import('node:http').ServerResponse) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

function session(baseUrl: string, over: Partial<SendSessionOptions> = {}) {
  const clock = (over.clock as FakeClock | undefined) ?? new FakeClock();
  return { clock, s: new SendSession({ model, env: { variables: {} }, baseUrl, token: TOKEN, clock, random: () => 0.5, timeoutMs: 2_000, ...over }) };
}

const servers: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const s of servers) await s.close();
});
async function server(handler: Parameters<typeof localServer>[0]) {
  const s = await localServer(handler);
  servers.push(s);
  return s;
}

describe('SendSession over HTTP', () => {
  it('sends the token of a GET as a bearer credential and returns status, headers, timing, size and parsed body', async () => {
    const srv = await server(json(200, { id: '123' }, { 'X-App-Usage': '{"call_count":3,"total_cputime":1,"total_time":2}' }));
    const { s } = session(srv.url);
    const r = await s.send(GET, 0);
    assert.equal(srv.requests[0].headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(new URL(srv.url + srv.requests[0].url).searchParams.get('access_token'), null, 'no token in the URL');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { id: '123' });
    assert.equal(r.bodyKind, 'json');
    assert.equal(r.size, 12);
    assert.equal(r.usage.app?.call_count, 3);
    assert.equal(r.usage.highestPercent, 3);
    assert.equal(r.headers['content-type'], 'application/json');
    assert.ok(!JSON.stringify(r).includes(TOKEN), 'the result is redacted');
    assert.equal(s.responses.get('read')?.status, 200, 'the named response is kept for later requests');
  });

  it('posts form fields with the token in the body', async () => {
    const srv = await server(json(200, { id: '9' }));
    const { s } = session(srv.url);
    await s.send(POST, 0);
    const req = srv.requests[0];
    assert.equal(req.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.deepEqual(Object.fromEntries(new URLSearchParams(req.body)), { name: 'x', access_token: TOKEN });
    assert.ok(!req.url.includes(TOKEN));
  });

  it('gives up after the timeout without retrying', async () => {
    const srv = await server(() => {
      /* never answers */
    });
    const { s, clock } = session(srv.url, { timeoutMs: 50 });
    const r = await s.send(GET, 0);
    assert.equal(r.failure?.kind, 'timeout');
    assert.match(r.failure?.message ?? '', /no answer from 127\.0\.0\.1:\d+ within 50 ms/);
    assert.equal(r.status, null);
    // One attempt, no backoff. (Under load the 50 ms may end before the server has read the request, so its count is at most one.)
    assert.equal(r.attempts, 1);
    assert.ok(srv.requests.length <= 1, `${srv.requests.length} requests`);
    assert.deepEqual(clock.delays, []);
  });

  it('reports a refused connection in one line, without retrying', async () => {
    const srv = await localServer(json(200, {}));
    await srv.close();
    const { s, clock } = session(srv.url);
    const r = await s.send(GET, 0);
    assert.equal(r.failure?.kind, 'refused');
    assert.match(r.failure?.message ?? '', /^connection refused by 127\.0\.0\.1:\d+/);
    assert.ok(!r.failure?.message.includes('\n'));
    assert.deepEqual(clock.delays, []);
  });

  it('keeps a non-JSON body as text and an empty body as null; a 2xx of either is not the API\'s answer, so no success', async () => {
    const html = await server((_q, _b, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    const r = await session(html.url, { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).s.send(GET, 0);
    assert.equal(r.bodyKind, 'text');
    assert.equal(r.body, '<html>Bad gateway</html>');
    assert.ok(r.warnings.some((w) => w.includes('not JSON (Content-Type text/html)')));
    assert.equal(r.error?.title, 'HTTP 502 Bad Gateway');
    const empty = await server((_q, _b, res) => {
      res.writeHead(200);
      res.end();
    });
    const e = await session(empty.url).s.send(GET, 0);
    assert.equal(e.bodyKind, 'empty');
    assert.equal(e.body, null);
    // A 2xx that cannot be the API's answer (it always answers JSON) is not a success: a mistyped base URL must not pass CI.
    assert.equal(e.error?.title, 'Not an answer of the API (HTTP 200)');
    assert.match(e.error?.explanation ?? '', /The body is empty/);
    assert.equal(succeeded(e), false);
    const page = await server((_q, _b, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>Welcome to our web site</html>');
    });
    const p = await session(page.url).s.send(GET, 0);
    assert.equal(p.bodyKind, 'text');
    assert.equal(p.error?.title, 'Not an answer of the API (HTTP 200)');
    assert.match(p.error?.explanation ?? '', /not JSON \(Content-Type text\/html\).*something else answered/);
    assert.match(p.error?.action ?? '', /Check the base URL/);
    assert.equal(succeeded(p), false);
  });

  it('retries 5xx with capped exponential backoff and jitter, then succeeds', async () => {
    let n = 0;
    const srv = await server((q, b, res) => (++n <= 2 ? json(503, { error: { message: 'busy', type: 'x', code: 2 } }) : json(200, { id: '1' }))(q, b, res));
    const { s, clock } = session(srv.url, { retry: { maxAttempts: 3, baseDelayMs: 400, maxDelayMs: 600 } });
    const r = await s.send(POST, 0);
    assert.equal(r.status, 200);
    assert.equal(r.attempts, 3);
    assert.deepEqual(clock.delays, [300, 450], 'half fixed, half jitter (0.5), the second step capped at 600');
    assert.equal(srv.requests.length, 3);
    assert.ok(r.warnings.some((w) => w === 'attempt 1 failed (HTTP 503); retried after 300 ms'));
  });

  it('stops retrying after the last attempt and returns the last answer', async () => {
    const srv = await server(json(500, { error: { message: 'down', type: 'x', code: 1, is_transient: true } }));
    const { s, clock } = session(srv.url, { retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10 } });
    const r = await s.send(GET, 0);
    assert.equal(r.status, 500);
    assert.equal(r.attempts, 2);
    assert.equal(clock.delays.length, 1);
  });

  it('retries a transient error envelope, and a reset connection for a GET but not for a POST', async () => {
    let n = 0;
    const transient = await server((q, b, res) => (++n === 1 ? json(400, { error: { message: 'try again', type: 'x', code: 2, is_transient: true } }) : json(200, { ok: 1 }))(q, b, res));
    assert.equal((await session(transient.url).s.send(GET, 0)).attempts, 2);

    let m = 0;
    const resets = await server((q, b, res) => (++m === 1 ? res.socket?.destroy() : json(200, { id: '1' })(q, b, res)));
    const get = await session(resets.url).s.send(GET, 0);
    assert.equal(get.status, 200);
    assert.equal(get.attempts, 2);
    m = 0;
    const post = await session(resets.url).s.send(POST, 0);
    assert.equal(post.failure?.kind, 'reset');
    assert.equal(post.attempts, 1, 'the service may have applied the POST: no second one');
  });

  it('never retries a rate-limit error: it says when access returns and offers to wait', async () => {
    // As the service answers it (airbytehq/airbyte issue 8773): HTTP 400, recognised by its code.
    const srv = await server(
      json(400, { error: { message: '(#80004) There have been too many calls to this ad-account. Wait a bit and try again.', type: 'OAuthException', code: 80004, error_subcode: 2446079, fbtrace_id: 'AbC' } }, {
        'X-Business-Use-Case-Usage': '{"1":[{"type":"ads_management","call_count":100,"total_cputime":50,"total_time":50,"estimated_time_to_regain_access":7}]}',
      }),
    );
    const { s, clock } = session(srv.url);
    const r = await s.send(GET, 0);
    assert.equal(r.attempts, 1);
    assert.equal(r.error?.title, 'Ads management BUC limit reached');
    assert.equal(r.usage.blockedUntil, new Date(clock.t + 7 * 60_000).toISOString());
    assert.ok(r.warnings.some((w) => /access should return at .* \(in 7 min\); graphreq does not retry before then: send again later, or use --wait/.test(w)), r.warnings.join('\n'));

    const held = await s.send(GET, 0);
    assert.equal(held.failure?.kind, 'rate-limited', 'the block is honoured: no second call');
    assert.equal(held.failure?.retryAt, new Date(clock.t + 7 * 60_000).toISOString());
    assert.equal(srv.requests.length, 1);
  });

  it('holds after HTTP 429 from a proxy (no rate-limit code), for its Retry-After, and never retries it', async () => {
    const srv = await server((_q, _b, res) => {
      res.writeHead(429, { 'Content-Type': 'text/plain', 'Retry-After': '120' });
      res.end('Too Many Requests');
    });
    const { s, clock } = session(srv.url);
    const r = await s.send(GET, 0);
    assert.equal(r.attempts, 1);
    assert.equal(r.error?.rateLimit, 'http');
    assert.equal(r.error?.title, 'Too many requests (HTTP 429)');
    assert.equal(r.error?.regainAccessMinutes, 2);
    const held = await s.send(GET, 0);
    assert.equal(held.failure?.kind, 'rate-limited', 'the block is honoured: no second call');
    assert.equal(held.failure?.retryAt, new Date(clock.t + 2 * 60_000).toISOString());
    assert.equal(srv.requests.length, 1);
  });

  it('takes a 429 whose envelope carries no rate-limit code as a rate limit: not retried, and the next send warned', async () => {
    // Code 1 is transient (retried with backoff) under any other status.
    const srv = await server(json(429, { error: { message: 'Slow down', type: 'OAuthException', code: 1, is_transient: true } }));
    const { s } = session(srv.url);
    const r = await s.send(GET, 0);
    assert.equal(r.error?.rateLimit, 'http');
    assert.equal(r.attempts, 1);
    const next = await s.send(GET, 0);
    assert.ok(next.warnings.some((w) => /gave no time to regain access/.test(w)), next.warnings.join('\n'));
  });

  it('waits for a known block to pass when asked, then sends', async () => {
    let n = 0;
    const srv = await server((q, b, res) =>
      (++n === 1
        ? json(400, { error: { message: 'too many', type: 'OAuthException', code: 80004, error_subcode: 2446079, error_data: { estimated_time_to_regain_access: 3 } } })
        : json(200, { id: '123' }))(q, b, res),
    );
    const { s, clock } = session(srv.url);
    const r = await s.send(GET, 0, { wait: true });
    assert.equal(r.status, 200);
    assert.deepEqual(clock.delays, [3 * 60_000]);
    assert.equal(srv.requests.length, 2);
  });

  it('cancels a send in progress', async () => {
    const srv = await server(() => {
      /* never answers */
    });
    const { s } = session(srv.url);
    const controller = new AbortController();
    const pending = s.send(GET, 0, { signal: controller.signal });
    while (srv.requests.length === 0) await new Promise((r) => setImmediate(r));
    controller.abort();
    const r = await pending;
    assert.equal(r.failure?.kind, 'cancelled');
  });

  it('does not follow redirects, which could carry the token elsewhere', async () => {
    const srv = await server((_q, _b, res) => {
      res.writeHead(307, { Location: 'http://127.0.0.2:9/steal' });
      res.end();
    });
    const r = await session(srv.url).s.send(POST, 0);
    assert.equal(r.status, 307);
    assert.equal(srv.requests.length, 1);
    // The user hears what happened and where it pointed, not only that the body is empty.
    assert.equal(r.error?.title, 'Redirect not followed (HTTP 307)');
    assert.match(r.error?.explanation ?? '', /redirects to http:\/\/127\.0\.0\.2:9\/steal; graphreq does not follow redirects/);
    assert.match(r.error?.action ?? '', /base URL/);
    assert.deepEqual(r.warnings.filter((w) => /body is empty/.test(w)), []);
  });

  it('refuses a token over plain http:// to a non-loopback host, before any network use', async () => {
    const r = await session('http://graph.example.com').s.send(GET, 0);
    assert.equal(r.failure?.kind, 'insecure');
    assert.match(r.failure?.message ?? '', /refusing to send the access token over plain http:\/\/ to graph\.example\.com/);
  });

  it('keeps redacted results in history, and named responses by environment and name (not by address)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-history-'));
    const srv = await server(json(200, { id: '77', echo: `access_token=${TOKEN}` }));
    const history = new HistoryStore(dir, 3);
    const { s } = session(srv.url, { history, file: 'a.graphreq' });
    for (let i = 0; i < 4; i++) await s.send(GET, 0);
    const list = history.list();
    assert.equal(list.length, 3, 'only the last N are kept');
    const text = fs.readdirSync(history.dir).map((f) => fs.readFileSync(path.join(history.dir, f), 'utf8')).join('\n');
    assert.ok(!text.includes(TOKEN), 'no token in history');
    assert.ok(text.includes('[REDACTED]'));
    assert.equal(history.read(list[0].id)?.result.name, 'read');

    const saved = new SavedResponses(dir);
    const first = session(srv.url, { responses: new ResponseStore({ saved, environment: 'dev' }) }).s;
    await first.send(GET, 0);
    const file = fs.readFileSync(path.join(dir, '.graphreq', 'responses.json'), 'utf8');
    assert.ok(!file.includes(TOKEN) && file.includes('[REDACTED]'), 'saved responses are redacted');
    // Another run, another spelling of the same service: the response is found by environment and name.
    const localhost = srv.url.replace('127.0.0.1', 'localhost');
    const later = session(localhost, { responses: new ResponseStore({ saved: new SavedResponses(dir), environment: 'dev' }) }).s;
    assert.equal(later.responses.get('read')?.status, 200, 'a later run finds the named response');
    const otherEnv = new ResponseStore({ saved: new SavedResponses(dir), environment: 'prod' });
    assert.equal(otherEnv.get('read'), undefined, 'but not in another environment');
    assert.match(otherEnv.missing('read'), /^request `read` has no saved response for environment `prod` in this workspace/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
