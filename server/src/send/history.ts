/**
 * Response history: the last N results of a workspace, one JSON file each in `.graphreq-history/`
 * under the workspace folder, plus the rate-limit state (URL reads, known blocks, last usage) in
 * `rate-state.json` beside them. Results are redacted before they get here; the folder holds a
 * `.gitignore` so that it never ends up in a commit by accident.
 *
 * Entry ids sort by time (`20260101T120000123Z-0-3f2a`), so the newest is the last name.
 * Every write goes through files/atomicWrite.ts: a crash never leaves half a file. The folder is
 * the workspace's own (no symbolic link to it or in it is written through; files 0600, the folder
 * 0700), and one that git tracks came with the repository: it is neither read nor written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeFolderWithin, writeFileAtomicSync } from '../files/atomicWrite';
import { readRegularText } from '../files/regularFile';
import { trackedByGit } from '../files/gitTracked';
import { ForeignFolderError } from './graphreqFolder';
import { emptyRateState, readRateState, type SendResult } from '../core/send';
import type { RateStore } from './rateStore';

export const HISTORY_DIR = '.graphreq-history';
const RATE_FILE = 'rate-state.json';
const ID_RE = /^\d{8}T\d{9}Z-\d+-[0-9a-f]{4}$/;

export interface HistoryEntry {
  id: string;
  savedAt: string;
  /** The request file relative to the workspace (`/` separators), or null for an unsaved document. */
  file: string | null;
  result: SendResult;
}

export interface HistorySummary {
  id: string;
  savedAt: string;
  file: string | null;
  name: string | null;
  title: string | null;
  method: string;
  url: string;
  status: number | null;
  failure: string | null;
}

/** 50 MiB: the history of a workspace never holds more (the oldest results go first). */
export const DEFAULT_HISTORY_MAX_BYTES = 50 * 1024 * 1024;

export class HistoryStore {
  readonly dir: string;
  private readonly workspace: string;

  /** `keep`: how many results to keep; `maxBytes`: how many bytes they may take in all (the oldest go first). */
  constructor(
    workspace: string,
    readonly keep = 50,
    readonly maxBytes = DEFAULT_HISTORY_MAX_BYTES,
  ) {
    this.workspace = workspace;
    this.dir = path.join(workspace, HISTORY_DIR);
  }

  save(file: string | null, result: SendResult, now: number): HistoryEntry {
    this.ensureDir();
    const stamp = new Date(now).toISOString().replace(/[-:.]/g, '');
    const id = `${stamp}-${result.index}-${Math.floor(Math.random() * 0x10000).toString(16).padStart(4, '0')}`;
    let entry: HistoryEntry = { id, savedAt: new Date(now).toISOString(), file, result };
    let text = JSON.stringify(entry, null, 2) + '\n';
    if (Buffer.byteLength(text) > this.maxBytes) {
      // A result larger than the whole history is kept without its body, so the history stays within its bytes.
      const body = `(the body, ${result.size} bytes, is not kept: the history keeps at most ${this.maxBytes} bytes)`;
      entry = { ...entry, result: { ...result, body, bodyKind: 'text' } };
      text = JSON.stringify(entry, null, 2) + '\n';
    }
    writeFileAtomicSync(path.join(this.dir, `${id}.json`), text, { within: this.workspace });
    this.trim();
    return entry;
  }

  /** Removes the oldest results beyond `keep` entries or `maxBytes` bytes. */
  private trim(): void {
    const ids = this.ids();
    let total = 0;
    let kept = 0;
    let full = false;
    // Newest first: once one result does not fit, it and every older one go.
    for (let i = ids.length - 1; i >= 0; i--) {
      const file = path.join(this.dir, `${ids[i]}.json`);
      let size = 0;
      try {
        size = fs.statSync(file).size;
      } catch {
        continue;
      }
      full ||= kept >= this.keep || total + size > this.maxBytes;
      if (full) fs.rmSync(file, { force: true });
      else {
        kept++;
        total += size;
      }
    }
  }

  /** Newest first. */
  list(): HistorySummary[] {
    const out: HistorySummary[] = [];
    for (const id of this.ids().reverse()) {
      const e = this.read(id);
      if (!e) continue;
      const r = e.result;
      out.push({ id, savedAt: e.savedAt, file: e.file, name: r.name, title: r.title, method: r.request.method, url: r.request.url, status: r.status, failure: r.failure?.message ?? null });
    }
    return out;
  }

  read(id: string): HistoryEntry | undefined {
    if (!ID_RE.test(id) || this.foreign()) return undefined;
    try {
      const entry = JSON.parse(readRegularText(path.join(this.dir, `${id}.json`))) as HistoryEntry;
      return entry && typeof entry === 'object' && entry.result ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Removes every saved result (the rate-limit state stays: it is advice about the service, not a
   * response). A history folder that is a symbolic link is left alone: nothing is removed through
   * one. Returns how many results were removed.
   */
  clear(): number {
    try {
      if (fs.lstatSync(this.dir).isSymbolicLink()) throw new Error(`${HISTORY_DIR} is a symbolic link: the history is not cleared through it`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
    let removed = 0;
    for (const id of this.ids()) {
      fs.rmSync(path.join(this.dir, `${id}.json`), { force: true });
      removed++;
    }
    return removed;
  }

  /** The rate-limit state kept beside the results. */
  rateStore(): RateStore {
    return {
      load: () => {
        if (this.foreign()) return emptyRateState();
        try {
          return readRateState(JSON.parse(readRegularText(path.join(this.dir, RATE_FILE))));
        } catch {
          return emptyRateState();
        }
      },
      save: (state) => {
        // Best effort: the state is advice, and failing to keep it must not stop a send.
        try {
          this.ensureDir();
          writeFileAtomicSync(path.join(this.dir, RATE_FILE), JSON.stringify(state) + '\n', { within: this.workspace });
        } catch {
          /* the next load starts from what was saved last */
        }
      },
    };
  }

  private ids(): string[] {
    if (this.foreign()) return [];
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return [];
    }
    return names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)).filter((id) => ID_RE.test(id)).sort();
  }

  /** A history folder git tracks came with the repository: its authors' results and rate state, not this user's. */
  private foreign(): boolean {
    return trackedByGit(this.dir);
  }

  private ensureDir(): void {
    if (this.foreign()) throw new ForeignFolderError(this.dir);
    // Checked even when it exists: `.graphreq-history` may be a repository's link to a folder outside.
    makeFolderWithin(this.workspace, this.dir);
    const ignore = path.join(this.dir, '.gitignore');
    if (!fs.existsSync(ignore)) writeFileAtomicSync(ignore, '# Response history of graphreq: local only.\n*\n', { within: this.workspace });
  }
}
