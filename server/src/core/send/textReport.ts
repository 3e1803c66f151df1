/**
 * The text rendering of a result (the CLI's `--format text`, and any plain-text view), at the level
 * the user asks for (`--output`): `full`, the status line, the decoded error, the usage summary, the
 * warnings, then the body pretty-printed; `short`, one line; `headers`, the status and the response
 * headers; `body`, the body alone; `exchange`, the request as sent and the response with its
 * headers. A front end with colours passes a `paint` (the CLI's render/ does); the words stay the same.
 */
import { oneLine } from './decodeError';
import type { SendResult, UsageModel } from './types';

/** Colours for the parts of a result; each returns its text, wrapped or not. */
export interface TextPaint {
  heading(s: string): string;
  good(s: string): string;
  bad(s: string): string;
  warn(s: string): string;
  faint(s: string): string;
}

/** How much of a result is shown (`--output`, GRAPHREQ_OUTPUT). */
export const OUTPUT_LEVELS = ['short', 'headers', 'body', 'exchange', 'full'] as const;
export type OutputLevel = (typeof OUTPUT_LEVELS)[number];

export interface TextReportOptions {
  paint?: TextPaint;
  /** Warnings the front end says in its own way (left out here). */
  omitWarning?: (warning: string) => boolean;
  /** Default `full`. */
  level?: OutputLevel;
}

/** A usage figure worth a place on a one-line result: from this percentage up. */
const SHORT_USAGE_FROM = 50;

const plain = (s: string): string => s;
const noPaint: TextPaint = { heading: plain, good: plain, bad: plain, warn: plain, faint: plain };

/** How a result without a response is introduced: never sent (and why), held back by a rate limit, or failed on the way. */
export function failureLabel(kind: NonNullable<SendResult['failure']>['kind']): string {
  if (kind === 'rate-limited') return 'held back';
  if (kind === 'build' || kind === 'insecure' || kind === 'no-token' || kind === 'untrusted') return 'not sent';
  return 'failed';
}

export function formatResultText(r: SendResult, o: TextReportOptions = {}): string {
  const level = o.level ?? 'full';
  if (level === 'short') return shortLine(r, o.paint ?? noPaint);
  if (level === 'body') return bodyText(r);
  if (level === 'headers') return headersReport(r, o.paint ?? noPaint);
  if (level === 'exchange') return exchangeReport(r, o.paint ?? noPaint);
  const p = o.paint ?? noPaint;
  const lines: string[] = [];
  const heading = resultLabel(r);
  lines.push(p.heading(`### ${heading}`));
  if (r.request.url) lines.push(p.faint(`${r.request.method} ${r.request.url}  (${versionText(r)})`));
  if (r.failure) {
    const label = failureLabel(r.failure.kind);
    lines.push(`${label === 'held back' ? p.warn(label) : p.bad(label)}: ${r.failure.message}`);
  } else {
    const retries = r.attempts > 1 ? ` · ${r.attempts} attempts` : '';
    const status = `HTTP ${r.status} ${r.statusText}`;
    lines.push(`${r.status !== null && r.status >= 200 && r.status < 300 ? p.good(status) : p.bad(status)} · ${r.durationMs} ms · ${sizeText(r.size)}${retries}`);
  }
  if (r.error) {
    // The title once, with its code; the explanation is written for the user and never repeats it.
    const code = [r.error.code !== null ? `code ${r.error.code}` : '', r.error.subcode !== null ? `subcode ${r.error.subcode}` : ''].filter(Boolean).join(', ');
    lines.push(`${p.bad('error:')} ${r.error.title}${code ? ` (${code})` : ''}: ${r.error.explanation}`);
    if (r.error.action) lines.push(`  what to do: ${r.error.action}`);
    // The service's words for its users, and its trace id, stay on their labelled lines.
    if (r.error.userTitle || r.error.userMessage) lines.push(`  for the user: ${oneLine([r.error.userTitle, r.error.userMessage].filter(Boolean).join(': '))}`);
    if (r.error.fbtraceId) lines.push(`  fbtrace_id: ${oneLine(r.error.fbtraceId)}`);
  }
  const usage = usageText(r.usage);
  if (usage) lines.push(p.faint(`usage: ${usage}`));
  for (const w of [...r.warnings, ...r.usage.warnings]) if (!o.omitWarning?.(w)) lines.push(`${p.warn('warning:')} ${w}`);
  if (r.bodyKind === 'json') lines.push(JSON.stringify(r.body, null, 2));
  else if (r.bodyKind === 'text') lines.push(String(r.body));
  return lines.join('\n') + '\n';
}

/** The name a result goes by: its title and `[name]`, else its number. */
function resultLabel(r: SendResult): string {
  return [r.title ?? `request ${r.number ?? r.index + 1}`, r.name ? `[${r.name}]` : ''].filter(Boolean).join(' ');
}

