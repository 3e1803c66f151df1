/**
 * What graphreq.send, graphreq.sendAll, graphreq.validateOnly and graphreq.test do once a host has
 * opened a session (sendCommand.ts on the desktop, web/webSend.ts in the browser worker): the
 * request, with the ones it reads first when asked (`withDeps`), or every request of the document;
 * or the document's tests through the test run (send/testRun.ts); each result reported as it
 * completes; cancellation by `sendId` (a test run's `runId`). Nothing here is a host's.
 */
import { buildFileContext, parseDocument, type ApiModel, type EnvironmentSettings } from '../core';
import { producersIn, resultFromFailure, Redactor, workspaceDependencies, type SendFailure, type SendResult, type WorkspaceRequest } from '../core/send';
import { testCases } from '../core/send/testPlan';
import type { SendSession } from '../send/sendSession';
import type { SnapshotFile } from '../send/snapshotFile';
import { runTests, type TestReport } from '../send/testRun';
import { Commands, type SendCommandArgs, type SendCommandResult, type SentTarget, type ServerSettings, type TestCommandArgs, type TestCommandResult, type TestReportModel } from './protocol';
import type { CommandContext } from './server';
import { testReportModel } from './testModel';

/** A session ready to send, or why nothing can be sent. */
export type OpenedSession =
  | { ok: false; failure: SendFailure }
  | {
      ok: true;
      session: SendSession;
      env: EnvironmentSettings;
      sent: SentTarget;
      /** Said once, before the first result's warnings. */
      note?: string;
      /** Where history saved a result (the desktop's), for the client to open. */
      savedPathOf?: (result: SendResult) => string | null;
      /** A session for another file of the workspace (a producer `withDeps` sends first): its path in history, its `.env`; the same target, token and named responses. */
      sessionFor?: (uri: string) => SendSession;
    };

export interface SendRunContext {
  /** The document's current text. */
  text: string;
  onResult?: (result: SendResult, done: number, total: number) => void;
  /**
   * The requests named `name` in the workspace's files, the first of each file (core/send
   * `producersIn`), for `withDeps` when a producer is not in the document: named responses are the
   * workspace's. Without it, `withDeps` looks in the document only.
   */
  producersNamed?: (name: string) => WorkspaceRequest[];
}

export interface SendRunOptions {
  /** The sends in progress by sendId (graphreq.cancel aborts them). */
  running: Map<string, AbortController>;
  now: () => number;
  cancel?: { readonly isCancellationRequested: boolean; onCancellationRequested(listener: () => void): unknown };
}

/**
 * `producersNamed` for a send with its dependencies: the workspace folder's index of names, once
 * every file of it is read, so that a producer named in another file is found as `graphreq send
 * --with-deps` finds it; undefined for any other command.
 */
export async function workspaceProducers(command: string, args: Pick<SendCommandArgs, 'uri' | 'withDeps'>, ctx: Pick<CommandContext, 'workspaceNames'>, cancel?: { isCancellationRequested: boolean }): Promise<SendRunContext['producersNamed']> {
  // A test reads what other files' requests answer as `graphreq test` does: they are sent first.
  const wanted = command === Commands.test || (command === Commands.send && args.withDeps);
  if (!wanted || !ctx.workspaceNames) return undefined;
  const names = await ctx.workspaceNames(args.uri, cancel);
  return (name) => producersIn(names, name);
}

export async function runSendCommand(command: string, args: SendCommandArgs, context: SendRunContext, opened: OpenedSession, o: SendRunOptions): Promise<SendCommandResult> {
  const sendId = args.sendId ?? null;
  const redactor = new Redactor([args.token]);
  const identity = { index: args.index, name: null, title: null };
  const early = (f: SendFailure): SendCommandResult => ({ sendId, results: [redactor.value(resultFromFailure(identity, f, { sentAt: o.now(), attempts: 0, tokenEnvName: 'GRAPHREQ_ACCESS_TOKEN', warnings: [], durationMs: 0 }))] });
  if (!opened.ok) return early(opened.failure);
  const { session, env, sent, note } = opened;
  const run = startRun(sendId, o);
  try {
    const doc = parseDocument(context.text);
    const sendOptions = { signal: run.signal, wait: args.wait, force: args.force };
    // Each result is reported as it completes (progress), and answered with where history saved it.
    const answer = (results: SendResult[]): SendCommandResult => {
      if (note) results[0]?.warnings.unshift(note);
      return { sendId, results, target: sent, saved: results.map((r) => opened.savedPathOf?.(r) ?? null) };
    };
    if (command === Commands.sendAll) return answer(await session.sendAll(doc, { ...sendOptions, onResult: context.onResult }));
    const results: SendResult[] = [];
    // The producers of what it reads, from the document or another file of the workspace, as `graphreq send --with-deps` finds them.
    const deps = args.withDeps && command === Commands.send ? workspaceDependencies({ id: args.uri, label: args.uri, doc, index: args.index }, { contextOf: (d) => buildFileContext(d, env), producersNamed: context.producersNamed ?? (() => []) }) : undefined;
    if (deps && !deps.ok) return early({ kind: 'build', message: deps.message, retryAt: null });
    const before = deps?.ok ? deps.before : [];
    const total = before.length + 1;
    const done = (r: SendResult): SendResult => {
      results.push(r);
      context.onResult?.(r, results.length, total);
      return r;
    };
    // The producers first; a failed one leaves its readers to say so (they find no response).
    for (const p of before) {
      const other = p.id !== args.uri;
      const r = done(await (other ? (opened.sessionFor?.(p.id) ?? session) : session).send(other ? p.doc : doc, p.index, sendOptions));
      if (r.failure?.kind === 'cancelled') return answer(results);
    }
    done(await session.send(doc, args.index, { ...sendOptions, validateOnly: command === Commands.validateOnly }));
    return answer(results);
  } catch (e) {
    // A bug, not a failed send: report it without the token.
    throw new Error(session.redactor.text(redactor.text((e as Error).message ?? String(e))));
  } finally {
    run.end();
  }
}

