/**
 * workspace/executeCommand: the send commands, implemented by the sending layer (sendCommand.ts).
 * Kept apart from server.ts so the server can be started without the sender in tests.
 *
 * The token comes from the client (VS Code passes its secret storage's token in the arguments).
 * Other editors pass none: the server then takes it from its own environment (GRAPHREQ_ACCESS_TOKEN or
 * the environment's accessTokenEnv), by the CLI's rules; with no token at all, only the embedded
 * emulator is sent to.
 */
import type { WorkDoneProgressReporter } from 'vscode-languageserver';
import { requestNumber } from '../core';
import { Commands, type SendCommandArgs, type SendCommandResult } from './protocol';
import type { CommandContext } from './server';
import { createSendCommandHandler, type CancellationLike } from './sendCommand';
import { SendPresenter } from './sendPresenter';

const handler = createSendCommandHandler();
let presenter: SendPresenter | undefined;

export async function executeServerCommand(command: string, args: unknown[], ctx: CommandContext, cancel?: CancellationLike, workDone?: WorkDoneProgressReporter): Promise<unknown> {
  if (!handler.commands.includes(command)) throw new Error(`unknown command ${command}`);
  const first = (args[0] ?? {}) as SendCommandArgs;
  if (command === Commands.cancel) return handler.execute(command, first, undefined, cancel);
  const state = ctx.documents.get(first.uri);
  if (!state) throw new Error(`${command}: ${first.uri} is not open`);
  const file = decodeURIComponent(first.uri.slice(first.uri.lastIndexOf('/') + 1));
  const title = command === Commands.sendAll ? `sending every request of ${file}` : `${command === Commands.validateOnly ? 'validating' : 'sending'} request ${requestNumber(state.parse, first.index ?? 0)} of ${file}`;
  presenter ??= new SendPresenter(ctx.connection, ctx.client);
  return presenter.run(title, workDone, (onResult) =>
    handler.execute(command, first, { text: state.getText(), workspaceFolder: ctx.environment.folderOf(first.uri) ?? null, settings: ctx.settings(), onResult }, cancel) as Promise<SendCommandResult>,
  );
}

export function disposeServerCommands(): Promise<void> {
  return handler.dispose();
}
