/**
 * Locks never hold a run forever (issue 20 item 5): a lock whose owner stopped touching it is stale
 * whatever process it names (a hung graphreq process, a reused pid, `"pid": 1`, which is always
 * alive), and a live run that holds the workspace's emulator too long is named in a one-line error.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { REFRESH_MS, STALE_AFTER_MS } from '../../server/src/files/lockFreshness';
import { EMULATOR_LOCK_FILE, EMULATOR_STATE_FILE, GRAPHREQ_FOLDER } from '../../server/src/send/graphreqFolder';
import { signLock } from '../../server/src/send/lockProof';
import { openWorkspaceEmulator, WorkspaceEmulatorError } from '../../server/src/send/workspaceEmulator';
import { examples, runCli, tempWorkspace } from './cliHelpers';

const dirs: string[] = [];
const closers: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const c of closers) await c();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function workspace(): string {
  const dir = tempWorkspace('graphreq-lock-');
  dirs.push(dir);
  fs.copyFileSync(path.join(examples, 'adsets.graphreq'), path.join(dir, 'adsets.graphreq'));
  fs.mkdirSync(path.join(dir, GRAPHREQ_FOLDER));
  return dir;
}

/** Something that accepts connections on loopback, as a live emulator would. */
async function listener(): Promise<string> {
  const server = net.createServer((s) => s.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

function untouchedFor(file: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  fs.utimesSync(file, then, then);
}

describe('locks of the workspace emulator', () => {
  it('takes over a run lock nobody touches any more, though it is signed, its process alive and its URL answering', async () => {
    const dir = workspace();
    const lock = path.join(dir, GRAPHREQ_FOLDER, EMULATOR_LOCK_FILE);
    // A graphreq run that hangs: its process lives, its emulator accepts connections, it no longer touches its lock.
    const hung = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    closers.push(() => void hung.kill('SIGKILL'));
    await new Promise((resolve) => hung.once('spawn', resolve));
    fs.writeFileSync(lock, JSON.stringify(signLock({ pid: hung.pid!, holder: 'run', url: await listener(), startedAt: new Date().toISOString() }, dir)));
    untouchedFor(lock, STALE_AFTER_MS + 5000);
    const run = await runCli(['send', 'adsets.graphreq', '--line', '8'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stderr, /waiting for/);
    assert.equal(fs.existsSync(lock), false, 'the run removed the lock it took over when it was done');
  });

  it('takes over a data file lock nobody touches any more, though its pid is alive', async () => {
    const dir = workspace();
    const dataLock = path.join(dir, GRAPHREQ_FOLDER, `${EMULATOR_STATE_FILE}.lock`);
    fs.writeFileSync(dataLock, JSON.stringify({ pid: 1, host: os.hostname() }));
    untouchedFor(dataLock, STALE_AFTER_MS + 5000);
    const run = await runCli(['send', 'adsets.graphreq', '--line', '8'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stderr, /in use|cannot be used/);
  });

  it('names a live run that holds the emulator longer than the wait, in one line', async () => {
    const dir = workspace();
    const first = await openWorkspaceEmulator(dir, { holder: 'run' });
    closers.push(first.close);
    let waitedFor: number | undefined;
    const second = openWorkspaceEmulator(dir, { holder: 'run', runWaitMs: 300, onWait: (pid) => (waitedFor = pid) });
    await assert.rejects(second, (e: Error) => {
      assert.ok(e instanceof WorkspaceEmulatorError);
      assert.match(e.message, new RegExp(`^graphreq process ${process.pid}, another run in this workspace, has held the emulator for more than 0\\.3 s; let it finish or stop it, then send again$`));
      return true;
    });
    assert.equal(waitedFor, process.pid);
    await first.close();
  });

  it('keeps a live owner\'s lock fresh, so nobody takes it over', async () => {
    const dir = workspace();
    const owner = await openWorkspaceEmulator(dir);
    closers.push(owner.close);
    const lock = path.join(dir, GRAPHREQ_FOLDER, EMULATOR_LOCK_FILE);
    untouchedFor(lock, STALE_AFTER_MS + 5000);
    const aged = fs.statSync(lock).mtimeMs;
    // The owner touches it within a refresh (polled: a loaded machine delays timers, never the outcome).
    for (let waited = 0; fs.statSync(lock).mtimeMs === aged && waited < STALE_AFTER_MS; waited += REFRESH_MS / 4) await new Promise((resolve) => setTimeout(resolve, REFRESH_MS / 4));
    assert.ok(Date.now() - fs.statSync(lock).mtimeMs < STALE_AFTER_MS, 'the owner touched its lock again');
    const guest = await openWorkspaceEmulator(dir);
    assert.equal(guest.baseUrl, owner.baseUrl, 'a second host shares the owner\'s emulator');
    await owner.close();
  });
});
