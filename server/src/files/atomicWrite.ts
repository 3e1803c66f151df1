/**
 * The one way graphreq writes a file (check --fix, history, saved responses, snapshots, emulator
 * state): a crash at any moment leaves either the old content or the new one, never an empty or cut
 * file. The data goes to a temporary file beside the target, is flushed to disk, and is renamed over
 * the target (atomic on POSIX file systems and on NTFS); then the folder is flushed so that the
 * rename itself survives a power cut.
 *
 * A write that replaces a file the user may be editing passes the stamp of the version it read
 * (`readForUpdate`): the write refuses with `FileChangedError` when the file changed since, instead
 * of overwriting an edit saved in the meantime. The check runs just before the rename; the window
 * left between the two is a few system calls long (no portable lock closes it).
 *
 * A symbolic link is followed (the file it points to is replaced, the link stays), and a replaced
 * file keeps its permission bits. Temporary files left by a writer that was killed are removed the
 * next time the folder is written to.
 *
 * A read-only file (no write bit, or one this process may not write) is never replaced: a rename
 * needs only the folder's permission, so without this check `fmt` rewrote 0444 files
 * (ReadOnlyError, one line for the user).
 *
 * Writes of graphreq's own files in a workspace (`.graphreq/`, `.graphreq-history/`, snapshots,
 * test results, saved responses, rate state, emulator state) pass `within`, the workspace: those
 * paths are data a repository can ship, so a symbolic link anywhere from the workspace down to the
 * target, or a path that resolves outside it, is refused (UnsafePathError) instead of followed
 * (`responses.json -> ~/.bashrc` replaced ~/.bashrc); new files are created 0600 and folders 0700.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { decodeUtf8 } from './textFile';

/** The few file operations an asynchronous write needs; tests pass a failing one to simulate a crash. */
export interface WriteFs {
  open(file: string, flags: string): Promise<{ writeFile(data: string | Uint8Array): Promise<void>; sync(): Promise<void>; close(): Promise<void> }>;
  rename(from: string, to: string): Promise<void>;
  rm(file: string, options: { force: boolean }): Promise<void>;
}

export const realFs: WriteFs = {
  open: (file, flags) => fsp.open(file, flags),
  rename: (from, to) => fsp.rename(from, to),
  rm: (file, options) => fsp.rm(file, options),
};

/** What identifies the version of a file that was read: its modification time and size, and optionally a hash of its bytes. */
export interface FileStamp {
  mtimeMs: number;
  size: number;
  /** sha256 of the content, hex; when present, the content is compared too (a change within the clock's resolution is caught). */
  sha256?: string;
}

export interface AtomicWriteOptions {
  /**
   * The version the new content was derived from. The write refuses (FileChangedError) when the
   * target no longer matches it. `null`: the target must not exist yet. Absent: no check.
   */
  expect?: FileStamp | null;
  /** Permission bits of a new file (a replaced file keeps its own). Default 0o666 less the umask. */
  mode?: number;
  /** For tests of the asynchronous write: the file operations to use. */
  io?: WriteFs;
  /**
   * The folder the target must stay inside, with no symbolic link between it and the target (the
   * target included); a new file is then created 0600 unless `mode` says otherwise.
   */
  within?: string;
}

/** The target is read-only: it was not replaced. */
export class ReadOnlyError extends Error {
  readonly code = 'EREADONLY';
  constructor(readonly file: string) {
    super(`${file} is read-only; not rewritten`);
  }
}

