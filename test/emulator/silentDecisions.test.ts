/**
 * Where the documents are silent or ambiguous, graphreq decides, writes the decision in docs/api.md,
 * and check and the emulator keep it alike (issue 24, item 5). Each case names the docs/api.md section.
 */
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { findingsOf } from '../helpers';
import { adsetBody, assertEnvelope, assertLimitEnvelope, closeAllEmulators, startTest, type Sent } from './harness';

after(closeAllEmulators);

const CREATE = '/v23.0/act_1000000001/adsets';

function checkCodes(text: string): string[] {
  return findingsOf(text)
    .filter((f) => f.severity === 'error' || f.severity === 'warning')
    .map((f) => `${f.code}:${f.severity}`);
}

function createText(name: string): string {
  return `POST ${CREATE}\n\n${JSON.stringify(adsetBody({ name }), null, 2)}\n`;
}

function refused(sent: Sent, rule: string, code: number): void {
  assertEnvelope(sent, 400, code);
  assert.equal(sent.headers['x-graphreq-rule'], rule, sent.text.slice(0, 300));
}

describe('[2] Create an ad set: a name made of emoji (a character is a code point)', () => {
  it('400 emoji are a name, 401 are one too many, in check and in the emulator', async () => {
    const emu = await startTest();
    const rockets = (n: number): string => '🚀'.repeat(n);
    assert.deepEqual(checkCodes(createText(rockets(400))), []);
    assert.equal((await emu.post(CREATE, { json: adsetBody({ name: rockets(400) }) })).status, 200);
    assert.deepEqual(checkCodes(createText(rockets(401))), ['ADSET-NAME-MAX:error']);
    refused(await emu.post(CREATE, { json: adsetBody({ name: rockets(401) }) }), 'ADSET-NAME-MAX', 100);
  });

  it('a sequence drawn as one picture counts its code points: 80 families of five fit, 81 do not', async () => {
    const emu = await startTest();
    const family = '👨\u200d👩\u200d👧';
    assert.equal([...family].length, 5);
    assert.deepEqual(checkCodes(createText(family.repeat(80))), []);
    assert.equal((await emu.post(CREATE, { json: adsetBody({ name: family.repeat(80) }) })).status, 200);
    assert.deepEqual(checkCodes(createText(family.repeat(81))), ['ADSET-NAME-MAX:error']);
    refused(await emu.post(CREATE, { json: adsetBody({ name: family.repeat(81) }) }), 'ADSET-NAME-MAX', 100);
  });
});

describe('[2] Create an ad set: a name of white space only is no name (docs/rules.md, ADSET-NAME-REQUIRED)', () => {
  it('an error in check, 100 from the emulator at creation and at an update', async () => {
    const emu = await startTest();
    assert.deepEqual(checkCodes(createText('   ')), ['ADSET-NAME-REQUIRED:error']);
    refused(await emu.post(CREATE, { json: adsetBody({ name: '   ' }) }), 'ADSET-NAME-REQUIRED', 100);
    refused(await emu.post(CREATE, { form: adsetBody({ name: '\t \n' }) }), 'ADSET-NAME-REQUIRED', 100);
    const made = await emu.post(CREATE, { json: adsetBody({ name: 'Kept' }) });
    assert.equal(made.status, 200, made.text);
    refused(await emu.post(`/v23.0/${made.body.id}`, { form: { name: '  ' } }), 'ADSET-NAME-REQUIRED', 100);
    assert.equal((await emu.post(CREATE, { json: adsetBody({ name: ' Spaced ' }) })).status, 200);
  });
});

describe('[2] Create an ad set: adset_schedule days is required, so not empty (docs/rules.md, ADSET-SCHEDULE-ITEM)', () => {
  it('days [] is an error in check, 100 from the emulator; one day passes both', async () => {
    const emu = await startTest();
    const schedule = (days: number[]) => ({ adset_schedule: [{ start_minute: 0, end_minute: 60, days }] });
    const text = (days: number[]) => `POST ${CREATE}\n\n${JSON.stringify(adsetBody({ name: 'Night', ...schedule(days) }))}\n`;
    assert.deepEqual(checkCodes(text([])), ['ADSET-SCHEDULE-ITEM:error']);
    refused(await emu.post(CREATE, { json: adsetBody({ name: 'Night', ...schedule([]) }) }), 'ADSET-SCHEDULE-ITEM', 100);
    assert.deepEqual(checkCodes(text([0])), []);
    assert.equal((await emu.post(CREATE, { json: adsetBody({ name: 'Night', ...schedule([0]) }) })).status, 200);
  });
});

