/**
 * Time in the emulator (docs/emulator.md, The clock): test mode's own endpoint moves the clock, so
 * that the regain times of [3] and "continued calling lengthens the wait" can be watched over HTTP;
 * and with --data a restart keeps the rate counters and the clock, so it does not lift a block.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { EmulatorClock, MAX_OFFSET_MS } from '../../server/src/emulator/clock';
import { assertEnvelope, assertLimitEnvelope, closeAllEmulators, startTest, usageHeader, type Sent, type TestEmulator } from './harness';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-clock-'));
after(async () => {
  await closeAllEmulators();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An ad account without ads: its ads-management quota is 300 calls an hour ([3] 300 + 40 x 0). */
const LIST = '/v23.0/act_31337/adsets?fields=id';

function advance(emu: TestEmulator, by: string): Promise<Sent> {
  return emu.post(`/__graphreq/clock?advance=${by}`, { token: null });
}

function regainMinutes(r: Sent): number {
  return usageHeader(r, 'X-Business-Use-Case-Usage')['31337'][0].estimated_time_to_regain_access;
}

describe('the test clock', () => {
  it('does not exist outside test mode: the reserved path answers 400 (100/33) like any unknown path', async () => {
    const emu = await startTest();
    assertEnvelope(await emu.get('/__graphreq/clock'), 400, 100, 33);
    assertEnvelope(await advance(emu, '1h'), 400, 100, 33);
  });

  it('moves forward by the duration asked, and only forward', async () => {
    const emu = await startTest({ config: { testClock: true } });
    const start = (await emu.get('/__graphreq/clock', { token: null })).body;
    assert.equal(start.offset_ms, 0);
    assert.equal(start.now, new Date(emu.clock.t).toISOString());
    const moved = await advance(emu, '90m');
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.offset_ms, 90 * 60_000);
    assert.equal(moved.body.now_ms, emu.clock.t + 90 * 60_000);
    assert.equal((await emu.post('/__graphreq/clock', { token: null, json: { advance: 1500 } })).body.offset_ms, 90 * 60_000 + 1500);
    for (const bad of ['-5m', 'soon', '1y', '']) assertEnvelope(await advance(emu, bad), 400, 100);
    // Browser pages of other origins cannot move it either.
    assertEnvelope(await emu.post('/__graphreq/clock?advance=1h', { token: null, headers: { Origin: 'https://evil.example' } }), 403, 100);
  });

  it('moves at most a hundred years ahead in all: a further advance is refused and every call still answers', async () => {
    const emu = await startTest({ config: { testClock: true } });
    for (let i = 0; i < 10; i++) assert.equal((await advance(emu, '3650d')).status, 200);
    const refused = await advance(emu, '3650d');
    assertEnvelope(refused, 400, 100);
    assert.match(refused.text, /36500 days ahead already and moves at most 36500 days ahead in all: 0 days are left/);
    assert.equal((await emu.get('/__graphreq/clock', { token: null })).body.offset_ms, MAX_OFFSET_MS);
    // A hundred years on, v23.0 has expired: the call is answered as such (2635), not with a 500.
    assertEnvelope(await emu.get(LIST), 400, 2635);
    // A data file written before the bound (or edited) is read with the bound.
    assert.equal(new EmulatorClock(() => 0, 28_000 * 3650 * 86_400_000).offset, MAX_OFFSET_MS);
    assert.equal(new EmulatorClock(() => 0, Number.NaN).offset, 0);
  });

  it('shows the documented regain times, and a longer wait for a client that keeps calling ([3] LIMIT-BLOCK)', async () => {
    const patient = await startTest({ config: { testClock: true } });
    const hammering = await startTest({ config: { testClock: true } });
    for (const emu of [patient, hammering]) {
      for (let i = 0; i < 300; i++) assert.equal((await emu.get(LIST)).status, 200);
      const refused = await emu.get(LIST);
      assertLimitEnvelope(refused, 80004, 2446079);
      assert.equal(regainMinutes(refused), 60);
      assert.equal((await advance(emu, '45m')).status, 200);
      const later = await emu.get(LIST);
      assertLimitEnvelope(later, 80004, 2446079);
      assert.equal(regainMinutes(later), 15);
    }
    // The hammering client goes on calling through the 59th minute: every refused call counts.
    assert.equal((await advance(hammering, '14m')).status, 200);
    for (let i = 0; i < 300; i++) assertLimitEnvelope(await hammering.get(LIST), 80004, 2446079);
    await advance(patient, '15m');
    await advance(hammering, '1m');
    // An hour after the first calls, the patient client is served again...
    assert.equal((await patient.get(LIST)).status, 200);
    // ...while the hammering one is still blocked, until its refused calls of the 59th minute leave the window.
    const still = await hammering.get(LIST);
    assertLimitEnvelope(still, 80004, 2446079);
    assert.equal(regainMinutes(still), 59);
    await advance(hammering, '59m');
    assert.equal((await hammering.get(LIST)).status, 200);
  });
});

describe('rate counters with --data', () => {
  it('keep a block across a restart, together with the test clock', async () => {
    const file = path.join(dir, 'blocked.json');
    // Test mode: 3 calls per minute for an account without ads.
    const config = { testMode: true, testClock: true };
    const first = await startTest({ dataFile: file, config });
    for (let i = 0; i < 3; i++) assert.equal((await first.get(LIST)).status, 200);
    await advance(first, '20s');
    assertLimitEnvelope(await first.get(LIST), 80004, 2446079);
    await first.emulator.close();

    const second = await startTest({ dataFile: file, config });
    assert.equal((await second.get('/__graphreq/clock', { token: null })).body.offset_ms, 20_000);
    const refused = await second.get(LIST);
    assertLimitEnvelope(refused, 80004, 2446079);
    assert.equal(usageHeader(refused, 'X-Business-Use-Case-Usage')['31337'][0].call_count, 166);
    // The first three calls leave the window 60 s after they were made; the two refused ones still count.
    await advance(second, '40s');
    assert.equal((await second.get(LIST)).status, 200);
  });
});
