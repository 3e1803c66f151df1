/**
 * The language client's CodeLenses with commands that outlive VS Code's lists of lenses
 * (lensCommands.ts says why): the desktop and the web client both use it.
 */
import * as vscode from 'vscode';
import type { CodeLensMiddleware } from 'vscode-languageclient';
import { StableLensCommands } from './lensCommands';

export function createStableLenses(context: vscode.ExtensionContext): { middleware: Pick<CodeLensMiddleware, 'provideCodeLenses'>; commands: StableLensCommands } {
  const commands = new StableLensCommands(
    (id, handler) => vscode.commands.registerCommand(id, handler),
    (command, args) => vscode.commands.executeCommand(command, ...args),
  );
  context.subscriptions.push(commands, vscode.workspace.onDidCloseTextDocument((d) => commands.forget(d.uri.toString())));
  return {
    commands,
    middleware: {
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        for (const lens of lenses ?? []) if (lens.command) lens.command = commands.stable(document.uri.toString(), lens.command);
        return lenses;
      },
    },
  };
}
