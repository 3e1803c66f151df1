/**
 * Stopping `graphreq serve --data` under write load (issue 15 item 5): the first SIGTERM or SIGINT
 * stops it while 32 clients keep writing, round after round on the same file; and kill -9 in the
 * middle of writes loses no acknowledged ad set.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { readStateFile } from '../../server/src/emulator/store';
import { UNLIMITED, writeLoad } from '../emulator/load';
import { killServers, portOf, serve } from '../emulator/serveProcess';
import { stressOnly } from './stressGate';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-stress-stop-'));
const config = path.join(dir, 'unlimited.json');
fs.writeFileSync(config, JSON.stringify(UNLIMITED));
after(() => {
  killServers();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('stopping under write load', stressOnly, () => {
  it('stops on the first signal, round after round, keeping every acknowledged ad set', async (t) => {
    const data = path.join(dir, 'signals.json');
    const acked: string[] = [];
    for (const [round, signal] of (['SIGTERM', 'SIGINT', 'SIGTERM', 'SIGINT'] as const).entries()) {
      const run = serve(['--port', '0', '--quiet', '--data', data, '--config', config]);
      const load = writeLoad(portOf(await run.url), 32);
      await load.acknowledged(1000);
      const atSignal = load.acked.length;
      run.child.kill(signal);
      const { code, out } = await run.exit;
      await load.done;
      t.diagnostic(`round ${round + 1} (${signal}): ${atSignal} acknowledged before the signal, ${load.acked.length - atSignal} after`);
      assert.equal(code, 0);
      assert.match(out, new RegExp(`stopped \\(${signal}\\)`));
      assert.deepEqual(load.unexpected, []);
      assert.ok(load.acked.length - atSignal < 500, `${load.acked.length - atSignal} acknowledged after ${signal}`);
      acked.push(...load.acked);
    }
    const state = readStateFile(data);
    for (const id of acked) assert.ok(state.adsets[id], `acknowledged ad set ${id} kept`);
    assert.equal(new Set(acked).size, acked.length, 'no id acknowledged twice');
  });

  it('loses no acknowledged ad set to kill -9 in the middle of writes', async (t) => {
    const data = path.join(dir, 'killed.json');
    const acked: string[] = [];
    for (let round = 0; round < 8; round++) {
      const run = serve(['--port', '0', '--quiet', '--data', data, '--config', config]);
      const load = writeLoad(portOf(await run.url), 16);
      await load.acknowledged(200 + round * 97);
      run.child.kill('SIGKILL');
      await run.exit;
      await load.done;
      assert.deepEqual(load.unexpected, []);
      acked.push(...load.acked);
    }
    // The last kill left a stale lock and maybe a cut last line: the next start takes both in its stride.
    const after = serve(['--port', '0', '--quiet', '--data', data]);
    await after.url;
    after.child.kill('SIGTERM');
    assert.equal((await after.exit).code, 0);
    const state = readStateFile(data);
    const lost = acked.filter((id) => !state.adsets[id]);
    t.diagnostic(`${acked.length} ad sets acknowledged over 8 kill -9 rounds; ${lost.length} lost`);
    assert.deepEqual(lost, []);
    assert.equal(new Set(acked).size, acked.length, 'no id acknowledged twice');
  });
});
