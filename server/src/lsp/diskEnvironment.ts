/**
 * The desktop's EnvironmentFiles: workspace folders as paths, graphreq.env.json found on disk from
 * the document's folder up to its workspace folder (files/envFile.ts), and the environment of a file
 * on disk for the sending layer.
 */
import { filePathOf } from './filePath';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveEnvironment, type EnvironmentSettings } from '../core';
import { findWorkspaceEnvFile } from '../files/envFile';
import { NotRegularFileError, readRegularText } from '../files/regularFile';
import { environmentOfText, type EnvironmentFiles } from './workspaceEnvironment';

export const diskEnvironment: EnvironmentFiles = {
  folderName: (uri) => filePathOf(uri) ?? uri,
  folderOf(uri, folders) {
    const file = filePathOf(uri);
    if (!file) return undefined;
    const hit = folders.filter((f) => file.startsWith(f + path.sep)).sort((a, b) => b.length - a.length)[0];
    return hit ?? path.dirname(file);
  },
  envFileOf(uri, root) {
    const file = filePathOf(uri);
    return findWorkspaceEnvFile(file ? path.dirname(file) : root, root).file;
  },
  readText: (file) => readRegularText(file),
  uriOf: (file) => pathToFileURL(file).href,
  stamp(file) {
    try {
      const s = fs.statSync(file);
      return `${s.mtimeMs}:${s.size}`;
    } catch {
      return undefined;
    }
  },
  watch(file, changed) {
    const name = path.basename(file);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // The folder, not the file: editors save by writing a new file over the old one.
      const watcher = fs.watch(path.dirname(file), { persistent: false }, (_event, changedName) => {
        if (changedName && String(changedName) !== name) return;
        clearTimeout(timer);
        timer = setTimeout(changed, 50);
        timer.unref();
      });
      watcher.on('error', () => watcher.close());
    } catch {
      // No watch here (too many watches, a folder gone): the next check or save looks at the file's stamp.
    }
  },
};

/**
 * An environment of `file` (`$shared` alone when `name` is undefined); throws a one-line Error for a
 * broken file or an unknown name. `onIgnored` hears of each setting left out for its type.
 */
export function readWorkspaceEnvironment(file: string | undefined, name: string | undefined, onIgnored?: (line: string) => void): EnvironmentSettings {
  if (!file) return resolveEnvironment(undefined, undefined);
  let text: string;
  try {
    text = readRegularText(file);
  } catch (e) {
    if (e instanceof NotRegularFileError) throw new Error(`graphreq.env.json: ${e.message.replace(file, 'it')}`);
    throw new Error(`graphreq.env.json: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  return environmentOfText(text, name, onIgnored);
}

