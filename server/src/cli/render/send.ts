/**
 * What `graphreq send` prints, as each result completes:
 * - text: a block per result (core/send/textReport.ts, with colours when stdout is a terminal);
 * - json: one array, written element by element (valid JSON once the run ends, even after Ctrl+C);
 * - jsonl: one object per line;
 * and on stderr: the progress line (terminals only), the one message that explains an early stop,
 * and the closing summary (sent, failed, held back, not sent) that ends every run.
 */
import { failureLabel, formatResultText, minutesText, type OutputLevel, type SendResult, type TextPaint } from '../../core/send';
import * as path from 'node:path';
import type { HistoryEntry, HistorySummary } from '../../send/history';
import { answeredAsExpected, type PlannedRequest, type RunOutcome, type RunStop } from '../../send/sendRun';
import type { Target } from '../../send/target';
import type { WorkspaceTarget } from '../../send/workspaceEmulator';
import { plural } from './check';
import { shownFile, type Style } from './style';

export function resultPaint(s: Style): TextPaint {
  return { heading: (t) => s.bold(t), good: (t) => s.green(t), bad: (t) => s.red(t), warn: (t) => s.yellow(t), faint: (t) => s.dim(t) };
}

export function resultText(s: Style, r: SendResult, omitWarning?: (w: string) => boolean, level: OutputLevel = 'full'): string {
  return formatResultText(r, { paint: resultPaint(s), omitWarning, level });
}

/**
 * What goes before a result in text: a blank line between results (none between one-line results
 * or bodies), and a `=== file` heading when a run spans files.
 */
export function resultSeparator(s: Style, file: string, previousFile: string | undefined, severalFiles: boolean, level: OutputLevel = 'full'): string {
  const compact = level === 'short' || level === 'body';
  if (severalFiles && file !== previousFile) return `${previousFile === undefined || compact ? '' : '\n'}${s.bold(`=== ${shownFile(file)}`)}\n${compact ? '' : '\n'}`;
  return previousFile === undefined || compact ? '' : '\n';
}

/**
 * The embedded emulator the run sends to, said once on stderr in two short lines: where and with
 * which token, then where its state is and the two ways out (a fresh state, another target).
 */
export function targetLine(target: Target, demoToken: boolean): string {
  const w = target as Partial<WorkspaceTarget>;
  const servedBy = w.ownerPid !== process.pid ? `, served by graphreq process ${w.ownerPid}` : '';
  const state = w.stateFile ? `state: ${shownFile(path.relative(process.cwd(), w.stateFile) || w.stateFile)}${servedBy} (--fresh resets it; --base-url sends elsewhere)` : 'state: in memory (--base-url sends elsewhere)';
  return `sending to the embedded emulator at ${target.baseUrl}${demoToken ? ' with its demo token' : ''}\n${state}\n`;
}

/** A result without a response, in one line for stderr (the failure message is redacted by the caller's redactor). */
export function failureLine(r: SendResult, redact: (s: string) => string): string {
  return `graphreq send: ${r.name ?? r.title ?? `request ${r.number ?? r.index + 1}`}: ${redact(r.failure?.message ?? '')}\n`;
}

/** `graphreq send --show ID`. */
export function historyEntryText(s: Style, entry: HistoryEntry): string {
  return `${s.dim(`saved ${entry.savedAt}${entry.file ? ` from ${shownFile(entry.file)}` : ''}`)}\n${resultText(s, entry.result)}`;
}

/** One line of `graphreq send --history`: id, status (or failure), method, URL, name, file. */
export function historyListLine(s: Style, h: HistorySummary): string {
  const status = h.status !== null ? (h.status >= 200 && h.status < 300 ? s.green(String(h.status)) : s.red(String(h.status))) : s.yellow(h.failure ?? '-');
  return `${h.id}  ${status}  ${h.method} ${h.url}${h.name ? `  [${h.name}]` : ''}${h.file ? `  ${shownFile(h.file)}` : ''}\n`;
}

/** One element of `--format json` and one line of `--format jsonl`: the documented fields first, then the rest of the model. */
export function jsonItem(r: SendResult): Record<string, unknown> {
  return {
    name: r.name,
    title: r.title,
    method: r.request.method,
    url: r.request.url,
    status: r.status,
    statusText: r.statusText,
    durationMs: r.durationMs,
    size: r.size,
    attempts: r.attempts,
    headers: r.headers,
    body: r.body,
    error: r.error ? { code: r.error.code, subcode: r.error.subcode, title: r.error.title, explanation: r.error.explanation, action: r.error.action } : null,
    usage: r.usage,
    version: r.version,
    warnings: r.warnings,
    failure: r.failure,
  };
}

/**
 * `--format json` written as it comes: the same text `JSON.stringify(array, null, 2)` gives, one
 * element at a time, so a reader that waits for the end gets the array it always got.
 */
export class JsonArrayWriter {
  private count = 0;
  constructor(private readonly write: (s: string) => void) {}

