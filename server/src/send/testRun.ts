/**
 * A test run: the tests of some files (requests with `# @expect` lines, or every request with
 * `all`), sent in file order through the send engine (sendRun.ts: rate-limit holding, redaction,
 * history, named responses, the workspace's session), each preceded by the requests whose responses
 * it reads, and each result checked by the one evaluator (core/send/expectations.ts).
 *
 * `graphreq test` and the language server (for VS Code's Testing view) both run tests here; they
 * differ only in how they show the reports.
 */
import { buildBlockCall, buildFileContext, positionAt, type ApiModel, type EnvironmentSettings, type FileContext, type GraphreqDocument } from '../core';
import { evaluateExpectations, expectsError, failureLabel, requestDependencies, workspaceDependencies, type ExpectationOutcome, type SendResult, type WorkspaceRequest } from '../core/send';
import { resolveForSend, UnresolvedReference } from '../core/send/resolveForSend';
import { requestLabel, type TestCaseInfo } from '../core/send/testPlan';
import { blockExpectations } from '../core/syntax/expectation';
import type { SnapshotFile } from './snapshotFile';
import { answeredAsExpected, runRequests, type PlannedRequest, type RunStop } from './sendRun';
import type { SendSession } from './sendSession';

export interface TestFile {
  /** The path as the user gave it (for reports). */
  file: string;
  /** Absolute path (for the snapshot file beside it); null for a document that is not a file yet. */
  path: string | null;
  /** The id `producersNamed` gives the requests of this file (the language server's are URIs); default: `path`, else `file`. */
  id?: string;
  doc: GraphreqDocument;
  session: SendSession;
  /** The tests of the file (core/send/testPlan.ts testCases). */
  tests: TestCaseInfo[];
}

/** One expectation's outcome, with the line it is written on (1-based). */
export interface ReportedOutcome extends ExpectationOutcome {
  line: number;
}

export interface TestReport {
  file: TestFile;
  test: TestCaseInfo;
  /** The request line (1-based). */
  line: number;
  /** null when the request was not sent (the run stopped first). */
  result: SendResult | null;
  outcomes: ReportedOutcome[];
  status: 'passed' | 'failed' | 'not-run';
  /** Why it failed without a failing expectation (a test without expectations that was not answered 2xx, a request not sent), or was not run. */
  reason?: string;
  /**
   * The request was refused before it left (it could not be built, it was written for another
   * origin, no token): a failed test with no expectation checked, which reports show as not sent
   * (JUnit: an error, not a failure).
   */
  notSent?: boolean;
}

export interface TestRunOptions {
  model: ApiModel;
  env: EnvironmentSettings;
  signal?: AbortSignal;
  /** Stop at the first test that fails. */
  bail?: boolean;
  /** Write what came for `matches snapshot` instead of comparing. */
  updateSnapshots?: boolean;
  /** The snapshot file of a request file (snapshotFile.ts `openSnapshots` on the desktop); none: `matches snapshot` has no file to compare with (the web). */
  snapshotsOf?: (requestFile: string) => SnapshotFile;
  onStart?(request: PlannedRequest, position: number, total: number): void;
  /** A test finished; awaited before the next request is sent. */
  onTest?(report: TestReport): void | Promise<void>;
  /** A request sent only because a test reads its response finished. */
  onSetup?(request: PlannedRequest, result: SendResult): void | Promise<void>;
  /**
   * The requests named `name` in the workspace's files (core/send `producersIn`), each with the
   * `path` of its file as id: a test that reads the response of a request of another file gets that
   * request sent first, as `graphreq send --with-deps` sends it (named responses are the
   * workspace's). Without it, only the test's own file is looked in.
   */
  producersNamed?: (name: string) => WorkspaceRequest[];
  /** The session of a file that is not one of the run's, for a producer of it sent first (same target, token and named responses). */
  sessionFor?: (producer: WorkspaceRequest) => SendSession;
}

