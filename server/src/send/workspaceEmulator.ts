/**
 * The embedded emulator of a workspace: its state lives in `.graphreq/emulator-state.json`
 * (graphreqFolder.ts), so an ad set created in one run is still there in the next, and one process
 * at a time serves it.
 *
 * `.graphreq/emulator.lock` says which process serves the state and at which URL. A process that
 * finds a live owner sends to the owner's emulator instead of opening the file a second time (two
 * processes writing one state file would lose each other's changes): a `graphreq send` run while
 * the editor's language server holds the emulator shares its state, and the other way round. A lock
 * whose process has died is taken over. The lock is obeyed only when it is one of ours (lockProof.ts:
 * signed with the user's key, a loopback URL, its process alive): one that came with a repository
 * is replaced, never sent to.
 *
 * A `graphreq send` run holds the emulator only while its requests go, then closes it: another run
 * sending there would lose the emulator in the middle of its own requests. So a run that finds
 * another run serving the state waits for it to end, then serves the state itself; it shares only
 * with a host that lives long (the language server). The wait is bounded (`runWaitMs`): a run that
 * holds the emulator longer is named in a one-line error, never waited for forever.
 *
 * The owner touches its lock every few seconds (files/lockFreshness.ts); a lock nobody touched for
 * half a minute is stale whatever process it names (a reused pid, `"pid": 1` in a lock that came
 * with a clone) and is taken over, as a lock whose process has died is.
 *
 * The emulator itself only gets a data file (emulator/server.ts `dataFile`); how it keeps the state
 * is its own business (docs/emulator.md, Persistence).
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { startEmulator } from '../emulator';
import { checkWithin, UnsafePathError, writeFileAtomic } from '../files/atomicWrite';
import { isStale, keepFresh } from '../files/lockFreshness';
import { EMULATOR_LOCK_FILE, EMULATOR_STATE_FILE, ensureGraphreqFolder } from './graphreqFolder';
import { lockDistrust, signLock, type LockFields } from './lockProof';
import { EMBEDDED_RATE_ORIGIN, type EmbeddedOptions, type Target } from './target';

export interface WorkspaceEmulatorOptions extends EmbeddedOptions {
  /** Start from the seed data: the saved state is removed first. */
  fresh?: boolean;
  /** How long to wait for another process that is starting or stopping the emulator (ms). */
  patienceMs?: number;
  /**
   * Who asks: `server`, a host that lives long and shares what it serves (the default: the
   * language server), or `run`, a send run that closes the emulator when its requests are done.
   */
  holder?: Holder;
  /** Called once when this process waits for another run to end (its pid). */
  onWait?: (pid: number) => void;
  /** How long to wait for another run that holds the emulator before giving up (ms; default two minutes). */
  runWaitMs?: number;
}

/** A run waits this long for another run of the workspace; longer, and it says which process holds the emulator. */
export const RUN_WAIT_MS = 120_000;

export type Holder = 'server' | 'run';

export interface WorkspaceTarget extends Target {
  /** The state file, relative paths resolved. */
  stateFile: string;
  /** The process that serves the state: this one, or another graphreq process (its pid). */
  ownerPid: number;
}

/** Why the workspace's emulator cannot be used as asked; the message is one line for the user. */
export class WorkspaceEmulatorError extends Error {}

interface LockContent extends LockFields {
  /** Absent in locks of older versions: they shared what they served, as a server does. */
  holder?: Holder;
  /** Set once the emulator listens. */
  url?: string;
  /** The HMAC that shows this user's graphreq wrote it (lockProof.ts). */
  proof?: string;
}

