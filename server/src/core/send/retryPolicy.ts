/**
 * When a failed attempt is tried again, and after how long.
 *
 * Only transient failures are retried: an error the service marks `is_transient`, a 5xx answer, a
 * connection reset. Never a rate-limit error, although errors.json calls those transient too: [3]
 * says that calling on while blocked lengthens the wait, so those wait for the regain time instead
 * (LIMIT-BLOCK). A reset is retried only for GET: the service may have applied a POST (created an
 * ad set) before the connection broke, and a second one would create a second ad set.
 * Timeouts are not retried: the timeout is the user's budget for the whole send.
 */
import type { DecodedError, FailureKind } from './types';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 8_000 };

export type AttemptOutcome =
  | { kind: 'response'; status: number; error: DecodedError | null }
  | { kind: 'failure'; failure: FailureKind };

/** Why the attempt may be retried, or null when it must not be. */
export function retryReason(outcome: AttemptOutcome, method: string): string | null {
  if (outcome.kind === 'failure') return outcome.failure === 'reset' && method === 'GET' ? 'the connection was reset' : null;
  if (outcome.error?.rateLimit) return null;
  if (outcome.status >= 500) return `HTTP ${outcome.status}`;
  if (outcome.error?.isTransient === true) return `a transient error (code ${outcome.error.code})`;
  return null;
}

/**
 * Capped exponential backoff with jitter before attempt `attempt + 1` (`attempt` counts from 1):
 * half of the exponential step is fixed and half is random, so clients that failed together do not
 * come back together, yet every wait is at least half the step.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}
