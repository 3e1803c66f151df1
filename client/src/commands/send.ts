/**
 * Send request, Send all, Validate only and Cancel. The server does the sending (the send engine,
 * through workspace/executeCommand); the client adds what only it has (the token from secret
 * storage, the environment, an id to cancel with), shows progress, and renders the result model.
 * The same path serves the CodeLenses (whose commands the language client routes through the
 * middleware in extension.ts), the command palette and Ctrl+Alt+R.
 */
import * as vscode from 'vscode';
import { ExecuteCommandRequest, type BaseLanguageClient } from 'vscode-languageclient';
import { Commands, EMBEDDED_TOKEN_TARGET, type SendCommandArgs, type SendCommandResult, type SentTarget } from '../../../server/src/lsp/protocol';
import { environmentInfo, type EnvironmentInfo } from '../environments';
import { plainText } from '../plainText';
import { trustQuestion } from '../trustQuestion';
import type { SendFailure } from '../../../server/src/core/send/types';
import { shownUrl } from '../../../server/src/core/send/shownUrl';
import type { LensCommand } from '../lensCommands';
import type { Redactor } from '../redact';
import { requestAt } from '../requestAtCursor';
import type { ResponseView, UsageView } from '../responseView';
import { DEMO_TOKEN, envKey, tokenScope, type TokenStore } from '../secrets';
import { clientFailure, requestLabel, resultsOf, type SendResult } from '../sendModel';
import { baseUrlSetting, config } from '../settings';
import { showProgress, type ProgressUi } from '../slowProgress';
import type { UsageStatusBar } from '../statusBar';

export type SendKind = 'send' | 'sendAll' | 'validateOnly';

/** VS Code's progress for showProgress: the status bar, and a cancellable notification. */
const PROGRESS_UI: ProgressUi = {
  statusBar: (title, task) => void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => task.catch(() => undefined)),
  notification: (title, task, onCancel) =>
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, userCancel) => {
      userCancel.onCancellationRequested(onCancel);
      return task.catch(() => undefined);
    }),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

const COMMAND: Record<SendKind, string> = { send: Commands.send, sendAll: Commands.sendAll, validateOnly: Commands.validateOnly };
const VERB: Record<SendKind, string> = { send: 'sending', sendAll: 'sending all requests of', validateOnly: 'validating (validate_only)' };

export interface SenderDeps {
  /** The desktop's client (stdio) or the web's (a worker): the same requests go through either. */
  client: () => BaseLanguageClient | undefined;
  /** The environment the user picked in this workspace (the picker's record), if any. */
  pickedEnvironment: () => string | undefined;
  tokens: TokenStore;
  responseView: ResponseView;
  usageView: UsageView;
  statusBar: UsageStatusBar;
  redactor: Redactor;
  log: vscode.LogOutputChannel;
  /** Hears where each send went (the environment item shows it). */
  onSentTo?: (target: SentTarget) => void;
  /** The server's command a CodeLens's command runs (lensCommands.ts): the request at the cursor reads the lenses. */
  lensTarget?: (c: LensCommand) => LensCommand;
}

/** The address a send went to, as the view, the status bar and the log show it. */
export function sentAddress(target: SentTarget): string {
  return target.embedded ? `the embedded emulator (${target.baseUrl})` : shownUrl(target.baseUrl);
}

export class Sender {
  private readonly inFlight = new Map<string, vscode.CancellationTokenSource>();
  /** Every result of this session, newest last (the extension API exposes it to tests). */
  readonly sent: SendResult[] = [];
  /** Where the last send went, in the server's words (the extension API exposes it). */
  lastTarget: SentTarget | undefined;
  /** The last lines this sender wrote to the output channel, newest last (the extension API exposes them). */
  readonly logged: string[] = [];
  private readonly changed = new vscode.EventEmitter<SendResult[]>();
  /** Fires after each send with its results. */
  readonly onDidSend = this.changed.event;

  /** The last send asked for, and the version of its document then (Send Again repeats it). */
  private last: { kind: SendKind; uri: string; index?: number; version?: number } | undefined;

  constructor(private readonly d: SenderDeps) {}

