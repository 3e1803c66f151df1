/**
 * The language server reads graphreq.env.json from the document's folder up to its workspace
 * folder, never above it: a file in a parent folder of the workspace changes nothing (here, the
 * account defaults that would silence ADSET-DSA-REQUIRED).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { LspClient } from './lspClient';

const EU = 'POST /v23.0/act_1234567890/adsets\n\n{ "name": "x", "campaign_id": "120200000000000001", "daily_budget": 2000, "targeting": { "geo_locations": { "countries": ["FR"] } } }\n';
const DEFAULTS = JSON.stringify({ $shared: { default_dsa_payor: 'Acme SA', default_dsa_beneficiary: 'Acme SA' } });

describe('graphreq.env.json within the workspace folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-envscope-'));
  const folder = path.join(dir, 'ws');
  const client = new LspClient();
  before(async () => {
    fs.mkdirSync(path.join(folder, 'inner'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), DEFAULTS);
    fs.writeFileSync(path.join(folder, 'inner', 'graphreq.env.json'), DEFAULTS);
    await client.initialize(pathToFileURL(folder).href);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ignores a file above the workspace folder', async () => {
    const diagnostics = await client.open(pathToFileURL(path.join(folder, 'top.graphreq')).href, EU);
    assert.equal(diagnostics.diagnostics.filter((d) => d.code === 'ADSET-DSA-REQUIRED').length, 2);
  });

  it('reads one between the document and the workspace folder', async () => {
    const diagnostics = await client.open(pathToFileURL(path.join(folder, 'inner', 'deep.graphreq')).href, EU);
    assert.deepEqual(diagnostics.diagnostics.filter((d) => d.code === 'ADSET-DSA-REQUIRED'), []);
  });
});