export interface TestRunOutcome {
  reports: TestReport[];
  stop: RunStop | null;
  /** Snapshot files written (`updateSnapshots`). */
  snapshotsWritten: string[];
}

export async function runTests(files: TestFile[], o: TestRunOptions): Promise<TestRunOutcome> {
  const plan: PlannedRequest[] = [];
  const testOf = new Map<PlannedRequest, { file: TestFile; test: TestCaseInfo }>();
  const snapshots = new Map<TestFile, SnapshotFile>();
  const contexts = new Map<GraphreqDocument, FileContext>();
  const contextOf = (doc: GraphreqDocument): FileContext => {
    let ctx = contexts.get(doc);
    if (!ctx) contexts.set(doc, (ctx = buildFileContext(doc, o.env)));
    return ctx;
  };
  // A request is planned once, whichever tests read it: by its file's id and its block.
  const fileOf = new Map(files.map((f) => [idOf(f), f]));
  const testsOf = new Map(files.map((f) => [f, new Map(f.tests.map((t) => [t.index, t]))]));
  const planned = new Set<string>();
  const add = (r: WorkspaceRequest): void => {
    const key = `${r.id}\u0000${r.index}`;
    if (planned.has(key)) return;
    const owner = fileOf.get(r.id);
    const session = owner?.session ?? o.sessionFor?.(r);
    // A producer of a file outside the run with no session to send it: its reader says what is missing.
    if (!session) return;
    planned.add(key);
    const doc = owner?.doc ?? r.doc;
    const block = doc.blocks[r.index];
    // A request read by a test that is itself a test of the run is sent once, as a test.
    const test = owner && testsOf.get(owner)!.get(r.index);
    const request: PlannedRequest = {
      session,
      doc,
      index: r.index,
      file: owner?.file ?? r.label,
      line: requestLine(doc, r.index),
      label: session.redactor.text(test?.label ?? requestLabel(block)),
      dependency: !test,
      expectsError: expectsError(block.parsed),
    };
    plan.push(request);
    if (test && owner) testOf.set(request, { file: owner, test });
  };
  for (const f of files) {
    // A file whose tests match snapshots has its snapshot file read before anything is sent.
    if (f.path && o.snapshotsOf && f.tests.some((t) => blockExpectations(f.doc.blocks[t.index].parsed).some((e) => e.check?.op === 'snapshot'))) snapshots.set(f, o.snapshotsOf(f.path));
    // In file order, each test preceded by the requests it reads that are not planned yet.
    for (const test of [...f.tests].sort((a, b) => a.index - b.index)) {
      const start: WorkspaceRequest = { id: idOf(f), label: f.file, doc: f.doc, index: test.index };
      if (planned.has(`${start.id}\u0000${start.index}`)) continue;
      for (const dep of producersFirst(start, contextOf, o.producersNamed)) add(dep);
      add(start);
    }
  }

  const reports: TestReport[] = [];
  const failed = new Set<PlannedRequest>();
  const outcome = await runRequests(plan, {
    signal: o.signal,
    bail: o.bail,
    bailWhen: (request) => failed.has(request),
    onStart: o.onStart,
    onResult: async (request, result) => {
      const t = testOf.get(request);
      if (!t) {
        await o.onSetup?.(request, result);
        return;
      }
      const report = evaluate(t.file, t.test, request, result, snapshots.get(t.file), contextOf(t.file.doc), o);
      if (report.status === 'failed') failed.add(request);
      reports.push(report);
      await o.onTest?.(report);
    },
  });
  const notRun = [...outcome.held.map((h) => ({ request: h.request, reason: `not run: ${h.why}` })), ...outcome.notSent.map((request) => ({ request, reason: 'not run: the run stopped before it' }))];
  for (const { request, reason } of notRun) {
    const t = testOf.get(request);
    if (!t) continue;
    const report: TestReport = { file: t.file, test: t.test, line: request.line, result: null, outcomes: [], status: 'not-run', reason };
    reports.push(report);
    await o.onTest?.(report);
  }
  const snapshotsWritten: string[] = [];
  if (o.updateSnapshots) {
    for (const [f, sf] of snapshots) if (await sf.save((text) => f.session.redactor.text(text))) snapshotsWritten.push(sf.file);
  }
  return { reports, stop: outcome.stop, snapshotsWritten };
}

