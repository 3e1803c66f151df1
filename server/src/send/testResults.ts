/**
 * The last result of each test, kept in `.graphreq/test-results.json` of the workspace, so that the
 * editor's CodeLens shows how a request's expectations fared the last time they ran, whether that
 * was `graphreq test` in a terminal or the Testing view. Keyed by the request file (relative to the
 * workspace) and the request's key (core/send/testPlan.ts). Only verdicts and messages are kept,
 * never a body, and every message has been through the session's redactor.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { testSource } from '../core/send';
import { writeFileAtomic } from '../files/atomicWrite';
import { readRegularText } from '../files/regularFile';
import { ensureGraphreqFolder, graphreqFolder, graphreqFolderUsable } from './graphreqFolder';
import type { TestReport } from './testRun';

export const TEST_RESULTS_FILE = 'test-results.json';

export interface LastTestResult {
  passed: boolean;
  /** ISO time of the run. */
  at: string;
  /** Environment name (`$shared` for none). */
  environment: string;
  /** `3 expectations passed`, `1 of 3 expectations failed`, `not sent`. */
  summary: string;
  /** The first expectation that failed: its text and the first difference. */
  firstFailure?: { text: string; message: string };
  /** The test as it was written when it ran (core/send/testPlan.ts, testSource): an edit since makes the result stale. */
  source?: string;
}

type Table = Record<string, Record<string, LastTestResult>>;

export class TestResults {
  readonly file: string;
  private cache: { mtimeMs: number; size: number; table: Table } | undefined;
  private writes: Promise<void> = Promise.resolve();

  constructor(readonly workspace: string) {
    this.file = path.join(graphreqFolder(workspace), TEST_RESULTS_FILE);
  }

  /** The last results of one request file (`file` relative to the workspace, with `/`). */
  forFile(file: string): Record<string, LastTestResult> {
    return this.read()[file] ?? {};
  }

  /** Records the results of one run of a file's tests; resolves once they are on disk. */
  record(file: string, results: Record<string, LastTestResult>): Promise<void> {
    const run = this.writes.then(async () => {
      await ensureGraphreqFolder(this.workspace);
      this.cache = undefined;
      const table = this.read();
      table[file] = { ...(table[file] ?? {}), ...results };
      await writeFileAtomic(this.file, JSON.stringify({ format: 1, files: table }, null, 2) + '\n', { within: this.workspace });
      this.cache = undefined;
    });
    this.writes = run.catch(() => undefined);
    return run;
  }

  private read(): Table {
    // A `.graphreq/` that came with the repository holds its authors' results, not this user's.
    if (!graphreqFolderUsable(this.workspace)) return {};
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      return {};
    }
    if (this.cache && this.cache.mtimeMs === stat.mtimeMs && this.cache.size === stat.size) return this.cache.table;
    let table: Table = {};
    try {
      const json = JSON.parse(readRegularText(this.file)) as { files?: unknown };
      if (json.files && typeof json.files === 'object') table = json.files as Table;
    } catch {
      // A damaged file only loses the lenses' memory of earlier runs; the next run writes it anew.
    }
    this.cache = { mtimeMs: stat.mtimeMs, size: stat.size, table };
    return table;
  }
}

/** What the CodeLens of a test shows of its last run: the verdict, and the first difference. */
export function lastResult(r: TestReport, at: string, environment: string | undefined): LastTestResult {
  const failed = r.outcomes.filter((x) => !x.passed);
  const first = failed[0];
  const summary =
    r.outcomes.length === 0
      ? r.status === 'passed' ? 'answered 2xx' : r.reason ?? 'failed'
      : failed.length
        ? `${failed.length} of ${r.outcomes.length} expectations failed`
        : `${r.outcomes.length === 1 ? 'the expectation' : `all ${r.outcomes.length} expectations`} passed`;
  const block = r.file.doc.blocks[r.test.index];
  return {
    passed: r.status === 'passed',
    at,
    environment: environment ?? '$shared',
    summary,
    firstFailure: first ? { text: first.text, message: first.message ?? `expected ${first.expected}, got ${first.actual}` } : undefined,
    source: block ? testSource(block) : undefined,
  };
}
