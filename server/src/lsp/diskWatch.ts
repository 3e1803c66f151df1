/**
 * The desktop's watch of the workspace's folders, for a client that reports no file changes: Neovim
 * 0.7 sends no `workspace/didChangeWatchedFiles`, so a `# @name` edited, a request file created or
 * deleted by another program (git, a terminal) was seen only at the next save. Each folder the walk
 * listed is watched on its own (the walk's folders only: no `node_modules`, hidden folder or symbolic
 * link, as files/workspaceWalk.ts), at most MAX_WATCHES of them; what happens in a folder past that
 * is seen at the next save, as before. Events are gathered for DEBOUNCE_MS (an editor's save writes
 * a temporary file, then renames it), then told: the request files by URI, or a rescan when a folder
 * appeared or went away.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FolderWatch } from './workspaceReader';

/** Folders watched at most (each is one inotify watch on Linux, of the user's 8,192 on some systems). */
export const MAX_WATCHES = 2000;
const DEBOUNCE_MS = 50;

export function watchFolders(events: { changed(uris: string[]): void; rescan(): void }): FolderWatch {
  const watchers = new Map<string, fs.FSWatcher>();
  const pending = new Set<string>();
  let rescan = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    timer = undefined;
    const uris = [...pending];
    pending.clear();
    // A rescan looks at every file's stamp: it covers the files changed meanwhile.
    if (rescan) {
      rescan = false;
      events.rescan();
    } else if (uris.length) events.changed(uris);
  };
  const heard = (dir: string, name: string | null): void => {
    // Hidden files and folders are not the workspace's (the walk skips them).
    if (name?.startsWith('.')) return;
    const p = name ? path.join(dir, name) : dir;
    if (name?.endsWith('.graphreq')) pending.add(pathToFileURL(p).href);
    // A folder made or removed (or an event without a name): the folders are walked again.
    else if (!name || watchers.has(p) || isFolder(p)) rescan = true;
    else return;
    if (!timer) {
      timer = setTimeout(flush, DEBOUNCE_MS);
      timer.unref();
    }
  };
  return {
    watch(folders) {
      const wanted = new Set(folders.slice(0, MAX_WATCHES));
      for (const [dir, w] of watchers) {
        if (wanted.has(dir)) continue;
        w.close();
        watchers.delete(dir);
      }
      for (const dir of wanted) {
        if (watchers.has(dir)) continue;
        try {
          const w = fs.watch(dir, { persistent: false }, (_event, name) => heard(dir, name === null ? null : String(name)));
          w.on('error', () => {
            w.close();
            if (watchers.get(dir) === w) watchers.delete(dir);
          });
          watchers.set(dir, w);
        } catch {
          // No watch here (the system's watches used up, a folder gone): its files are seen at the next save.
        }
      }
    },
    close() {
      for (const w of watchers.values()) w.close();
      watchers.clear();
      clearTimeout(timer);
    },
  };
}

/** A folder, not a link to one (the walk follows no link). */
function isFolder(p: string): boolean {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}
