/**
 * The extension's commands that need the desktop (history, the environment picker, tests, the
 * example, the account context, imports): package.json contributes them to every editor, so on the
 * web each answers with one line that says where it works instead of VS Code's "command not found".
 */
import * as vscode from 'vscode';

export function registerDesktopCommands(context: vscode.ExtensionContext, available: ReadonlySet<string>): void {
  const contributed = (context.extension.packageJSON as { contributes?: { commands?: Array<{ command: string; title: string }> } }).contributes?.commands ?? [];
  for (const c of contributed) {
    if (available.has(c.command)) continue;
    context.subscriptions.push(
      vscode.commands.registerCommand(c.command, () =>
        vscode.window.showInformationMessage(`GraphReq: ${c.title} works in VS Code on the desktop and in the graphreq CLI, not in this web build (docs/vscode.md, "On the web").`),
      ),
    );
  }
}
