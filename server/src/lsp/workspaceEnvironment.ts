/**
 * The environment the server checks and sends with: graphreq.env.json found from the document's
 * folder up to its workspace folder (never above it: files/envFile.ts), the environment named in the
 * client's settings (or a send command's arguments), with the settings' defaultVersion on top.
 * Read again when the file changes (reported by the client, or seen on disk: a new modification time
 * or size, looked at on each read, at each save and when the desktop's watch of its folder fires); a broken file is reported once in the log and ignored.
 *
 * In an untrusted workspace (VS Code's Restricted Mode, `workspaceTrusted: false` in the settings)
 * the file's variables still serve checking, but its base URL is dropped: nothing there may choose
 * where a request goes.
 *
 * Where the files are is the host's (EnvironmentFiles): the disk on the desktop (diskEnvironment.ts),
 * the editor's file system on the web (web/webEnvironmentFiles.ts).
 */
import { misTypedSettings, readEnvironmentFile, resolveEnvironment, type EnvironmentSettings } from '../core';
import { decideSendTarget } from '../core/send';
import type { ServerSettings } from './protocol';

/** Where the workspace's folders and environment files are, and how they are read. */
export interface EnvironmentFiles {
  /** A workspace folder's URI as the host names folders (a path on the desktop, the URI on the web). */
  folderName(uri: string): string;
  /** The folder of `uri` among `folders` (the deepest that holds it); for a file outside every folder, its own folder; undefined when it has none. */
  folderOf(uri: string, folders: readonly string[]): string | undefined;
  /** The document's graphreq.env.json: from its folder up to `root`, never above. */
  envFileOf(uri: string, root: string): string | undefined;
  /** An environment file's text; throws a one-line Error when it cannot be read. */
  readText(file: string): string;
  /** An environment file's URI (navigation and rename go there). */
  uriOf(file: string): string;
  /**
   * What changes when the file is edited (on disk: its modification time and size), for a host whose
   * client may not say so (a client without file watching: Neovim 0.7); absent where the host hears
   * of every change (the web: the client reports them).
   */
  stamp?(file: string): string | undefined;
  /** Calls `changed` when the file may have changed on disk (the desktop watches its folder): most clients report only request files, Neovim 0.7 none. */
  watch?(file: string, changed: () => void): void;
}

export class WorkspaceEnvironment {
  private folders: string[] = [];
  private cached = new Map<string, { env: EnvironmentSettings; stamp: string | undefined }>();
  settings: ServerSettings = {};
  /** Told when an environment file read before may have changed on disk (set by the server). */
  onDiskChange: (() => void) | undefined;
  private readonly watched = new Set<string>();
  constructor(
    private readonly log: (message: string) => void,
    readonly files: EnvironmentFiles,
  ) {}

  setFolders(uris: string[]): void {
    this.folders = uris.map((u) => this.files.folderName(u));
    this.invalidate();
  }

  invalidate(): void {
    this.cached.clear();
  }

  /** The workspace folder of `uri` (the deepest that holds it); for a file outside every folder, its own folder; else the first folder. */
  folderOf(uri: string): string | undefined {
    return this.files.folderOf(uri, this.folders) ?? this.folders[0];
  }

  /** The environment file of the document: from its folder up to its workspace folder. */
  envFileOf(uri: string): string | undefined {
    const root = this.folderOf(uri);
    if (!root) return undefined;
    return this.files.envFileOf(uri, root);
  }

  /** The document's environment, read again when its file changed since it was read (a new object then). */
  forDocument(uri: string): EnvironmentSettings {
    const file = this.envFileOf(uri) ?? '';
    const stamp = this.stampOf(file);
    const hit = this.cached.get(file);
    if (hit && hit.stamp === stamp) return hit.env;
    const env = this.load(file || undefined);
    this.cached.set(file, { env, stamp });
    return env;
  }

  /** Whether an environment file read before changed since (then all are read again): for a client that does not report changes, asked at each save. */
  changedOnDisk(): boolean {
    for (const [file, { stamp }] of this.cached) {
      if (this.stampOf(file) !== stamp) {
        this.invalidate();
        return true;
      }
    }
    return false;
  }

  private stampOf(file: string): string | undefined {
    return file ? this.files.stamp?.(file) : undefined;
  }

  /** The workspace folders, as paths. */
  get folderPaths(): readonly string[] {
    return this.folders;
  }

  private load(file: string | undefined): EnvironmentSettings {
    let env: EnvironmentSettings = { variables: {} };
    if (file && this.onDiskChange && this.files.watch && !this.watched.has(file)) {
      this.watched.add(file);
      this.files.watch(file, () => this.onDiskChange?.());
    }
    if (file) {
      try {
        env = environmentOfText(this.files.readText(file), this.settings.environment || undefined, (note) => this.log(`graphreq.env.json: ${note}`));
      } catch (e) {
        this.log(`graphreq.env.json ignored: ${(e as Error).message}`);
        try {
          env = environmentOfText(this.files.readText(file), undefined);
        } catch {
          env = { variables: {} };
        }
      }
    }
    if (this.settings.defaultVersion) env.defaultVersion = this.settings.defaultVersion;
    // Where sends go decides what the checks expect (the emulator's seed accounts, or a service): the send's own rule.
    env.baseUrl = decideSendTarget({ workspaceBaseUrl: this.settings.baseUrl, envBaseUrl: env.baseUrl, environmentNamed: false, workspaceTrusted: this.settings.workspaceTrusted }).baseUrl;
    env.today = new Date().toISOString().slice(0, 10);
    return env;
  }
}

/**
 * An environment of graphreq.env.json's text (`$shared` alone when `name` is undefined); throws a
 * one-line Error for a broken file or an unknown name. `onIgnored` hears of each setting left out for its type.
 */
export function environmentOfText(text: string, name: string | undefined, onIgnored?: (line: string) => void): EnvironmentSettings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`graphreq.env.json: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const environments = readEnvironmentFile(json);
  const env = resolveEnvironment(environments, name);
  for (const line of misTypedSettings(environments, name)) onIgnored?.(line);
  return env;
}
