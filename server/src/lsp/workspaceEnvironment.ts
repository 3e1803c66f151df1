/**
 * The environment the server checks with: graphreq.env.json at a workspace folder's root (the
 * environment named in the client's settings), with the settings' defaultVersion on top.
 * Read again when the file changes; a broken file is reported once in the log and ignored.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEnvironmentFile, resolveEnvironment, type EnvironmentSettings } from '../core';
import type { ServerSettings } from './protocol';

export class WorkspaceEnvironment {
  private folders: string[] = [];
  private cached = new Map<string, EnvironmentSettings>();
  settings: ServerSettings = {};
  constructor(private readonly log: (message: string) => void) {}

  setFolders(uris: string[]): void {
    this.folders = uris.map((u) => (u.startsWith('file:') ? fileURLToPath(u) : u));
    this.invalidate();
  }

  invalidate(): void {
    this.cached.clear();
  }

  /** The folder of `uri` (or the first folder) that holds the document. */
  folderOf(uri: string): string | undefined {
    const file = uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
    if (file) {
      const hit = this.folders.filter((f) => file.startsWith(f + path.sep)).sort((a, b) => b.length - a.length)[0];
      if (hit) return hit;
      return path.dirname(file);
    }
    return this.folders[0];
  }

  forDocument(uri: string): EnvironmentSettings {
    const folder = this.folderOf(uri) ?? '';
    let env = this.cached.get(folder);
    if (!env) {
      env = this.load(folder);
      this.cached.set(folder, env);
    }
    return env;
  }

  /** The graphreq.env.json that `uri` is checked with, if there is one (navigation and rename go there). */
  envFileFor(uri: string): string | undefined {
    const folder = this.folderOf(uri);
    return folder ? findEnvFile(folder) : undefined;
  }

  /** The workspace folders, as paths. */
  get folderPaths(): readonly string[] {
    return this.folders;
  }

  private load(folder: string): EnvironmentSettings {
    const today = new Date().toISOString().slice(0, 10);
    const file = folder ? findEnvFile(folder) : undefined;
    let env: EnvironmentSettings = { variables: {} };
    if (file) {
      try {
        env = resolveEnvironment(readEnvironmentFile(JSON.parse(fs.readFileSync(file, 'utf8'))), this.settings.environment || undefined);
      } catch (e) {
        this.log(`graphreq.env.json ignored: ${(e as Error).message}`);
        try {
          env = resolveEnvironment(readEnvironmentFile(JSON.parse(fs.readFileSync(file, 'utf8'))), undefined);
        } catch {
          env = { variables: {} };
        }
      }
    }
    if (this.settings.defaultVersion) env.defaultVersion = this.settings.defaultVersion;
    if (this.settings.baseUrl) env.baseUrl = this.settings.baseUrl;
    env.today = today;
    return env;
  }
}

/** graphreq.env.json in `folder` or the nearest folder above it. */
function findEnvFile(folder: string): string | undefined {
  let dir = folder;
  for (let i = 0; i < 32; i++) {
    const candidate = path.join(dir, 'graphreq.env.json');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}
