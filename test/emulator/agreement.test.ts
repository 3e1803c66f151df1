/**
 * Requests written from the documents' words, checked by the editor as `graphreq check` checks them
 * (no environment file: requests go to graphreq's emulator) and sent to the emulator over HTTP: an
 * editor error must mean a refusal, a clean request an acceptance (docs/rules.md, "The editor and the
 * service agree"). Each pair here disagreed once; consistency.test.ts holds the rule tables to the
 * same contract.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findingsOf } from '../helpers';
import { adsetBody, closeAllEmulators, startTest, type SendOptions, type TestEmulator } from './harness';

interface Probe {
  name: string;
  /** The request as a .graphreq file writes it. */
  text: string;
  /** The same request over HTTP. */
  method: string;
  path: string;
  send?: SendOptions;
}

const FR = { targeting: { geo_locations: { countries: ['FR'] } } };

function create(account: string, members: Record<string, unknown>): Pick<Probe, 'text' | 'method' | 'path' | 'send'> {
  const body = adsetBody(members);
  const path = `/v23.0/act_${account}/adsets`;
  return { text: `POST ${path}\n\n${JSON.stringify(body, null, 2)}\n`, method: 'POST', path, send: { form: body } };
}

function read(path: string): Pick<Probe, 'text' | 'method' | 'path'> {
  return { text: `GET ${path}\n`, method: 'GET', path };
}

const probes: Probe[] = [
  // [2] Regional-regulation rules 3: the seeded account's saved defaults fill what is left out.
  { name: 'EU ad set in the seeded account, without payor and beneficiary', ...create('1000000001', FR) },
  { name: 'EU ad set in the seeded account, payor only', ...create('1000000001', { ...FR, dsa_payor: 'Librairie Exemple SARL' }) },
  { name: 'EU ad set in the seeded account, an empty payor', ...create('1000000001', { ...FR, dsa_payor: '' }) },
  // [2] Regional-regulation rules 4: no saved default, 100 / 3858079.
  { name: 'EU ad set in an account without defaults', ...create('1234567890', FR) },
  // [1] Read a URL node: an `id` or `ids` that names no URL reads nothing.
  { name: 'URL read with an empty id', ...read('/v23.0/?id=&fields=engagement') },
  { name: 'URL read with an empty ids', ...read('/v23.0/?ids=&fields=engagement') },
  { name: 'URL read with ids of commas only', ...read('/v23.0/?ids=,') },
  { name: 'URL read with ids and an empty entry', ...read('/v23.0/?ids=https://example.com/post,&fields=engagement') },
];

describe('the editor (as graphreq check) and the emulator agree', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startTest();
  });
  after(closeAllEmulators);

  for (const p of probes) {
    it(p.name, async () => {
      const errors = findingsOf(p.text).filter((f) => f.severity === 'error');
      const sent = await emu.send(p.method, p.path, p.send);
      const refused = sent.status >= 400;
      assert.equal(
        refused,
        errors.length > 0,
        `editor: ${errors.map((f) => `${f.code} ${f.message}`).join('; ') || 'no error'}; service: ${sent.status} ${sent.text.slice(0, 300)}`,
      );
      if (refused) assert.equal(sent.headers['x-graphreq-rule'], errors[0].code, 'the service names the rule the editor reports');
    });
  }
});
