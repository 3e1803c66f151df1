/**
 * The desktop's WorkspaceReader: request files on disk, found by the CLI's walk (files/workspaceWalk.ts:
 * bounded, no symbolic link followed, `node_modules` and hidden folders skipped), read strictly as
 * UTF-8 (files/textFile.ts).
 */
import { filePathOf } from './filePath';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readTextFile } from '../files/textFile';
import { walkRequestFiles } from '../files/workspaceWalk';
import type { WorkspaceReader } from './workspaceReader';

/** Files larger than this are skipped (10,000 requests are about 4 MB). */
const MAX_BYTES = 32 * 1024 * 1024;

export const diskWorkspace: WorkspaceReader = {
  list(folders) {
    const uris: string[] = [];
    const stopped: Array<{ folder: string; why: string }> = [];
    for (const folder of folders) {
      const walked = walkRequestFiles(folder);
      for (const f of walked.files) uris.push(pathToFileURL(f).href);
      if (walked.stopped) stopped.push({ folder, why: walked.stopped });
    }
    return { uris, stopped };
  },
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
    return !!file && folders.some((f) => file.startsWith(f + path.sep));
  },
  label(uri, folder) {
    const file = filePathOf(uri);
    if (!file) return uri;
    return folder && file.startsWith(folder + path.sep) ? path.relative(folder, file).split(path.sep).join('/') : path.basename(file);
  },
};

