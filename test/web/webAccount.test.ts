/**
 * The account context of the web build (server/src/web/workerAccount.ts): the in-worker emulator's
 * current state, as the desktop's is the embedded emulator's state file. A campaign created by a send
 * is known to the ad sets written next (no ADSET-CAMPAIGN-UNKNOWN), and a new window reads the state
 * the client kept before anything is sent. It was the seed data's, whatever the emulator held.
 */
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FOLDER, startWebServer, type ClientStorage, type WebServer } from './sandboxLsp';

interface Diagnostic {
  code?: string | { value: string };
  message: string;
}

const CAMPAIGN_FILE = `${FOLDER}/campaign.graphreq`;
// The emulator creates a campaign with an ad set that describes it (`campaign_spec`); the second request reads its id.
const campaignText = `### Ad set in a new campaign
# @name created
POST /v23.0/act_1000000001/adsets

{ "name": "First", "campaign_spec": { "name": "Web campaign", "objective": "OUTCOME_AWARENESS", "buying_type": "AUCTION", "special_ad_categories": [] }, "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }

### Its campaign
GET /v23.0/{{created.response.body.id}}?fields=campaign_id
`;

const adsetText = (campaignId: string): string => `### Ad set
POST /v23.0/act_1000000001/adsets

{ "name": "In the new campaign", "campaign_id": "${campaignId}", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }
`;

const codeOf = (d: Diagnostic): string | undefined => (typeof d.code === 'object' ? d.code.value : d.code);

/** The diagnostics pushed for each document, and a wait for the first push that satisfies a test. */
function diagnosticsOf(setup: (on: (uri: string, diagnostics: Diagnostic[]) => void) => void) {
  const latest = new Map<string, Diagnostic[]>();
  const waiting: Array<{ uri: string; test: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }> = [];
  setup((uri, diagnostics) => {
    latest.set(uri, diagnostics);
    for (const w of [...waiting]) if (w.uri === uri && w.test(diagnostics)) waiting.splice(waiting.indexOf(w), 1), w.resolve(diagnostics);
  });
  return {
    until(uri: string, test: (d: Diagnostic[]) => boolean, what: string, ms = 20_000): Promise<Diagnostic[]> {
      const now = latest.get(uri);
      if (now && test(now)) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${what}: last ${JSON.stringify(latest.get(uri)?.map(codeOf))}`)), ms);
        waiting.push({ uri, test, resolve: (d) => (clearTimeout(timer), resolve(d)) });
      });
    },
  };
}

async function server(storage: ClientStorage, files: Record<string, string>) {
  let push: (uri: string, d: Diagnostic[]) => void = () => undefined;
  const diagnostics = diagnosticsOf((on) => (push = on));
  const s = await startWebServer({
    files,
    storage,
    setup: (c) => c.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => push(p.uri, p.diagnostics)),
  });
  const open = (uri: string, text: string): void => void s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text } });
  return { s, diagnostics, open };
}

const unknownCampaign = (d: Diagnostic[]): boolean => d.some((x) => codeOf(x) === 'ADSET-CAMPAIGN-UNKNOWN');

describe('the web build checks against the in-worker emulator\'s state', () => {
  const storage: ClientStorage = { stored: true, text: null, writes: 0 };
  let first: Awaited<ReturnType<typeof server>>;
  let campaignId = '';

  before(async () => {
    first = await server(storage, { [CAMPAIGN_FILE]: campaignText });
    first.open(CAMPAIGN_FILE, campaignText);
  });
  after(() => first.s.stop());

  it('an ad set in a campaign the emulator does not hold gets the hint; once a send creates the campaign, it does not', async () => {
    const send = (index: number) =>
      first.s.connection.sendRequest<{ results: Array<{ status: number | null; body: { id?: string; campaign_id?: string } }> }>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri: CAMPAIGN_FILE, index }] });
    const created = (await send(0)).results[0];
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const read = (await send(1)).results[0];
    assert.equal(read.status, 200, JSON.stringify(read.body));
    campaignId = read.body.campaign_id ?? '';
    assert.match(campaignId, /^\d+$/);

    // A campaign nobody created: the rule is on, and says so.
    const elsewhere = `${FOLDER}/elsewhere.graphreq`;
    first.open(elsewhere, adsetText('120299999999999999'));
    await first.diagnostics.until(elsewhere, unknownCampaign, 'an unknown campaign gets ADSET-CAMPAIGN-UNKNOWN');

    const adset = `${FOLDER}/adset.graphreq`;
    first.open(adset, adsetText(campaignId));
    const d = await first.diagnostics.until(adset, () => true, 'the ad set is checked');
    assert.equal(unknownCampaign(d), false, JSON.stringify(d));
    assert.deepEqual(first.s.sandbox.errors, []);
  });

  it('a new window knows the campaign from the state the client kept, before anything is sent', async () => {
    assert.match(storage.text ?? '', /Web campaign/);
    const writes = storage.writes;
    const adset = `${FOLDER}/adset.graphreq`;
    const again = await server(storage, { [adset]: adsetText(campaignId) });
    try {
      again.open(adset, adsetText(campaignId));
      await again.diagnostics.until(adset, (d) => !unknownCampaign(d), 'the kept state is read and the ad set checked against it');
      // Reading the kept state writes nothing.
      assert.equal(storage.writes, writes);
    } finally {
      again.s.stop();
    }
  });

  it('a window whose client keeps nothing checks against the seed data, and writes nothing', async () => {
    const none: ClientStorage = { stored: true, text: null, writes: 0 };
    const adset = `${FOLDER}/adset.graphreq`;
    const fresh = await server(none, { [adset]: adsetText(campaignId) });
    try {
      fresh.open(adset, adsetText(campaignId));
      await fresh.diagnostics.until(adset, unknownCampaign, 'a campaign of another window is not known');
      assert.equal(none.writes, 0);
    } finally {
      fresh.s.stop();
    }
  });
});