  /**
   * Send Again (Ctrl+Alt+L): the last request sent from this window, wherever the cursor is. When
   * its file changed since, the request at that place may be another one: the user confirms first.
   */
  async again(): Promise<SendResult[] | undefined> {
    const last = this.last;
    if (!last) {
      void vscode.window.showInformationMessage('GraphReq: nothing sent yet in this window. Send a request first (Ctrl+Alt+R).');
      return undefined;
    }
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === last.uri);
    if (doc && last.version !== undefined && doc.version !== last.version) {
      const send = 'Send';
      const file = vscode.workspace.asRelativePath(doc.uri);
      const chosen = await vscode.window.showWarningMessage(`GraphReq: ${file} changed since its request was sent. Send the request at that place again?`, { modal: true }, send);
      if (chosen !== send) return undefined;
    }
    return this.run(last.kind, { uri: last.uri, index: last.index });
  }

  /**
   * Sends the request given by `target` ({uri, index} from a CodeLens), or the one under the cursor.
   * Returns the results (also shown in the response view), or undefined if nothing was sent.
   */
  async run(kind: SendKind, target?: { uri?: string; index?: number }, extra: Pick<SendCommandArgs, 'wait' | 'force' | 'trustOrigin' | 'trustTokenVariable'> = {}): Promise<SendResult[] | undefined> {
    if (!vscode.workspace.isTrusted) {
      // Restricted Mode (package.json, capabilities.untrustedWorkspaces): the repository's files may not send anything.
      const manage = 'Manage Workspace Trust';
      void vscode.window.showWarningMessage('GraphReq: sending is off in Restricted Mode. Trust this workspace to send requests.', manage).then((a) => {
        if (a === manage) void vscode.commands.executeCommand('workbench.trust.manage');
      });
      return undefined;
    }
    const client = this.d.client();
    if (!client || !client.isRunning()) {
      void vscode.window.showErrorMessage('GraphReq: the language server is not running; see "GraphReq: Show Server Log".');
      return undefined;
    }
    const resolved = await this.resolveTarget(kind, target);
    if (!resolved) return undefined;
    const { uri, index } = resolved;
    this.last = { kind, uri, index, version: vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.version };
    const docUri = vscode.Uri.parse(uri);
    const sending = await this.sendingArgs(docUri);
    if (!sending) return undefined;
    const { env } = sending;
    const sendId = globalThis.crypto.randomUUID();
    const args: SendCommandArgs = { ...sending.args, uri, index: index ?? 0, sendId, ...extra };
    const cts = new vscode.CancellationTokenSource();
    this.inFlight.set(sendId, cts);
    void vscode.commands.executeCommand('setContext', 'graphreq.sending', true);
    const started = Date.now();
    const where = env.baseUrl ? shownUrl(env.baseUrl) : 'the embedded emulator';
    try {
      // The status bar at once; a notification with Cancel only if the send takes over a second.
      const title = `GraphReq: ${VERB[kind]} ${kind === 'sendAll' ? vscode.workspace.asRelativePath(docUri) : 'the request'} to ${where}…`;
      const raw = await showProgress(PROGRESS_UI, title, Promise.resolve(client.sendRequest(ExecuteCommandRequest.type, { command: COMMAND[kind], arguments: [args] }, cts.token)), () => void this.cancel(sendId));
      const results = resultsOf(raw);
      // Where the requests went, in the server's words (the emulator's own address included).
      const sentTo = (raw as SendCommandResult | null | undefined)?.target;
      // Requests are numbered as people count them (the variable preamble is not one): the server's number.
      const number = kind === 'sendAll' ? '' : `#${results[results.length - 1]?.number ?? (index ?? 0) + 1}`;
      const line = `${kind} ${vscode.workspace.asRelativePath(docUri)}${number} to ${sentTo ? sentAddress(sentTo) : 'nowhere (not sent)'}: ${results.map((r) => r.status ?? r.failure?.kind ?? 'no response').join(', ')} in ${Date.now() - started} ms`;
      this.d.log.info(line);
      this.logged.push(line);
      if (this.logged.length > 50) this.logged.shift();
      this.show(results, env.name, sentTo);
      const untrusted = results.find((r) => r.failure?.kind === 'untrusted' && r.failure.trustOrigin);
      if (untrusted && !extra.trustOrigin) return (await this.offerTrust(kind, { uri, index }, untrusted.failure!, env.name, extra)) ?? results;
      void this.offerRateLimitChoices(kind, { uri, index }, results);
      return results;
    } catch (e) {
      if (cts.token.isCancellationRequested) {
        const cancelled = clientFailure(index ?? 0, 'cancelled', 'Cancelled before a response arrived.');
        this.show([cancelled], env.name, undefined);
        return [cancelled];
      }
      const message = this.d.redactor.redact((e as Error).message ?? String(e));
      this.d.log.error(`${kind} failed: ${message}`);
      void vscode.window.showErrorMessage(`GraphReq: ${message}`, 'Show Server Log').then((a) => { if (a) this.d.log.show(true); });
      return undefined;
    } finally {
      this.inFlight.delete(sendId);
      cts.dispose();
      if (!this.inFlight.size) void vscode.commands.executeCommand('setContext', 'graphreq.sending', false);
    }
  }

  /**
   * What the server needs besides the request to send it: the token (secret storage, or the embedded
   * emulator's demo token), the environment and base URL, and whether the user chose them (the trust
   * rules of docs/sending.md). Undefined when the user gave no token for a real service. Test runs
   * of the Testing view and the account context's reads take the same arguments. `ask`: when no
   * token is stored, ask for one (false: the reads on open and save, which ask nobody).
   */
  async sendingArgs(docUri: vscode.Uri, ask = true): Promise<{ args: Omit<SendCommandArgs, 'uri' | 'index'>; env: EnvironmentInfo; environment: string | undefined; baseUrl: string | undefined } | undefined> {
    // Where the send goes: the server decides it again from the same inputs (core/send/sendTarget.ts),
    // and sends nothing if it would not go where this token was given for (`tokenFor`).
    const env = await environmentInfo(docUri, this.d.pickedEnvironment());
    if (env.problem) this.d.log.warn(`environment: ${env.problem}`);
    const { target } = env;
    let token: string;
    if (!target.origin) {
      token = DEMO_TOKEN; // The embedded emulator's documented token.
    } else {
      const scope = tokenScope(docUri, env.name, target.origin);
      const stored = await this.d.tokens.get(scope);
      if (!stored && !ask) return undefined;
      const typed = stored ?? (await this.d.tokens.prompt(scope, `No access token is set for environment "${envKey(env.name)}" at ${target.origin}.`));
      if (!typed) {
        void vscode.window.showInformationMessage('GraphReq: not sent (no access token). Set one with "GraphReq: Set Access Token".');
        return undefined;
      }
      token = typed;
    }
    const baseUrl = baseUrlSetting(docUri);
    return {
      env,
      environment: env.name || undefined,
      baseUrl: target.baseUrl,
      args: {
        token,
        tokenFor: target.origin ?? EMBEDDED_TOKEN_TARGET,
        // '' names no environment (the `$shared` section only), whatever the settings say.
        environment: env.name,
        // Whether the token may follow the environment's base URL: the user chose it (docs/sending.md, "Where the token goes").
        environmentNamed: env.named,
        baseUrl: baseUrl.value,
        baseUrlFromWorkspace: baseUrl.fromWorkspace || undefined,
        timeoutMs: config(docUri).get<number>('timeoutMs'),
      },
    };
  }

  /** Cancels one send (or all): the server aborts the HTTP request; the client stops waiting. */
  async cancel(sendId?: string): Promise<void> {
    const ids = sendId ? [sendId] : [...this.inFlight.keys()];
    const client = this.d.client();
    for (const id of ids) {
      try {
        if (client?.isRunning()) await client.sendRequest(ExecuteCommandRequest.type, { command: Commands.cancel, arguments: [{ sendId: id }] });
      } catch (e) {
        this.d.log.warn(`cancel: ${this.d.redactor.redact((e as Error).message)}`);
      }
      this.inFlight.get(id)?.cancel();
    }
  }

  /**
   * The base URL comes from the workspace (graphreq.env.json or its settings file; loopback too: the
   * repository chose the port; the environment picked or not) and the user has not confirmed it with
   * this token: ask once. Yes is remembered by the server for this workspace.
   */
  private async offerTrust(kind: SendKind, target: { uri: string; index?: number }, failure: SendFailure, environment: string, extra: Pick<SendCommandArgs, 'wait' | 'force'>): Promise<SendResult[] | undefined> {
    const confirmed = await this.confirmPair(failure, environment);
    return confirmed ? this.run(kind, target, { ...extra, ...confirmed }) : undefined;
  }

  /**
   * The Trust-and-Send dialog for an (origin, token) pair the server refused (`failure.kind`
   * `untrusted`), for a send and for a test run alike: the arguments that confirm it, or undefined
   * when the user declined. The question names the token that goes (the one stored for the
   * environment, or a variable's value); Trust covers that pair.
   */
  async confirmPair(failure: Pick<SendFailure, 'trustOrigin' | 'trustFrom' | 'trustTokenVariable'>, environment: string): Promise<Pick<SendCommandArgs, 'trustOrigin' | 'trustTokenVariable'> | undefined> {
    const send = 'Trust and Send';
    const origin = failure.trustOrigin!;
    const variable = failure.trustTokenVariable;
    const chosen = await vscode.window.showWarningMessage(
      trustQuestion(origin, failure.trustFrom, variable ? { variable } : { environment }),
      { modal: true, detail: 'Trusting remembers the origin, with this token, for this workspace. A change of either (a commit to graphreq.env.json) asks again; choosing the environment in the picker does not confirm where it sends.' },
      send,
    );
    if (chosen !== send) return undefined;
    return { trustOrigin: origin, ...(variable ? { trustTokenVariable: variable } : {}) };
  }

  /**
   * A call the engine held back (a known block) or a rate-limit error: never retried blindly. The
   * user is told when access should return and may wait for it, or send anyway.
   */
  private async offerRateLimitChoices(kind: SendKind, target: { uri: string; index?: number }, results: SendResult[]): Promise<void> {
    const last = results[results.length - 1];
    if (!last) return;
    const heldBack = last.failure?.kind === 'rate-limited';
    const limited = !!last.error?.rateLimit;
    if (!heldBack && !limited) return;
    const when = last.failure?.retryAt ?? last.usage.blockedUntil;
    const at = when ? new Date(when).toLocaleTimeString() : undefined;
    const message = plainText(heldBack
      ? `GraphReq: not sent: ${last.failure?.message ?? 'a rate limit would refuse this call.'}${at ? ` Access should return at ${at}.` : ''}`
      : `GraphReq: ${last.error?.title ?? 'rate limit reached'}.${at ? ` Access should return at ${at}.` : last.error?.regainAccessMinutes ? ` Access should return in ${last.error.regainAccessMinutes} min.` : ''} Calling meanwhile lengthens the wait.`);
    const wait = at ? `Wait until ${at}, then send` : 'Wait, then send';
    const choices = heldBack ? [wait, 'Send anyway'] : [wait];
    const chosen = await vscode.window.showWarningMessage(message, ...choices);
    if (chosen === wait) await this.run(kind, target, { wait: true });
    else if (chosen === 'Send anyway') await this.run(kind, target, { force: true });
  }

  private show(results: SendResult[], environment: string, sentTo: SentTarget | undefined): void {
    if (!results.length) return;
    this.sent.push(...results);
    if (sentTo) {
      this.lastTarget = sentTo;
      this.d.onSentTo?.(sentTo);
    }
    // The usage of the embedded emulator is kept under no base URL (one record whatever its port).
    const baseUrl = sentTo && !sentTo.embedded ? sentTo.baseUrl : undefined;
    this.d.responseView.show(results, environment || undefined, sentTo ? sentAddress(sentTo) : undefined);
    // Every response's usage headers update their scopes (send all: each in turn); the status bar
    // shows the highest figure of the scopes seen recently, not just the last response's.
    const withUsage = [...results].reverse().find((r) => r.usage?.figures.length) ?? results[results.length - 1];
    const label = requestLabel(withUsage);
    const receivedAt = Date.now();
    if (results.some((r) => r.status !== null)) {
      this.d.statusBar.record(results, { environment: environment || undefined, baseUrl, requestLabel: this.d.redactor.redact(label), receivedAt });
      this.d.usageView.record({ usage: withUsage.usage, label: this.d.redactor.redact(label), at: receivedAt, environment });
    }
    this.changed.fire(results);
  }

  private async resolveTarget(kind: SendKind, target?: { uri?: string; index?: number }): Promise<{ uri: string; index?: number } | undefined> {
    if (target && typeof target.uri === 'string') return { uri: target.uri, index: target.index };
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'graphreq') {
      void vscode.window.showWarningMessage('GraphReq: open a .graphreq file and put the cursor in a request.');
      return undefined;
    }
    const uri = editor.document.uri.toString();
    if (kind === 'sendAll') return { uri };
    const at = await requestAt(editor.document, editor.selection.active, this.d.lensTarget);
    if ('index' in at) return { uri, index: at.index };
    if (!at.choices.length) {
      void vscode.window.showWarningMessage('GraphReq: this file has no request yet (a request starts with a line such as GET /v23.0/...).');
      return undefined;
    }
    // Outside every request: ask, nearest first, rather than send one the user did not point at.
    const items = at.choices.map((r) => ({ label: r.label, description: r.detail, detail: `line ${r.startLine + 1}`, index: r.index }));
    const chosen = await vscode.window.showQuickPick(items, { title: `GraphReq: the cursor is in no request. ${kind === 'validateOnly' ? 'Validate' : 'Send'} which one?`, placeHolder: 'Nearest first' });
    return chosen ? { uri, index: chosen.index } : undefined;
  }

  dispose(): void {
    for (const c of this.inFlight.values()) c.cancel();
    this.changed.dispose();
  }
}
