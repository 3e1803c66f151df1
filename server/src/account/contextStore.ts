/**
 * The account context of each environment, cached in `.graphreq/account-context.json` so that the
 * editor and `graphreq check` share it, each read is made once per time to live, and the calls made
 * in the last hour are counted across processes (at most the configured number an hour):
 *
 *   { "format": 1, "environments": { "prod https://graph.example.com": {
 *       "campaigns": { "120...": { "readAt": 1764259200000, "facts": { "objective": "OUTCOME_SALES", ... } } },
 *       "accounts": { "1000000001": { "readAt": ..., "facts": { "currency": "EUR" } } },
 *       "calls": [1764259200000, ...] } } }
 *
 * Keyed by environment and origin: an id of one service means nothing to another. Only what the
 * service answered about campaigns and accounts is written, never a token nor a request. A
 * `.graphreq/` tracked by git is neither read nor written (send/graphreqFolder.ts); the write goes
 * through files/atomicWrite.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../files/atomicWrite';
import { readRegularText } from '../files/regularFile';
import { ensureGraphreqFolder, graphreqFolder, graphreqFolderUsable } from '../send/graphreqFolder';

export const CONTEXT_FILE = 'account-context.json';
const FORMAT = 1;

/** The raw values the service answered (or a response showed), by field; `null`: read, and the service did not answer it. */
export type StoredFields = Record<string, string | number | boolean> | null;

export interface StoredEntry {
  readAt: number;
  facts: StoredFields;
  /** What the facts came from: the environment's own read, or a response of a request (its name). */
  from?: { response: string | null };
}

export interface StoredEnvironment {
  campaigns: Record<string, StoredEntry>;
  accounts: Record<string, StoredEntry>;
  /** When each call of the last hour was made (one per id read, as the service counts them). */
  calls: number[];
}

export function emptyStored(): StoredEnvironment {
  return { campaigns: Object.create(null), accounts: Object.create(null), calls: [] };
}

/** The key of an environment in the file. */
export function environmentKey(name: string | undefined, origin: string): string {
  return `${name ?? '$shared'} ${origin}`;
}

export class ContextStore {
  readonly file: string;
  private writes: Promise<void> = Promise.resolve();

  constructor(readonly workspace: string) {
    this.file = path.join(graphreqFolder(workspace), CONTEXT_FILE);
  }

  /** The stored context of one environment (empty when none, or when the file cannot be used). */
  read(key: string): StoredEnvironment {
    return this.readAll()[key] ?? emptyStored();
  }

  /** A stamp that changes when the file does (the context's cache key). */
  stamp(): string {
    try {
      const st = fs.lstatSync(this.file);
      return `${st.mtimeMs}:${st.size}`;
    } catch {
      return 'none';
    }
  }

  /** Changes one environment's entry; the file is read again first, so two processes keep each other's reads. */
  update(key: string, change: (env: StoredEnvironment) => void): Promise<void> {
    const next = this.writes.then(async () => {
      await ensureGraphreqFolder(this.workspace);
      const all = this.readAll();
      const env = (all[key] ??= emptyStored());
      change(env);
      // `within`: a repository's `.graphreq/account-context.json -> ~/.bashrc` is refused, not followed (it replaced ~/.bashrc).
      await writeFileAtomic(this.file, JSON.stringify({ format: FORMAT, environments: all }, null, 2) + '\n', { within: this.workspace });
    });
    this.writes = next.catch(() => undefined);
    return next;
  }

  private readAll(): Record<string, StoredEnvironment> {
    const out: Record<string, StoredEnvironment> = Object.create(null);
    if (!graphreqFolderUsable(this.workspace)) return out;
    let json: unknown;
    try {
      // A link points at a file someone else chose: neither read nor written.
      if (!fs.lstatSync(this.file).isFile()) return out;
      json = JSON.parse(readRegularText(this.file));
    } catch {
      return out;
    }
    const envs = isObject(json) && json.format === FORMAT && isObject(json.environments) ? json.environments : {};
    for (const [key, value] of Object.entries(envs)) {
      if (!isObject(value)) continue;
      out[key] = { campaigns: entries(value.campaigns), accounts: entries(value.accounts), calls: Array.isArray(value.calls) ? value.calls.filter((t): t is number => typeof t === 'number') : [] };
    }
    return out;
  }
}

function entries(v: unknown): Record<string, StoredEntry> {
  const out: Record<string, StoredEntry> = Object.create(null);
  if (!isObject(v)) return out;
  for (const [id, e] of Object.entries(v)) {
    if (!/^\d+$/.test(id) || !isObject(e) || typeof e.readAt !== 'number') continue;
    let facts: StoredFields = null;
    if (isObject(e.facts)) {
      facts = {};
      for (const [k, x] of Object.entries(e.facts)) if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') facts[k] = x;
    }
    const from = isObject(e.from) ? { response: typeof e.from.response === 'string' ? e.from.response : null } : undefined;
    Object.defineProperty(out, id, { value: { readAt: e.readAt, facts, ...(from ? { from } : {}) }, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
