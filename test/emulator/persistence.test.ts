/**
 * State in a data file (`--data FILE`): everything answered survives a restart, concurrent writes
 * are all kept, and a write cut short (a crash mid-write, a failing disk) leaves the old file
 * intact and loadable.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { startEmulator, type EmulatorConfig } from '../../server/src/emulator';
import { realFs, writeFileAtomic, type WriteFs } from '../../server/src/files/atomicWrite';
import { SEED } from '../../server/src/emulator/seed';
import { nextId } from '../../server/src/emulator/state';
import { readStateFile, Store } from '../../server/src/emulator/store';
import { realLogIo, type LogIo } from '../../server/src/emulator/storage/stateLog';
import { adsetBody, closeAllEmulators, startTest, TestClock } from './harness';
import { UNLIMITED, writeLoad } from './load';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-emulator-'));
after(async () => {
  await closeAllEmulators();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A file system whose writes stop half-way through the data, as a crash would leave them. */
function crashingFs(): WriteFs {
  return {
    ...realFs,
    async open(file, flags) {
      const handle = await realFs.open(file, flags);
      return {
        writeFile: async (data: string) => {
          await handle.writeFile(data.slice(0, Math.floor(data.length / 2)));
          throw new Error('simulated crash in the middle of the write');
        },
        sync: () => handle.sync(),
        close: () => handle.close(),
      };
    },
  };
}

