/**
 * The environment a document is read in: its workspace's (WorkspaceEnvironment) plus the host's
 * inputs for its folder (files/hostInputs.ts): `$processEnv`, the `.env` file, `< path` bodies.
 * and the account context of its workspace (account/emulatorSource.ts: the embedded emulator's state,
 * when no base URL is set). One object per folder, kept while neither the workspace environment, the
 * `.env` file nor the context changes, so the caches keyed by environment (file contexts, per-block
 * results) keep working.
 */
import { filePathOf } from './filePath';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AccountContext, EnvironmentSettings } from '../core';
import { readEmulatorContext } from '../account/emulatorSource';
import { contextLimitsOf, storedContext, unreadContext } from '../account/environmentSource';
import { findDotenv, withHostInputs } from '../files/hostInputs';
import type { WorkspaceEnvironment } from './workspaceEnvironment';

interface Entry {
  base: EnvironmentSettings;
  dotenv: string;
  context: AccountContext | undefined;
  env: EnvironmentSettings;
}

export class DocumentInputs {
  private readonly cache = new Map<string, Entry>();

  private lastNote: string | undefined;

  constructor(
    private readonly environment: WorkspaceEnvironment,
    private readonly log?: (message: string) => void,
  ) {}

  forDocument(uri: string): EnvironmentSettings {
    const base = this.environment.forDocument(uri);
    const file = filePathOf(uri) ?? null;
    // Documents not on disk (untitled) have no folder: one entry per document, without a .env file.
    const key = file ? path.dirname(file) : uri;
    const stopAt = this.environment.folderOf(uri) ?? null;
    const dotenvFile = file ? findDotenv(key, stopAt) : undefined;
    const dotenv = dotenvFile ? `${dotenvFile}@${mtime(dotenvFile)}` : '';
    const context = this.contextOf(base, stopAt);
    const hit = this.cache.get(key);
    if (hit && hit.base === base && hit.dotenv === dotenv && hit.context === context) return hit.env;
    const env = withHostInputs(base, file, { stopAt });
    if (context) env.context = context;
    this.cache.set(key, { base, dotenv, context, env });
    return env;
  }

  /** The account context of the workspace (null: outside any folder) for an environment; none when turned off. */
  private contextOf(base: EnvironmentSettings, workspace: string | null): AccountContext | undefined {
    const setting = this.environment.settings.context;
    if (setting === 'off') return undefined;
    if (base.baseUrl) {
      // An environment's context is what its responses showed and, once the user turned reading on, what was read from its service.
      if (!workspace) return unreadContext(base.name);
      return storedContext({ workspace, name: base.name, baseUrl: base.baseUrl }, { fetch: setting === 'environment', now: Date.now(), limits: contextLimitsOf(base) });
    }
    const read = readEmulatorContext(workspace);
    if (read.note && read.note !== this.lastNote) this.log?.((this.lastNote = read.note));
    return read.context;
  }

  invalidate(): void {
    this.cache.clear();
  }
}

function mtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}
