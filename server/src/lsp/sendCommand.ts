/**
 * Sending, as the language server exposes it (workspace/executeCommand), so that VS Code and any
 * other editor share the CLI's engine (server/src/send/sendSession.ts).
 *
 * The server registers, once:
 *
 *   const send = createSendCommandHandler();
 *   // for each of send.commands ('graphreq.send', 'graphreq.sendAll', 'graphreq.validateOnly', 'graphreq.cancel'):
 *   connection.onExecuteCommand(async (params, token) => {
 *     if (!send.commands.includes(params.command)) return ...;
 *     const args = params.arguments?.[0];                        // SendCommandArgs, or CancelCommandArgs for cancel
 *     const doc = documents.get(args.uri);
 *     return send.execute(params.command, args, { text: doc.getText(), workspaceFolder, settings }, token);
 *   });
 *   connection.onShutdown(() => send.dispose());
 *
 * Signature:
 *
 *   createSendCommandHandler(options?: SendCommandHandlerOptions): SendCommandHandler
 *   SendCommandHandler.execute(command: string, args: SendCommandArgs | CancelCommandArgs,
 *       context: SendCommandContext | undefined, cancel?: CancellationLike)
 *       : Promise<SendCommandResult | CancelCommandResult>
 *   SendCommandHandler.dispose(): Promise<void>
 *
 * `context` (not needed for cancel) is what only the server knows: the document's current text,
 * the file-system path of its workspace folder (history and graphreq.env.json live there; null for
 * a file outside any folder: no history then) and the client's settings (ServerSettings).
 * The result model is SendResult (protocol.ts); every string in it is already token-free.
 *
 * Precedence: the base URL is args.baseUrl, else settings.baseUrl, else the environment's baseUrl,
 * else the embedded emulator (started on first use, kept until dispose), within the trust rules of
 * docs/sending.md (sendTarget.ts). The token is args.token (the client's secret storage), else the
 * server's environment variable (as the CLI reads it); without one, only the embedded emulator is
 * sent to (demo token).
 */
import { filePathOf } from './filePath';
import { contextLearner } from '../account/responseLearning';
import * as path from 'node:path';
import { getApiModel, parseDocument, type ApiModel, type EnvironmentSettings } from '../core';
import { usableTimeout } from '../core/environment';
import { Redactor, type SendFailure, type SendResult, type WorkspaceRequest } from '../core/send';
import { withHostInputs } from '../files/hostInputs';
import type { Clock } from '../send/clock';
import { nodePhases } from '../send/exchangeTimings';
import { HistoryStore, type HistoryEntry } from '../send/history';
import { MemoryRateStore, type RateStore } from '../send/rateStore';
import { EmbeddedTargets } from '../send/embeddedTargets';
import { ForeignFolderError, graphreqFolder, graphreqFolderUsable } from '../send/graphreqFolder';
import { ResponseStore } from '../send/responseStore';
import { SavedResponses } from '../send/savedResponses';
import { DEFAULT_TIMEOUT_MS, SendSession } from '../send/sendSession';
import { DEMO_TOKEN, openTarget, type EmbeddedOptions, type Target } from '../send/target';
import { WorkspaceEmulatorError } from '../send/workspaceEmulator';
import { TrustStore } from '../files/trustStore';
import { chooseEditorTarget } from './sendTarget';
import { runSendCommand, runTestCommand } from './sendCommandRun';
import { Commands, type CancelCommandArgs, type CancelCommandResult, type SendCommandArgs, type SendCommandResult, type SentTarget, type ServerSettings, type TestCommandArgs, type TestCommandResult, type TestReportModel } from './protocol';
import { openSnapshots } from '../send/snapshotFile';
import { lastResult, TestResults, type LastTestResult } from '../send/testResults';
import type { TestReport } from '../send/testRun';

export interface SendCommandContext {
  /** The document's current text (it may be unsaved). */
  text: string;
  /** File-system path of the workspace folder holding the document, or null. */
  workspaceFolder: string | null;
  settings: ServerSettings;
  /** Hears each result as it completes, with how many requests the command sends (progress). */
  onResult?: (result: SendResult, done: number, total: number) => void;
  /** `graphreq.test`: hears each test's report as it completes. */
  onTest?: (report: TestReportModel) => void;
  /** The requests of the workspace's files named so, for `withDeps` (sendCommandRun.ts); without it, the document's only. */
  producersNamed?: (name: string) => WorkspaceRequest[];
  /** The client renders sends itself (VS Code): a refusal names its picker and "Trust and Send" (editorTarget.ts). */
  showsSendResults?: boolean;
}

/** The part of LSP's CancellationToken the handler uses. */
export interface CancellationLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): unknown;
}

