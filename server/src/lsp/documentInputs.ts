/**
 * The environment a document is read in: its workspace's (WorkspaceEnvironment) plus the host's
 * inputs for its folder (files/hostInputs.ts): `$processEnv`, the `.env` file, `< path` bodies.
 * One object per folder, kept while neither the workspace environment nor the `.env` file changes,
 * so the caches keyed by environment (file contexts, per-block results) keep working.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EnvironmentSettings } from '../core';
import { findDotenv, withHostInputs } from '../files/hostInputs';
import type { WorkspaceEnvironment } from './workspaceEnvironment';

interface Entry {
  base: EnvironmentSettings;
  dotenv: string;
  env: EnvironmentSettings;
}

export class DocumentInputs {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly environment: WorkspaceEnvironment) {}

  forDocument(uri: string): EnvironmentSettings {
    const base = this.environment.forDocument(uri);
    const file = uri.startsWith('file:') ? fileURLToPath(uri) : null;
    // Documents not on disk (untitled) have no folder: one entry per document, without a .env file.
    const key = file ? path.dirname(file) : uri;
    const stopAt = this.environment.folderOf(uri) ?? null;
    const dotenvFile = file ? findDotenv(key, stopAt) : undefined;
    const dotenv = dotenvFile ? `${dotenvFile}@${mtime(dotenvFile)}` : '';
    const hit = this.cache.get(key);
    if (hit && hit.base === base && hit.dotenv === dotenv) return hit.env;
    const env = withHostInputs(base, file, { stopAt });
    this.cache.set(key, { base, dotenv, env });
    return env;
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
