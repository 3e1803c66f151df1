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
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../files/atomicWrite';

export const GRAPHREQ_FOLDER = '.graphreq';
export const EMULATOR_STATE_FILE = 'emulator-state.json';
export const EMULATOR_LOCK_FILE = 'emulator.lock';
export const RESPONSES_FILE = 'responses.json';

const GITIGNORE = '# Local state of graphreq (embedded emulator, saved responses): never commit it.\n*\n';

export function graphreqFolder(workspace: string): string {
  return path.join(workspace, GRAPHREQ_FOLDER);
}

/** Creates `.graphreq/` with its `.gitignore` when missing; returns its path. Throws the file system's error. */
export async function ensureGraphreqFolder(workspace: string): Promise<string> {
  const dir = graphreqFolder(workspace);
  fs.mkdirSync(dir, { recursive: true });
  const ignore = path.join(dir, '.gitignore');
  if (!fs.existsSync(ignore)) await writeFileAtomic(ignore, GITIGNORE);
  return dir;
}
