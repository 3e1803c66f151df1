/**
 * Time, injected: the sender waits (backoff between retries, `--wait` for a rate limit to lift) and
 * reads the time (URL-read counting, block expiry) only through a Clock, so tests run with a fake
 * one and never sleep.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with a CancelledError as soon as `signal` aborts. */
  delay(ms: number, signal?: AbortSignal): Promise<void>;
}

export class CancelledError extends Error {
  constructor() {
    super('the send was cancelled');
  }
}

export const systemClock: Clock = {
  now: () => Date.now(),
  delay: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new CancelledError());
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(new CancelledError());
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
