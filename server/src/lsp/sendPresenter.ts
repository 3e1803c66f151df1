/**
 * Every editor sees its send. The bundled VS Code client renders send results itself (it sets the
 * initialization option `showsSendResults`); to any other client (Neovim, Helix, Emacs, ...) the
 * server shows them after a send through workspace/executeCommand, with what plain LSP offers:
 *
 * - `$/progress` while sending (the client's token, or one the server creates when the client
 *   supports window/workDoneProgress), one report per request of "send all";
 * - `window/showMessage`: status, time, the decoded error (title, explanation, what to do) and the
 *   highest usage figure of the scopes seen recently (core/send/recentUsage.ts), naming its scope;
 * - `window/showDocument` of the saved response (history, tokens redacted) when the client supports
 *   it; otherwise the message names the file.
 */
import { MessageType, type Connection, type WorkDoneProgressReporter } from 'vscode-languageserver';
import { emptyRecentUsage, failureLabel, originOf, recordUsage, usageNow, type RecentUsage, type ScopeNow, type SendResult } from '../core/send';
import type { SendCommandResult } from './protocol';

export interface ClientAbilities {
  /** The client renders send results itself (the bundled VS Code client). */
  showsSendResults: boolean;
  /** window.showDocument.support */
  showDocument: boolean;
  /** window.workDoneProgress */
  workDoneProgress: boolean;
}

export type ResultListener = (result: SendResult, done: number, total: number) => void;

export class SendPresenter {
  /** Usage seen per service origin, so the message names the highest figure across scopes. */
  private readonly usage = new Map<string, RecentUsage>();

  constructor(
    private readonly connection: Connection,
    private readonly abilities: () => ClientAbilities,
    /** The URI of a file history saved (the desktop's paths; the web saves none). */
    private readonly savedUri: (path: string) => string,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Runs a send command and shows its results to a client that does not render them. `title` names
   * the send (`Sending request 2 of requests.graphreq`); `token` is the client's workDoneToken, if any.
   */
  async run(title: string, workDone: WorkDoneProgressReporter | undefined, execute: (onResult: ResultListener | undefined) => Promise<SendCommandResult>): Promise<SendCommandResult> {
    const a = this.abilities();
    if (a.showsSendResults) return execute(undefined);
    const progress = workDone ?? (a.workDoneProgress ? await this.connection.window.createWorkDoneProgress().catch(() => undefined) : undefined);
    progress?.begin(`graphreq: ${title}`, 0, undefined, false);
    let outcome: SendCommandResult;
    try {
      outcome = await execute((r, done, total) => progress?.report(Math.round((100 * done) / Math.max(total, 1)), `${done}/${total} ${label(r)}: ${statusText(r)}`));
    } finally {
      progress?.done();
    }
    const highest = this.record(outcome.results);
    const saved = outcome.saved?.filter((p): p is string => !!p).pop();
    const message = sendMessage(outcome.results, highest, saved, a.showDocument);
    void this.connection.sendNotification('window/showMessage', message);
    if (a.showDocument && saved) {
      this.connection.window.showDocument({ uri: this.savedUri(saved), takeFocus: true }).catch(() => undefined);
    }
    return outcome;
  }

  private record(results: SendResult[]): ScopeNow | null {
    let origin: string | undefined;
    for (const r of results) {
      if (r.status === null || !r.request?.url) continue;
      origin = originOf({ baseUrl: r.request.url });
      this.usage.set(origin, recordUsage(this.usage.get(origin) ?? emptyRecentUsage(), r, Date.parse(r.sentAt) || this.now()));
    }
    return origin ? usageNow(this.usage.get(origin)!, this.now()).highest : null;
  }
}

/** The message of a send: one line per result (the failing one first for "send all"), then usage and the saved file. */
export function sendMessage(results: SendResult[], highest: ScopeNow | null, saved: string | undefined, showsDocument: boolean): { type: MessageType; message: string } {
  const bad = results.filter((r) => r.status === null || r.status >= 400);
  const type = results.some((r) => r.status === null && r.failure?.kind !== 'cancelled' || (r.status ?? 0) >= 500) ? MessageType.Error : bad.length ? MessageType.Warning : MessageType.Info;
  const lines: string[] = [];
  if (results.length === 0) lines.push('graphreq: nothing was sent (the file holds no request).');
  else if (results.length === 1) lines.push(`graphreq: ${resultLine(results[0])}`);
  else {
    const ok = results.length - bad.length;
    lines.push(`graphreq: sent ${results.length} requests: ${ok} answered 2xx${bad.length ? `, ${bad.length} did not` : ''}.`);
    for (const r of bad.length ? bad : results.slice(-1)) lines.push(`${label(r)}: ${resultLine(r)}`);
  }
  if (highest) lines.push(`Usage: ${formatPercent(highest.now)} (${highest.label}, ${highest.metric}), the highest of the scopes seen recently.`);
  if (saved && !showsDocument) lines.push(`Saved: ${saved}`);
  return { type, message: lines.join('\n') };
}

function resultLine(r: SendResult): string {
  // The label says whether it left at all (failureLabel, as the CLI says it); the message says why.
  if (r.failure) return `${r.failure.kind === 'cancelled' ? 'cancelled' : failureLabel(r.failure.kind)}: ${r.failure.message}`;
  const head = `${statusText(r)} in ${r.durationMs} ms`;
  const e = r.error;
  if (!e) return `${head} (${label(r)}).`;
  const code = [e.code !== null ? `code ${e.code}` : '', e.subcode !== null ? `subcode ${e.subcode}` : ''].filter(Boolean).join(', ');
  return `${head}: ${e.title}${code ? ` (${code})` : ''}. ${e.explanation}${e.action ? ` What to do: ${e.action}` : ''}`;
}

function statusText(r: SendResult): string {
  if (r.status === null) return r.failure?.kind === 'rate-limited' ? 'held back' : 'no response';
  return `${r.status}${r.statusText ? ` ${r.statusText}` : ''}`;
}

function label(r: SendResult): string {
  return r.name ?? r.title ?? `request ${r.number ?? r.index + 1}`;
}

function formatPercent(p: number): string {
  return `${Number.isInteger(p) ? p : Math.round(p * 10) / 10}%`;
}