function evaluate(f: TestFile, test: TestCaseInfo, request: PlannedRequest, result: SendResult, snapshots: SnapshotFile | undefined, ctx: FileContext, o: TestRunOptions): TestReport {
  const block = f.doc.blocks[test.index];
  const redact = (s: string): string => f.session.redactor.text(s);
  // Refused before it left: there is no answer to hold its expectations against, only why (as `graphreq send` says it).
  if (result.status === null && result.failure && failureLabel(result.failure.kind) === 'not sent') {
    return { file: f, test, line: request.line, result, outcomes: [], status: 'failed', reason: `not sent: ${redact(result.failure.message)}`, notSent: true };
  }
  const endpoint = buildBlockCall(block, ctx, o.model)?.call.endpoint;
  const outcomes = evaluateExpectations(block.parsed, result, {
    model: o.model,
    endpoint,
    resolve: (text) => {
      try {
        return { text: resolveForSend(text, ctx, f.session.responses, 'plain'), missing: [] };
      } catch (e) {
        if (!(e instanceof UnresolvedReference)) throw e;
        return { text, missing: [/\{\{\s*([^{}]*?)\s*\}\}/.exec(text)?.[1] ?? text] };
      }
    },
    snapshots: snapshots && { get: (key) => snapshots.get(key), update: !!o.updateSnapshots, requestKey: test.key },
  }).map((x) => ({
    ...x,
    expected: redact(x.expected),
    actual: redact(x.actual),
    message: x.message && redact(x.message),
    line: positionAt(f.doc, block.offset + x.span.start).line + 1,
  }));
  if (o.updateSnapshots && snapshots) for (const x of outcomes) if (x.snapshot?.written) snapshots.set(x.snapshot.key, x.snapshot.value);
  const base = { file: f, test, line: request.line, result, outcomes };
  if (outcomes.length === 0) {
    // A test without expectations (--all) passes when the request got the answer it should.
    if (answeredAsExpected(request, result)) return { ...base, status: 'passed' };
    const reason = result.status === null ? redact(result.failure?.message ?? 'no response') : `answered ${result.status}${result.error ? ` (${redact(result.error.title)})` : ''}`;
    return { ...base, status: 'failed', reason };
  }
  return { ...base, status: outcomes.every((x) => x.passed) ? 'passed' : 'failed' };
}

/** A file of the run as producers name theirs: its path, else its name (a document not saved). */
function idOf(f: TestFile): string {
  return f.id ?? f.path ?? f.file;
}

/**
 * The requests to send before a test, producers first, from its file or another of the workspace
 * (core/send/dependencies.ts, as `graphreq send --with-deps` finds them). When they cannot be
 * ordered (a name two files give, requests reading each other in a circle), those of its own file
 * that can: the test is sent, and says what it could not read.
 */
function producersFirst(start: WorkspaceRequest, contextOf: (doc: GraphreqDocument) => FileContext, producersNamed: TestRunOptions['producersNamed']): WorkspaceRequest[] {
  const deps = workspaceDependencies(start, { contextOf, producersNamed: producersNamed ?? (() => []) });
  if (deps.ok) return deps.before;
  return requestDependencies(start.doc, start.index, contextOf(start.doc)).before.map((index) => ({ ...start, index }));
}

function requestLine(doc: GraphreqDocument, index: number): number {
  const block = doc.blocks[index];
  return positionAt(doc, block.offset + (block.parsed.request?.span.start ?? 0)).line + 1;
}
