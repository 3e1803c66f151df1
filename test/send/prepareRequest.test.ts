import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toWire } from '../../server/src/core/send';
import { prepare, prepared } from './sendHelpers';

const form = (body: string | null): Record<string, string> => Object.fromEntries(new URLSearchParams(body ?? ''));

describe('prepareRequest: the HTTP request the API takes', () => {
  it('sends a GET with its parameters in the query string and the token in the Authorization header, never the URL', () => {
    const req = prepared('GET /v23.0/123?fields=id,name&date_format=U\n');
    const wire = toWire(req, 'tok');
    assert.equal(wire.method, 'GET');
    assert.equal(wire.url, 'http://127.0.0.1:8990/v23.0/123?fields=id,name&date_format=U');
    assert.equal(wire.headers.Authorization, 'Bearer tok');
    assert.equal(wire.body, null);
    const del = toWire(prepared('DELETE /v23.0/120200000000000002\n'), 'tok');
    assert.equal(del.url, 'http://127.0.0.1:8990/v23.0/120200000000000002');
    assert.equal(del.headers.Authorization, 'Bearer tok');
    assert.deepEqual(req.version, { text: 'v23.0', source: 'path' });
    assert.equal(req.endpointId, 'adset.read');
  });

  it('turns a JSON body into form fields, objects and lists as JSON text, big ids digit for digit', () => {
    const req = prepared(`POST /v23.0/act_1234567890/adsets

{
  // comment
  "name": "Spring sale",
  "campaign_id": 120200000000000001,
  "daily_budget": 2000,
  "is_dynamic_creative": false,
  "targeting": { "geo_locations": { "countries": ["US"] }, "big": 120200000000000009 },
  "execution_options": ["validate_only"]
}
`);
    const wire = toWire(req, 'tok');
    assert.equal(wire.headers['Content-Type'], 'application/x-www-form-urlencoded');
    assert.deepEqual(form(wire.body), {
      name: 'Spring sale',
      campaign_id: '120200000000000001',
      daily_budget: '2000',
      is_dynamic_creative: 'false',
      targeting: '{"geo_locations":{"countries":["US"]},"big":120200000000000009}',
      execution_options: '["validate_only"]',
      access_token: 'tok',
    });
    assert.equal(req.tokenIn, 'form');
    assert.ok(!wire.url.includes('tok'), 'a POST keeps its token out of the URL');
  });

  it('encodes the id of a refresh so it cannot disturb scrape (URL-ID-ENCODED)', () => {
    const req = prepared('POST /v23.0/?id=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26scrape%3Dfalse&scrape=true\n');
    const url = new URL(toWire(req, 't').url);
    assert.equal(url.searchParams.get('id'), 'https://example.com/a?b=1&scrape=false');
    assert.deepEqual(url.searchParams.getAll('scrape'), ['true']);
    assert.match(url.search, /id=https%3A%2F%2Fexample\.com%2Fa%3Fb%3D1%26scrape%3Dfalse&scrape=true/);
    assert.equal(req.endpointId, 'url.refresh');
  });

  it('keeps field lists readable and counts a URL read', () => {
    const req = prepared('GET /v23.0/?id=https://example.com/post&fields=engagement,og_object{title,type}\n');
    assert.match(toWire(req, 't').url, /\?id=https%3A%2F%2Fexample\.com%2Fpost&fields=engagement,og_object\{title,type\}$/);
    assert.deepEqual(req.urlReads, ['https://example.com/post']);
  });

  it('applies the environment default version and says so, or says none was sent', () => {
    const withDefault = prepared('GET /123?fields=id\n', { env: { defaultVersion: 'v22.0' } });
    assert.deepEqual(withDefault.version, { text: 'v22.0', source: 'default' });
    assert.equal(withDefault.path, '/v22.0/123');
    const none = prepared('GET /123?fields=id\n');
    assert.deepEqual(none.version, { text: null, source: 'none' });
    assert.equal(none.path, '/123');
    assert.ok(none.warnings.some((w) => w.includes('REQ-VERSION-MISSING')));
  });

  it('resolves file and environment variables and earlier named responses', () => {
    const text = `@version = v23.0
### read
GET /{{version}}/{{create.response.body.id}}?fields={{fields}}&x={{copy.response.body.ad_object_ids[0].copied_id}}
`;
    const req = prepared(text, {
      env: { variables: { fields: 'id,name' } },
      responses: { create: { status: 200, headers: {}, body: { id: '120200000000000042' } }, copy: { status: 200, headers: {}, body: { ad_object_ids: [{ copied_id: 'a&b' }] } } },
    });
    assert.equal(req.path, '/v23.0/120200000000000042');
    assert.deepEqual(req.query, [['fields', 'id,name'], ['x', 'a&b']]);
    assert.equal(req.endpointId, 'adset.read');
  });

  it('gives an unquoted reference in a body its JSON type', () => {
    const req = prepared(`POST /v23.0/{{create.response.body.id}}/copies

{ "campaign_id": {{create.response.body.campaign_id}}, "rename_options": {{opts}}, "status_option": "{{status}}" }
`, {
      env: { variables: { opts: '{"rename_prefix":"Copy of "}', status: 'PAUSED' } },
      responses: { create: { status: 200, headers: {}, body: { id: '5', campaign_id: '120200000000000001' } } },
    });
    assert.deepEqual(req.form, [['campaign_id', '120200000000000001'], ['rename_options', '{"rename_prefix":"Copy of "}'], ['status_option', 'PAUSED']]);
  });

  it('refuses to send what is not resolved, saying what is missing', () => {
    const missing = prepare('GET /v23.0/{{create.response.body.id}}\n');
    assert.equal(missing.ok, false);
    assert.match(!missing.ok ? missing.message : '', /`create` has no response yet/);
    const noField = prepare('GET /v23.0/{{create.response.body.nope}}\n', { responses: { create: { status: 400, headers: {}, body: { error: {} } } } });
    assert.match(!noField.ok ? noField.message : '', /HTTP 400\) has no `nope`/);
    const unknown = prepare('GET /v23.0/{{nothing}}\n');
    assert.match(!unknown.ok ? unknown.message : '', /`\{\{nothing\}\}` is not defined/);
    const broken = prepare('POST /v23.0/act_1/adsets\n\n{ "name": \n');
    assert.match(!broken.ok ? broken.message : '', /JSON body cannot be read/);
  });

  it('never sends an Authorization header written in the file, and reports its credential as a secret', () => {
    const out = prepare('GET /v23.0/123?fields=id\nAuthorization: Bearer EAAB-header-token\n');
    assert.ok(out.ok);
    assert.deepEqual(out.secretsInFile, ['EAAB-header-token']);
    assert.deepEqual(out.request.headers, []);
    assert.equal(toWire(out.request, 'real').headers.Authorization, 'Bearer real');
    assert.ok(out.request.warnings.some((w) => w.includes('REQ-TOKEN-IN-FILE')));
  });

  it('never sends an access_token written in the file, and reports it as a secret', () => {
    const out = prepare('GET /v23.0/123?fields=id&access_token=EAAB-file-token\n');
    assert.ok(out.ok);
    if (!out.ok) return;
    assert.deepEqual(out.request.query, [['fields', 'id']]);
    assert.deepEqual(out.secretsInFile, ['EAAB-file-token']);
    assert.ok(out.request.warnings.some((w) => w.includes('REQ-TOKEN-IN-FILE')));
  });

  it('sends the token only to the base URL origin', () => {
    const other = prepare('GET https://evil.example/v23.0/123\n', { baseUrl: 'https://graph.example.com' });
    assert.equal(other.ok, false);
    assert.equal(!other.ok && other.kind, 'insecure');
    const same = prepared('GET https://graph.example.com/v23.0/123\n', { baseUrl: 'https://graph.example.com' });
    assert.equal(toWire(same, 't').url, 'https://graph.example.com/v23.0/123');
    assert.equal(toWire(same, 't').headers.Authorization, 'Bearer t');
  });

  it('adds validate_only to an ad set creation, and only there', () => {
    const req = prepared('POST /v23.0/act_1/adsets\n\n{ "name": "x", "execution_options": ["include_recommendations"] }\n', { validateOnly: true });
    assert.deepEqual(req.form?.find(([k]) => k === 'execution_options'), ['execution_options', '["include_recommendations","validate_only"]']);
    const read = prepare('GET /v23.0/123\n', { validateOnly: true });
    assert.equal(read.ok, false);
  });

  it('moves body parameters of a GET to the query string, with a warning', () => {
    const req = prepared('GET /v23.0/123\n\n{ "fields": "id,name" }\n');
    assert.deepEqual(req.query, [['fields', 'id,name']]);
    assert.equal(req.form, null);
    assert.ok(req.warnings.some((w) => w.includes('query string')));
  });
});