export interface TestRunContext {
  text: string;
  settings?: ServerSettings;
  /** Hears each test's report as it completes. */
  onTest?: (report: TestReportModel) => void;
  /** The requests named `name` in the workspace's files, for the producers of another file a test reads (sent first, as `graphreq test` sends them); without it, the document's only. */
  producersNamed?: (name: string) => WorkspaceRequest[];
}

export interface TestRunHost {
  model: ApiModel;
  /** The document as reports name it (relative to the workspace), and its file-system path (null: none). */
  file: string;
  path: string | null;
  snapshotsOf?: (requestFile: string) => SnapshotFile;
  /** Keeps the last result of each test run (the desktop's `.graphreq/test-results.json`); a failure is ignored. */
  record?: (reports: TestReport[], environment: string | undefined) => Promise<void>;
}

/**
 * `graphreq.test`: the tests of one document (requests with expectations, or `keys` of them),
 * through the same run as `graphreq test` (send/testRun.ts), each report handed to
 * `context.onTest` as it completes.
 */
export async function runTestCommand(args: TestCommandArgs, context: TestRunContext, opened: OpenedSession, o: SendRunOptions, host: TestRunHost): Promise<TestCommandResult> {
  const runId = args.runId ?? null;
  const redactor = new Redactor([args.token]);
  if (!opened.ok) {
    const { kind, trustOrigin, trustFrom, trustTokenVariable } = opened.failure;
    return { runId, reports: [], failure: redactor.text(opened.failure.message), ...(kind === 'untrusted' && trustOrigin ? { trust: { trustOrigin, trustFrom, trustTokenVariable } } : {}) };
  }
  const { session, env } = opened;
  const run = startRun(runId, o);
  try {
    const doc = parseDocument(context.text);
    const cases = testCases(doc, { all: args.all });
    const tests = args.keys ? cases.filter((t) => args.keys!.includes(t.key)) : cases;
    const outcome = await runTests([{ file: host.file, path: host.path, id: args.uri, doc, session, tests }], {
      model: host.model,
      env,
      signal: run.signal,
      producersNamed: context.producersNamed,
      // As a send with its dependencies sends them: a host without sessions per file sends them in the document's.
      sessionFor: (producer) => opened.sessionFor?.(producer.id) ?? session,
      updateSnapshots: args.updateSnapshots,
      snapshotsOf: host.snapshotsOf,
      bail: args.bail,
      onTest: (r) => context.onTest?.(testReportModel(r, args.exchanges)),
    });
    const reports = outcome.reports.map((r) => testReportModel(r, args.exchanges));
    await host.record?.(outcome.reports, args.environment ?? context.settings?.environment).catch(() => undefined);
    return { runId, reports, stopped: outcome.stop?.kind === 'rate-limit' ? redactor.text(outcome.stop.result.failure?.message ?? outcome.stop.result.error?.title ?? 'a rate limit') : undefined, snapshotsWritten: outcome.snapshotsWritten };
  } catch (e) {
    throw new Error(session.redactor.text(redactor.text((e as Error).message ?? String(e))));
  } finally {
    run.end();
  }
}

/** A run's abort signal, known by `id` to graphreq.cancel and aborted with the request's own cancellation; `end` forgets it. */
function startRun(id: string | null, o: SendRunOptions): { signal: AbortSignal; end(): void } {
  const controller = new AbortController();
  if (id) o.running.set(id, controller);
  o.cancel?.onCancellationRequested(() => controller.abort());
  if (o.cancel?.isCancellationRequested) controller.abort();
  return {
    signal: controller.signal,
    end() {
      if (id && o.running.get(id) === controller) o.running.delete(id);
    },
  };
}
