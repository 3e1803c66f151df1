/**
 * The account context item of the status bar, in words (the pure half of contextStatusBar.ts): the
 * calls the environment's context reads made this hour and how long ago the service was last read,
 * and a tooltip naming where the context comes from.
 */
import type { ContextStatus } from '../../server/src/lsp/protocol';

/** `context: 12 calls this hour, fetched 3 min ago`. */
export function contextStatusText(s: ContextStatus, now: number): string {
  const calls = `${s.madeThisHour} call${s.madeThisHour === 1 ? '' : 's'} this hour`;
  const fetched = s.lastReadAt === null ? 'not fetched yet' : `fetched ${ago(now - s.lastReadAt)}`;
  return `context: ${calls}, ${fetched}`;
}

/** Where the context comes from, what the reads cost, and what went wrong (plain text, one fact a line). */
export function contextTooltip(s: ContextStatus, now: number): string {
  const env = s.environment ? `environment "${s.environment}"` : 'the shared environment';
  const lines = [
    `Account context of ${env}, read from ${s.origin} (GET reads with ids=, each id one call).`,
    `${s.madeThisHour} of ${s.callsPerHour} calls this hour (graphreq.env.json context.callsPerHour); the last read made ${s.calls}.`,
    s.lastReadAt === null ? 'Not read yet.' : `Last read ${ago(now - s.lastReadAt)} (${new Date(s.lastReadAt).toLocaleTimeString()}); cached in .graphreq/account-context.json.`,
  ];
  if (s.heldBack) lines.push(`${s.heldBack} id${s.heldBack === 1 ? '' : 's'} not read: the hour's allowance is spent.`);
  for (const p of s.problems) lines.push(`⚠ ${p}`);
  lines.push('Click to fetch what the file needs now.');
  return lines.join('\n');
}

/** `just now`, `3 min ago`, `2 h ago`. */
export function ago(ms: number): string {
  const min = Math.floor(Math.max(0, ms) / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  return `${Math.floor(min / 60)} h ago`;
}