export interface SendCommandHandlerOptions {
  model?: ApiModel;
  /** Injected in tests. */
  clock?: Clock;
  random?: () => number;
  fetch?: typeof fetch;
  /** Configuration of the embedded emulator. */
  embedded?: EmbeddedOptions;
  /** Progress lines (retries, waits), for the server's log; token-free. */
  log?: (line: string) => void;
  /** The origins the user confirmed per workspace (default: the user's configuration folder). */
  trust?: TrustStore;
  /** Where a token is read when the client gives none (default: the server's environment). */
  processEnv?: NodeJS.ProcessEnv;
}

export interface SendCommandHandler {
  readonly commands: readonly string[];
  execute(command: string, args: SendCommandArgs | CancelCommandArgs | TestCommandArgs, context: SendCommandContext | undefined, cancel?: CancellationLike): Promise<SendCommandResult | CancelCommandResult | TestCommandResult>;
  dispose(): Promise<void>;
}

export function createSendCommandHandler(options: SendCommandHandlerOptions = {}): SendCommandHandler {
  const model = options.model ?? getApiModel();
  const running = new Map<string, AbortController>();
  // Named responses per workspace and environment, kept between commands (and saved in the workspace's .graphreq/).
  const responses = new Map<string, ResponseStore>();
  // Without history, the rate-limit state still lives as long as the server.
  const memoryRate: RateStore = new MemoryRateStore();
  // The embedded emulator of each workspace folder, its state kept in the folder's .graphreq/.
  const embedded = new EmbeddedTargets(options.embedded);

  /**
   * What every command that sends needs: the environment, the target and token chosen by the trust
   * rules, history, the named responses of the workspace and environment, and one session; or why
   * nothing can be sent.
   */
  async function openSession(args: Omit<SendCommandArgs, 'index'>, context: SendCommandContext): Promise<{ ok: false; failure: SendFailure } | { ok: true; session: SendSession; env: EnvironmentSettings; history: SavedPaths | null; sent: SentTarget; note?: string; sessionFor: (uri: string) => SendSession }> {
    const settings = context.settings ?? {};
    // Where the token goes and which one: the trust rules of docs/sending.md (sendTarget.ts).
    const chosen = await chooseEditorTarget(args, context, { trust: options.trust ?? new TrustStore(), processEnv: options.processEnv ?? process.env });
    if (!chosen.ok) return { ok: false, failure: chosen.failure };
    const { baseUrl, token, tokenEnvName } = chosen;
    // `$processEnv`, `$dotenv` and `< path` bodies read as the diagnostics read them, for the file a request is in.
    const envOf = (uri: string): EnvironmentSettings => withHostInputs(chosen.env, filePathOf(uri) ?? null, { stopAt: context.workspaceFolder, processEnv: options.processEnv });
    const env = envOf(args.uri);
    let target: Target;
    try {
      target = baseUrl ? await openTarget(baseUrl) : await embedded.get(context.workspaceFolder);
    } catch (e) {
      if (e instanceof WorkspaceEmulatorError) return { ok: false, failure: { kind: 'build', message: e.message, retryAt: null } };
      throw e;
    }

    const historyOn = settings.historyEnabled !== false && context.workspaceFolder !== null;
    const history = historyOn ? new SavedPaths(context.workspaceFolder!, settings.historySize ?? 50, settings.historyMaxBytes) : null;
    const environment = args.environment ?? settings.environment;
    const storeKey = `${context.workspaceFolder ?? ''}\u0000${environment ?? ''}`;
    let store = responses.get(storeKey);
    if (!store) {
      const saved = context.workspaceFolder ? new SavedResponses(context.workspaceFolder) : null;
      responses.set(storeKey, (store = new ResponseStore({ saved, environment, dependencyHint: 'send it with its dependencies (withDeps), or send the whole file' })));
    }

    // One session per file: the document's, and those of the producers `withDeps` sends first from other files.
    const sessions = new Map<string, SendSession>();
    const sessionFor = (uri: string): SendSession => {
      let s = sessions.get(uri);
      if (!s) sessions.set(uri, (s = newSession(uri)));
      return s;
    };
    const newSession = (uri: string): SendSession => new SendSession({
      model,
      env: uri === args.uri ? env : envOf(uri),
      baseUrl: target.baseUrl,
      token: token ?? DEMO_TOKEN,
      tokenEnvName,
      // A timeout out of range (a workspace's settings file may say -1) fails every send at once: left out.
      timeoutMs: usableTimeout(args.timeoutMs) ?? env.timeoutMs ?? usableTimeout(settings.timeoutMs) ?? DEFAULT_TIMEOUT_MS,
      maxResponseBytes: settings.responseMaxBytes,
      clock: options.clock,
      random: options.random,
      fetch: options.fetch,
      phases: nodePhases,
      history,
      rate: history ? undefined : memoryRate,
      rateOrigin: target.rateOrigin,
      embedded: target.embedded,
      responses: store,
      // What an environment's responses show about its campaigns joins its account context (the embedded emulator's state is read directly).
      learn: target.embedded || !context.workspaceFolder ? undefined : contextLearner({ workspace: context.workspaceFolder, environment: chosen.env.name, baseUrl: target.baseUrl, now: Date.now }),
      file: documentPath(uri, context.workspaceFolder),
      log: options.log,
      // Editors offer the choice themselves (send again with `wait` or `force`), so no CLI flags here.
      holdHint: 'Wait until access returns and send then, or send anyway',
    });
    const session = sessionFor(args.uri);
    // A `.graphreq/` that came with the repository is ignored (the emulator then forgets): said once per send, as the CLI says it once per run.
    const note = !baseUrl && context.workspaceFolder && !graphreqFolderUsable(context.workspaceFolder) ? `${new ForeignFolderError(graphreqFolder(context.workspaceFolder)).message}; the emulator starts from its seed data and forgets when the editor closes` : undefined;
    return { ok: true, session, env, history, sent: { environment: environment ?? null, baseUrl: target.baseUrl, embedded: target.embedded }, note, sessionFor };
  }

  async function send(command: string, args: SendCommandArgs, context: SendCommandContext, cancel?: CancellationLike): Promise<SendCommandResult> {
    const opened = await openSession(args, context);
    const now = (): number => (options.clock ? options.clock.now() : Date.now());
    return runSendCommand(command, args, context, opened.ok ? { ...opened, savedPathOf: (r) => opened.history?.pathOf(r) ?? null } : opened, { running, now, cancel });
  }

  /**
   * `graphreq.test`: the tests of one document (requests with expectations, or `keys` of them),
   * through the same run as `graphreq test` (send/testRun.ts), each report handed to
   * `context.onTest` as it completes; the last result of each is kept for the CodeLens.
   */
  async function test(args: TestCommandArgs, context: SendCommandContext, cancel?: CancellationLike): Promise<TestCommandResult> {
    const opened = await openSession(args, context);
    const fsPath = filePathOf(args.uri) ?? null;
    const file = documentPath(args.uri, context.workspaceFolder);
    const now = (): number => (options.clock ? options.clock.now() : Date.now());
    return runTestCommand(args, context, opened, { running, now, cancel }, {
      model,
      file,
      path: fsPath,
      snapshotsOf: (requestFile) => openSnapshots(requestFile, context.workspaceFolder ?? undefined),
      // The last result of each test, for its CodeLens (`.graphreq/test-results.json`).
      record: context.workspaceFolder && fsPath ? (reports, environment) => recordTestResults(context.workspaceFolder!, file, reports, new Date(now()).toISOString(), environment) : undefined,
    });
  }

  return {
    commands: [Commands.send, Commands.sendAll, Commands.validateOnly, Commands.cancel, Commands.test],
    async execute(command, args, context, cancel) {
      if (command === Commands.cancel) {
        const controller = running.get((args as CancelCommandArgs).sendId);
        controller?.abort();
        return { cancelled: !!controller };
      }
      if (command !== Commands.send && command !== Commands.sendAll && command !== Commands.validateOnly && command !== Commands.test) throw new Error(`graphreq: unknown command ${command}`);
      if (!context) throw new Error(`graphreq: ${command} needs the document's text`);
      if (command === Commands.test) return test(args as TestCommandArgs, context, cancel);
      return send(command, args as SendCommandArgs, context, cancel);
    },
    async dispose() {
      for (const c of running.values()) c.abort();
      running.clear();
      await embedded.dispose();
    },
  };
}

/** History that remembers where it saved each result, so the server can show that file to the user. */
class SavedPaths extends HistoryStore {
  private readonly paths = new WeakMap<SendResult, string>();

  override save(file: string | null, result: SendResult, now: number): HistoryEntry {
    const entry = super.save(file, result, now);
    this.paths.set(result, path.join(this.dir, `${entry.id}.json`));
    return entry;
  }

  pathOf(result: SendResult): string | null {
    return this.paths.get(result) ?? null;
  }
}


/** The document's path relative to the workspace (history's key for named responses), else its URI. */
function documentPath(uri: string, workspaceFolder: string | null): string {
  const file = filePathOf(uri);
  return file && workspaceFolder ? path.relative(workspaceFolder, file).split(path.sep).join('/') : uri;
}

/** The last result of each test that ran, for its CodeLens (`.graphreq/test-results.json`). */
function recordTestResults(workspace: string, file: string, reports: TestReport[], at: string, environment: string | undefined): Promise<void> {
  const results: Record<string, LastTestResult> = {};
  for (const r of reports) if (r.status !== 'not-run') results[r.test.key] = lastResult(r, at, environment);
  return new TestResults(workspace).record(file, results);
}
