/**
 * Reading an environment's account context from VS Code (docs/format.md, What graphreq knows of the
 * account): the server reads, this side gives it what only the client has, the token of its secret
 * storage for the workspace folder, environment and origin a send of the file would use (the same
 * arguments as a send: commands/send.ts `sendingArgs`), through `graphreq.fetchContext`. The server
 * sends it only to that origin (a token given for another is refused) and writes it nowhere.
 *
 * On open and on save of a request file, with `graphreq.context: "environment"`, only when a token
 * is stored (nobody is asked while opening files); on command (the palette, the status bar item,
 * the "Fetch the account context" quick fix), the token is asked for when none is stored. Never while
 * typing; nothing in Restricted Mode; nothing for the embedded emulator, whose state is always known.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ExecuteCommandRequest } from 'vscode-languageclient/node';
import { Commands, type ContextStatus, type FetchContextArgs } from '../../../server/src/lsp/protocol';
import type { Redactor } from '../redact';
import { config } from '../settings';
import type { Sender } from './send';

export interface ContextReaderDeps {
  client: () => LanguageClient | undefined;
  sender: Pick<Sender, 'sendingArgs' | 'confirmPair'>;
  redactor: Redactor;
  log: vscode.LogOutputChannel;
}

export class AccountContextReader {
  constructor(private readonly d: ContextReaderDeps) {}

  /** Reads on open and on save of request files (and now for those already open). */
  watch(): vscode.Disposable {
    const onDoc = (doc: vscode.TextDocument): void => {
      if (doc.languageId === 'graphreq' && doc.uri.scheme === 'file') void this.read(doc.uri, false);
    };
    for (const doc of vscode.workspace.textDocuments) onDoc(doc);
    return vscode.Disposable.from(vscode.workspace.onDidOpenTextDocument(onDoc), vscode.workspace.onDidSaveTextDocument(onDoc));
  }

  /**
   * Reads what the file at `uri` (else the active editor's) needs. `asked`: the user asked for it, so
   * they are told why nothing was read, and asked for a token when none is stored.
   */
  async read(uri: vscode.Uri | string | undefined, asked: boolean): Promise<ContextStatus | null> {
    const docUri = typeof uri === 'string' ? vscode.Uri.parse(uri) : uri ?? vscode.window.activeTextEditor?.document.uri;
    const tell = (message: string): null => {
      if (asked) void vscode.window.showInformationMessage(`GraphReq: ${message}`);
      return null;
    };
    if (!docUri) return tell('open a request file to fetch the account context its requests need.');
    if (!vscode.workspace.isTrusted) return tell('nothing is read in Restricted Mode. Trust this workspace to read the account context.');
    if (config(docUri).get<string>('context') !== 'environment') {
      if (asked) {
        const open = 'Open Settings';
        void vscode.window.showInformationMessage('GraphReq: reading the account context of an environment is off. Set "graphreq.context" to "environment" to turn it on.', open).then((a) => {
          if (a === open) void vscode.commands.executeCommand('workbench.action.openSettings', 'graphreq.context');
        });
      }
      return null;
    }
    const client = this.d.client();
    if (!client?.isRunning()) return tell('the language server is not running; see "GraphReq: Show Server Log".');
    const sending = await this.d.sender.sendingArgs(docUri, asked);
    if (!sending) return null;
    if (!sending.env.target.origin) return tell("requests go to the embedded emulator, whose state the checks always know: nothing to fetch.");
    const args: FetchContextArgs = { ...sending.args, uri: docUri.toString() };
    try {
      const fetch = async (confirmed = {}): Promise<ContextStatus | null> => (await client.sendRequest(ExecuteCommandRequest.type, { command: Commands.fetchContext, arguments: [{ ...args, ...confirmed }] })) as ContextStatus | null;
      let status = await fetch();
      // The environment's base URL with this token is not confirmed for the workspace (picked or not): asked, the user gets the send's Trust and Send.
      if (asked && status?.trust?.trustOrigin) {
        const confirmed = await this.d.sender.confirmPair(status.trust, sending.env.name);
        if (confirmed) status = await fetch(confirmed);
      }
      for (const p of status?.problems ?? []) this.d.log.warn(`account context: ${this.d.redactor.redact(p)}`);
      if (asked && status?.problems.length) void vscode.window.showWarningMessage(`GraphReq: ${this.d.redactor.redact(status.problems[0])}`);
      else if (asked && status) void vscode.window.setStatusBarMessage(`GraphReq: account context read (${status.calls} call${status.calls === 1 ? '' : 's'}, ${status.madeThisHour} of ${status.callsPerHour} this hour).`, 5000);
      return status;
    } catch (e) {
      const message = this.d.redactor.redact((e as Error).message ?? String(e));
      this.d.log.error(`account context: ${message}`);
      return tell(`the account context could not be read: ${message}`);
    }
  }
}