export async function openWorkspaceEmulator(workspace: string, o: WorkspaceEmulatorOptions = {}): Promise<WorkspaceTarget> {
  const dir = await ensureGraphreqFolder(workspace);
  const lockFile = path.join(dir, EMULATOR_LOCK_FILE);
  const stateFile = path.join(dir, EMULATOR_STATE_FILE);
  const patience = o.patienceMs ?? 5000;
  const holder = o.holder ?? 'server';
  let deadline = Date.now() + patience;
  let waitedFor: number | undefined;
  let waitingSince = 0;

  for (;;) {
    if (createLock(lockFile, holder, workspace)) return startOwned(lockFile, stateFile, holder, workspace, o);
    const lock = readLock(lockFile);
    if (lock === 'gone') continue;
    if (lock && lockDistrust(lock, workspace) !== null) {
      // Not written by a graphreq process of this user that still runs (one that died, or a file
      // that came with the repository): its URL is never sent to; this run serves the state itself.
      removeIfUnchanged(lockFile, lock);
      continue;
    }
    // A lock being written right now cannot be read yet: it is young, and its writer is alive. A lock
    // its owner stopped touching is stale, whichever process it names.
    const alive = !isStale(lockFile) && (lock !== undefined ? isAlive(lock.pid) : isYoung(lockFile));
    if (lock && alive && lock.url && (await answers(lock.url))) {
      if (holder === 'run' && lock.holder === 'run') {
        // Another run serves the state and closes it when its requests are done: wait for it, within runWaitMs.
        if (waitedFor !== lock.pid) {
          o.onWait?.((waitedFor = lock.pid));
          waitingSince = Date.now();
        }
        const waitMs = o.runWaitMs ?? RUN_WAIT_MS;
        if (Date.now() - waitingSince > waitMs) {
          throw new WorkspaceEmulatorError(`graphreq process ${lock.pid}, another run in this workspace, has held the emulator for more than ${secondsText(waitMs)}; let it finish or stop it, then send again`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        deadline = Date.now() + patience;
        continue;
      }
      if (o.fresh) throw new WorkspaceEmulatorError(`the workspace's emulator is in use by another graphreq process (pid ${lock.pid}): stop it (or close the editor's language server) to start fresh`);
      return { baseUrl: lock.url, embedded: true, rateOrigin: EMBEDDED_RATE_ORIGIN, stateFile, ownerPid: lock.pid, close: async () => {} };
    }
    if (!alive) {
      // The owner died without cleaning up (killed, crashed): its lock means nothing now.
      removeIfUnchanged(lockFile, lock);
      continue;
    }
    // The owner is starting (no URL yet) or stopping (no longer answering): give it a moment.
    if (Date.now() > deadline) {
      throw new WorkspaceEmulatorError(`the workspace's emulator is held by ${lock ? `graphreq process ${lock.pid}` : 'another process'}, which does not answer; stop that process, or remove ${lockFile} if it is not graphreq`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startOwned(lockFile: string, stateFile: string, holder: Holder, workspace: string, o: WorkspaceEmulatorOptions): Promise<WorkspaceTarget> {
  let stopRefreshing = (): void => {};
  const release = (): void => {
    stopRefreshing();
    removeIfOurs(lockFile);
  };
  // A process that exits without closing (a second Ctrl+C) still leaves no lock behind.
  process.once('exit', release);
  try {
    if (o.fresh) fs.rmSync(stateFile, { force: true });
    try {
      // The state file is read and appended to: one that links outside the workspace is refused.
      checkWithin(workspace, stateFile);
    } catch (e) {
      if (e instanceof UnsafePathError) throw new WorkspaceEmulatorError(`${e.message}; remove it (or send with --fresh)`);
      throw e;
    }
    let emulator;
    try {
      emulator = await startEmulator({ host: '127.0.0.1', port: 0, dataFile: stateFile, config: o.config, now: o.now, linkOrigin: EMBEDDED_RATE_ORIGIN });
    } catch (e) {
      const reason = (e as Error).message.replace(`${stateFile}: `, '').split(';')[0];
      throw new WorkspaceEmulatorError(`${stateFile} cannot be used (${reason}); send with --fresh to start again from the seed data (the file is replaced)`);
    }
    const lock = signLock({ pid: process.pid, holder, url: emulator.url, startedAt: new Date().toISOString() }, workspace);
    await writeFileAtomic(lockFile, JSON.stringify(lock) + '\n', { within: workspace });
    stopRefreshing = keepFresh(lockFile, () => isOurs(lockFile));
    let closing: Promise<void> | undefined;
    return {
      baseUrl: emulator.url,
      embedded: true,
      rateOrigin: EMBEDDED_RATE_ORIGIN,
      stateFile,
      ownerPid: process.pid,
      close: () =>
        (closing ??= (async () => {
          try {
            await emulator.close();
          } finally {
            release();
            process.removeListener('exit', release);
          }
        })()),
    };
  } catch (e) {
    release();
    process.removeListener('exit', release);
    throw e;
  }
}

/** Creates the lock (only one process can); false when it exists. */
function createLock(lockFile: string, holder: Holder, workspace: string): boolean {
  let fd: number;
  try {
    // O_EXCL: an existing file, or a symbolic link even to nothing, is never opened through.
    fd = fs.openSync(lockFile, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    const content = signLock({ pid: process.pid, holder, startedAt: new Date().toISOString() }, workspace);
    fs.writeSync(fd, JSON.stringify(content) + '\n');
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** A lock is a few hundred bytes: anything larger is not one. */
const MAX_LOCK_BYTES = 4096;

/**
 * The lock's content; undefined when it cannot be read as one (half written, not ours, or not a
 * regular file: a symlink, a FIFO, a device, which a prepared workspace may hold, is removed as a
 * foreign lock, never followed nor waited on); 'gone' when it vanished.
 */
function readLock(lockFile: string): LockContent | undefined | 'gone' {
  let text: string;
  let fd: number | undefined;
  try {
    fd = fs.openSync(lockFile, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size > MAX_LOCK_BYTES) return undefined;
    const buf = Buffer.alloc(MAX_LOCK_BYTES);
    text = buf.subarray(0, fs.readSync(fd, buf, 0, MAX_LOCK_BYTES, 0)).toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'gone';
    // A symlink (O_NOFOLLOW), or a FIFO with nobody writing: not a lock graphreq wrote.
    if (code === 'ELOOP' || code === 'ENXIO' || code === 'EAGAIN') return undefined;
    throw e;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  try {
    const json = JSON.parse(text) as Partial<LockContent>;
    if (typeof json.pid !== 'number') return undefined;
    const holder = json.holder === 'run' || json.holder === 'server' ? json.holder : undefined;
    const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
    return { pid: json.pid, holder, url: str(json.url), startedAt: String(json.startedAt ?? ''), processStart: str(json.processStart), proof: str(json.proof) };
  } catch {
    return undefined;
  }
}

function isYoung(file: string): boolean {
  try {
    return Date.now() - fs.lstatSync(file).mtimeMs < 2000;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether something accepts connections at the URL (no HTTP request: nothing is counted against a limit). */
function answers(url: string): Promise<boolean> {
  let host: string;
  let port: number;
  try {
    const u = new URL(url);
    host = u.hostname.replace(/^\[|\]$/g, '');
    port = Number(u.port);
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function isOurs(lockFile: string): boolean {
  const lock = readLock(lockFile);
  return !!lock && lock !== 'gone' && lock.pid === process.pid;
}

function removeIfOurs(lockFile: string): void {
  if (isOurs(lockFile)) fs.rmSync(lockFile, { force: true });
}

function secondsText(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${Math.round(ms / 100) / 10} s`;
}

/** Removes a dead owner's lock, unless another process replaced it meanwhile. */
function removeIfUnchanged(lockFile: string, seen: LockContent | undefined | 'gone'): void {
  const now = readLock(lockFile);
  if (now === 'gone') return;
  if (JSON.stringify(now) === JSON.stringify(seen)) fs.rmSync(lockFile, { force: true });
}
