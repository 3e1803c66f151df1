/**
 * The server's texts for places where VS Code shows plain text, not Markdown: the Problems panel,
 * quick-fix titles, notifications. Its messages mark code with backticks (the CLI prints them,
 * hovers render them); here the marks go and the code stays: "`billing_event` does not take ..."
 * reads "billing_event does not take ...". A lone backtick is text, and stays. Times the server
 * writes in UTC are given in local time, as everything else the client shows, so that a message
 * never mixes two time zones. Pure (no 'vscode' import).
 */

export function plainText(text: string): string {
  return localTimes(text.replace(/`([^`\n]+)`/g, '$1'));
}

/** ISO times (`2026-01-02T10:00:00.000Z`) and `2026-01-02 10:00:00 UTC` as local times. */
export function localTimes(text: string, format: (ms: number) => string = (ms) => new Date(ms).toLocaleTimeString()): string {
  return text.replace(/\b(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.\d+)?(?:Z| UTC)/g, (all, day: string, time: string) => {
    const ms = Date.parse(`${day}T${time}Z`);
    return Number.isFinite(ms) ? format(ms) : all;
  });
}
