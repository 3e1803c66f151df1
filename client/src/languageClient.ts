/**
 * Starts the bundled language server (dist/server.js) over stdio (serverLaunch.ts). Diagnostics, completion, hover,
 * code actions, CodeLens, symbols, folding and semantic tokens all come from it unchanged, but for
 * the rule link of each diagnostic, which this client adds (ruleLinks.ts); the client also routes the
 * send commands (whose CodeLenses the server provides) through `onSend`.
 */
import * as vscode from 'vscode';
import { LanguageClient, RevealOutputChannelOn, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { Commands, type InitializationOptions } from '../../server/src/lsp/protocol';
import { plainText } from './plainText';
import { serverLaunch } from './serverLaunch';
import { DocLinks, ruleLinker } from './ruleLinks';
import { serverSettings } from './settings';
import type { createStableLenses } from './stableLenses';

export type ServerCommandHandler = (command: string, args: unknown[]) => Promise<unknown>;

/**
 * `picked`: the environment picked in this workspace (workspace state, never a settings file); the
 * server hears it as its `environment` setting, for diagnostics as for sends.
 */
export function createLanguageClient(context: vscode.ExtensionContext, channel: vscode.LogOutputChannel, onServerCommand: ServerCommandHandler, picked: () => string | undefined, lenses: ReturnType<typeof createStableLenses>): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = serverLaunch(module);
  const docLinks = new DocLinks(vscode.Uri.joinPath(context.extensionUri, 'docs'));
  const linked = ruleLinker(docLinks);
  // The Problems panel shows plain text: no Markdown code marks, local times.
  const withLinks = (diagnostics: vscode.Diagnostic[]): vscode.Diagnostic[] => linked(diagnostics).map((d) => {
    d.message = plainText(d.message);
    return d;
  });
  const routed = new Set<string>(Object.values(Commands));
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'graphreq' }],
    synchronize: {
      configurationSection: 'graphreq',
      // graphreq.env.json, and the .env files `{{$dotenv NAME}}` reads: a change checks the requests again.
      fileEvents: [vscode.workspace.createFileSystemWatcher('**/graphreq.env.json'), vscode.workspace.createFileSystemWatcher('**/.env')],
    },
    // This client renders send results itself: the server shows them only to other editors.
    // This client adds each diagnostic's rule link itself, from its code.
    // This client reads the account context itself, with the token of its secret storage (commands/accountContext.ts).
    initializationOptions: { ...serverSettings(picked()), showsSendResults: true, clientRuleLinks: true, clientReadsContext: true } satisfies InitializationOptions,
    outputChannel: channel,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    middleware: {
      // Each CodeLens's command without arguments, so that a lens drawn from an older list still runs (lensCommands.ts).
      ...lenses.middleware,
      // Quick-fix titles are plain text too; a fix applied runs graphreq.fixApplied (the walkthrough's fix step).
      provideCodeActions: async (document, range, context, token, next) => {
        const actions = await next(document, range, context, token);
        for (const a of actions ?? []) {
          a.title = plainText(a.title);
          if (a instanceof vscode.CodeAction && a.edit && !a.command && a.kind && vscode.CodeActionKind.QuickFix.contains(a.kind)) a.command = { command: 'graphreq.fixApplied', title: 'Fix applied' };
        }
        return actions;
      },
      workspace: {
        // The `graphreq` section as the server reads it, with the environment picked in this workspace.
        configuration: async (params, token, next) => {
          const answer = await next(params, token);
          if (!Array.isArray(answer)) return answer;
          const choice = picked();
          return answer.map((value, i) => (choice !== undefined && params.items[i]?.section === 'graphreq' && value && typeof value === 'object' ? { ...value, environment: choice } : value));
        },
      },
      // The language client registers the server's commands (graphreq.send, ...) in VS Code; a
      // CodeLens click lands here with [{uri, index}], and the client adds token and environment.
      executeCommand: (command, args, next) => (routed.has(command) ? onServerCommand(command, args) : next(command, args)),
      // Links into docs/ land on their heading (ruleLinks.ts): a hover's sources, rule IDs written in the file.
      provideHover: async (document, position, token, next) => {
        const hover = await next(document, position, token);
        for (const c of hover?.contents ?? []) if (c instanceof vscode.MarkdownString) c.value = docLinks.markdown(c.value);
        return hover;
      },
      provideDocumentLinks: async (document, token, next) => {
        const links = await next(document, token);
        for (const l of links ?? []) if (l.target) l.target = docLinks.resolve(l.target);
        return links;
      },
      // Diagnostics pushed (a server that does not pull) or pulled (LSP 3.17): the rule links added here.
      handleDiagnostics: (uri, diagnostics, next) => next(uri, withLinks(diagnostics)),
      provideDiagnostics: async (document, previousResultId, token, next) => {
        const report = await next(document, previousResultId, token);
        if (report?.kind === 'full') report.items = withLinks(report.items);
        return report;
      },
      provideWorkspaceDiagnostics: (resultIds, token, reporter, next) =>
        next(resultIds, token, (chunk) => {
          for (const item of chunk?.items ?? []) if (item.kind === 'full') item.items = withLinks(item.items);
          reporter(chunk);
        }),
    },
  };
  return new LanguageClient('graphreq', 'GraphReq', serverOptions, clientOptions);
}
