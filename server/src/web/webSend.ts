/**
 * Sending in the browser worker (the web build's graphreq.send, graphreq.sendAll,
 * graphreq.validateOnly, graphreq.test and graphreq.cancel), through the same session and test run
 * as the desktop's (send/sendSession.ts, lsp/sendCommandRun.ts) with two transports:
 * - the embedded emulator in the worker itself (emulator/fetchEmulator.ts), its state kept in the
 *   workspace's storage through the client (emulatorState.ts): the default target;
 * - an environment's base URL through the browser's `fetch`, with the token the client read from
 *   VS Code's secret storage for that origin only (the trust rules of docs/sending.md, decided by
 *   lsp/editorTarget.ts as on the desktop). The origins the user confirms are remembered in the
 *   worker until the window closes.
 * Not here: snapshot files (`matches snapshot` has no file to compare with), the last results of
 * tests, history, `$processEnv`, `.env` and `< path` bodies, the account context learnt from
 * responses (docs/vscode.md, "On the web").
 */
import type { Connection } from 'vscode-languageserver';
import { getApiModel, type AccountContext } from '../core';
import { usableTimeout } from '../core/environment';
import { createFetchEmulator, type FetchEmulator } from '../emulator/fetchEmulator';
import type { CommandContext, ServerRuntime } from '../lsp/server';
import { chooseTarget } from '../lsp/editorTarget';
import type { WebEmulatorState } from './protocol';
import { Commands, ServerNotifications, type CancelCommandArgs, type SendCommandArgs, type SendCommandResult, type TestCommandArgs, type TestResultParams } from '../lsp/protocol';
import { runSendCommand, runTestCommand, workspaceProducers, type OpenedSession } from '../lsp/sendCommandRun';
import { SendPresenter } from '../lsp/sendPresenter';
import { environmentOfText } from '../lsp/workspaceEnvironment';
import { MemoryRateStore } from '../send/rateStore';
import { ResponseStore } from '../send/responseStore';
import { DEFAULT_TIMEOUT_MS, SendSession } from '../send/sendSession';
import { memoryTrust } from '../send/trustRecords';
import { DEMO_TOKEN, EMBEDDED_RATE_ORIGIN } from '../send/embeddedOrigin';
import type { StateStore } from '../emulator/stateStore';
import { openWebStore, readStoredState } from './emulatorState';
import { WorkerAccountContext } from './workerAccount';

export interface WebSendOptions {
  /** Settles once the workspace's files are read: a send's environment comes from its graphreq.env.json. */
  filesRead?: () => Promise<void>;
  /** The network's fetch (the worker's own); tests give theirs. */
  fetch?: typeof fetch;
  /** Configuration of the in-worker emulator (tests shrink its limits). */
  emulatorConfig?: object;
}

export type WebSend = Required<Pick<ServerRuntime, 'executeCommand' | 'commands' | 'dispose'>> & { account: WebAccount };

/** The in-worker emulator's account context, for the web host's documents (webHost.ts). */
export interface WebAccount {
  current(): AccountContext;
  /** Opens the state the client kept from an earlier window, if any: true when the context changed. */
  openStored(connection: Connection): Promise<boolean>;
}