/** The path passes through a symbolic link, or leads outside the folder it must stay in: nothing was written. */
export class UnsafePathError extends Error {
  readonly code = 'EUNSAFEPATH';
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: not written: ${reason}`);
  }
}

/**
 * Checks that `file` is inside `root` and that no part of the path below `root` is a symbolic link
 * (lstat of each component; what does not exist yet is fine). Throws UnsafePathError.
 */
export function checkWithin(root: string, file: string): void {
  const base = path.resolve(root);
  const target = path.resolve(base, file);
  const rel = path.relative(base, target);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new UnsafePathError(target, `it is outside ${base}`);
  let current = base;
  for (const part of rel.split(path.sep)) {
    current = path.join(current, part);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(current);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    if (st.isSymbolicLink()) throw new UnsafePathError(target, `${current} is a symbolic link (graphreq writes only real files of the workspace)`);
  }
}

/** Creates `dir` and the folders above it up to `root` (0700, none a symbolic link). Throws UnsafePathError. */
export function makeFolderWithin(root: string, dir: string): void {
  checkWithin(root, dir);
  fs.mkdirSync(path.resolve(root, dir), { recursive: true, mode: 0o700 });
  // A link made between the check and the creation would show now.
  checkWithin(root, dir);
}

/** The target changed (or appeared, or vanished) since it was read: the write was not made. */
export class FileChangedError extends Error {
  readonly code = 'EFILECHANGED';
  constructor(readonly file: string) {
    super(`${file} changed since it was read; not overwritten`);
  }
}

let counter = 0;

/** Temporary files are named after the target, so a leftover one is recognised (and can be removed). */
export function tempPrefix(file: string): string {
  return `${path.basename(file)}.tmp-`;
}

function tempName(target: string): string {
  return path.join(path.dirname(target), `${tempPrefix(target)}${process.pid}-${++counter}`);
}

export function hashOf(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Reads a file as UTF-8 with the stamp of the version read; `hash` adds the content hash to the stamp. Throws NotUtf8Error (textFile.ts) when the bytes are not UTF-8. */
export function readForUpdate(file: string, options: { hash?: boolean } = {}): { text: string; stamp: FileStamp } {
  const fd = fs.openSync(file, 'r');
  try {
    // The stamp comes from the same open file as the bytes, so both describe one version.
    const st = fs.fstatSync(fd);
    const bytes = fs.readFileSync(fd);
    const stamp: FileStamp = { mtimeMs: st.mtimeMs, size: st.size };
    if (options.hash) stamp.sha256 = hashOf(bytes);
    // Strictly UTF-8: a file that is not is never rewritten with replacement characters (textFile.ts).
    return { text: decodeUtf8(bytes), stamp };
  } finally {
    fs.closeSync(fd);
  }
}

/** The stamp of the file as it is now (with its hash when `hash`), or null when it does not exist. */
export function stampOf(file: string, options: { hash?: boolean } = {}): FileStamp | null {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const stamp: FileStamp = { mtimeMs: st.mtimeMs, size: st.size };
  if (options.hash) stamp.sha256 = hashOf(fs.readFileSync(file));
  return stamp;
}

function sameVersion(now: FileStamp | null, expected: FileStamp | null): boolean {
  if (now === null || expected === null) return now === expected;
  if (now.mtimeMs !== expected.mtimeMs || now.size !== expected.size) return false;
  return expected.sha256 === undefined || now.sha256 === expected.sha256;
}

/**
 * The file a write replaces: the target of a symbolic link, so the link is kept (but under `within`,
 * a link is refused); its permission bits, kept. Throws ReadOnlyError for a file that must not change.
 */
function resolveTarget(file: string, within: string | undefined): { target: string; mode: number | undefined } {
  if (within !== undefined) checkWithin(within, file);
  let target: string;
  let st: fs.Stats;
  try {
    target = fs.realpathSync(file);
    st = fs.statSync(target);
  } catch {
    return { target: file, mode: undefined };
  }
  // No write bit at all: the owner marked it read-only (root, who may write anything, included).
  if ((st.mode & 0o222) === 0 || !writable(target)) throw new ReadOnlyError(file);
  return { target, mode: st.mode & 0o7777 };
}

function writable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The mode of a new file: the caller's, else 0600 for graphreq's own files (`within`), else the default. */
function newFileMode(options: Omit<AtomicWriteOptions, 'io'>): number | undefined {
  return options.mode ?? (options.within !== undefined ? 0o600 : undefined);
}

function checkUnchanged(target: string, file: string, options: AtomicWriteOptions): void {
  if (options.expect === undefined) return;
  const now = stampOf(target, { hash: options.expect?.sha256 !== undefined });
  if (!sameVersion(now, options.expect)) throw new FileChangedError(file);
}

export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const io = options.io ?? realFs;
  const { target, mode } = resolveTarget(file, options.within);
  removeStaleTemps(path.dirname(target));
  const temp = tempName(target);
  try {
    const handle = await io.open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    const wanted = mode ?? newFileMode(options);
    if (wanted !== undefined) await fsp.chmod(temp, wanted);
    checkUnchanged(target, file, options);
    await io.rename(temp, target);
  } catch (e) {
    await io.rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
  syncFolder(path.dirname(target));
}

/** The same write for synchronous callers (the CLI's check --fix, the history store). */
export function writeFileAtomicSync(file: string, data: string | Uint8Array, options: Omit<AtomicWriteOptions, 'io'> = {}): void {
  const { target, mode } = resolveTarget(file, options.within);
  removeStaleTemps(path.dirname(target));
  const temp = tempName(target);
  try {
    const fd = fs.openSync(temp, 'wx', mode ?? newFileMode(options) ?? 0o666);
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    // The mode given to open is reduced by the umask; a replaced file keeps exactly its own.
    if (mode !== undefined) fs.chmodSync(temp, mode);
    checkUnchanged(target, file, options);
    fs.renameSync(temp, target);
  } catch (e) {
    fs.rmSync(temp, { force: true });
    throw e;
  }
  syncFolder(path.dirname(target));
}

/** Folders already cleaned of stale temporary files by this process. */
const cleaned = new Set<string>();

/**
 * Removes, once per folder and process, the temporary files that a writer killed mid-write (kill -9,
 * a crash) left there: named after their target with the writer's process id, whose process is gone.
 * A temporary file of a live writer is never touched.
 */
function removeStaleTemps(dir: string): void {
  if (cleaned.has(dir)) return;
  cleaned.add(dir);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const present = new Set(names);
  for (const name of names) {
    // Only beside the file it was written for, so that an unrelated file that happens to look like one stays.
    const m = /^(.+)\.tmp-(\d+)-\d+$/.exec(name);
    if (!m || !present.has(m[1])) continue;
    const pid = Number(m[2]);
    if (pid !== process.pid && !processAlive(pid)) fs.rmSync(path.join(dir, name), { force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temporary files that writes cut short by a crash left beside `file` (the file itself is intact). */
export function removeLeftovers(file: string): void {
  const dir = path.dirname(file);
  const prefix = tempPrefix(file);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix)) fs.rmSync(path.join(dir, name), { force: true });
  }
}

function syncFolder(dir: string): void {
  // Opening a folder for fsync is not possible on every platform (Windows); the rename is then as durable as the OS makes it.
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* best effort */
  }
}
