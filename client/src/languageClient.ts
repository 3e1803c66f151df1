/**
 * Starts the bundled language server (dist/server.js) over node IPC. Diagnostics, completion, hover,
 * code actions, CodeLens, symbols, folding and semantic tokens all come from it unchanged; the
 * client only routes the send commands (whose CodeLenses the server provides) through `onSend`.
 */
import * as vscode from 'vscode';
import { LanguageClient, RevealOutputChannelOn, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { Commands, type InitializationOptions } from '../../server/src/lsp/protocol';
import { serverSettings } from './settings';

export type ServerCommandHandler = (command: string, args: unknown[]) => Promise<unknown>;

export function createLanguageClient(context: vscode.ExtensionContext, channel: vscode.LogOutputChannel, onServerCommand: ServerCommandHandler): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const routed = new Set<string>(Object.values(Commands));
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'graphreq' }],
    synchronize: {
      configurationSection: 'graphreq',
      // graphreq.env.json, and the .env files `{{$dotenv NAME}}` reads: a change checks the requests again.
      fileEvents: [vscode.workspace.createFileSystemWatcher('**/graphreq.env.json'), vscode.workspace.createFileSystemWatcher('**/.env')],
    },
    // This client renders send results itself: the server shows them only to other editors.
    initializationOptions: { ...serverSettings(), showsSendResults: true } satisfies InitializationOptions,
    outputChannel: channel,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    middleware: {
      // The language client registers the server's commands (graphreq.send, ...) in VS Code; a
      // CodeLens click lands here with [{uri, index}], and the client adds token and environment.
      executeCommand: (command, args, next) => (routed.has(command) ? onServerCommand(command, args) : next(command, args)),
    },
  };
  return new LanguageClient('graphreq', 'GraphReq', serverOptions, clientOptions);
}
