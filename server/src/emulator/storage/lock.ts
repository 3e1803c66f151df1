/**
 * One server per data file: `FILE.lock` beside it holds the process id of the emulator that owns
 * the file. Two servers on one file would both hand out the same ids and overwrite each other's
 * records, so a second one refuses to start. The lock is created atomically (open with `wx`), removed
 * on a clean stop, and taken over when the process it names is gone (a crash or kill -9 leaves it),
 * or when its owner stopped touching it (files/lockFreshness.ts): a reused pid, a process on another
 * machine that died, or a lock that came with a clone never holds the file for good.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { isStale, keepFresh } from '../../files/lockFreshness';
import { readRegularText } from '../../files/regularFile';

/** Thrown when another live process holds the data file; `pid` is that process. */
export class DataFileInUse extends Error {
  readonly code = 'EDATAINUSE';
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(`${file} is in use by another emulator${pid ? ` (process ${pid})` : ''}; stop it, or pass another --data file`);
  }
}

export interface DataLock {
  release(): void;
}

export function lockPath(file: string): string {
  return `${file}.lock`;
}

export function acquireLock(file: string): DataLock {
  const lock = lockPath(file);
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname() });
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(lock, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`${lock}: cannot create the lock file (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
      const holder = readHolder(lock);
      if (holder !== undefined && isAlive(holder) && !isStale(lock)) throw new DataFileInUse(file, holder.pid);
      // An empty lock younger than a few seconds is being written by a process that just took it.
      if (holder === undefined && ageMs(lock) < 5000) throw new DataFileInUse(file, 0);
      // The process that held it is gone, or stopped touching the lock: the lock is stale.
      fs.rmSync(lock, { force: true });
      continue;
    }
    try {
      fs.writeSync(fd, mine);
    } finally {
      fs.closeSync(fd);
    }
    let released = false;
    const stopRefreshing = keepFresh(lock, () => readHolder(lock)?.pid === process.pid);
    return {
      release(): void {
        if (released) return;
        released = true;
        stopRefreshing();
        // Only our own lock is removed: a lock that was taken over (we were presumed dead) is left alone.
        if (readHolder(lock)?.pid === process.pid) fs.rmSync(lock, { force: true });
      },
    };
  }
  throw new Error(`${lock}: could not take the lock file; remove it if no emulator uses ${file}`);
}

function readHolder(lock: string): { pid: number; host?: string } | undefined {
  try {
    const v = JSON.parse(readRegularText(lock)) as { pid?: unknown; host?: unknown };
    return typeof v.pid === 'number' ? { pid: v.pid, host: typeof v.host === 'string' ? v.host : undefined } : undefined;
  } catch {
    // Unreadable or empty: written by a process that died between creating and writing it.
    return undefined;
  }
}

function ageMs(lock: string): number {
  try {
    return Date.now() - fs.statSync(lock).mtimeMs;
  } catch {
    return Infinity;
  }
}

function isAlive(holder: { pid: number; host?: string }): boolean {
  // A process on another machine (a shared folder) cannot be checked: it is taken to be alive.
  if (holder.host !== undefined && holder.host !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