  item(value: unknown): void {
    const text = JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
    this.write(`${this.count === 0 ? '[\n' : ',\n'}  ${text}`);
    this.count++;
  }

  end(): void {
    this.write(this.count === 0 ? '[]\n' : '\n]\n');
  }
}

export function progressText(s: Style, position: number, total: number, request: PlannedRequest): string {
  return `${s.dim(`[${position}/${total}]`)} sending ${request.label}${request.dependency ? ' (needed first)' : ''}…`;
}

export interface RunCounts {
  sent: number;
  failed: number;
  heldBack: number;
  notSent: number;
}

/** How the summary counts a result: as its own line labelled it (`not sent:`, `held back:`, `failed:`), or sent. */
function resultKind(request: PlannedRequest, result: SendResult): keyof RunCounts {
  if (result.failure && result.status === null) {
    const label = failureLabel(result.failure.kind);
    if (label === 'held back') return 'heldBack';
    if (label === 'not sent') return 'notSent';
  }
  return answeredAsExpected(request, result) ? 'sent' : 'failed';
}

export function countRun(outcome: RunOutcome): RunCounts {
  const c: RunCounts = { sent: 0, failed: 0, heldBack: outcome.held.length, notSent: outcome.notSent.length };
  for (const { request, result } of outcome.done) c[resultKind(request, result)]++;
  return c;
}

/** The closing summary: counts, then who failed, was held back or was not sent (at most 10 of each). */
export function runSummary(s: Style, outcome: RunOutcome, elapsedMs: number): string {
  const c = countRun(outcome);
  const total = outcome.done.length + outcome.held.length + outcome.notSent.length;
  const figures = [
    `${c.sent} sent`,
    c.failed ? s.red(`${c.failed} failed`) : '0 failed',
    c.heldBack ? s.yellow(`${c.heldBack} held back`) : '0 held back',
    c.notSent ? s.yellow(`${c.notSent} not sent`) : '0 not sent',
  ];
  const lines = [`${s.bold(plural(total, 'request'))}: ${figures.join(', ')} ${s.dim(`(${secondsText(elapsedMs)})`)}`];
  const list = (label: string, requests: PlannedRequest[]): void => {
    if (requests.length === 0) return;
    const shown = requests.slice(0, 10).map(where);
    const more = requests.length > 10 ? `, and ${requests.length - 10} more` : '';
    lines.push(`  ${label}: ${shown.join(', ')}${more}`);
  };
  const done = (kind: keyof RunCounts): PlannedRequest[] => outcome.done.filter((d) => resultKind(d.request, d.result) === kind).map((d) => d.request);
  list('failed', done('failed'));
  list('held back', done('heldBack'));
  // What a hold kept back without a call, grouped by why: the requests that read its response, those in its scope.
  const reasons = new Map<string, PlannedRequest[]>();
  for (const h of outcome.held) reasons.set(h.why, [...(reasons.get(h.why) ?? []), h.request]);
  for (const [why, requests] of reasons) list(`held back (${why})`, requests);
  // Refused before leaving (could not be built, another origin, no token), then never tried (the run stopped).
  list('not sent', [...done('notSent'), ...outcome.notSent]);
  return lines.join('\n') + '\n';
}

function where(r: PlannedRequest): string {
  return `${r.label} (${shownFile(r.file)}:${r.line})`;
}

function secondsText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The one line that explains an early stop (stderr), or undefined when the run went to its end.
 * `left`: what the run did not do, as the closing summary counts it (`3 requests not sent`; `graphreq test`'s `2 tests not run`).
 */
export function stopMessage(stop: RunStop | null, left: string | undefined, now: number, embedded = false, signal?: unknown, held = 0): string | undefined {
  if (!stop) return undefined;
  const rest = left ? `; ${left}` : '';
  const alsoHeld = held ? `; ${plural(held, 'request')} that read its response or share its scope held back, the others sent` : '';
  if (stop.kind === 'cancelled') return `graphreq send: ${signal === 'SIGTERM' ? 'terminated (SIGTERM)' : 'cancelled'}${rest}; what finished is printed and saved\n`;
  if (stop.kind === 'bail') return `graphreq send: stopped at the first failure (--bail)${rest}\n`;
  const what = stop.result.failure?.kind === 'rate-limited' ? 'a rate limit the client knows of' : `a rate limit (${stop.result.error?.title ?? 'rate-limit error'})`;
  const when =
    stop.until === null
      ? 'the service gave no time to regain access, and calls made before usage drops lengthen the wait'
      : `access should return at ${new Date(stop.until).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} (in ${minutesText(Math.max(0, stop.until - now))})`;
  const how = `${stop.until === null ? 'send again later' : 'send again then, or add --wait to wait for it (--force sends anyway)'}${embedded ? '; --fresh starts the embedded emulator from its seed data, limits included' : ''}`;
  return `graphreq send: held back by ${what}: ${when}${alsoHeld}${rest}; ${how}\n`;
}
