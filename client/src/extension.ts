/**
 * The graphreq VS Code extension: a thin client. The language server (dist/server.js) does
 * everything that knows the API, sending included; this side keeps tokens in secret storage, picks
 * the environment, and shows results: the response view, the usage status bar item, the usage view,
 * and VS Code's Testing view for requests with expectations (testing.ts).
 */
import * as vscode from 'vscode';
import { DidChangeConfigurationNotification, type LanguageClient } from 'vscode-languageclient/node';
import { Commands, Notifications, ServerNotifications, type ContextStatus, type SentTarget } from '../../server/src/lsp/protocol';
import { AccountContextReader } from './commands/accountContext';
import { ContextStatusBar } from './contextStatusBar';
import { openExample } from './commands/example';
import { importHttpFile, pasteCurl } from './commands/importRequests';
import { showSendAllForecast } from './commands/forecast';
import { diskWriter } from './commands/responseFile';
import { HistoryView } from './historyView';
import { EnvironmentPicker } from './environmentPicker';
import { createLanguageClient } from './languageClient';
import type { LensCommand } from './lensCommands';
import { createStableLenses } from './stableLenses';
import type { UsageNow } from '../../server/src/core/send/recentUsage';
import type { SendResult } from './sendModel';
import { startSending } from './sending';
import { GraphreqTesting, type TestRunSummary } from './testing';

