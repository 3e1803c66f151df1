/**
 * workspace/executeCommand: the send commands, implemented by the sending layer (sendCommand.ts).
 * Kept apart from server.ts so the server can be started without the sender in tests.
 *
 * The token comes from the client (VS Code passes its secret storage's token in the arguments).
 * Other editors pass none: the server then takes it from its own environment (GRAPHREQ_ACCESS_TOKEN or
 * the environment's accessTokenEnv), by the CLI's rules; with no token at all, only the embedded
 * emulator is sent to.
 */
import { filePathOf } from './filePath';
import type { WorkDoneProgressReporter } from 'vscode-languageserver';
import { requestNumber } from '../core';
import { pathToFileURL } from 'node:url';
import { NotUtf8Error, readTextFile } from '../files/textFile';
import { Commands, ServerNotifications, type SendCommandArgs, type SendCommandResult, type TestCommandArgs, type TestCommandResult, type TestReportModel, type TestResultParams } from './protocol';
import type { CommandContext } from './server';
import { createSendCommandHandler, type CancellationLike } from './sendCommand';
import { workspaceProducers } from './sendCommandRun';
import { SendPresenter } from './sendPresenter';

const handler = createSendCommandHandler();
let presenter: SendPresenter | undefined;

export async function executeServerCommand(command: string, args: unknown[], ctx: CommandContext, cancel?: CancellationLike, workDone?: WorkDoneProgressReporter): Promise<unknown> {
  if (!handler.commands.includes(command)) throw new Error(`unknown command ${command}`);
  const first = (args[0] ?? {}) as SendCommandArgs;
  if (command === Commands.cancel) return handler.execute(command, first, undefined, cancel);
  if (command === Commands.test) return runTests(args[0] as TestCommandArgs, ctx, cancel);
  const state = ctx.documents.get(first.uri);
  if (!state) throw new Error(`${command}: ${first.uri} is not open`);
  const file = decodeURIComponent(first.uri.slice(first.uri.lastIndexOf('/') + 1));
  const title = command === Commands.sendAll ? `sending every request of ${file}` : `${command === Commands.validateOnly ? 'validating' : 'sending'} request ${requestNumber(state.parse, first.index ?? 0)} of ${file}`;
  presenter ??= new SendPresenter(ctx.connection, ctx.client, (p) => pathToFileURL(p).href);
  const producersNamed = await workspaceProducers(command, first, ctx, cancel);
  return presenter.run(title, workDone, (onResult) =>
    handler.execute(command, first, { text: state.getText(), workspaceFolder: ctx.environment.folderOf(first.uri) ?? null, settings: ctx.settings(), onResult, producersNamed, showsSendResults: ctx.client().showsSendResults }, cancel) as Promise<SendCommandResult>,
  );
}

/**
 * `graphreq.test`: the document as the editor has it, else as the file on disk says (the Testing
 * view runs files that are not open); each report goes to the client as it completes, and the
 * CodeLenses are asked for again once the run is over.
 */
async function runTests(args: TestCommandArgs, ctx: CommandContext, cancel?: CancellationLike): Promise<TestCommandResult> {
  const text = ctx.documents.get(args.uri)?.getText() ?? readFileOf(args.uri);
  const producersNamed = await workspaceProducers(Commands.test, args, ctx, cancel);
  const onTest = (report: TestReportModel): void => {
    void ctx.connection.sendNotification(ServerNotifications.testResult, { runId: args.runId ?? null, uri: args.uri, report } satisfies TestResultParams);
  };
  try {
    return (await handler.execute(Commands.test, args, { text, workspaceFolder: ctx.environment.folderOf(args.uri) ?? null, settings: ctx.settings(), onTest, producersNamed, showsSendResults: ctx.client().showsSendResults }, cancel)) as TestCommandResult;
  } finally {
    ctx.refreshCodeLenses?.();
  }
}

/** A file not open in the editor, as on disk: strictly UTF-8 (files/textFile.ts), so no test sends `Caf�`. */
function readFileOf(uri: string): string {
  const file = filePathOf(uri);
  try {
    if (file) return readTextFile(file);
  } catch (e) {
    if (e instanceof NotUtf8Error) throw new Error(`${Commands.test}: ${file} is ${e.message}`);
  }
  throw new Error(`${Commands.test}: cannot read ${uri}`);
}

export function disposeServerCommands(): Promise<void> {
  return handler.dispose();
}
