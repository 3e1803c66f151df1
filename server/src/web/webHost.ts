/**
 * The ServerHost of the web build (vscode.dev, github.dev): the language server in a browser Web
 * Worker. Files come from the editor's file system through the client (clientFiles.ts); there is no
 * process (no `$processEnv`, no `.env` file), no `< path` body, no history nor test results on disk,
 * and no account context read from a service. The embedded emulator's context is that of the
 * emulator in the worker (webSend.ts, workerAccount.ts): its current state, kept by the client
 * from one window to the next, or the seed data's while it has none.
 */
import type { Connection } from 'vscode-languageserver';
import type { AccountContext, EnvironmentSettings } from '../core';
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
  /** The in-worker emulator's account context (webSend.ts); without it, none. */
  account?: { current(): AccountContext; openStored(connection: Connection): Promise<boolean> };
}

export function webHost(o: WebHostOptions): ServerHost {
  const files = new ClientFiles(o.log);
  return {
    environmentFiles: environmentFiles(files),
    workspaceReader: workspaceReader(files),
    documentInputs: (environment) => new WebDocumentInputs(environment, o.account),
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
      // The state an earlier window left: the documents are checked against it once it is read.
      void o.account?.openStored(connection).then((moved) => moved && changed([]), () => undefined);
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

/** Each document's environment: its workspace's, with the in-worker emulator's context while requests go to the emulator. */
class WebDocumentInputs implements DocumentEnvironments {
  /** One object per workspace environment and context, so the caches keyed by environment keep working. */
  private readonly cache = new WeakMap<EnvironmentSettings, { context: AccountContext | undefined; env: EnvironmentSettings }>();

  constructor(
    private readonly environment: WorkspaceEnvironment,
    private readonly account: WebHostOptions['account'],
  ) {}

  forDocument(uri: string): EnvironmentSettings {
    const base = this.environment.forDocument(uri);
    const context = this.environment.settings.context !== 'off' && !base.baseUrl ? this.account?.current() : undefined;
    const hit = this.cache.get(base);
    if (hit && hit.context === context) return hit.env;
    const env = { ...base };
    if (context) env.context = context;
    this.cache.set(base, { context, env });
    return env;
  }

  invalidate(): void {
    // The workspace environment makes new objects once invalidated: the cache keyed by them follows.
  }
}
