/**
 * Floods against `graphreq serve` (issue 15: "the emulator keeps its speed"): many distinct URLs,
 * long URLs, refused calls from the public demo-token, and ad set creations into a data file that
 * already holds 9,000 ad sets. Each holds the throughput of its later seconds to a floor measured as
 * a ratio against its first second, and the creation flood also against the same flood on a file
 * holding only the seed data.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { SEED, seedState } from '../../server/src/emulator/seed';
import { adsetBody } from '../emulator/harness';
import { UNLIMITED } from '../emulator/load';
import { killServers, portOf, serve, type ServeRun } from '../emulator/serveProcess';
import { flood, report, rssMiB, throughputRatios, type FloodResult } from './flood';
import { stressOnly } from './stressGate';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-stress-'));
after(() => {
  killServers();
  fs.rmSync(dir, { recursive: true, force: true });
});

const SECONDS = 10;
const CLIENTS = 16;
/** Requests before the first counted second: it then measures a warm server, not the JIT warming up. */
const WARMUP = 500;
/** The many-URL floods warm up on fewer requests (2,500 URLs), so that the first second is measured before the counters pile up. */
const URL_WARMUP = 100;
/** A gross bound on the server's resident memory: 100,000 counters take about 70 MB; unbounded ones took gigabytes. */
const MAX_RSS_MIB = 600;
/** The later seconds keep at least half the first second's throughput in their median, and never stall (0.15). */
const FLOOR = { median: 0.5, worst: 0.15 };

function configFile(name: string, config: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(config));
  return file;
}

async function started(args: string[]): Promise<{ run: ServeRun; port: number }> {
  const run = serve(['--port', '0', '--quiet', ...args]);
  return { run, port: portOf(await run.url) };
}

async function stop(run: ServeRun): Promise<void> {
  run.child.kill('SIGTERM');
  assert.equal((await run.exit).code, 0);
}

function holdsFloor(r: FloodResult): void {
  const ratios = throughputRatios(r.perSecond);
  assert.equal(r.failures, 0, 'every request answered');
  for (const status of Object.keys(r.statuses)) assert.ok(Number(status) < 500, `no ${status} answers`);
  assert.ok(ratios.median >= FLOOR.median, `median second at ${ratios.median.toFixed(2)} of the first (${r.perSecond.join(' ')})`);
  assert.ok(ratios.worst >= FLOOR.worst, `worst second at ${ratios.worst.toFixed(2)} of the first (${r.perSecond.join(' ')})`);
}

/** 25 distinct URLs per request, so a flood counts well over a hundred thousand of them. */
function manyUrls(n: number): { path: string } {
  const ids = Array.from({ length: 25 }, (_, k) => encodeURIComponent(`https://flood.example/page-${n * 25 + k}`));
  return { path: `/v23.0/?ids=${ids.join(',')}&fields=id` };
}

