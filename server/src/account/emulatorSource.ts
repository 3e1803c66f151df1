/**
 * The account context of the embedded emulator, read from the workspace's state file
 * (`.graphreq/emulator-state.json`), or from the seed data while there is none: always on, and free,
 * since it sends nothing. It only reads: it never takes the emulator's lock nor writes its state, so
 * it works while the editor's emulator or a `graphreq send` run holds the state.
 *
 * A `.graphreq/` tracked by git came with the repository, and a state file or folder that is a
 * symbolic link points at someone else's choice: neither is read (send/graphreqFolder.ts), and the
 * context is then the seed data's, as it is for a workspace that never sent anything (the emulator a
 * send starts there begins from the seed too).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AccountContext } from '../core';
import { emulatorContext } from '../emulator/accountContext';
import { seedState } from '../emulator/seed';
import { readStateFile } from '../emulator/store';
import { EMULATOR_STATE_FILE, ForeignFolderError, graphreqFolder, graphreqFolderUsable } from '../send/graphreqFolder';

export interface EmulatorContextRead {
  context: AccountContext;
  /** Why the state file was not read (one line), when it exists but could not be. */
  note?: string;
}

/** The last context read per state file, kept while the file's time and size are the same. */
const cache = new Map<string, { stamp: string; read: EmulatorContextRead }>();
let seed: EmulatorContextRead | undefined;

function seedContext(): EmulatorContextRead {
  return (seed ??= { context: emulatorContext(seedState(), { at: 0, key: 'seed' }) });
}

/** The embedded emulator's context for `workspace` (null: a document outside any folder, whose emulator starts from the seed). */
export function readEmulatorContext(workspace: string | null): EmulatorContextRead {
  if (!workspace) return seedContext();
  const dir = graphreqFolder(workspace);
  const file = path.join(dir, EMULATOR_STATE_FILE);
  let stat: fs.Stats;
  try {
    const folder = fs.lstatSync(dir);
    if (folder.isDirectory() && !graphreqFolderUsable(workspace)) return { ...seedContext(), note: new ForeignFolderError(dir).message };
    if (!folder.isDirectory()) return { ...seedContext(), note: `${dir} is not a folder${folder.isSymbolicLink() ? ' (a symbolic link)' : ''}: the emulator's state is not read` };
    stat = fs.lstatSync(file);
  } catch {
    return seedContext();
  }
  if (!stat.isFile()) return { ...seedContext(), note: `${file} is not a file${stat.isSymbolicLink() ? ' (a symbolic link)' : ''}: the emulator's state is not read` };
  const stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  const hit = cache.get(file);
  if (hit && hit.stamp === stamp) return hit.read;
  let read: EmulatorContextRead;
  try {
    read = { context: emulatorContext(readStateFile(file), { at: stat.mtimeMs, key: `${file}@${stamp}` }) };
  } catch (e) {
    read = { ...seedContext(), note: `${(e as Error).message.split('\n')[0]}: the seed data stands for the emulator's state` };
  }
  cache.set(file, { stamp, read });
  return read;
}
