/**
 * A run: a list of requests sent one after the other (in order, because later requests read the
 * named responses of earlier ones), each result handed to the caller as soon as it is complete.
 *
 * The run stops early in three cases, and says which:
 * - `bail`: at the first request that did not succeed;
 * - a rate limit: a request the client held back, or one the service refused with a rate-limit
 *   error. Every further call made while blocked lengthens the block ([3] LIMIT-BLOCK), so nothing
 *   more is sent; `wait` waits for the block instead, `force` sends regardless;
 * - cancellation (Ctrl+C): nothing new starts, the request in flight is cancelled, and what
 *   finished stays finished.
 * The requests that were never tried are listed as not sent.
 */
import type { GraphreqDocument } from '../core';
import type { SendResult } from '../core/send';
import { regainTime, succeeded, type SendOptions, type SendSession } from './sendSession';

export interface PlannedRequest {
  session: SendSession;
  doc: GraphreqDocument;
  /** Block index in `doc`. */
  index: number;
  /** The file as the user wrote it, and the request's first line (1-based), for messages. */
  file: string;
  line: number;
  /** Title, name or request line: how the user recognises it. */
  label: string;
  /** Sent first because the request asked for needs its response (`--with-deps`). */
  dependency?: boolean;
}

export interface RunOptions extends Omit<SendOptions, 'signal'> {
  signal?: AbortSignal;
  bail?: boolean;
  /** A request is about to be sent (`position` counts from 1). */
  onStart?(request: PlannedRequest, position: number, total: number): void;
  /** A request finished (with a response or a failure); awaited before the next one starts. */
  onResult?(request: PlannedRequest, result: SendResult): void | Promise<void>;
}

export type RunStop =
  | { kind: 'bail'; at: PlannedRequest; result: SendResult }
  /** `until`: when access should return (ms), null when nobody knows. */
  | { kind: 'rate-limit'; at: PlannedRequest; result: SendResult; until: number | null }
  | { kind: 'cancelled' };

export interface RunOutcome {
  done: Array<{ request: PlannedRequest; result: SendResult }>;
  /** Never tried (after a stop), or cancelled while in flight. */
  notSent: PlannedRequest[];
  stop: RunStop | null;
}

export async function runRequests(plan: PlannedRequest[], o: RunOptions = {}): Promise<RunOutcome> {
  const done: RunOutcome['done'] = [];
  let stop: RunStop | null = null;
  let next = 0;
  for (; next < plan.length; next++) {
    if (o.signal?.aborted) {
      stop = { kind: 'cancelled' };
      break;
    }
    const request = plan[next];
    o.onStart?.(request, next + 1, plan.length);
    const result = await request.session.send(request.doc, request.index, { signal: o.signal, wait: o.wait, force: o.force, validateOnly: o.validateOnly });
    if (result.failure?.kind === 'cancelled' || o.signal?.aborted) {
      if (result.failure?.kind !== 'cancelled') {
        // It finished just as the user cancelled: it counts as done.
        done.push({ request, result });
        await o.onResult?.(request, result);
        next++;
      }
      stop = { kind: 'cancelled' };
      break;
    }
    done.push({ request, result });
    await o.onResult?.(request, result);
    const limit = rateLimitStop(result, o);
    if (limit) {
      stop = { kind: 'rate-limit', at: request, result, until: limit.until };
      next++;
      break;
    }
    if (o.bail && !succeeded(result)) {
      stop = { kind: 'bail', at: request, result };
      next++;
      break;
    }
  }
  return { done, notSent: plan.slice(next), stop };
}

/** Whether a result stops the run at a rate limit, and until when. */
function rateLimitStop(r: SendResult, o: RunOptions): { until: number | null } | undefined {
  if (o.force) return undefined;
  if (r.failure?.kind === 'rate-limited') return { until: r.failure.retryAt ? Date.parse(r.failure.retryAt) : null };
  if (r.error?.rateLimit) return { until: regainTime(r, Date.parse(r.sentAt) + r.durationMs) };
  return undefined;
}
