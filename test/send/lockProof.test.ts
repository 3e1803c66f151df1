/**
 * The embedded emulator's lock is obeyed only when this user's graphreq wrote it and its process
 * still runs (send/lockProof.ts): signed with the user's key, a loopback URL, the process that
 * signed it. In process, against openWorkspaceEmulator, with a recording server standing in for
 * whatever the lock names.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { userKey } from '../../server/src/files/userKey';
import { lockDistrust, signLock } from '../../server/src/send/lockProof';
import { openWorkspaceEmulator } from '../../server/src/send/workspaceEmulator';
import { localServer } from './sendHelpers';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lockproof-'));
process.env.GRAPHREQ_CONFIG_DIR = path.join(root, 'config');
let recorder: Awaited<ReturnType<typeof localServer>>;
// A live process of this user that is not graphreq.
const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
before(async () => {
  recorder = await localServer((_req, _body, res) => res.end('{}'));
});
after(async () => {
  sleeper.kill();
  await recorder.close();
  fs.rmSync(root, { recursive: true, force: true });
});

let n = 0;
function workspaceWithLock(lock: unknown): string {
  const dir = path.join(root, `ws${++n}`);
  fs.mkdirSync(path.join(dir, '.graphreq'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.graphreq', 'emulator.lock'), JSON.stringify(lock));
  return dir;
}

async function opensItsOwn(dir: string): Promise<void> {
  const target = await openWorkspaceEmulator(dir, { patienceMs: 200 });
  try {
    assert.equal(target.ownerPid, process.pid, 'this process serves the state');
    assert.notEqual(target.baseUrl, recorder.url);
  } finally {
    await target.close();
  }
  assert.deepEqual(recorder.requests, []);
}

describe("the emulator lock's trust", () => {
  it('ignores a lock that is not signed, though its URL answers on loopback and its pid is alive', async () => {
    await opensItsOwn(workspaceWithLock({ pid: sleeper.pid, holder: 'server', url: recorder.url, startedAt: 'x' }));
  });

  it('ignores a lock signed with another key (another user, or a made-up proof)', async () => {
    const lock = { pid: sleeper.pid!, holder: 'server', url: recorder.url, startedAt: 'x' };
    const proof = createHmac('sha256', Buffer.alloc(32, 7)).update('anything').digest('hex');
    await opensItsOwn(workspaceWithLock({ ...lock, proof }));
  });

  it('ignores a signed lock whose URL is not loopback http', async () => {
    const dir = path.join(root, 'remote');
    fs.mkdirSync(path.join(dir, '.graphreq'), { recursive: true });
    const lock = signLock({ pid: sleeper.pid!, holder: 'server', url: 'https://graph.example.invalid', startedAt: 'x' }, dir);
    assert.equal(lockDistrust(lock, dir), 'not a loopback address');
    fs.writeFileSync(path.join(dir, '.graphreq', 'emulator.lock'), JSON.stringify(lock));
    await opensItsOwn(dir);
  });

  it('ignores a signed lock whose process is not the one that signed it (a pid reused since)', () => {
    const dir = path.join(root, 'reused');
    fs.mkdirSync(dir, { recursive: true });
    const signed = signLock({ pid: sleeper.pid!, holder: 'server', url: recorder.url, startedAt: 'x' }, dir);
    assert.equal(lockDistrust(signed, dir), null, 'the signing process, alive');
    // The same lock as if another process had signed it earlier under that pid: its start time differs.
    const earlier = { ...signed, processStart: '1' };
    const text = JSON.stringify([earlier.pid, earlier.holder, earlier.url, earlier.startedAt, earlier.processStart, fs.realpathSync(dir)]);
    earlier.proof = createHmac('sha256', userKey()!).update(text).digest('hex');
    assert.equal(lockDistrust(earlier, dir), 'its process is gone');
    assert.equal(lockDistrust(signed, path.join(root, 'elsewhere')), 'not signed by you', 'a lock copied from another workspace');
  });

  it('shares a lock that this user’s graphreq signed (the language server serving, a run sending)', async () => {
    const dir = path.join(root, 'shared');
    fs.mkdirSync(dir);
    const owner = await openWorkspaceEmulator(dir);
    const second = await openWorkspaceEmulator(dir);
    try {
      assert.equal(second.baseUrl, owner.baseUrl);
      const lock = JSON.parse(fs.readFileSync(path.join(dir, '.graphreq', 'emulator.lock'), 'utf8')) as { proof?: string };
      assert.match(lock.proof ?? '', /^[0-9a-f]{64}$/);
      assert.equal((fs.statSync(path.join(process.env.GRAPHREQ_CONFIG_DIR!, 'emulator-key')).mode & 0o777).toString(8), '600');
    } finally {
      await owner.close();
    }
  });
});
