/**
 * Finding graphreq.env.json, for the CLI, the language server and the VS Code client alike. The file
 * belongs to the workspace only when it lies at or below the workspace root, so the lookup walks up
 * from the request file and stops there: a file planted in a shared parent folder (`/tmp`, a home
 * folder holding many checkouts) is never read.
 *
 * The workspace root: in an editor, the workspace folder holding the document; otherwise the
 * nearest folder at or above the file that holds `.git` (a repository, or a Git worktree whose
 * `.git` is a file); with neither, the CLI's working folder, or the folder of a document an editor
 * opened outside any folder.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ENV_FILE_NAME = 'graphreq.env.json';

/** The nearest folder at or above `from` (a folder) that holds `.git`, or undefined. */
export function repositoryRoot(from: string): string | undefined {
  let dir = path.resolve(from);
  for (;;) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The folder a path names: itself for a folder, else its parent. */
export function folderOf(p: string): string {
  const resolved = path.resolve(p);
  try {
    if (fs.statSync(resolved).isDirectory()) return resolved;
  } catch {
    /* a path that does not exist yet: its parent */
  }
  return path.dirname(resolved);
}

/** Whether `inner` is `outer` or inside it. */
export function isWithin(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export interface EnvFileLookup {
  /** The environment file of the workspace, if there is one. */
  file?: string;
  /** The workspace root the lookup stopped at. */
  root: string;
  /** The nearest environment file found outside the workspace, which was not used (for a hint). */
  ignoredOutside?: string;
}

/**
 * graphreq.env.json in `startFolder` or a folder above it, up to `root` and never beyond. When
 * `startFolder` is not inside `root`, only `startFolder` itself would be outside: nothing is used.
 */
export function findWorkspaceEnvFile(startFolder: string, root: string): EnvFileLookup {
  const start = path.resolve(startFolder);
  const top = path.resolve(root);
  let dir = start;
  let inside = isWithin(start, top);
  for (;;) {
    const candidate = path.join(dir, ENV_FILE_NAME);
    if (fs.existsSync(candidate)) return inside && resolvesWithin(candidate, top) ? { file: candidate, root: top } : { root: top, ignoredOutside: candidate };
    if (inside && dir === top) inside = false;
    const parent = path.dirname(dir);
    if (parent === dir) return { root: top };
    dir = parent;
  }
}

/**
 * Whether `file`, its links followed, is inside `root` (its links followed too): a repository's
 * `reqs -> ~/other` (a folder) or `graphreq.env.json -> ~/.npmrc` names a file that only looks
 * inside. Such a file is not read (its text would be the user's), and its folder does not become the
 * session's, where graphreq would write `.graphreq/` and `.graphreq-history/`.
 */
function resolvesWithin(file: string, root: string): boolean {
  try {
    return isWithin(fs.realpathSync(file), fs.realpathSync(root));
  } catch {
    return false;
  }
}
