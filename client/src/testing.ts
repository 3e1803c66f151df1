/**
 * VS Code's Testing view for requests with expectations (`# @expect ...`): every `.graphreq` file of
 * the workspace that has tests is a suite, each request with expectations a test (the language
 * server lists them: graphreq/tests). Running sends them through the server's `graphreq.test`, the
 * engine `graphreq test` uses; each result arrives as it completes (graphreq/testResult) and a
 * failure is shown at the line of the expectation that failed, with what was expected and what came.
 * Every run writes each test's whole exchange to Test Results (testExchange.ts, the token redacted).
 * The status bar's usage follows the responses of the run. A base URL the workspace gives (the
 * environment picked or not) needs its (origin, token) pair confirmed: a run asks once per pair
 * (Trust and Send, the send's dialog) before that file's tests are sent; a file declined has its tests
 * errored with the server's one-line reason, and the run goes on with the other files.
 *
 * "Run and Update Snapshots" writes the snapshots (not offered where none can be written: testProfiles.ts). "Debug" (nothing in a request file runs as code,
 * so there is nothing to step through) is what a request tool's user debugs with: the chosen tests one
 * at a time, stopping at the first failure, and the failing test's response in the response view beside the expectation
 * that failed (docs/vscode.md, The Testing view).
 */
import * as vscode from 'vscode';
import { ExecuteCommandRequest, type BaseLanguageClient } from 'vscode-languageclient';
import { Commands, Requests, ServerNotifications, type TestCommandArgs, type TestCommandResult, type TestInfo, type TestReportModel, type TestResultParams } from '../../server/src/lsp/protocol';
import type { Sender } from './commands/send';
import type { Redactor } from './redact';
import type { ResponseView } from './responseView';
import { exchangeText, failureLine } from './testExchange';
import type { UsageStatusBar } from './statusBar';
import { testOutcome } from './testOutcome';
import { testRunProfiles, type RunMode } from './testProfiles';

export interface TestingDeps {
  client: () => BaseLanguageClient | undefined;
  /** Files of other schemes are listed too (the web build's server reads them through the editor); the desktop's reads `file:` only. */
  anyScheme?: boolean;
  /** The server can write snapshot files (the desktop; the web build's cannot): offers "Run and Update Snapshots". */
  writesSnapshots: boolean;
  sender: Sender;
  statusBar: UsageStatusBar;
  redactor: Redactor;
  log: vscode.LogOutputChannel;
  responseView: ResponseView;
}

/** What a finished run left, for the extension's API (the end-to-end tests read it). */
export interface TestRunSummary {
  passed: string[];
  failed: string[];
  /** Tests that could not be run: not sent (refused before they left), or the run's request failed. */
  errored: string[];
  skipped: string[];
  /** The profile that ran. */
  kind: 'run' | 'debug';
  /** What the run's output (Test Results) received: the exchanges, in order. */
  output: string[];
  /** Debug: the failing test whose response the response view shows, and the line revealed (0-based). */
  shown?: { test: string; line: number };
}

const EXCLUDE = '**/{node_modules,.graphreq,.graphreq-history,.git}/**';

