/**
 * The snapshot file of a request file: `adsets.graphreq` keeps its snapshots beside it in
 * `adsets.snap.json`, one entry per `# @expect ... matches snapshot`, keyed by the request's key and
 * the part matched (`read body`). Meant to be committed and reviewed like code; written only by
 * `graphreq test --update-snapshots` (or the editor's "update snapshots" run), through the one
 * atomic-write helper, and never with a token in it: values are masked (core/send/snapshot.ts) and
 * the whole text passes the session's redactor before it is written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkWithin, UnsafePathError, writeFileAtomic } from '../files/atomicWrite';
import { isWithin } from '../files/envFile';
import { NotRegularFileError, readRegularText } from '../files/regularFile';

const COMMENT = 'Snapshots for the `# @expect ... matches snapshot` lines of the requests beside this file: written by graphreq test --update-snapshots, with ids, times, paging and tokens masked (docs/testing.md). Review changes to it like code.';

/** `dir/name.graphreq` → `dir/name.snap.json`. */
export function snapshotPathOf(requestFile: string): string {
  const dir = path.dirname(requestFile);
  const base = path.basename(requestFile).replace(/\.graphreq$/i, '');
  return path.join(dir, `${base}.snap.json`);
}

/** The snapshot file cannot be read as one: the run stops before anything is compared with it. */
export class SnapshotFileError extends Error {}

export class SnapshotFile {
  private entries = new Map<string, unknown>();
  private changed = false;
  readonly exists: boolean;
  /** The folder below which no part of the snapshot file's path may be a symbolic link. */
  private readonly within: string;

  /**
   * `workspace`: the workspace holding the request file. Every folder between it and the snapshot file
   * is checked too, so a repository's `reqs -> ~/other` does not have `reqs/x.snap.json` written
   * outside; a request file outside the workspace (named by the user) has its own folder checked.
   */
  constructor(
    readonly file: string,
    workspace?: string,
  ) {
    let text: string | undefined;
    this.within = workspace !== undefined && isWithin(path.resolve(file), path.resolve(workspace)) ? path.resolve(workspace) : path.dirname(file);
    try {
      // A repository's `x.snap.json -> ~/.bashrc` is neither read (its text would show in the error) nor written.
      checkWithin(this.within, file);
    } catch (e) {
      if (e instanceof UnsafePathError) throw new SnapshotFileError(e.message.replace(': not written: ', ': not used: '));
      throw e;
    }
    try {
      text = readRegularText(file);
    } catch (e) {
      if (e instanceof NotRegularFileError) throw new SnapshotFileError(`${e.message}: not used; remove it and run graphreq test --update-snapshots`);
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new SnapshotFileError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    this.exists = text !== undefined;
    if (text === undefined) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new SnapshotFileError(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]}); fix it or delete it and run graphreq test --update-snapshots`);
    }
    const snapshots = json !== null && typeof json === 'object' ? (json as { snapshots?: unknown }).snapshots : undefined;
    if (snapshots === null || typeof snapshots !== 'object' || Array.isArray(snapshots)) {
      throw new SnapshotFileError(`${file}: not a graphreq snapshot file (no "snapshots" object); fix it or delete it and run graphreq test --update-snapshots`);
    }
    for (const [k, v] of Object.entries(snapshots as Record<string, unknown>)) this.entries.set(k, v);
  }

  get(key: string): { found: true; value: unknown } | { found: false } {
    return this.entries.has(key) ? { found: true, value: this.entries.get(key) } : { found: false };
  }

  /** Records a new value for `key`; returns whether it differs from what the file holds. */
  set(key: string, value: unknown): boolean {
    const before = this.entries.has(key) ? JSON.stringify(this.entries.get(key)) : undefined;
    if (before === JSON.stringify(value)) return false;
    this.entries.set(key, value);
    this.changed = true;
    return true;
  }

  /** Writes the file when something changed; `redact` removes any secret from the text first. */
  async save(redact: (text: string) => string): Promise<boolean> {
    if (!this.changed) return false;
    const text = JSON.stringify({ $comment: COMMENT, snapshots: Object.fromEntries(this.entries) }, null, 2) + '\n';
    // The snapshot file itself may not be a symbolic link (a repository's `x.snap.json -> ~/.bashrc`).
    await writeFileAtomic(this.file, redact(text), { within: this.within });
    this.changed = false;
    return true;
  }
}

/** The snapshot file beside a request file of `workspace`, for the test run's `snapshotsOf`. */
export function openSnapshots(requestFile: string, workspace?: string): SnapshotFile {
  return new SnapshotFile(snapshotPathOf(requestFile), workspace);
}
