/**
 * Replaces a file so that a crash at any moment leaves either the old content or the new one, never
 * a mix: write a temporary file beside it, flush it to disk, rename it over the target (atomic on
 * POSIX file systems and on NTFS), then flush the folder so the rename itself survives a power cut.
 */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/** The few file operations the write needs; tests pass a failing one to simulate a crash. */
export interface WriteFs {
  open(file: string, flags: string): Promise<{ writeFile(data: string): Promise<void>; sync(): Promise<void>; close(): Promise<void> }>;
  rename(from: string, to: string): Promise<void>;
  rm(file: string, options: { force: boolean }): Promise<void>;
}

export const realFs: WriteFs = {
  open: (file, flags) => fs.open(file, flags),
  rename: (from, to) => fs.rename(from, to),
  rm: (file, options) => fs.rm(file, options),
};

let counter = 0;

/** Temporary files are named after the target, so a leftover one is recognised and removed at start. */
export function tempPrefix(file: string): string {
  return `${path.basename(file)}.tmp-`;
}

export async function writeFileAtomic(file: string, data: string, io: WriteFs = realFs): Promise<void> {
  const temp = path.join(path.dirname(file), `${tempPrefix(file)}${process.pid}-${++counter}`);
  try {
    const handle = await io.open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await io.rename(temp, file);
  } catch (e) {
    await io.rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
  await syncFolder(path.dirname(file));
}

async function syncFolder(dir: string): Promise<void> {
  // Opening a folder for fsync is not possible on every platform (Windows); the rename is then as durable as the OS makes it.
  try {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* best effort */
  }
}