export class GraphreqTesting implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('graphreq', 'GraphReq');
  private readonly disposables: vscode.Disposable[] = [this.controller];
  /** Reports of runs in progress, by runId: where to put them. */
  private readonly runs = new Map<string, (p: TestResultParams) => void>();
  private readonly finished = new vscode.EventEmitter<TestRunSummary>();
  /** Fires when a run has ended, with the ids of its tests by outcome. */
  readonly onDidFinishRun = this.finished.event;
  private subscribed = false;
  /** Debug: failures being shown (editor and response view); a run ends once they are. */
  private readonly showing = new Set<Promise<void>>();

  constructor(private readonly d: TestingDeps) {
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
      else if (item.uri) await this.refreshFile(item.uri);
    };
    this.controller.refreshHandler = () => this.discover();
    for (const p of testRunProfiles({ writesSnapshots: d.writesSnapshots })) {
      const kind = p.kind === 'debug' ? vscode.TestRunProfileKind.Debug : vscode.TestRunProfileKind.Run;
      this.controller.createRunProfile(p.label, kind, (request, token) => this.run(request, token, p.mode), p.isDefault);
    }
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.graphreq');
    this.disposables.push(
      watcher,
      this.finished,
      watcher.onDidCreate((uri) => void this.refreshFile(uri)),
      watcher.onDidChange((uri) => void this.refreshFile(uri)),
      watcher.onDidDelete((uri) => this.controller.items.delete(uri.toString())),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.languageId === 'graphreq' && e.contentChanges.length) void this.refreshFile(e.document.uri);
      }),
    );
  }

  /** Every `.graphreq` file of the workspace, with its tests (files without any are left out). */
  async discover(): Promise<void> {
    const files = await vscode.workspace.findFiles('**/*.graphreq', EXCLUDE);
    await Promise.all(files.map((uri) => this.refreshFile(uri)));
  }

  /** A file's tests, as the server reads them from the open document or the file on disk. */
  async refreshFile(uri: vscode.Uri): Promise<vscode.TestItem | undefined> {
    const client = this.d.client();
    if (!client?.isRunning() || (uri.scheme !== 'file' && !this.d.anyScheme)) return undefined;
    let tests: TestInfo[];
    try {
      this.listen(client);
      tests = await client.sendRequest<TestInfo[]>(Requests.tests, { uri: uri.toString() });
    } catch (e) {
      this.d.log.warn(`tests of ${vscode.workspace.asRelativePath(uri)}: ${this.d.redactor.redact((e as Error).message)}`);
      return undefined;
    }
    const id = uri.toString();
    if (!tests.length) {
      this.controller.items.delete(id);
      return undefined;
    }
    let file = this.controller.items.get(id);
    if (!file) {
      file = this.controller.createTestItem(id, vscode.workspace.asRelativePath(uri), uri);
      this.controller.items.add(file);
    }
    file.canResolveChildren = false;
    file.children.replace(
      tests.map((t) => {
        const item = this.controller.createTestItem(`${id}#${t.key}`, t.label, uri);
        item.range = new vscode.Range(t.line, 0, t.line, 0);
        item.description = t.expectations.length === 1 ? '1 expectation' : `${t.expectations.length} expectations`;
        return item;
      }),
    );
    return file;
  }

  /** Runs the tests a CodeLens names (`{uri, keys}`), in the Testing view. */
  async runFromLens(target: { uri?: string; keys?: string[] } | undefined): Promise<void> {
    if (!target?.uri) return;
    const file = await this.refreshFile(vscode.Uri.parse(target.uri));
    if (!file) return;
    const include: vscode.TestItem[] = [];
    file.children.forEach((t) => {
      if (!target.keys || target.keys.includes(keyOf(t))) include.push(t);
    });
    const cts = new vscode.CancellationTokenSource();
    try {
      await this.run(new vscode.TestRunRequest(include), cts.token, { updateSnapshots: false, debug: false });
    } finally {
      cts.dispose();
    }
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken, mode: RunMode): Promise<void> {
    const client = this.d.client();
    const run = this.controller.createTestRun(request, mode.updateSnapshots ? 'GraphReq: run and update snapshots' : mode.debug ? 'GraphReq: debug' : undefined);
    const summary: TestRunSummary = { passed: [], failed: [], errored: [], skipped: [], kind: mode.debug ? 'debug' : 'run', output: [] };
    try {
      if (!client?.isRunning()) {
        run.appendOutput('GraphReq: the language server is not running.\r\n');
        return;
      }
      if (!vscode.workspace.isTrusted) {
        // Restricted Mode: the repository's files send nothing, tests included.
        run.appendOutput('GraphReq: tests send requests, which is off in Restricted Mode. Trust this workspace to run them.\r\n');
        return;
      }
      if (!request.include) await this.discover();
      const selection = this.selection(request);
      // One question per (origin, token) pair and run: the answer, by pair, for the files after it.
      const pairs = new Map<string, boolean>();
      this.d.log.info(`${mode.debug ? 'debug' : 'run'} ${[...selection.values()].reduce((n, t) => n + t.length, 0)} tests in ${selection.size} files`);
      for (const [file, tests] of selection) {
        // Debug stops at the first failure: the files after it are not run either.
        if (token.isCancellationRequested || (mode.debug && (summary.failed.length || summary.errored.length))) {
          for (const t of tests) this.skip(run, t, summary);
          continue;
        }
        await this.runFile(client, run, file, tests, token, mode, summary, pairs);
      }
    } finally {
      await Promise.all([...this.showing]);
      run.end();
      this.finished.fire(summary);
    }
  }

  /** The tests to run, by file: those asked for (a file means all its tests) less those excluded. */
  private selection(request: vscode.TestRunRequest): Map<vscode.TestItem, vscode.TestItem[]> {
    const excluded = new Set((request.exclude ?? []).map((t) => t.id));
    const out = new Map<vscode.TestItem, vscode.TestItem[]>();
    const add = (file: vscode.TestItem, test: vscode.TestItem): void => {
      if (excluded.has(test.id) || excluded.has(file.id)) return;
      const list = out.get(file) ?? [];
      if (!list.includes(test)) list.push(test);
      out.set(file, list);
    };
    const roots: vscode.TestItem[] = [];
    if (request.include) roots.push(...request.include);
    else this.controller.items.forEach((f) => roots.push(f));
    for (const item of roots) {
      if (item.parent) add(item.parent, item);
      else item.children.forEach((t) => add(item, t));
    }
    return out;
  }

  private async runFile(client: BaseLanguageClient, run: vscode.TestRun, file: vscode.TestItem, tests: vscode.TestItem[], token: vscode.CancellationToken, mode: RunMode, summary: TestRunSummary, pairs: Map<string, boolean>): Promise<void> {
    const uri = file.uri!;
    const byKey = new Map(tests.map((t) => [keyOf(t), t]));
    for (const t of tests) run.enqueued(t);
    // Token, environment and base URL exactly as a send takes them (secret storage, the picker, the trust rules).
    const sending = await this.d.sender.sendingArgs(uri);
    if (!sending) {
      for (const t of tests) this.skip(run, t, summary);
      return;
    }
    const runId = globalThis.crypto.randomUUID();
    const reported = new Set<string>();
    // Run: every test is started at once (the server runs them in file order). Debug: one at a
    // time, the next started when the one before it reported.
    const startNext = (): void => {
      const next = tests.find((t) => !reported.has(keyOf(t)));
      if (next) run.started(next);
    };
    const apply = (report: TestReportModel, item: vscode.TestItem): void => {
      reported.add(report.key);
      this.report(run, item, report, uri, summary);
      this.showUsage(report, sending.environment, sending.baseUrl);
      // Every run writes each test's exchange to Test Results; Debug also stops and shows the failure.
      this.appendExchange(run, item, report, uri, summary);
      if (mode.debug) {
        this.debugOutput(item, report, uri, summary, sending.environment);
        if (report.status !== 'failed') startNext();
      }
    };
    this.runs.set(runId, ({ report }) => {
      const item = byKey.get(report.key);
      if (item && !reported.has(report.key)) apply(report, item);
    });
    if (mode.debug) startNext();
    else for (const t of tests) run.started(t);
    const cancel = token.onCancellationRequested(() => {
      void client.sendRequest(ExecuteCommandRequest.type, { command: Commands.cancel, arguments: [{ sendId: runId }] }).catch(() => undefined);
    });
    try {
      const runTests = async (confirmed: Pick<TestCommandArgs, 'trustOrigin' | 'trustTokenVariable'> = {}): Promise<TestCommandResult> => (await client.sendRequest(ExecuteCommandRequest.type, {
        command: Commands.test,
        arguments: [{ ...sending.args, uri: uri.toString(), keys: [...byKey.keys()], runId, updateSnapshots: mode.updateSnapshots, exchanges: true, ...(mode.debug ? { bail: true } : {}), ...confirmed }],
      })) as TestCommandResult;
      let result = await runTests();
      // The server sent nothing: the base URL the workspace gives, with this token, is not confirmed
      // (the environment picked or not). Asked once per pair in a run; a yes runs the file again.
      if (result.trust?.trustOrigin && !result.reports.length) {
        const pair = `${result.trust.trustOrigin} ${result.trust.trustTokenVariable ?? ''}`;
        const asked = pairs.get(pair);
        const confirmed = asked === false ? undefined : await this.d.sender.confirmPair(result.trust, sending.environment ?? '');
        pairs.set(pair, !!confirmed);
        if (confirmed) result = await runTests(confirmed);
      }
      // Reports also come back with the result: any the notifications did not bring are applied now.
      for (const r of result.reports) {
        const item = byKey.get(r.key);
        if (item && !reported.has(r.key)) apply(r, item);
      }
      for (const [key, item] of byKey) {
        if (reported.has(key)) continue;
        if (result.failure) {
          run.errored(item, new vscode.TestMessage(`Not sent: ${this.d.redactor.redact(result.failure)}`));
          summary.errored.push(item.id);
        } else this.skip(run, item, summary);
      }
      if (result.stopped) run.appendOutput(`GraphReq: the run stopped at a rate limit: ${this.d.redactor.redact(result.stopped)}\r\n`);
    } catch (e) {
      const message = this.d.redactor.redact((e as Error).message ?? String(e));
      this.d.log.error(`test ${vscode.workspace.asRelativePath(uri)}: ${message}`);
      for (const [key, item] of byKey) if (!reported.has(key)) {
        run.errored(item, new vscode.TestMessage(message));
        summary.errored.push(item.id);
      }
    } finally {
      cancel.dispose();
      this.runs.delete(runId);
    }
  }

  /**
   * One test's outcome (testOutcome.ts): passed; failed with a message at each expectation that failed
   * (expected and actual side by side); errored with the reason it was not sent; or skipped.
   */
  private report(run: vscode.TestRun, item: vscode.TestItem, r: TestReportModel, uri: vscode.Uri, summary: TestRunSummary): void {
    const duration = r.durationMs ?? undefined;
    const outcome = testOutcome(r);
    if (outcome === 'passed') {
      run.passed(item, duration);
      summary.passed.push(item.id);
      return;
    }
    if (outcome === 'skipped') {
      this.skip(run, item, summary);
      return;
    }
    if (outcome === 'errored') {
      const m = new vscode.TestMessage(this.d.redactor.redact(r.reason ?? 'not sent'));
      m.location = new vscode.Location(uri, new vscode.Range(r.line, 0, r.line, 0));
      run.errored(item, m, duration);
      summary.errored.push(item.id);
      return;
    }
    const messages = r.expectations
      .filter((x) => !x.passed)
      .map((x) => {
        const m = vscode.TestMessage.diff(`${x.text}: ${this.d.redactor.redact(x.message ?? `expected ${x.expected}, got ${x.actual}`)}`, x.expected, this.d.redactor.redact(x.actual));
        m.location = new vscode.Location(uri, new vscode.Range(x.line, 0, x.line, 0));
        return m;
      });
    if (!messages.length) {
      const m = new vscode.TestMessage(this.d.redactor.redact(r.reason ?? 'failed'));
      m.location = new vscode.Location(uri, new vscode.Range(r.line, 0, r.line, 0));
      messages.push(m);
    }
    run.failed(item, messages, duration);
    summary.failed.push(item.id);
  }

  /** The test's whole exchange in the run's output (Test Results), at its request line, the token redacted. */
  private appendExchange(run: vscode.TestRun, item: vscode.TestItem, r: TestReportModel, uri: vscode.Uri, summary: TestRunSummary): void {
    if (r.status === 'not-run') return;
    const text = exchangeText(r, `${vscode.workspace.asRelativePath(uri)}:${r.line + 1}`, (s) => this.d.redactor.redact(s));
    run.appendOutput(text, new vscode.Location(uri, new vscode.Position(r.line, 0)), item);
    summary.output.push(text);
  }

  /** Debug: a failed test's response in the response view, and its first failing expectation revealed in the editor. */
  private debugOutput(item: vscode.TestItem, r: TestReportModel, uri: vscode.Uri, summary: TestRunSummary, environment: string | undefined): void {
    if (r.status !== 'failed') return;
    const line = failureLine(r);
    summary.shown = { test: item.id, line };
    const shown = (async () => {
      const editor = await vscode.window.showTextDocument(uri, { preserveFocus: false, preview: false, viewColumn: vscode.ViewColumn.One });
      const at = new vscode.Range(line, 0, line, editor.document.lineAt(Math.min(line, editor.document.lineCount - 1)).text.length);
      editor.selection = new vscode.Selection(at.start, at.end);
      editor.revealRange(at, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      if (r.exchange) this.d.responseView.show([r.exchange], environment);
    })().catch((e: unknown) => this.d.log.warn(`debug: ${this.d.redactor.redact((e as Error).message ?? String(e))}`));
    this.showing.add(shown);
    void shown.finally(() => this.showing.delete(shown));
  }

  private skip(run: vscode.TestRun, item: vscode.TestItem, summary: TestRunSummary): void {
    run.skipped(item);
    summary.skipped.push(item.id);
  }

  /** The status bar follows the usage of each response of the run. */
  private showUsage(r: TestReportModel, environment: string | undefined, baseUrl: string | undefined): void {
    if (!r.usage || r.httpStatus === null || !r.request) return;
    this.d.statusBar.record([{ status: r.httpStatus, usage: r.usage, request: r.request }], { environment, baseUrl, requestLabel: this.d.redactor.redact(r.label), receivedAt: r.receivedAt ? Date.parse(r.receivedAt) : Date.now() });
  }

  /** Reports of a run come as notifications; one handler dispatches them to their run. */
  private listen(client: BaseLanguageClient): void {
    if (this.subscribed) return;
    this.subscribed = true;
    this.disposables.push(client.onNotification(ServerNotifications.testResult, (p: TestResultParams) => {
      if (p.runId) this.runs.get(p.runId)?.(p);
    }));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** A test item's key: what follows `#` in its id (`file:///…/api.graphreq#create`). */
function keyOf(item: vscode.TestItem): string {
  return item.id.slice(item.id.indexOf('#') + 1);
}
