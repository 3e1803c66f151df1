/**
 * The desktop's WorkspaceReader: request files on disk, found by the CLI's walk (files/workspaceWalk.ts:
 * bounded, no symbolic link followed, `node_modules` and hidden folders skipped), read strictly as
 * UTF-8 (files/textFile.ts). A file reached through a symbolic link is not one of the workspace's,
 * however the editor names it: rename never edits it (`inFolders`).
 */
import { filePathOf } from './filePath';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkWithin } from '../files/atomicWrite';
import { watchFolders } from './diskWatch';
import { readTextFile } from '../files/textFile';
import { walkRequestFiles } from '../files/workspaceWalk';
import type { WorkspaceReader } from './workspaceReader';

/** Files larger than this are skipped (10,000 requests are about 4 MB). */
const MAX_BYTES = 32 * 1024 * 1024;

export const diskWorkspace: WorkspaceReader = {
  list(folders) {
    const uris: string[] = [];
    const stopped: Array<{ folder: string; why: string }> = [];
    const listed: string[] = [];
    for (const folder of folders) {
      const walked = walkRequestFiles(folder);
      for (const f of walked.files) uris.push(pathToFileURL(f).href);
      listed.push(...walked.folders);
      if (walked.stopped) stopped.push({ folder, why: walked.stopped });
    }
    return { uris, stopped, listed };
  },
  watch: watchFolders,
  stamp(uri) {
    const file = filePathOf(uri);
    if (!file) return undefined;
    try {
      const stat = fs.statSync(file);
      return stat.isFile() && stat.size <= MAX_BYTES ? { mtimeMs: stat.mtimeMs, size: stat.size } : undefined;
    } catch {
      return undefined;
    }
  },
  read(uri) {
    const file = filePathOf(uri);
    try {
      return file ? readTextFile(file) : undefined;
    } catch {
      return undefined;
    }
  },
  inFolders(uri, folders) {
    const file = filePathOf(uri);
    // Inside a folder by its path, and no folder between (nor the file) a symbolic link: what the walk would find.
    return !!file && folders.some((f) => file.startsWith(f + path.sep) && reachedWithoutLink(f, file));
  },
  label(uri, folder) {
    const file = filePathOf(uri);
    if (!file) return uri;
    return folder && file.startsWith(folder + path.sep) ? path.relative(folder, file).split(path.sep).join('/') : path.basename(file);
  },
};


/** Whether `file` is reached from `folder` without a symbolic link (a part that does not exist is fine: a file just deleted). */
function reachedWithoutLink(folder: string, file: string): boolean {
  try {
    checkWithin(folder, file);
    return true;
  } catch {
    return false;
  }
}
