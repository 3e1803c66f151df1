/**
 * The one walk of a folder for its .graphreq files: `graphreq check` (and fmt, send, test) of a
 * folder, the CLI's index of the workspace's names and the language server's. Sorted, so every run
 * sees the files in one order; `node_modules` and hidden folders are skipped; symbolic links are
 * never followed (a link to a folder above it would be a loop), so only what is inside the folder is
 * read.
 *
 * Bounded, so a walk started in a huge tree (a home folder, a mounted disk) ends: at most
 * WALK_LIMITS.files request files, WALK_LIMITS.entries folder entries looked at and
 * WALK_LIMITS.depth folders deep. A walk that stops there says so in `stopped`, one line for the
 * user (docs/format.md, "Files of a workspace").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface WalkLimits {
  /** Request files taken at most. */
  files: number;
  /** Folder entries looked at, at most (files of any kind and folders). */
  entries: number;
  /** Folders below the starting one, at most. */
  depth: number;
}

export const WALK_LIMITS: Readonly<WalkLimits> = { files: 10_000, entries: 200_000, depth: 32 };

export interface WalkResult {
  /** The .graphreq files found, each folder's sorted by name. */
  files: string[];
  /** Folders that could not be listed, one line each. */
  skipped: string[];
  /** Why the walk stopped before the end, in one line; absent when it read the whole folder. */
  stopped?: string;
  /** The folders listed, the starting one first (the language server watches them for a client that reports no file changes). */
  folders: string[];
}

export function walkRequestFiles(dir: string, limits: WalkLimits = WALK_LIMITS): WalkResult {
  const out: WalkResult = { files: [], skipped: [], folders: [] };
  let entries = 0;
  const visit = (folder: string, depth: number): boolean => {
    let list: fs.Dirent[];
    try {
      list = fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    } catch (e) {
      out.skipped.push(`${folder}: cannot read the folder (${(e as NodeJS.ErrnoException).code ?? 'error'}); skipped`);
      return true;
    }
    out.folders.push(folder);
    for (const e of list) {
      if (++entries > limits.entries) {
        out.stopped = `stopped looking for .graphreq files under ${dir} after ${limits.entries.toLocaleString('en-US')} entries (the limit); name a smaller folder`;
        return false;
      }
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(folder, e.name);
      // Dirent types come from the folder listing: a symbolic link is neither a folder nor a file here.
      if (e.isDirectory()) {
        if (depth >= limits.depth) {
          out.stopped ??= `${p}: more than ${limits.depth} folders deep; not read`;
          continue;
        }
        if (!visit(p, depth + 1)) return false;
      } else if (e.isFile() && e.name.endsWith('.graphreq')) {
        // Only regular files: a FIFO named *.graphreq would block the read.
        if (out.files.length >= limits.files) {
          out.stopped = `stopped at ${limits.files.toLocaleString('en-US')} .graphreq files under ${dir} (the limit); name a smaller folder`;
          return false;
        }
        out.files.push(p);
      }
    }
    return true;
  };
  visit(dir, 0);
  return out;
}
