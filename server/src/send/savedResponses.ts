/**
 * The latest response of each named request, kept in `.graphreq/responses.json` so that a request
 * reading `{{create.response.body.id}}` can be sent on its own, in a later run, after `create`.
 *
 * Keyed by environment and request name, not by the service's address: `127.0.0.1:8990` and
 * `localhost:8990` are one service, and the embedded emulator gets a new port every run while its
 * state (graphreqFolder.ts) lasts. The environment stays in the key because an id of the `prod`
 * service means nothing to the `dev` one.
 *
 * Only redacted responses get here. The file is read again when another process changed it, and
 * each write re-reads it and changes one entry, so two graphreq processes of one workspace keep
 * each other's responses.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { StoredResponse } from '../core/send';
import { writeFileAtomic } from '../files/atomicWrite';
import { readRegularText } from '../files/regularFile';
import { ensureGraphreqFolder, graphreqFolder, graphreqFolderUsable, RESPONSES_FILE } from './graphreqFolder';
import { NO_ENVIRONMENT } from './responseStore';

export interface SavedResponse extends StoredResponse {
  savedAt: string;
  /** The request file it was sent from, relative to the workspace. */
  file: string | null;
}

export { NO_ENVIRONMENT };

type Table = Map<string, Map<string, SavedResponse>>;

const FORMAT = 1;

export class SavedResponses {
  readonly file: string;
  private cache: { mtimeMs: number; size: number; table: Table } | undefined;
  private writes: Promise<void> = Promise.resolve();

  constructor(readonly workspace: string) {
    this.file = path.join(graphreqFolder(workspace), RESPONSES_FILE);
  }

  get(environment: string, name: string): SavedResponse | undefined {
    return this.read().get(environment)?.get(name);
  }

  /** Saves one response (already redacted); resolves once it is on disk. Writes are serialised. */
  save(environment: string, name: string, response: SavedResponse): Promise<void> {
    return this.update((table) => {
      let env = table.get(environment);
      if (!env) table.set(environment, (env = new Map()));
      env.set(name, response);
    });
  }

  /** Forgets every response of an environment (`--fresh`). */
  forget(environment: string): Promise<void> {
    return this.update((table) => {
      table.delete(environment);
    });
  }

  private update(change: (table: Table) => void): Promise<void> {
    const next = this.writes.then(async () => {
      await ensureGraphreqFolder(this.workspace);
      this.cache = undefined;
      const table = this.read();
      change(table);
      await writeFileAtomic(this.file, serialise(table), { within: this.workspace });
      this.cache = undefined;
    });
    // A failed write must not block the ones after it; the caller still sees its own failure.
    this.writes = next.catch(() => undefined);
    return next;
  }

  private read(): Table {
    // A `.graphreq/` that came with the repository holds its authors' responses, not this user's.
    if (!graphreqFolderUsable(this.workspace)) return new Map();
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      return new Map();
    }
    if (this.cache && this.cache.mtimeMs === stat.mtimeMs && this.cache.size === stat.size) return this.cache.table;
    let table: Table = new Map();
    try {
      table = parse(JSON.parse(readRegularText(this.file)));
    } catch {
      // Unreadable or not ours: nothing is saved; the next save replaces it.
    }
    this.cache = { mtimeMs: stat.mtimeMs, size: stat.size, table };
    return table;
  }
}

function serialise(table: Table): string {
  const environments = Object.fromEntries([...table].map(([env, names]) => [env, Object.fromEntries(names)]));
  return JSON.stringify({ format: FORMAT, environments }, null, 2) + '\n';
}

function parse(json: unknown): Table {
  const table: Table = new Map();
  const envs = isObject(json) && json.format === FORMAT && isObject(json.environments) ? json.environments : {};
  for (const [env, names] of Object.entries(envs)) {
    if (!isObject(names)) continue;
    const entries = new Map<string, SavedResponse>();
    for (const [name, r] of Object.entries(names)) {
      if (isObject(r) && typeof r.status === 'number' && isObject(r.headers)) {
        entries.set(name, { status: r.status, headers: r.headers as Record<string, string>, body: r.body, savedAt: String(r.savedAt ?? ''), file: typeof r.file === 'string' ? r.file : null });
      }
    }
    table.set(env, entries);
  }
  return table;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
