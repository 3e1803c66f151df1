/**
 * Runs a handler so that an exception becomes a log line and a neutral answer, never a crashed
 * server: whatever the text, the editor keeps working.
 */
export function runSafe<T>(log: (message: string) => void, name: string, fallback: T, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    log(`graphreq: ${name} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    return fallback;
  }
}
