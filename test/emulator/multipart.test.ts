/**
 * Multipart forms: `curl -F name=value`, the way the API's own examples send form fields ([2] Create
 * an ad set: "Body: form fields"). Each part is a parameter, objects and lists as JSON text, checked
 * exactly like a form-encoded body; a file part is refused (no documented endpoint takes one).
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adsetBody, assertEnvelope, closeAllEmulators, startTest, type TestEmulator } from './harness';

/** A multipart body as curl -F writes it; `files` become parts with a filename. */
function multipart(fields: Record<string, unknown>, files: Record<string, string> = {}): { body: string; contentType: string } {
  const boundary = '------------------------a7b2c4d6e8f0';
  const parts = Object.entries(fields).map(([name, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`);
  for (const [name, text] of Object.entries(files)) {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.json"\r\nContent-Type: application/json\r\n\r\n${text}\r\n`);
  }
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('multipart form bodies', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startTest();
  });
  after(closeAllEmulators);

  it('creates an ad set from curl -F fields, objects as JSON text, and reads it back', async () => {
    const created = await emu.post('/v23.0/act_1000000001/adsets', multipart(adsetBody({ name: 'Curl -F: été & co', daily_budget: '9007199254740993' })));
    assert.equal(created.status, 200, created.text);
    const read = await emu.get(`/v23.0/${created.body.id}?fields=name,daily_budget,targeting`);
    assert.equal(read.body.name, 'Curl -F: été & co');
    assert.equal(read.body.daily_budget, '9007199254740993');
    assert.deepEqual(read.body.targeting, adsetBody().targeting);
  });

  it('checks the parts as it checks a form-encoded body', async () => {
    const long = await emu.post('/v23.0/act_1000000001/adsets', multipart(adsetBody({ name: 'x'.repeat(401) })));
    assertEnvelope(long, 400, 100);
    assert.equal(long.headers['x-graphreq-rule'], 'ADSET-NAME-MAX');
    const dsa = await emu.post('/v23.0/act_1234567890/adsets', multipart(adsetBody({ targeting: { geo_locations: { countries: ['FR'] } } })));
    assertEnvelope(dsa, 400, 100, 3858079);
  });

  it('refreshes a URL sent whole in a part, where nothing can disturb the scrape parameter', async () => {
    const url = 'https://example.com/u?x=1&y=2';
    const refreshed = await emu.post('/v23.0/', multipart({ id: url, scrape: 'true' }));
    assert.equal(refreshed.status, 200, refreshed.text);
    const read = await emu.get(`/v23.0/?id=${encodeURIComponent(url)}&fields=og_object{title}`);
    assert.equal(read.body.og_object.title, url);
  });

  it('refuses a file part, a body it cannot read, and more parts than the parameter limit', async () => {
    const file = await emu.post('/v23.0/act_1000000001/adsets', multipart(adsetBody({ targeting: undefined }), { targeting: '{"geo_locations":{"countries":["US"]}}' }));
    assert.match(assertEnvelope(file, 400, 100).error_user_msg, /`targeting` is sent as a file/);
    assertEnvelope(await emu.post('/v23.0/act_1000000001/adsets', { body: 'name=x', contentType: 'multipart/form-data; boundary=x' }), 400, 100);
    assertEnvelope(await emu.post('/v23.0/act_1000000001/adsets', { body: 'name=x', contentType: 'multipart/form-data' }), 400, 100);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, '1']));
    assertEnvelope(await emu.post('/v23.0/act_1000000001/adsets', multipart(many)), 400, 100);
  });
});
