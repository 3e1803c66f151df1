import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeRequest, isSecretName, looksLikeToken, Redactor, retryReason, secretValuesOf, backoffDelay, defaultRetryPolicy, secretVariableValues, toCurl, TOKEN_PLACEHOLDER } from '../../server/src/core/send';
import { prepared } from './sendHelpers';

const TOKEN = 'EAAB+secret/tok en=1';

describe('redaction', () => {
  it('replaces a token in every spelling it takes on the wire', () => {
    const r = new Redactor([TOKEN]);
    for (const s of [TOKEN, encodeURIComponent(TOKEN), new URLSearchParams({ t: TOKEN }).toString().slice(2), JSON.stringify(TOKEN).slice(1, -1)]) {
      assert.equal(r.text(`before ${s} after`), `before ${TOKEN_PLACEHOLDER} after`, s);
    }
  });

  it('replaces a token percent-encoded with lowercase hex, twice encoded, JSON-escaped or any mix', () => {
    const r = new Redactor([TOKEN]);
    const lower = encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
    const everyChar = [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const twice = encodeURIComponent(encodeURIComponent(TOKEN));
    const unicode = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const mixed = [...TOKEN].map((c, i) => (i % 2 ? `%${c.charCodeAt(0).toString(16).toUpperCase()}` : c)).join('');
    const slashes = JSON.stringify(TOKEN).slice(1, -1).replace(/\//g, '\\/');
    for (const s of [lower, everyChar, twice, unicode, mixed, slashes]) {
      assert.notEqual(s, TOKEN);
      assert.equal(r.text(`before ${s} after`), `before ${TOKEN_PLACEHOLDER} after`, s);
    }
    // Inside a URL given as the value of another parameter.
    assert.equal(new Redactor().text('next=https%3A%2F%2Fx%2Fme%3Faccess_token%3Dabc123%26b%3D1'), `next=https%3A%2F%2Fx%2Fme%3Faccess_token%3D${TOKEN_PLACEHOLDER}%26b%3D1`);
    // The service's own scheme in a header, while "OAuth 2.0" in prose stays.
    assert.equal(new Redactor().text('Authorization: OAuth abc123 and an OAuth 2.0 token'), `Authorization: OAuth ${TOKEN_PLACEHOLDER} and an OAuth 2.0 token`);
  });

  it('copies deeply nested values without recursion, keeping __proto__ as a key', () => {
    const r = new Redactor([TOKEN]);
    let deep: unknown = TOKEN;
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep };
    let out = r.value(deep) as unknown;
    for (let i = 0; i < 100_000; i++) out = Array.isArray(out) ? out[0] : (out as { a: unknown }).a;
    assert.equal(out, TOKEN_PLACEHOLDER);
    const proto = r.value(JSON.parse('{"__proto__": {"x": 1}}')) as Record<string, unknown>;
    assert.deepEqual(Object.keys(proto), ['__proto__']);
    assert.equal(Object.getPrototypeOf(proto), Object.prototype);
  });

  it('replaces any access_token value and Authorization header, known or not', () => {
    const r = new Redactor();
    assert.equal(r.text('https://x/v23.0/1?fields=id&access_token=abc123&x=1'), `https://x/v23.0/1?fields=id&access_token=${TOKEN_PLACEHOLDER}&x=1`);
    assert.equal(r.text('{"access_token": "abc\\"def"}'), `{"access_token": "${TOKEN_PLACEHOLDER}"}`);
    assert.equal(r.text('Authorization: Bearer abc.def'), `Authorization: Bearer ${TOKEN_PLACEHOLDER}`);
    assert.deepEqual(r.value({ headers: { Authorization: 'Basic dXNlcg==' }, access_token: 'zzz', list: ['access_token=q'] }), { headers: { Authorization: TOKEN_PLACEHOLDER }, access_token: TOKEN_PLACEHOLDER, list: [`access_token=${TOKEN_PLACEHOLDER}`] });
  });

  it("replaces a token of the service's shape wherever it stands: any header, any member, any prose", () => {
    const r = new Redactor();
    assert.equal(r.text('X-Token: EAABwrittenInAHeader0123456789'), `X-Token: ${TOKEN_PLACEHOLDER}`);
    assert.equal(r.text('{"echo":"EAAGechoedBack0123456789abcdef"}'), `{"echo":"${TOKEN_PLACEHOLDER}"}`);
    assert.deepEqual(r.value({ secret: 'EAABinAMember0123456789abcdef', name: 'EAA short' }), { secret: TOKEN_PLACEHOLDER, name: 'EAA short' });
    assert.equal(r.text('name=x%20EAABinAFormBody0123456789abcdef&y=1'), `name=x%20${TOKEN_PLACEHOLDER}&y=1`);
  });

  it('tells secrets by name and by shape; ids, names and URLs are not', () => {
    for (const name of ['token', 'app_secret', 'GRAPHREQ_VAR_SESSION', 'api_key', 'password', 'passwd', 'Cookie', 'auth_header', 'client_credentials']) assert.ok(isSecretName(name), name);
    for (const name of ['account', 'version', 'campaign_id', 'name']) assert.ok(!isSecretName(name), name);
    for (const value of ['EAAB0123456789abcdefghijkl', 'Bearer abc.def', 'access_token=abc', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', '0123456789abcdef0123456789abcdef', 'QVFIUjRhbmRvbUJhc2U2NFRva2VuMDEy']) assert.ok(looksLikeToken(value), value);
    for (const value of ['120200000000000001', '12345678901234567890123456789012345', 'https://graph.example.com/v23.0/act_1', 'spring_sale_campaign_for_the_year_2026', 'Spring sale', 'v23.0']) assert.ok(!looksLikeToken(value), value);
    assert.deepEqual(secretValuesOf([['password', 'hunter22'], ['account', '1234'], ['x', 'EAAB0123456789abcdefghijkl'], ['MY_CRED', 'plain'], ['empty_token', '']], 'MY_CRED'), ['hunter22', 'EAAB0123456789abcdefghijkl', 'plain']);
  });

  it('shows requests and curl commands with a placeholder, never the token', () => {
    const get = prepared('GET /v23.0/123?fields=id,name\n');
    assert.equal(describeRequest(get).url, 'http://127.0.0.1:8990/v23.0/123?fields=id,name');
    assert.equal(describeRequest(get).headers.Authorization, `Bearer ${TOKEN_PLACEHOLDER}`);
    assert.equal(toCurl(get, 'GRAPHREQ_ACCESS_TOKEN'), `curl -sS 'http://127.0.0.1:8990/v23.0/123?fields=id,name' -H "Authorization: Bearer $GRAPHREQ_ACCESS_TOKEN"`);
    assert.equal(toCurl(prepared('DELETE /v23.0/120200000000000002\n'), 'GRAPHREQ_ACCESS_TOKEN'), `curl -sS -X DELETE http://127.0.0.1:8990/v23.0/120200000000000002 -H "Authorization: Bearer $GRAPHREQ_ACCESS_TOKEN"`);
    const post = prepared('POST /v23.0/act_1/adsets\nAccept-Language: en_US\n\n{ "name": "It\'s on" }\n');
    assert.match(describeRequest(post).body ?? '', new RegExp(`access_token=\\[REDACTED\\]$`));
    assert.equal(toCurl(post, 'PROD_TOKEN'), `curl -sS http://127.0.0.1:8990/v23.0/act_1/adsets -H 'Accept-Language: en_US' --data-urlencode 'name=It'\\''s on' --data-urlencode "access_token=$PROD_TOKEN"`);
  });
});

describe('retry policy', () => {
  it('retries 5xx, is_transient and GET resets, never rate limits, timeouts or POST resets', () => {
    const err = (over: object) => ({ code: 1, rateLimit: null, isTransient: null, ...over }) as never;
    assert.equal(retryReason({ kind: 'response', status: 503, error: null }, 'POST'), 'HTTP 503');
    assert.equal(retryReason({ kind: 'response', status: 400, error: err({ isTransient: true, code: 2 }) }, 'GET'), 'a transient error (code 2)');
    assert.equal(retryReason({ kind: 'response', status: 400, error: err({ isTransient: true, rateLimit: 'buc' }) }, 'GET'), null);
    assert.equal(retryReason({ kind: 'response', status: 400, error: err({ isTransient: false }) }, 'GET'), null);
    assert.equal(retryReason({ kind: 'failure', failure: 'reset' }, 'GET'), 'the connection was reset');
    assert.equal(retryReason({ kind: 'failure', failure: 'reset' }, 'POST'), null);
    assert.equal(retryReason({ kind: 'failure', failure: 'timeout' }, 'GET'), null);
    assert.equal(retryReason({ kind: 'failure', failure: 'refused' }, 'GET'), null);
  });

  it('backs off exponentially with jitter, capped', () => {
    const p = { ...defaultRetryPolicy, baseDelayMs: 100, maxDelayMs: 1000 };
    assert.deepEqual([1, 2, 3, 4, 5].map((a) => backoffDelay(a, p, () => 0)), [50, 100, 200, 400, 500]);
    assert.deepEqual([1, 2, 3, 4, 5].map((a) => backoffDelay(a, p, () => 1)), [100, 200, 400, 800, 1000]);
  });

  it('takes for secrets every value $processEnv and $dotenv can read (the host passes only those)', () => {
    const processEnv = { GRAPHREQ_VAR_ACCOUNT: '1234567890', GRAPHREQ_VAR_NOTE: 'just a note here' };
    const dotenv = { CUSTOM: 'allowed-by-name-1', EMPTY: '' };
    assert.deepEqual(secretVariableValues([processEnv, dotenv]).sort(), ['1234567890', 'allowed-by-name-1', 'just a note here'].sort());
    assert.deepEqual(secretVariableValues([undefined, {}]), []);
  });
});