/** What `activate` returns: used by the end-to-end tests in the extension host. */
export interface GraphreqApi {
  /** Resolves once the language server answered initialize (rejects if it could not start). */
  ready: Promise<void>;
  /** Every result received in this session, newest last. */
  results(): SendResult[];
  onDidSend: vscode.Event<SendResult[]>;
  /** The usage item's text, e.g. `$(graph) Graph 42% · ads_management`. */
  usageStatusText(): string;
  /** The scopes seen recently, with their figures now (what the usage item shows the highest of). */
  usageScopes(): UsageNow;
  /** The account context item's text, e.g. `$(database) context: 2 calls this hour, fetched just now` ('' until a read). */
  contextStatusText(): string;
  /** The environment item's text, e.g. `$(server-environment) local · emulator`. */
  environmentStatusText(): string;
  /** Where the last send went, in the server's words. */
  lastTarget(): SentTarget | undefined;
  /** The last lines the sender wrote to the "GraphReq" output channel (one per send). */
  sendLog(): string[];
  responseViewVisible(): boolean;
  historyViewVisible(): boolean;
  /** The results the response view shows now (a send, or a failing test of a Debug run). */
  responseShown(): SendResult[];
  /** Lists the tests of every request file of the workspace again; resolves when done. */
  discoverTests(): Promise<void>;
  /** The Testing view's items: each file's id, and its tests' ids (`<file uri>#<key>`). */
  testItems(): Array<{ id: string; tests: string[] }>;
  /** Fires when a test run of the Testing view ends, with its tests by outcome. */
  onDidFinishTestRun: vscode.Event<TestRunSummary>;
  /** The server's command (and arguments) a CodeLens's command runs: lenses carry commands without arguments (lensCommands.ts). */
  lensTarget(command: LensCommand): LensCommand;
}

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<GraphreqApi> {
  const picker = new EnvironmentPicker(context.workspaceState);
  const lenses = createStableLenses(context);
  const sending = await startSending(context, { client: () => client, pickedEnvironment: () => picker.picked(), writeResponse: diskWriter, onSentTo: (t) => picker.sentTo(t), lensTarget: (c) => lenses.commands.target(c) });
  const { redactor, log, statusBar, responseView, sender } = sending;
  const icon = vscode.Uri.joinPath(context.extensionUri, 'client', 'images', 'graphreq-file.svg');
  const testing = new GraphreqTesting({ client: () => client, writesSnapshots: true, sender, statusBar, redactor, log, responseView });
  const historyView = new HistoryView(responseView, redactor, icon);
  const contextBar = new ContextStatusBar();
  const contextReader = new AccountContextReader({ client: () => client, sender, redactor, log });
  context.subscriptions.push(historyView, picker, testing, contextBar);
  // The walkthrough's steps complete on these (package.json, walkthroughs): a response shown, a test run finished.
  context.subscriptions.push(sender.onDidSend(() => { void vscode.commands.executeCommand('setContext', 'graphreq.sentOnce', true); historyView.refresh(); }));
  context.subscriptions.push(testing.onDidFinishRun(() => void vscode.commands.executeCommand('setContext', 'graphreq.ranTest', true)));

  client = createLanguageClient(context, log, (command, args) => {
    // A test's CodeLens runs it in the Testing view, where its result shows.
    if (command === Commands.test) return testing.runFromLens(args[0] as { uri?: string; keys?: string[] } | undefined);
    // The "Fetch the account context" quick fix: the server reads with the token of this client's secret storage.
    if (command === Commands.fetchContext) return contextReader.read((args[0] as { uri?: string } | undefined)?.uri, true);
    return sending.route(command, args) ?? Promise.reject(new Error(`GraphReq: unknown command ${command}`));
  }, () => picker.picked(), lenses);
  // Every read of the account context (on open, on save, on command) updates its status bar item.
  context.subscriptions.push(client.onNotification(ServerNotifications.contextStatus, (s: ContextStatus) => contextBar.update(s)));
  // A pick changes the server's environment (diagnostics too): it reads its configuration again, the pick included.
  context.subscriptions.push(picker.onDidPick(() => void client?.sendNotification(DidChangeConfigurationNotification.type, { settings: null }).catch(() => undefined)));

  const register = (id: string, fn: (...args: never[]) => unknown): void => {
    context.subscriptions.push(vscode.commands.registerCommand(id, fn));
  };
  register('graphreq.showSendAllForecast', () => showSendAllForecast(client, () => sender.run('sendAll')));
  register('graphreq.selectEnvironment', () => picker.pick());
  register('graphreq.openHistory', () => historyView.show());
  register('graphreq.clearHistory', () => historyView.clear());
  register('graphreq.openExample', () => openExample(context.extensionUri));
  const importDeps = { client: () => client, log };
  register('graphreq.pasteCurl', () => pasteCurl(importDeps));
  register('graphreq.importHttpFile', (uri?: vscode.Uri) => importHttpFile(importDeps, uri));
  // A quick fix of the server ran (languageClient.ts adds this command to each): the walkthrough's fix step.
  register('graphreq.fixApplied', () => undefined);
  register('graphreq.fetchAccountContext', () => contextReader.read(undefined, true));
  // Trusting the workspace lifts Restricted Mode without a restart: the server hears it, the picker shows it.
  context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => {
    void client?.sendNotification(Notifications.workspaceTrust, { trusted: true });
    void picker.refresh();
  }));
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('graphreq.usage')) responseView.refresh();
  }));

  const ready = client.start().catch((e: unknown) => {
    const message = redactor.redact(e instanceof Error ? e.message : String(e));
    log.error(`The graphreq language server did not start: ${message}`);
    void vscode.window.showErrorMessage(`GraphReq: the language server did not start: ${message}`, 'Show Server Log').then((a) => { if (a) log.show(true); });
    throw e;
  });
  // Commands of the server (graphreq.send & co.) exist once it has started; activation waits for it
  // so that a command that activated the extension finds them registered.
  await ready.catch(() => undefined);
  // The Testing view lists the tests of every request file of the workspace, open or not.
  void ready.then(() => testing.discover()).catch(() => undefined);
  // The account context of an environment is read on open and on save of request files (never while typing).
  void ready.then(() => context.subscriptions.push(contextReader.watch())).catch(() => undefined);

  return {
    ready,
    results: () => [...sender.sent],
    onDidSend: sender.onDidSend,
    usageStatusText: () => statusBar.text,
    usageScopes: () => statusBar.now(),
    sendLog: () => [...sender.logged],
    contextStatusText: () => contextBar.text,
    environmentStatusText: () => picker.text,
    lastTarget: () => sender.lastTarget,
    responseViewVisible: () => responseView.visible,
    historyViewVisible: () => historyView.visible,
    responseShown: () => [...responseView.current],
    discoverTests: () => testing.discover(),
    testItems: () => {
      const out: Array<{ id: string; tests: string[] }> = [];
      testing.controller.items.forEach((f) => {
        const tests: string[] = [];
        f.children.forEach((t) => tests.push(t.id));
        out.push({ id: f.id, tests });
      });
      return out;
    },
    onDidFinishTestRun: testing.onDidFinishRun,
    lensTarget: (c) => lenses.commands.target(c),
  };
}

export async function deactivate(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.stop().catch(() => undefined);
}