/** The status (or why there is none), the time and the size. */
function statusPart(r: SendResult, p: TextPaint): string {
  if (r.failure) {
    const label = failureLabel(r.failure.kind);
    return label === 'held back' ? p.warn(label) : p.bad(label);
  }
  const status = String(r.status);
  return r.status !== null && r.status >= 200 && r.status < 300 ? p.good(status) : p.bad(status);
}

/** `short`: one line a result: status, time, size, name, and the highest usage when it is 50% or more. */
function shortLine(r: SendResult, p: TextPaint): string {
  const parts = [statusPart(r, p)];
  if (!r.failure) parts.push(`${r.durationMs} ms`, sizeText(r.size));
  parts.push(resultLabel(r));
  if (r.failure) parts.push(p.faint(r.failure.message));
  else if (r.error) parts.push(p.bad(`${r.error.title}${r.error.code !== null ? ` (code ${r.error.code})` : ''}`));
  if (r.usage.limiting && r.usage.highestPercent !== null && r.usage.highestPercent >= SHORT_USAGE_FROM) parts.push(p.warn(`usage ${r.usage.highestPercent}% (${r.usage.limiting.label})`));
  return parts.join('  ') + '\n';
}

/** `body`: the response body alone (pretty JSON, or the text), for a pipe. */
function bodyText(r: SendResult): string {
  if (r.bodyKind === 'json') return JSON.stringify(r.body, null, 2) + '\n';
  if (r.bodyKind === 'text') return String(r.body).endsWith('\n') ? String(r.body) : `${String(r.body)}\n`;
  return '';
}

function headerLines(headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
}

/** The response's status line: `HTTP 200 OK · 35 ms · 1.2 KB`, or why there is none. */
function responseStatusLine(r: SendResult, p: TextPaint): string {
  if (r.failure) return `${statusPart(r, p)}: ${r.failure.message}`;
  const status = `HTTP ${r.status} ${r.statusText}`;
  return `${r.status !== null && r.status >= 200 && r.status < 300 ? p.good(status) : p.bad(status)} · ${r.durationMs} ms · ${sizeText(r.size)}`;
}

/** `headers`: the status and the response headers. */
function headersReport(r: SendResult, p: TextPaint): string {
  const lines = [p.heading(`### ${resultLabel(r)}`), responseStatusLine(r, p), ...headerLines(r.headers)];
  return lines.join('\n') + '\n';
}

/** `exchange`: the request as sent (its token replaced) and the response, each with its headers. */
function exchangeReport(r: SendResult, p: TextPaint): string {
  const lines = [p.heading(`### ${resultLabel(r)}`)];
  if (r.request.url) {
    lines.push(p.faint('> request'), `${r.request.method} ${r.request.url}`, ...headerLines(r.request.headers));
    if (r.request.body) lines.push('', r.request.body);
  }
  lines.push(p.faint('< response'), responseStatusLine(r, p), ...headerLines(r.headers));
  const body = bodyText(r);
  if (body) lines.push('', body.replace(/\n$/, ''));
  return lines.join('\n') + '\n';
}

function versionText(r: SendResult): string {
  if (r.version.source === 'path') return `version ${r.version.text} from the path`;
  if (r.version.source === 'default') return `version ${r.version.text}: the environment's defaultVersion`;
  return "no version: the app's default version";
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** One line: highest figure first, then each header's figures. Empty when no usage header came. */
export function usageText(u: UsageModel): string {
  const parts: string[] = [];
  if (u.limiting) parts.push(`highest ${u.highestPercent}% (${u.limiting.label})`);
  if (u.app) parts.push(`app calls ${pct(u.app.call_count)}, cpu ${pct(u.app.total_cputime)}, time ${pct(u.app.total_time)}`);
  if (u.adAccount) parts.push(`ad account ${pct(u.adAccount.acc_id_util_pct)}${u.adAccount.reset_time_duration !== null ? `, resets in ${u.adAccount.reset_time_duration} s` : ''}`);
  for (const e of u.buc) {
    const regain = e.estimated_time_to_regain_access ? `, regain access in ${e.estimated_time_to_regain_access} min` : '';
    parts.push(`BUC ${e.type} (business ${e.businessId}) calls ${pct(e.call_count)}, cpu ${pct(e.total_cputime)}, time ${pct(e.total_time)}${regain}`);
  }
  for (const t of u.throttle) {
    const score = (name: string, s: { actual_score: number | null; limit: number | null } | null): string => (s ? `, ${name} ${s.actual_score ?? '?'}/${s.limit ?? '?'}` : '');
    parts.push(`throttle (${t.source}): ${t.throttled === null ? 'unknown' : t.throttled ? 'throttled' : 'not throttled'}${score('backend_qps', t.backend_qps)}${score('complexity', t.complexity_score)}`);
  }
  if (u.blockedUntil) parts.push(`blocked until ${u.blockedUntil}`);
  return parts.join(' · ');
}

function pct(v: number | null): string {
  return v === null ? '?' : `${v}%`;
}
