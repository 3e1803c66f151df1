/**
 * The text rendering of a result (the CLI's `--format text`, and any plain-text view): the status
 * line, the decoded error, the usage summary, the warnings, then the body pretty-printed.
 */
import type { SendResult, UsageModel } from './types';

export function formatResultText(r: SendResult): string {
  const lines: string[] = [];
  const heading = [r.title ?? `request ${r.number ?? r.index + 1}`, r.name ? `[${r.name}]` : ''].filter(Boolean).join(' ');
  lines.push(`### ${heading}`);
  if (r.request.url) lines.push(`${r.request.method} ${r.request.url}  (${versionText(r)})`);
  if (r.failure) {
    lines.push(`${r.failure.kind === 'build' || r.failure.kind === 'insecure' || r.failure.kind === 'no-token' || r.failure.kind === 'rate-limited' ? 'not sent' : 'failed'}: ${r.failure.message}`);
  } else {
    const retries = r.attempts > 1 ? ` · ${r.attempts} attempts` : '';
    lines.push(`HTTP ${r.status} ${r.statusText} · ${r.durationMs} ms · ${sizeText(r.size)}${retries}`);
  }
  if (r.error) {
    const code = [r.error.code !== null ? `code ${r.error.code}` : '', r.error.subcode !== null ? `subcode ${r.error.subcode}` : ''].filter(Boolean).join(', ');
    lines.push(`error: ${r.error.title}${code ? ` (${code})` : ''}: ${r.error.explanation}`);
    if (r.error.action) lines.push(`  what to do: ${r.error.action}`);
    if (r.error.userTitle || r.error.userMessage) lines.push(`  for the user: ${[r.error.userTitle, r.error.userMessage].filter(Boolean).join(': ')}`);
    if (r.error.fbtraceId) lines.push(`  fbtrace_id: ${r.error.fbtraceId}`);
  }
  const usage = usageText(r.usage);
  if (usage) lines.push(`usage: ${usage}`);
  for (const w of [...r.warnings, ...r.usage.warnings]) lines.push(`warning: ${w}`);
  if (r.bodyKind === 'json') lines.push(JSON.stringify(r.body, null, 2));
  else if (r.bodyKind === 'text') lines.push(String(r.body));
  return lines.join('\n') + '\n';
}

function versionText(r: SendResult): string {
  if (r.version.source === 'path') return `version ${r.version.text} from the path`;
  if (r.version.source === 'default') return `version ${r.version.text}: the environment's defaultVersion`;
  return "no version: the app's default version";
}

function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
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