describe('persistence', () => {
  it('keeps every ad set, copy, campaign and URL refresh across a restart', async () => {
    const file = path.join(dir, 'restart.json');
    const clock = new TestClock();
    const first = await startTest({ dataFile: file }, clock);
    const created = await first.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ name: 'Survives' }) });
    const inline = await first.post('/v23.0/act_1234567890/adsets', {
      json: adsetBody({ name: 'Inline', campaign_id: undefined, campaign_spec: { name: 'Kept campaign', objective: 'OUTCOME_AWARENESS', buying_type: 'AUCTION', special_ad_categories: [] } }),
    });
    const copy = await first.post(`/v23.0/${created.body.id}/copies`, { json: { rename_options: { rename_prefix: 'Copy of ' } } });
    clock.advance(5000);
    await first.post('/v23.0/?id=https%3A%2F%2Fsurvives.example.net%2F&scrape=true');
    await first.send('DELETE', `/v23.0/${SEED.adsets.withFourAds}`);
    const concurrent = await Promise.all(Array.from({ length: 20 }, (_, i) => first.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ name: `Concurrent ${i}` }) })));
    await first.emulator.close();

    const second = await startTest({ dataFile: file }, clock);
    assert.deepEqual((await second.get(`/v23.0/${created.body.id}?fields=name,status`)).body, { name: 'Survives', status: 'PAUSED', id: created.body.id });
    assert.deepEqual((await second.get(`/v23.0/${copy.body.copied_adset_id}?fields=name`)).body, { name: 'Copy of Survives - Copy', id: copy.body.copied_adset_id });
    assert.equal((await second.get(`/v23.0/${inline.body.id}?fields=campaign{name}`)).body.campaign.name, 'Kept campaign');
    const refreshed = await second.get('/v23.0/?id=https://survives.example.net/&fields=og_object{type}');
    assert.deepEqual(refreshed.body, { og_object: { type: 'website', id: refreshed.body.og_object.id }, id: 'https://survives.example.net/' });
    // The delete survives: the ad set reads as DELETED (docs/emulator.md, Decisions) and is out of its account's list.
    assert.deepEqual((await second.get(`/v23.0/${SEED.adsets.withFourAds}?fields=configured_status`)).body, { configured_status: 'DELETED', id: SEED.adsets.withFourAds });
    assert.ok(!(await second.get(`/v23.0/act_${SEED.account}/adsets`)).body.data.some((a: { id: string }) => a.id === SEED.adsets.withFourAds));
    for (let i = 0; i < concurrent.length; i++) {
      assert.deepEqual((await second.get(`/v23.0/${concurrent[i].body.id}?fields=name`)).body, { name: `Concurrent ${i}`, id: concurrent[i].body.id });
    }
    // Ids go on from where they were, so nothing is overwritten.
    const next = await second.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ name: 'After restart' }) });
    const ids = new Set([created.body.id, inline.body.id, copy.body.copied_adset_id, ...concurrent.map((c) => c.body.id)]);
    assert.ok(!ids.has(next.body.id));
  });

  it('writes the seed data to a new file, which starts the next run', async () => {
    const file = path.join(dir, 'fresh.json');
    const emu = await startTest({ dataFile: file });
    await emu.emulator.close();
    const state = readStateFile(file);
    assert.equal(state.accounts[SEED.account].default_dsa_payor, 'Demo Payor Ltd');
    assert.ok(state.threads[SEED.thread]);
  });

  it('leaves the old file intact when a write stops half-way (a crash mid-write)', async () => {
    const file = path.join(dir, 'crash.json');
    fs.writeFileSync(file, '{"old":true}');
    await assert.rejects(writeFileAtomic(file, JSON.stringify({ new: 'x'.repeat(10000) }), { io: crashingFs() }), /simulated crash/);
    assert.equal(fs.readFileSync(file, 'utf8'), '{"old":true}');
    assert.deepEqual(fs.readdirSync(dir).filter((n) => n.startsWith('crash.json.tmp-')), []);
    await writeFileAtomic(file, '{"new":true}');
    assert.equal(fs.readFileSync(file, 'utf8'), '{"new":true}');
  });

  it('starts from the intact file when a crashed process left a partial temporary file, and removes it', async () => {
    const file = path.join(dir, 'leftover.json');
    const emu = await startTest({ dataFile: file });
    const created = await emu.post('/v23.0/act_1234567890/adsets', { json: adsetBody({ name: 'Before the crash' }) });
    await emu.emulator.close();
    const leftover = path.join(dir, 'leftover.json.tmp-99999-1');
    fs.writeFileSync(leftover, fs.readFileSync(file, 'utf8').slice(0, 100));
    const again = await startTest({ dataFile: file });
    assert.deepEqual((await again.get(`/v23.0/${created.body.id}?fields=name`)).body, { name: 'Before the crash', id: created.body.id });
    assert.equal(fs.existsSync(leftover), false);
  });

  it('reverts the change and fails the write when the disk fails, keeping the old file', async () => {
    const file = path.join(dir, 'failing.json');
    let failing = false;
    // A disk that takes half of the appended text, then fails.
    const io: LogIo = {
      append: async (handle, text) => {
        if (!failing) return realLogIo.append(handle, text);
        await handle.appendFile(text.slice(0, Math.floor(text.length / 2)));
        throw new Error('simulated disk failure in the middle of the write');
      },
    };
    const store = await Store.open(file, { io });
    const before = fs.readFileSync(file, 'utf8');
    failing = true;
    const lost = nextId(store.state, 'campaign');
    store.state.campaigns[lost] = { ...store.state.campaigns[SEED.campaigns.OUTCOME_SALES], id: lost };
    await assert.rejects(store.commit(), /could not save the emulator state/);
    assert.equal(store.state.campaigns[lost], undefined);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
    failing = false;
    const kept = nextId(store.state, 'campaign');
    assert.equal(kept, lost, 'the id of the lost change is handed out again');
    store.state.campaigns[kept] = { ...store.state.campaigns[SEED.campaigns.OUTCOME_SALES], id: kept, name: 'Kept' };
    await store.commit();
    await store.close();
    assert.equal(readStateFile(file).campaigns[kept].name, 'Kept');
  });

  it('closes while clients keep writing: in-progress writes finish, later calls get 503, nothing acknowledged is lost', async () => {
    const file = path.join(dir, 'closing.json');
    const emu = await startTest({ dataFile: file, config: UNLIMITED as Partial<EmulatorConfig> });
    const load = writeLoad(emu.emulator.port, 6);
    await load.acknowledged(100);
    await emu.emulator.close();
    await load.done;
    assert.deepEqual(load.unexpected, []);
    const state = readStateFile(file);
    for (const id of load.acked) assert.ok(state.adsets[id], `acknowledged ad set ${id} kept`);
  });

  it('refuses to start on a file that is not emulator state, and leaves it untouched', async () => {
    const file = path.join(dir, 'notes.json');
    fs.writeFileSync(file, 'my notes, not JSON');
    await assert.rejects(startEmulator({ port: 0, dataFile: file }), /not emulator state/);
    assert.equal(fs.readFileSync(file, 'utf8'), 'my notes, not JSON');
    fs.writeFileSync(file, '{"format": 99}');
    await assert.rejects(startEmulator({ port: 0, dataFile: file }), /not emulator state/);
  });
});
