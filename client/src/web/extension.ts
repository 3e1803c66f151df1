/**
 * The web extension (package.json `browser` → dist/web/client.js), for vscode.dev and github.dev:
 * the language server runs in a Web Worker (dist/web/server.js) and reads the workspace's files
 * through this client, from the editor's file system (vscode-vfs, memfs, ...), never from a disk.
 * Diagnostics, completion, hover, fixes, formatting, symbols, inlay hints, navigation and CodeLenses
 * come from the same server code as on the desktop. Sends go to the embedded emulator in the worker
 * (its state kept here, in the workspace's storage: emulatorStorage.ts) or to an environment through
 * the browser's fetch, and show as on the desktop (sending.ts). docs/vscode.md, "On the web", says
 * what does not work here.
 */
import * as vscode from 'vscode';
import { LanguageClient, RevealOutputChannelOn, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/browser';
import { Commands, type InitializationOptions } from '../../../server/src/lsp/protocol';
import { WebNotifications, WebRequests, type FilesChangedParams, type FindFilesParams, type WebEmulatorWrite } from '../../../server/src/web/protocol';
import { workspaceWriter } from '../commands/response';
import { plainText } from '../plainText';
import { startSending } from '../sending';
import { serverSettings } from '../settings';
import { createStableLenses } from '../stableLenses';
import { registerDesktopCommands } from './desktopCommands';
import { EmulatorStorage } from './emulatorStorage';
import { GraphreqTesting } from '../testing';
import { startServerWorker } from './serverWorker';
import { workerFileHandlers } from './readScope';
import { readWorkspaceText } from './workspaceText';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  // No environment picker on the web: the environment is the `graphreq.environment` setting.
  // CodeLens commands without arguments (lensCommands.ts); the request at the cursor reads them back.
  const lenses = createStableLenses(context);
  const sending = await startSending(context, { client: () => client, pickedEnvironment: () => undefined, writeResponse: workspaceWriter, lensTarget: (c) => lenses.commands.target(c) });
  const channel = sending.log;
  // The Testing view: tests run in the worker, against its emulator or an environment (testing.ts).
  const testing = new GraphreqTesting({ client: () => client, anyScheme: true, writesSnapshots: false, sender: sending.sender, statusBar: sending.statusBar, redactor: sending.redactor, log: channel, responseView: sending.responseView });
  context.subscriptions.push(testing);
  const routed = new Set<string>([Commands.send, Commands.sendAll, Commands.validateOnly, Commands.cancel]);
  const worker = (await startServerWorker(vscode.Uri.joinPath(context.extensionUri, 'dist/web/server.js'))) as ServerOptions;
  const options: LanguageClientOptions = {
    documentSelector: [{ language: 'graphreq' }],
    synchronize: { configurationSection: 'graphreq' },
    // The server links each rule to docs/rules.md of the extension, wherever the editor serves it from.
    // This client renders send results itself (the response view, the usage status bar).
    initializationOptions: { ...serverSettings(undefined), showsSendResults: true, docsUrl: vscode.Uri.joinPath(context.extensionUri, 'docs').toString(true) } satisfies InitializationOptions,
    outputChannel: channel,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    middleware: {
      // Each CodeLens's command without arguments, so that a lens drawn from an older list still runs (lensCommands.ts).
      ...lenses.middleware,
      // The Problems panel and the light bulb show plain text, as on the desktop (languageClient.ts).
      handleDiagnostics: (uri, diagnostics, next) => next(uri, diagnostics.map((d) => Object.assign(d, { message: plainText(d.message) }))),
      provideCodeActions: async (document, range, ctx, token, next) => {
        const actions = await next(document, range, ctx, token);
        for (const a of actions ?? []) a.title = plainText(a.title);
        return actions;
      },
      // A Send lens lands here: the client adds the token and environment, and shows the result (sending.ts).
      // A test's lens runs it in the Testing view, where its result shows.
      executeCommand: (command, args, next) =>
        command === Commands.test ? testing.runFromLens(args[0] as { uri?: string; keys?: string[] } | undefined) : routed.has(command) ? sending.route(command, args) : next(command, args),
    },
  };
  client = new LanguageClient('graphreq', 'GraphReq', worker, options);
  // The worker reads only its own files of the workspace folders (readScope.ts).
  const files = workerFileHandlers({
    parse: (uri) => vscode.Uri.parse(uri),
    folders: () => (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri),
    find: async (include, max) => (await vscode.workspace.findFiles(include, '**/node_modules/**', max)).map((u) => u.toString()),
    read: readWorkspaceText,
  });
  client.onRequest(WebRequests.findFiles, (p: FindFilesParams) => files.findFiles(p));
  client.onRequest(WebRequests.readFile, (p: { uri?: unknown }) => files.readFile(p));
  const emulatorState = new EmulatorStorage(context.storageUri);
  client.onRequest(WebRequests.emulatorState, () => emulatorState.load());
  client.onRequest(WebRequests.emulatorWrite, (p: WebEmulatorWrite) => emulatorState.write(p));
  const watcher = vscode.workspace.createFileSystemWatcher('**/{*.graphreq,graphreq.env.json}');
  const tell = (uri: vscode.Uri, deleted: boolean): void => void client?.sendNotification(WebNotifications.filesChanged, { changes: [{ uri: uri.toString(), deleted }] } satisfies FilesChangedParams);
  context.subscriptions.push(
    watcher,
    watcher.onDidCreate((u) => tell(u, false)),
    watcher.onDidChange((u) => tell(u, false)),
    watcher.onDidDelete((u) => tell(u, true)),
    vscode.workspace.onDidSaveTextDocument((d) => {
      if (d.uri.path.endsWith('/graphreq.env.json')) tell(d.uri, false);
    }),
  );
  registerDesktopCommands(context, new Set(sending.commands));
  await client.start();
  // The Testing view lists the tests of every request file of the workspace, open or not.
  void testing.discover().catch(() => undefined);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
