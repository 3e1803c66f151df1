/**
 * Whether a lock file still speaks for a live process. A process id alone cannot tell: ids are
 * reused, a lock written on another machine (a shared folder) names a process there, and a lock that
 * arrived with a clone of a repository names whatever process it likes (`"pid": 1` is always alive).
 * So the process that holds a lock touches it every few seconds (`keepFresh`), and a lock nobody
 * touched for `STALE_AFTER_MS` is stale whatever its content says. The time is the file's own
 * modification time, which a repository cannot carry (git keeps no times: a cloned file is as old as
 * the clone).
 */
import * as fs from 'node:fs';

/** How often a holder touches its lock. */
export const REFRESH_MS = 2_000;
/** A lock untouched for this long is stale: fifteen refreshes missed, far more than a busy process skips. */
export const STALE_AFTER_MS = 30_000;

/** Whether the lock was last touched more than STALE_AFTER_MS ago (false when it cannot be read: it just vanished). */
export function isStale(file: string, now = Date.now()): boolean {
  try {
    return now - fs.lstatSync(file).mtimeMs > STALE_AFTER_MS;
  } catch {
    return false;
  }
}

/**
 * Touches the lock every REFRESH_MS while `stillOurs()` says it is this process's; returns the stop.
 * The timer does not keep the process alive, and a lock taken over by another process is left alone.
 */
export function keepFresh(file: string, stillOurs: () => boolean): () => void {
  const timer = setInterval(() => {
    try {
      if (!stillOurs()) return;
      const now = new Date();
      // lutimes: a symlink put in the lock's place is not followed.
      fs.lutimesSync(file, now, now);
    } catch {
      // Gone or unreadable: the next owner's business, not a reason to stop this process.
    }
  }, REFRESH_MS);
  timer.unref();
  return () => clearInterval(timer);
}
