/**
 * `.graphreq/`: graphreq's own folder in a workspace (the folder of graphreq.env.json, else the
 * working folder of the CLI or the editor's workspace folder). It holds what makes a session last
 * between runs, and nothing anyone should commit, so it carries its own `.gitignore` (`*`):
 *
 *   emulator-state.json   the embedded emulator's state (ad sets created, ...), docs/emulator.md
 *   emulator-state.json.lock  the emulator's own lock on its data file (docs/emulator.md, One server per file)
 *   emulator.lock         which process serves that state right now (pid and URL, so others send there)
 *   responses.json        the latest response of each named request, per environment (redacted)
 *
 * `graphreq send --fresh` starts the emulator from its seed data and forgets the saved responses of
 * the environment in use. Response history stays in `.graphreq-history/` (send/history.ts).
 *
 * A `.graphreq/` that git tracks came with the repository: its authors wrote it, so graphreq neither
 * reads nor writes it (ForeignFolderError, one line for the user); the session then lasts one run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeFolderWithin, writeFileAtomic } from '../files/atomicWrite';
import { trackedByGit } from '../files/gitTracked';

export const GRAPHREQ_FOLDER = '.graphreq';
export const EMULATOR_STATE_FILE = 'emulator-state.json';
export const EMULATOR_LOCK_FILE = 'emulator.lock';
export const RESPONSES_FILE = 'responses.json';

const GITIGNORE = '# Local state of graphreq (embedded emulator, saved responses): never commit it.\n*\n';

export function graphreqFolder(workspace: string): string {
  return path.join(workspace, GRAPHREQ_FOLDER);
}

/** `.graphreq/` (or `.graphreq-history/`) is tracked by git: it came with the repository and is not used. */
export class ForeignFolderError extends Error {
  readonly code = 'EFOREIGN';
  constructor(readonly folder: string) {
    super(`${path.basename(folder)}/ is tracked by git (it came with the repository), so graphreq ignores it; untrack it (git rm -r --cached ${path.basename(folder)}) to keep state there`);
  }
}

/** Throws ForeignFolderError when git tracks something in `dir`, a folder only graphreq writes. */
export function refuseTrackedFolder(dir: string): void {
  if (trackedByGit(dir)) throw new ForeignFolderError(dir);
}

/** Whether `.graphreq/` of the workspace is one graphreq may read (not one that came with the repository). */
export function graphreqFolderUsable(workspace: string): boolean {
  return !trackedByGit(graphreqFolder(workspace));
}

/** Creates `.graphreq/` with its `.gitignore` when missing; returns its path. Throws the file system's error, or ForeignFolderError. */
export async function ensureGraphreqFolder(workspace: string): Promise<string> {
  const dir = graphreqFolder(workspace);
  refuseTrackedFolder(dir);
  // A `.graphreq` that is a symbolic link (to a folder outside) is refused, never written through.
  makeFolderWithin(workspace, dir);
  const ignore = path.join(dir, '.gitignore');
  if (!exists(ignore)) await writeFileAtomic(ignore, GITIGNORE, { within: workspace });
  return dir;
}

/** Whether anything is at `file`, a dangling symbolic link included (lstat: nothing is followed). */
function exists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
