/**
 * The ServerHost of the web build (vscode.dev, github.dev): the language server in a browser Web
 * Worker. Files come from the editor's file system through the client (clientFiles.ts); there is no
 * process (no `$processEnv`, no `.env` file), no `< path` body, no history nor test results on disk,
 * and no account context read from a service. The embedded emulator's context is its seed data's,
 * as on the desktop for a workspace that never sent anything.
 */
import type { AccountContext, EnvironmentSettings } from '../core';
import { emulatorContext } from '../emulator/accountContext';
import { seedState } from '../emulator/seed';
import { limitInputsOf } from '../send/forecastLimits';
import type { DocumentEnvironments, ServerHost } from '../lsp/host';
import type { EnvironmentFiles, WorkspaceEnvironment } from '../lsp/workspaceEnvironment';
import type { WorkspaceReader } from '../lsp/workspaceReader';
import { ClientFiles } from './clientFiles';
import { WebNotifications, type FilesChangedParams } from './protocol';
import { uriFolder, uriLabel, uriWithin } from './uriPaths';

const ENV_FILE = 'graphreq.env.json';

export interface WebHostOptions {
  log: (message: string) => void;
}

export function webHost(o: WebHostOptions): ServerHost {
  const files = new ClientFiles(o.log);
  return {
    environmentFiles: environmentFiles(files),
    workspaceReader: workspaceReader(files),
    documentInputs: (environment) => new WebDocumentInputs(environment),
    contextFetcher: () => ({ fetch: async () => null }),
    forecastInputs: (i) => limitInputsOf(i.env, i.baseUrl),
    editorConfigWidth: () => undefined,
    lastTestResults: () => ({}),
    filesRead: () => files.started,
    attach(connection, changed) {
      const told = (uris: string[]): void => {
        if (uris.length) changed(uris);
      };
      connection.onNotification(WebNotifications.filesChanged, (p: Partial<FilesChangedParams> | undefined) => {
        if (Array.isArray(p?.changes)) void files.refresh(p.changes, told);
      });
      void files.start(connection, told);
    },
  };
}

function environmentFiles(files: ClientFiles): EnvironmentFiles {
  return {
    folderName: (uri) => uri.replace(/\/+$/, ''),
    folderOf(uri, folders) {
      const hit = folders.filter((f) => uriWithin(uri, f)).sort((a, b) => b.length - a.length)[0];
      return hit ?? uriFolder(uri);
    },
    envFileOf(uri, root) {
      for (let dir = uriFolder(uri); dir && (dir === root || uriWithin(dir, root)); dir = uriFolder(dir)) {
        if (files.has(`${dir}/${ENV_FILE}`)) return `${dir}/${ENV_FILE}`;
      }
      return undefined;
    },
    readText(file) {
      const text = files.text(file);
      if (text === undefined) throw new Error(`${file} is not read`);
      return text;
    },
    uriOf: (file) => file,
  };
}

function workspaceReader(files: ClientFiles): WorkspaceReader {
  return {
    list: (folders) => ({ uris: files.uris().filter((u) => u.endsWith('.graphreq') && folders.some((f) => uriWithin(u, f))).sort(), stopped: [] }),
    stamp(uri) {
      const version = files.version(uri);
      return version === undefined ? undefined : { mtimeMs: version, size: files.text(uri)!.length };
    },
    read: (uri) => files.text(uri),
    inFolders: (uri, folders) => folders.some((f) => uriWithin(uri, f)),
    label: uriLabel,
  };
}

/** Each document's environment: its workspace's, with the emulator's seed context while requests go to the emulator. */
class WebDocumentInputs implements DocumentEnvironments {
  private readonly cache = new WeakMap<EnvironmentSettings, EnvironmentSettings>();
  private seed: AccountContext | undefined;

  constructor(private readonly environment: WorkspaceEnvironment) {}

  forDocument(uri: string): EnvironmentSettings {
    const base = this.environment.forDocument(uri);
    let env = this.cache.get(base);
    if (!env) {
      env = { ...base };
      if (this.environment.settings.context !== 'off' && !base.baseUrl) env.context = (this.seed ??= emulatorContext(seedState(), { at: 0, key: 'seed' }));
      this.cache.set(base, env);
    }
    return env;
  }

  invalidate(): void {
    // The workspace environment makes new objects once invalidated: the cache keyed by them follows.
  }
}