export function webSend(options: WebSendOptions = {}): WebSend {
  const model = getApiModel();
  const running = new Map<string, AbortController>();
  const responses = new Map<string, ResponseStore>();
  const rate = new MemoryRateStore();
  const trust = memoryTrust();
  let emulator: Promise<InWorker> | undefined;
  let opened: InWorker | undefined;
  let presenter: SendPresenter | undefined;

  const openEmulator = (connection: Connection, stored?: WebEmulatorState | null): Promise<InWorker> =>
    (emulator ??= openWebStore(connection, stored).then(({ store, note }) => (opened = { emulator: createFetchEmulator({ store, config: options.emulatorConfig, linkOrigin: EMBEDDED_RATE_ORIGIN }), store, note })));
  const account = new WorkerAccountContext(() => opened?.store);

  async function openSession(args: Omit<SendCommandArgs, 'index'>, ctx: CommandContext): Promise<OpenedSession> {
    await options.filesRead?.();
    const settings = ctx.settings();
    const folder = ctx.environment.folderOf(args.uri) ?? '';
    const envFile = ctx.environment.envFileOf(args.uri);
    const chosen = await chooseTarget(args, settings, {
      showsSendResults: ctx.client().showsSendResults,
      trust,
      processEnv: {},
      root: folder,
      readEnvironment: (name) => (envFile ? environmentOfText(ctx.environment.files.readText(envFile), name) : { variables: {} }),
    });
    if (!chosen.ok) return chosen;
    const inWorker = chosen.baseUrl ? undefined : await openEmulator(ctx.connection);
    const environment = args.environment ?? settings.environment;
    const key = `${folder}\u0000${environment ?? ''}`;
    let store = responses.get(key);
    if (!store) responses.set(key, (store = new ResponseStore({ saved: null, environment, dependencyHint: 'send it with its dependencies (withDeps), or send the whole file' })));
    const baseUrl = chosen.baseUrl ?? inWorker!.emulator.url;
    const session = new SendSession({
      model,
      env: chosen.env,
      baseUrl,
      token: chosen.token ?? DEMO_TOKEN,
      tokenEnvName: chosen.tokenEnvName,
      timeoutMs: usableTimeout(args.timeoutMs) ?? chosen.env.timeoutMs ?? usableTimeout(settings.timeoutMs) ?? DEFAULT_TIMEOUT_MS,
      maxResponseBytes: settings.responseMaxBytes,
      fetch: inWorker ? (input, init) => inWorker.emulator.fetch(input, init) : browserFetch(options.fetch ?? fetch),
      history: null,
      rate,
      rateOrigin: inWorker ? EMBEDDED_RATE_ORIGIN : undefined,
      embedded: !!inWorker,
      responses: store,
      holdHint: 'Wait until access returns and send then, or send anyway',
    });
    return { ok: true, session, env: chosen.env, sent: { environment: environment ?? null, baseUrl, embedded: !!inWorker }, note: inWorker?.note };
  }

  /**
   * graphreq.test of the Testing view: the document as the editor has it, else as the client read
   * it (the view runs files that are not open); each report goes to the client as it completes.
   */
  async function test(args: TestCommandArgs, ctx: CommandContext, cancel: Parameters<WebSend['executeCommand']>[3]) {
    await options.filesRead?.();
    const text = ctx.documents.get(args.uri)?.getText() ?? ctx.environment.files.readText(args.uri);
    const onTest = (report: TestResultParams['report']): void => {
      void ctx.connection.sendNotification(ServerNotifications.testResult, { runId: args.runId ?? null, uri: args.uri, report } satisfies TestResultParams);
    };
    try {
      const opened = await openSession(args, ctx);
      const producersNamed = await workspaceProducers(Commands.test, args, ctx, cancel);
      return await runTestCommand(args, { text, settings: ctx.settings(), onTest, producersNamed }, opened, { running, now: Date.now, cancel }, { model, file: args.uri, path: null });
    } finally {
      ctx.refreshCodeLenses?.();
    }
  }

  return {
    account: {
      current: () => account.current(),
      async openStored(connection) {
        if (emulator) return false;
        const stored = await readStoredState(connection);
        // Nothing kept yet: the emulator starts from the seed data, which is the context already (and nothing is written before a send).
        if (!stored?.stored || stored.text === null) return false;
        await openEmulator(connection, stored).catch(() => undefined);
        return opened !== undefined;
      },
    },
    commands: [Commands.send, Commands.sendAll, Commands.validateOnly, Commands.cancel, Commands.test],
    async executeCommand(command, list, ctx, cancel, workDone) {
      const first = (list[0] ?? {}) as SendCommandArgs;
      if (command === Commands.cancel) {
        const controller = running.get((first as unknown as CancelCommandArgs).sendId);
        controller?.abort();
        return { cancelled: !!controller };
      }
      if (command === Commands.test) return test(first as unknown as TestCommandArgs, ctx, cancel);
      if (command !== Commands.send && command !== Commands.sendAll && command !== Commands.validateOnly) throw new Error(`unknown command ${command}`);
      const state = ctx.documents.get(first.uri);
      if (!state) throw new Error(`${command}: ${first.uri} is not open`);
      presenter ??= new SendPresenter(ctx.connection, ctx.client, (p) => p);
      const title = command === Commands.sendAll ? 'sending every request' : command === Commands.validateOnly ? 'validating a request' : 'sending a request';
      return presenter.run(title, workDone, async (onResult) => {
        const opened = await openSession(first, ctx);
        const producersNamed = await workspaceProducers(command, first, ctx, cancel);
        return runSendCommand(command, first, { text: state.getText(), onResult, producersNamed }, opened, { running, now: Date.now, cancel }) as Promise<SendCommandResult>;
      });
    },
    async dispose() {
      for (const c of running.values()) c.abort();
      running.clear();
      const open = await emulator?.catch(() => undefined);
      await open?.emulator.close().catch(() => undefined);
    },
  };
}

interface InWorker {
  emulator: FetchEmulator;
  store: StateStore;
  note?: string;
}

/**
 * A browser's fetch says nothing of why a call got no answer it may read: a service that does not
 * allow the editor's origin (CORS), one that cannot be reached, and a refused connection all give
 * a bare TypeError ("Failed to fetch"). The one line the user sees says what is likely and what to do.
 */
function browserFetch(f: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await f(input, init);
    } catch (e) {
      // By name: a fetch given from another realm throws that realm's TypeError.
      if ((e as Error | undefined)?.name !== 'TypeError') throw e;
      throw new TypeError(
        "the browser gave no answer the editor may read: the service does not allow calls from this web page's origin (CORS), or it cannot be reached. Send from VS Code on the desktop or the graphreq CLI, or to the embedded emulator (no environment)",
      );
    }
  };
}
