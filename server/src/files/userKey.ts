/**
 * A secret only this user can read, kept in the user's configuration folder (trustStore.ts
 * `configDir`), never in a workspace: `emulator-key`, 32 random bytes, created 0600 in a folder
 * created 0700. A graphreq process signs what it leaves in a workspace for other graphreq processes
 * (the embedded emulator's lock, send/lockProof.ts) with it, so a file that came with a repository,
 * which cannot know the key, is never taken for one of ours.
 *
 * A key file another user owns or could read is not a secret: it is not used (nothing is then
 * signed nor trusted; every run starts its own emulator).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { configDir } from './trustStore';

export const USER_KEY_FILE = 'emulator-key';

const cache = new Map<string, Buffer | undefined>();

/** The user's key (created on first use), or undefined when there is none that is safe to use. */
export function userKey(dir: string = configDir()): Buffer | undefined {
  const file = path.join(dir, USER_KEY_FILE);
  if (!cache.has(file)) cache.set(file, readOrCreate(file));
  return cache.get(file);
}

function readOrCreate(file: string): Buffer | undefined {
  const existing = readPrivate(file);
  if (existing !== 'missing') return existing;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written whole under another name, then linked: another process never reads half a key, and
    // of two processes creating it at once, one wins and both use its key.
    const temp = `${file}.tmp-${process.pid}`;
    fs.writeFileSync(temp, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(temp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  } catch {
    return undefined;
  }
  const created = readPrivate(file);
  return created === 'missing' ? undefined : created;
}

function readPrivate(file: string): Buffer | undefined | 'missing' {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : undefined;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return undefined;
    // POSIX only: Windows reports neither owner nor group bits (its profile folder is the user's own).
    if (process.platform !== 'win32' && (st.uid !== process.getuid?.() || (st.mode & 0o077) !== 0)) return undefined;
    const hex = fs.readFileSync(fd, 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : undefined;
  } finally {
    fs.closeSync(fd);
  }
}