describe('A JSON body with a key written twice: the last one counts (docs/rules.md, REQ-DUPLICATE-PARAM)', () => {
  it('a warning in check; the emulator takes the last, as JSON.parse and graphreq send do', async () => {
    const emu = await startTest();
    const members = JSON.stringify(adsetBody({ name: 'First' })).slice(1, -1);
    const body = `{${members}, "name": "Second"}`;
    assert.deepEqual(checkCodes(`POST ${CREATE}\n\n${body}\n`), ['REQ-DUPLICATE-PARAM:warning']);
    const made = await emu.post(CREATE, { body, contentType: 'application/json' });
    assert.equal(made.status, 200, made.text);
    assert.equal((await emu.get(`/v23.0/${made.body.id}?fields=name`)).body.name, 'Second');
  });
});

describe('[1] Refresh a URL node: scrape=TRUE is not true', () => {
  for (const written of ['TRUE', 'True', '1']) {
    it(`scrape=${written}: an error in check, 100 from the emulator`, async () => {
      const emu = await startTest();
      const path = `/v23.0/?id=https%3A%2F%2Fexample.com%2F&scrape=${written}`;
      assert.ok(checkCodes(`POST ${path}\n`).includes('URL-SCRAPE-REQUIRED:error'), checkCodes(`POST ${path}\n`).join());
      refused(await emu.post(path), 'URL-SCRAPE-REQUIRED', 100);
    });
  }
  it('scrape=true refreshes', async () => {
    const emu = await startTest();
    assert.deepEqual(checkCodes('POST /v23.0/?id=https%3A%2F%2Fexample.com%2F&scrape=true\n'), []);
    assert.deepEqual((await emu.post('/v23.0/?id=https%3A%2F%2Fexample.com%2F&scrape=true')).body, { success: true });
  });
});

describe('[3] Versioning: a malformed version is no version', () => {
  for (const version of ['v23', 'V23.0', 'v23.0.1']) {
    it(`${version}: REQ-VERSION-FORMAT in check, 2635 from the emulator, never read as v23.0`, async () => {
      const emu = await startTest();
      const path = `/${version}/23850000000000001?fields=id`;
      assert.ok(checkCodes(`GET ${path}\n`).includes('REQ-VERSION-FORMAT:error'), checkCodes(`GET ${path}\n`).join());
      refused(await emu.get(path), 'REQ-VERSION-FORMAT', 2635);
    });
  }
});

describe('[1] Limits: "per URL" compares the scheme and host without case, the path with it', () => {
  it('the emulator counts https://EXAMPLE.com/post and https://example.com/post as one URL, /POST as another', async () => {
    const emu = await startTest();
    const read = (url: string): Promise<Sent> => emu.get(`/v23.0/?id=${encodeURIComponent(url)}&fields=engagement`);
    for (let i = 0; i < 10; i++) assert.equal((await read(i % 2 ? 'https://EXAMPLE.com/post' : 'HTTPS://example.com/post')).status, 200);
    assertLimitEnvelope(await read('https://example.com/post'), 613);
    assert.equal((await read('https://example.com/POST')).status, 200, 'another path is another URL');
  });

  it('check counts the reads of a file the same way', () => {
    const reads = Array.from({ length: 11 }, (_, i) => `GET /v23.0/?id=${i % 2 ? 'https://EXAMPLE.com/post' : 'https://example.com/post'}&fields=engagement\n`).join('\n###\n');
    assert.deepEqual(checkCodes(reads), ['URL-READ-RATE:warning']);
    const other = Array.from({ length: 11 }, (_, i) => `GET /v23.0/?id=https://example.com/${i === 10 ? 'POST' : 'post'}&fields=engagement\n`).join('\n###\n');
    assert.deepEqual(checkCodes(other), []);
  });
});
