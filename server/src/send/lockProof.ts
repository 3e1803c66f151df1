/**
 * Whether `.graphreq/emulator.lock` was written by a graphreq process of this user that still runs
 * (docs/sending.md, "Where the token goes"). The lock says where the workspace's emulator listens,
 * and a send with no base URL goes there with the user's token; a lock that came with a repository
 * is data written by its authors, so it is obeyed only when all of these hold:
 *
 * - it carries `proof`: an HMAC-SHA256, under the user's key (files/userKey.ts, outside any
 *   workspace, readable by the user only), of its pid, holder, URL, start time, the workspace's
 *   real path and the process's start time. A repository cannot compute it;
 * - its URL is plain http on a loopback address (where the embedded emulator listens);
 * - its process is alive, belongs to this user and is the very process that wrote the lock (on
 *   Linux, its start time in /proc matches the signed one, so a pid reused since is not taken for it).
 *
 * Anything else is not our lock: the run starts its own emulator.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { userKey } from '../files/userKey';

/** What a lock says, as written by graphreq. */
export interface LockFields {
  pid: number;
  holder?: string;
  url?: string;
  startedAt: string;
  /** The process's start time as the system counts it (Linux: clock ticks since boot); absent elsewhere. */
  processStart?: string;
}

/** The lock's fields with their proof, for a process that is about to write its lock. Undefined proof: no key. */
export function signLock(fields: LockFields, workspace: string): LockFields & { proof?: string } {
  const signed: LockFields = { ...fields, processStart: processStartOf(fields.pid) };
  const key = userKey();
  return key ? { ...signed, proof: hmac(key, signed, workspace) } : signed;
}

/** Why the lock cannot be trusted (a few words), or null when it is one of ours and its process runs. */
export function lockDistrust(lock: LockFields & { proof?: unknown }, workspace: string): string | null {
  const key = userKey();
  if (!key) return 'no user key to check it with';
  if (typeof lock.proof !== 'string' || !/^[0-9a-f]{64}$/.test(lock.proof)) return 'not signed';
  const want = Buffer.from(hmac(key, lock, workspace), 'hex');
  if (!timingSafeEqual(want, Buffer.from(lock.proof, 'hex'))) return 'not signed by you';
  if (lock.url !== undefined && !isLoopbackHttp(lock.url)) return 'not a loopback address';
  if (!isOurProcess(lock.pid, lock.processStart)) return 'its process is gone';
  return null;
}

function hmac(key: Buffer, f: LockFields, workspace: string): string {
  // A fixed order and every field, so that no field can be changed or added without the proof failing.
  const text = JSON.stringify([f.pid, f.holder ?? null, f.url ?? null, f.startedAt, f.processStart ?? null, realPath(workspace)]);
  return createHmac('sha256', key).update(text).digest('hex');
}

/** The embedded emulator listens on 127.0.0.1 over plain http; a lock naming anything else is not its. */
export function isLoopbackHttp(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname) && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

function isOurProcess(pid: number, signedStart: string | undefined): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    // EPERM (it exists, but is another user's) fails as well as ESRCH.
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const start = processStartOf(pid);
  return start === signedStart;
}

/** Linux: field 22 of /proc/PID/stat (the start time); undefined where there is no /proc. */
function processStartOf(pid: number): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function realPath(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}
