/**
 * The desktop's WorkspaceReader: request files on disk, found by a walk that skips `node_modules` and
 * hidden folders (like the CLI's), read strictly as UTF-8 (files/textFile.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readTextFile } from '../files/textFile';
import type { WorkspaceReader } from './workspaceReader';

/** Enough for any real workspace; a walk stops there rather than read a whole disk. */
const MAX_FILES = 5000;
/** Files larger than this are skipped (10,000 requests are about 4 MB). */
const MAX_BYTES = 32 * 1024 * 1024;

export const diskWorkspace: WorkspaceReader = {
  list(folders) {
    const files: string[] = [];
    for (const folder of folders) walk(folder, files);
    return files.map((f) => pathToFileURL(f).href);
  },
  stamp(uri) {
    const file = filePath(uri);
    if (!file) return undefined;
    try {
      const stat = fs.statSync(file);
      return stat.isFile() && stat.size <= MAX_BYTES ? { mtimeMs: stat.mtimeMs, size: stat.size } : undefined;
    } catch {
      return undefined;
    }
  },
  read(uri) {
    const file = filePath(uri);
    try {
      return file ? readTextFile(file) : undefined;
    } catch {
      return undefined;
    }
  },
  inFolders(uri, folders) {
    const file = filePath(uri);
    return !!file && folders.some((f) => file.startsWith(f + path.sep));
  },
  label(uri, folder) {
    const file = filePath(uri);
    if (!file) return uri;
    return folder && file.startsWith(folder + path.sep) ? path.relative(folder, file).split(path.sep).join('/') : path.basename(file);
  },
};

function filePath(uri: string): string | undefined {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}

function walk(dir: string, out: string[], depth = 0): void {
  if (out.length >= MAX_FILES || depth > 32) return;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (out.length >= MAX_FILES) return;
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out, depth + 1);
    else if (e.isFile() && e.name.endsWith('.graphreq')) out.push(p);
  }
}
