import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';

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

/** The answer to a request the client cancelled (`$/cancelRequest`) before or while it was worked on. */
export function cancelledError(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
}

/** Throws the cancelled answer when `token` is cancelled: called before a request's work, and between its steps. */
export function throwIfCancelled(token: { isCancellationRequested: boolean } | undefined): void {
  if (token?.isCancellationRequested) throw cancelledError();
}

/** The longest a request or a check works before the server reads its messages again (issue 20: at most 100 ms behind). */
export const SLICE_MS = 25;

/**
 * Runs `fn` on the event loop's next turn, after the messages that arrived: Node's setImmediate; a
 * browser worker (web/) has none, and a zero timeout does the same there.
 */
export const nextTurn: (fn: () => void) => void = typeof setImmediate === 'function' ? (fn) => setImmediate(fn) : (fn) => setTimeout(fn, 0);

/** The event loop's turn: messages that arrived meanwhile (a hover, a `$/cancelRequest`) are read and dispatched first. */
export function yieldToMessages(): Promise<void> {
  return new Promise((resolve) => nextTurn(resolve));
}
