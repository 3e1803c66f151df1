/**
 * The data file (docs/emulator.md, State and persistence): changes are appended, not rewritten; a
 * file that is not emulator state is refused at start with one line; a line cut by a crash is
 * dropped; a file of the earlier format is converted; a second server on the same file is refused;
 * the file is compacted once appends outgrow it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { startEmulator } from '../../server/src/emulator';
import { SEED, seedState } from '../../server/src/emulator/seed';
import { readStateFile } from '../../server/src/emulator/store';
import { adsetBody, closeAllEmulators, startTest } from './harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-state-file-'));
let n = 0;
const fresh = (): string => path.join(dir, `state-${++n}.json`);
after(async () => {
  await closeAllEmulators();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The one-line error of a refused start. */
async function refusal(file: string): Promise<string> {
  try {
    const e = await startEmulator({ port: 0, dataFile: file });
    await e.close();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${file} was accepted`);
}

describe('state file', () => {
  it('appends each change instead of rewriting the file', async () => {
    const file = fresh();
    const emu = await startTest({ dataFile: file });
    const before = fs.readFileSync(file);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ name: `Appended ${i}` }) });
      assert.equal(r.status, 200, r.text);
      ids.push(r.body.id);
      const now = fs.readFileSync(file);
      // The file only grew: what was there is untouched, and the new line holds this ad set and little else.
      assert.ok(now.subarray(0, before.length).equals(before), 'earlier bytes unchanged');
      const added = now.subarray(now.length - (now.length - before.length)).toString('utf8').trim().split('\n').pop()!;
      assert.ok(added.includes(`Appended ${i}`));
      assert.ok(Buffer.byteLength(added) < 4000, `one short line per change, not the whole state (${Buffer.byteLength(added)} bytes)`);
    }
    await emu.emulator.close();
    const state = readStateFile(file);
    assert.deepEqual(ids.map((id) => state.adsets[id].name), [0, 1, 2, 3, 4].map((i) => `Appended ${i}`));
  });

  it('refuses at start, in one line, a file that is not emulator state', async () => {
    const cases: Array<[string, RegExp]> = [
      ['{"format":1,"adsets":{}}', /"lastIds" is missing/],
      ['my notes, not JSON', /not JSON/],
      ['{"format": 99}', /"format" must be 1/],
      [JSON.stringify({ ...seedState(), adsets: { '1': { id: '1' } } }), /adsets\["1"\]\.account_id/],
      [JSON.stringify({ ...seedState(), ads: {} }), /ad_ids names the ad/],
      [JSON.stringify({ ...seedState(), lastIds: { ...seedState().lastIds, adset: '1' } }), /lastIds\.adset/],
      [JSON.stringify({ ...seedState(), urls: { x: { url: 'x', engagement: { share_count: 'many' } } } }), /engagement\.comment_count/],
      ['{"graphreq":"emulator-state","format":2,"collections":["adsets"]}\n{"b":[["p","adsets","1",{"id":"1"}]]}\n', /adsets\["1"\]/],
      ['{"graphreq":"emulator-state","format":2,"collections":["adsets"]}\nnot json\n{"b":[]}\n', /line 2 is damaged/],
      ['{"graphreq":"emulator-state","format":3,"collections":[]}\n', /format 3/],
    ];
    for (const [text, problem] of cases) {
      const file = fresh();
      fs.writeFileSync(file, text);
      const message = await refusal(file);
      assert.match(message, problem, text.slice(0, 80));
      assert.match(message, /not emulator state/);
      assert.doesNotMatch(message, /\n/, 'one line');
      assert.equal(fs.readFileSync(file, 'utf8'), text, 'the file is left as it was');
      assert.equal(fs.existsSync(`${file}.lock`), false, 'no lock is left behind');
    }
  });

  it('drops a last line cut short by a crash, and goes on appending after it', async () => {
    const file = fresh();
    const emu = await startTest({ dataFile: file });
    const kept = (await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ name: 'Before the crash' }) })).body.id;
    await emu.emulator.close();
    fs.appendFileSync(file, '{"b":[["p","adsets","238500000000099');
    const again = await startTest({ dataFile: file });
    assert.deepEqual((await again.get(`/v23.0/${kept}?fields=name`)).body, { name: 'Before the crash', id: kept });
    const after = (await again.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ name: 'After the crash' }) })).body.id;
    await again.emulator.close();
    assert.equal(readStateFile(file).adsets[after].name, 'After the crash');
  });

  it('converts a file of the earlier format (one JSON object), keeping its records', async () => {
    const file = fresh();
    const old = seedState();
    old.adsets[SEED.adsets.withThreeAds].name = 'Renamed in the old file';
    fs.writeFileSync(file, JSON.stringify(old));
    const emu = await startTest({ dataFile: file });
    assert.deepEqual((await emu.get(`/v23.0/${SEED.adsets.withThreeAds}?fields=name`)).body, { name: 'Renamed in the old file', id: SEED.adsets.withThreeAds });
    await emu.emulator.close();
    assert.match(fs.readFileSync(file, 'utf8'), /^\{"graphreq":"emulator-state","format":2/);
  });

  it('compacts the file once appends outgrow it, keeping every record', async () => {
    const file = fresh();
    const emu = await startTest({ dataFile: file });
    const ids: string[] = [];
    let biggest = 0;
    // Each update appends the whole ad set, here with 4 KB of notes: 600 of them pass the 1 MiB threshold twice.
    // (bid_amount from 2: an update is held to the creation's rules, and 2 is the minimum for IMPRESSIONS.)
    for (let i = 0; i < 600; i++) {
      const r = await emu.post(`/v23.0/${SEED.adsets.withThreeAds}`, { json: { notes: `${i} ${'n'.repeat(4000)}`, bid_amount: i + 2 } });
      assert.equal(r.status, 200, r.text);
      biggest = Math.max(biggest, fs.statSync(file).size);
      if (i % 100 === 0) ids.push((await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ name: `Kept ${i}` }) })).body.id);
    }
    const size = fs.statSync(file).size;
    assert.ok(size < biggest, `compacted: ${size} bytes now, ${biggest} at most`);
    await emu.emulator.close();
    const state = readStateFile(file);
    assert.equal(state.adsets[SEED.adsets.withThreeAds].params.bid_amount, 601);
    for (const id of ids) assert.match(state.adsets[id].name, /^Kept /);
  });
});

describe('one server per data file', () => {
  it('refuses a second emulator on the same file while the first runs, and takes over a stale lock', async () => {
    const file = fresh();
    const first = await startTest({ dataFile: file });
    assert.match(await refusal(file), new RegExp(`in use by another emulator \\(process ${process.pid}\\)`));
    await first.emulator.close();
    assert.equal(fs.existsSync(`${file}.lock`), false);
    // A lock left by a process that is gone (kill -9) does not stop the next start.
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname() }));
    const second = await startTest({ dataFile: file });
    assert.equal((await second.get(`/v23.0/${SEED.adsets.withThreeAds}`)).status, 200);
  });
});
