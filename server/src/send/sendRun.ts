/**
 * A run: a list of requests sent one after the other (in order, because later requests read the
 * named responses of earlier ones), each result handed to the caller as soon as it is complete.
 *
 * The run stops early in three cases, and says which:
 * - `bail`: at the first request that did not succeed (or, with `bailWhen`, that it says so of);
 * - cancellation (Ctrl+C): nothing new starts, the request in flight is cancelled, and what
 *   finished stays finished.
 * The requests that were never tried are listed as not sent.
 *
 * A rate limit does not stop the run: a request the client held back, or one the service refused
 * with a rate-limit error, holds only what it must. Every further call made in a blocked scope
 * lengthens the block ([3] LIMIT-BLOCK), so the later requests of the same scope (rateLimits.ts
 * `requestScopes`) are held without a call; the requests that read its named response (directly,
 * through variables, or through another held request) cannot be built, so they are held too; every
 * other request is sent. `wait` waits for the block instead, `force` sends regardless. A request
 * that expects an error answer (`# @expect refused URL-READ-RATE`) is sent even when the client
 * would hold it, and its refusal holds nothing: that refusal is what it checks.
 */
import { requestName, type GraphreqDocument } from '../core';
import type { HoldKey, SendResult } from '../core/send';
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
  /** Its expectations call for an error answer (core/send/expectations.ts, expectsError). */
  expectsError?: boolean;
}

export interface RunOptions extends Omit<SendOptions, 'signal'> {
  signal?: AbortSignal;
  bail?: boolean;
  /** With `bail`: whether this result stops the run (default: it did not succeed). */
  bailWhen?(request: PlannedRequest, result: SendResult): boolean;
  /** A request is about to be sent (`position` counts from 1). */
  onStart?(request: PlannedRequest, position: number, total: number): void;
  /** A request finished (with a response or a failure); awaited before the next one starts. */
  onResult?(request: PlannedRequest, result: SendResult): void | Promise<void>;
}

export type RunStop =
  | { kind: 'bail'; at: PlannedRequest; result: SendResult }
  /** `until`: when access should return (ms), null when nobody knows. */
  /** The first request a rate limit held back (the run went on with what the hold does not cover). */
  | { kind: 'rate-limit'; at: PlannedRequest; result: SendResult; until: number | null }
  | { kind: 'cancelled' };

export interface RunOutcome {
  done: Array<{ request: PlannedRequest; result: SendResult }>;
  /** Never tried (after a stop), or cancelled while in flight. */
  notSent: PlannedRequest[];
  /** Not sent because a rate limit held back a request they read the response of or share a scope with: who, and why. */
  held: Array<{ request: PlannedRequest; by: PlannedRequest; why: string }>;
  stop: RunStop | null;
}

export async function runRequests(plan: PlannedRequest[], o: RunOptions = {}): Promise<RunOutcome> {
  const done: RunOutcome['done'] = [];
  const held: RunOutcome['held'] = [];
  let stop: RunStop | null = null;
  const holds = new Holds();
  let next = 0;
  for (; next < plan.length; next++) {
    if (o.signal?.aborted) {
      stop = { kind: 'cancelled' };
      break;
    }
    const request = plan[next];
    const hold = holds.of(request);
    if (hold) {
      held.push({ request, ...hold });
      holds.name(request, hold.by);
      continue;
    }
    o.onStart?.(request, next + 1, plan.length);
    const force = o.force || request.expectsError;
    const result = await request.session.send(request.doc, request.index, { signal: o.signal, wait: o.wait, force, validateOnly: o.validateOnly });
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
    const limit = request.expectsError ? undefined : rateLimitStop(result, o);
    if (limit) {
      stop ??= { kind: 'rate-limit', at: request, result, until: limit.until };
      holds.add(request, request.session.holdScopes(result));
      continue;
    }
    if (o.bail && (o.bailWhen ? o.bailWhen(request, result) : !answeredAsExpected(request, result))) {
      stop = { kind: 'bail', at: request, result };
      next++;
      break;
    }
  }
  return { done, notSent: plan.slice(next), held, stop };
}

/** What the rate limits met so far in a run hold: their scopes, and the named responses that will not come. */
class Holds {
  /** What held requests back, and which request each held. */
  private readonly scopes: Array<{ key: HoldKey; by: PlannedRequest }> = [];
  /** Request name → the held request it waits for (itself, or one it read from). */
  private readonly names = new Map<string, PlannedRequest>();

  add(request: PlannedRequest, keys: HoldKey[]): void {
    for (const key of keys) this.scopes.push({ key, by: request });
    this.name(request, request);
  }

  /** A request that is not sent: its named response will not come either. */
  name(request: PlannedRequest, by: PlannedRequest): void {
    const name = requestName(request.doc.blocks[request.index]);
    if (name && !this.names.has(name)) this.names.set(name, by);
  }

  /** Why `request` is held, if it is: it reads a response that will not come, or it is in a held scope. */
  of(request: PlannedRequest): { by: PlannedRequest; why: string } | undefined {
    if (this.names.size === 0 && this.scopes.length === 0) return undefined;
    for (const name of request.session.namesRead(request.doc, request.index)) {
      const by = this.names.get(name);
      if (by) return { by, why: `it reads the response of \`${name}\`, which a rate limit held back` };
    }
    const hold = request.session.coveredBy(request.doc, request.index, this.scopes);
    return hold && { by: hold.by, why: `the rate limit that held back ${hold.by.label} covers it too` };
  }
}

/**
 * Whether a request got the answer it should: a 2xx, or the error answer its expectations call for
 * (`# @expect refused ...`), which `graphreq send` counts as sent, not failed.
 */
export function answeredAsExpected(request: Pick<PlannedRequest, 'expectsError'>, result: SendResult): boolean {
  return succeeded(result) || (!!request.expectsError && result.status !== null && result.status >= 400);
}

/** Whether a result stops the run at a rate limit, and until when. */
function rateLimitStop(r: SendResult, o: RunOptions): { until: number | null } | undefined {
  if (o.force) return undefined;
  if (r.failure?.kind === 'rate-limited') return { until: r.failure.retryAt ? Date.parse(r.failure.retryAt) : null };
  if (r.error?.rateLimit) return { until: regainTime(r, Date.parse(r.sentAt) + r.durationMs) };
  return undefined;
}