describe('floods keep the emulator fast', stressOnly, () => {
  it('many distinct URLs, read within the quotas: per-URL counters stay cheap and bounded', async (t) => {
    const { run, port } = await started(['--config', configFile('unlimited.json', UNLIMITED)]);
    const r = await flood({ port, seconds: SECONDS, clients: CLIENTS, warmup: URL_WARMUP, request: manyUrls });
    const rss = rssMiB(run.child.pid!);
    t.diagnostic(report('many-URL flood', r, `; ${r.total * 25} URLs; server RSS ${rss} MiB`));
    holdsFloor(r);
    assert.equal(r.statuses[200], r.total);
    if (rss !== undefined) assert.ok(rss < MAX_RSS_MIB, `server RSS ${rss} MiB`);
    await stop(run);
  });

  it('many distinct URLs from the public demo-token, refused by its limits: refusals stay cheap', async (t) => {
    const { run, port } = await started([]);
    const r = await flood({ port, seconds: SECONDS, clients: CLIENTS, warmup: URL_WARMUP, request: manyUrls });
    t.diagnostic(report('refused many-URL flood', r, `; server RSS ${rssMiB(run.child.pid!)} MiB`));
    holdsFloor(r);
    assert.ok((r.statuses[403] ?? 0) + (r.statuses[400] ?? 0) > r.total / 2, 'most calls refused by the rate limits');
    await stop(run);
  });

  it('distinct URLs of 15,000 characters (read) and 20,000 (refused by the id limit): long keys cost nothing more', async (t) => {
    const { run, port } = await started(['--config', configFile('unlimited.json', UNLIMITED)]);
    // Strings of 16,384 characters and more all share one hash in V8: as counter keys they used to pile into one bucket.
    const padding = (n: number): string => 'x'.repeat(n % 2 ? 20_000 : 15_000);
    const r = await flood({ port, seconds: SECONDS, clients: CLIENTS, warmup: WARMUP, request: (n) => ({ path: `/v23.0/?id=${encodeURIComponent(`https://flood.example/${n}/${padding(n)}`)}&fields=id` }) });
    const rss = rssMiB(run.child.pid!);
    t.diagnostic(report('long-URL flood', r, `; server RSS ${rss} MiB`));
    holdsFloor(r);
    assert.ok(Math.abs((r.statuses[200] ?? 0) - (r.statuses[400] ?? 0)) <= CLIENTS * 2, 'half read, half refused');
    if (rss !== undefined) assert.ok(rss < MAX_RSS_MIB, `server RSS ${rss} MiB`);
    await stop(run);
  });

  it('ad set creations into a data file holding 9,000 ad sets: as fast as into a fresh one', async (t) => {
    const config = configFile('unlimited.json', UNLIMITED);
    const create = (): { method: string; path: string; body: string } => ({ method: 'POST', path: '/v23.0/act_1234567890/adsets', body: JSON.stringify(adsetBody({ name: 'Flood' })) });
    const fresh = await started(['--config', config, '--data', path.join(dir, 'fresh.json')]);
    const small = await flood({ port: fresh.port, seconds: SECONDS, clients: CLIENTS, warmup: WARMUP, request: create });
    await stop(fresh.run);
    const bigFile = path.join(dir, 'big.json');
    fs.writeFileSync(bigFile, JSON.stringify(stateWithAdSets(9000)));
    const big = await started(['--config', config, '--data', bigFile]);
    const large = await flood({ port: big.port, seconds: SECONDS, clients: CLIENTS, warmup: WARMUP, request: create });
    await stop(big.run);
    const mean = (r: FloodResult): number => r.total / SECONDS;
    t.diagnostic(report('creations, fresh file', small));
    t.diagnostic(report('creations, 9,000 ad sets', large, `; ${(mean(large) / mean(small)).toFixed(2)} of the fresh file's mean; file ${(fs.statSync(bigFile).size / 1048576).toFixed(1)} MiB`));
    holdsFloor(small);
    holdsFloor(large);
    assert.equal(large.statuses[200], large.total);
    assert.ok(mean(large) >= 0.5 * mean(small), `${mean(large).toFixed(0)} creations/s with 9,000 ad sets, ${mean(small).toFixed(0)} with the seed`);
  });
});

/** The seed data plus `n` ad sets in one account, as a file of the earlier format (converted on start). */
function stateWithAdSets(n: number): unknown {
  const state = seedState();
  let id = BigInt(state.lastIds.adset);
  for (let i = 0; i < n; i++) {
    id++;
    const adset = { id: String(id), account_id: '1234567890', campaign_id: SEED.campaigns.OUTCOME_AWARENESS, name: `Preloaded ${i}`, configured_status: 'PAUSED' as const, created_time: 1_760_000_000_000, start_time: 1_760_000_000_000, end_time: 0, params: { daily_budget: 2000, billing_event: 'IMPRESSIONS', optimization_goal: 'REACH', targeting: { geo_locations: { countries: ['US'] } } }, ad_ids: [] };
    state.adsets[adset.id] = adset;
  }
  state.lastIds.adset = String(id);
  return state;
}
