/**
 * Two `graphreq send` runs at the same time in one workspace. A run closes the workspace's embedded
 * emulator when its own requests are done, so a second run that sent to it would lose it in the
 * middle of its requests ("connection refused"). The second run waits for the first instead, then
 * serves the same state itself. The first run is played by this test process (it holds the
 * emulator as a run does), so the order of events is the test's, not a race.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { openWorkspaceEmulator } from '../../server/src/send/workspaceEmulator';
import { examples, LiveCli, runCli, tempWorkspace } from './cliHelpers';

const dirs: string[] = [];
const closers: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of closers) await c();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('two send runs at the same time in one workspace', () => {
  it('the second waits for the first to end, then sends every request to the same state', async () => {
    const dir = tempWorkspace('graphreq-concurrent-');
    dirs.push(dir);
    fs.copyFileSync(path.join(examples, 'adsets.graphreq'), path.join(dir, 'adsets.graphreq'));
    const first = await openWorkspaceEmulator(dir, { holder: 'run' });
    closers.push(first.close);

    const second = new LiveCli(['send', 'adsets.graphreq', '--all'], dir);
    await second.stderrMatches(new RegExp(`waiting for graphreq process ${process.pid}, another send in this workspace`));
    assert.equal(second.stdout, '', 'nothing is sent while the first run holds the emulator');
    await first.close();

    const done = await second.exit;
    assert.equal(done.code, 0, done.stdout + done.stderr);
    assert.match(done.stderr, /4 requests: 4 sent, 0 failed/);
    assert.doesNotMatch(done.stderr, /served by|refused/);
    // The state the second run wrote is the workspace's: a later run reads the ad set back.
    const later = await runCli(['send', 'adsets.graphreq', '--line', '24'], dir);
    assert.equal(later.code, 0, later.stdout + later.stderr);
  });

  it('still shares with a host that lives long (the language server), which does not close under it', async () => {
    const dir = tempWorkspace('graphreq-concurrent-');
    dirs.push(dir);
    fs.copyFileSync(path.join(examples, 'adsets.graphreq'), path.join(dir, 'adsets.graphreq'));
    const server = await openWorkspaceEmulator(dir);
    closers.push(server.close);
    const run = await runCli(['send', 'adsets.graphreq', '--all'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr, new RegExp(`served by graphreq process ${process.pid}`));
    assert.doesNotMatch(run.stderr, /waiting for/);
  });
});
