/**
 * Sending as both builds of the extension show it (extension.ts on the desktop, web/extension.ts in
 * the browser): the token store, the "GraphReq" log, the usage status bar item and usage view, the
 * response view, the Sender, and the commands that drive them. The server sends (its sending layer
 * on the desktop, web/webSend.ts in the browser worker); this renders the same result model.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { Commands, type SentTarget } from '../../server/src/lsp/protocol';
import { copyAsCurl, saveResponse, type ResponseWriter } from './commands/response';
import { Sender, type SendKind } from './commands/send';
import type { LensCommand } from './lensCommands';
import { clearAccessToken, setAccessToken } from './commands/tokens';
import { createRedactingChannel } from './outputChannel';
import { Redactor } from './redact';
import { ResponseView, UsageView } from './responseView';
import { TokenStore } from './secrets';
import { UsageStatusBar } from './statusBar';

export interface SendingDeps {
  client: () => BaseLanguageClient | undefined;
  /** The environment picked in this workspace, if the build has the picker. */
  pickedEnvironment: () => string | undefined;
  /** Where "Save response" writes. */
  writeResponse: ResponseWriter;
  /** Hears where each send went. */
  onSentTo?: (target: SentTarget) => void;
  /** The server's command a CodeLens's command runs (lensCommands.ts): the request at the cursor reads the lenses. */
  lensTarget?: (c: LensCommand) => LensCommand;
}

export interface Sending {
  redactor: Redactor;
  log: vscode.LogOutputChannel;
  tokens: TokenStore;
  statusBar: UsageStatusBar;
  usageView: UsageView;
  responseView: ResponseView;
  sender: Sender;
  /** The contributed commands registered here. */
  commands: string[];
  /** Runs a command of the server's CodeLenses that sends (with the client's token and environment); undefined for any other. */
  route(command: string, args: unknown[]): Promise<unknown> | undefined;
}

const BY_COMMAND: Record<string, SendKind> = { [Commands.send]: 'send', [Commands.sendAll]: 'sendAll', [Commands.validateOnly]: 'validateOnly' };

export async function startSending(context: vscode.ExtensionContext, d: SendingDeps): Promise<Sending> {
  const redactor = new Redactor();
  const log = createRedactingChannel('GraphReq', redactor);
  const tokens = new TokenStore(context.secrets, context.globalState, redactor);
  await tokens.primeRedactor();
  const statusBar = new UsageStatusBar();
  const icon = vscode.Uri.joinPath(context.extensionUri, 'client', 'images', 'graphreq-file.svg');
  const usageView = new UsageView(redactor, icon, () => statusBar.now());
  const responseView: ResponseView = new ResponseView(redactor, icon, (action, r): Promise<void> => (action === 'save' ? saveResponse(responseView, redactor, d.writeResponse, r) : copyAsCurl(responseView, redactor, r)));
  const sender = new Sender({ client: d.client, pickedEnvironment: d.pickedEnvironment, tokens, responseView, usageView, statusBar, redactor, log, onSentTo: d.onSentTo, lensTarget: d.lensTarget });
  context.subscriptions.push(log, statusBar, usageView, responseView, sender);

  const commands: string[] = [];
  const register = (id: string, fn: () => unknown): void => {
    commands.push(id);
    context.subscriptions.push(vscode.commands.registerCommand(id, fn));
  };
  register('graphreq.sendRequest', () => sender.run('send'));
  register('graphreq.sendAllRequests', () => sender.run('sendAll'));
  register('graphreq.validateRequest', () => sender.run('validateOnly'));
  register('graphreq.cancelSend', () => sender.cancel());
  register('graphreq.setAccessToken', () => setAccessToken(tokens, d.pickedEnvironment()));
  register('graphreq.clearAccessToken', () => clearAccessToken(tokens));
  register('graphreq.showUsage', () => usageView.show());
  register('graphreq.sendAgain', () => sender.again());
  register('graphreq.saveResponse', () => saveResponse(responseView, redactor, d.writeResponse));
  register('graphreq.copyAsCurl', () => copyAsCurl(responseView, redactor));
  register('graphreq.showServerLog', () => log.show(true));

  return {
    redactor,
    log,
    tokens,
    statusBar,
    usageView,
    responseView,
    sender,
    commands,
    route(command, args) {
      if (command === Commands.cancel) return sender.cancel((args[0] as { sendId?: string } | undefined)?.sendId);
      const kind = BY_COMMAND[command];
      return kind ? sender.run(kind, args[0] as { uri?: string; index?: number } | undefined) : undefined;
    },
  };
}
