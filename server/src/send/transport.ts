/**
 * One HTTP exchange with Node's fetch: a timeout that covers the body too, cancellation through an
 * AbortSignal, and failures sorted into the kinds the result model names (timeout, refused, reset,
 * network, cancelled), each with a one-line message that names the host and never the URL (whose
 * query may hold the token).
 *
 * The body is read up to a byte cap (`maxBytes`), so an endless or huge answer cannot exhaust memory:
 * what is beyond it is never read, and the result says the body was cut.
 *
 * Redirects are not followed: a 307 would send a POST body, token included, to wherever the
 * Location header points. The 3xx comes back as the response instead.
 *
 * Nothing here is Node's: the web worker sends with it too (its fetch is the browser's, or the
 * in-worker emulator's). Where the time went phase by phase is measured only by a host that can
 * (`phases`: exchangeTimings.ts on Node).
 */
import type { RawResponse, ResponseTimings, WireRequest } from '../core/send';
import type { FailureKind } from '../core/send';

export class TransportFailure extends Error {
  constructor(
    readonly kind: Extract<FailureKind, 'timeout' | 'refused' | 'reset' | 'network' | 'cancelled'>,
    message: string,
  ) {
    super(message);
  }
}

export interface TransportOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  now: () => number;
  /** Bytes of body kept at most (default DEFAULT_MAX_RESPONSE_BYTES); the rest is not read. */
  maxBytes?: number;
  /** Times the exchange phase by phase (exchangeTimings.ts `nodePhases`); without it the result has no timings. */
  phases?: PhaseTimers;
}

/** One exchange's phase timer: `measure` runs the fetch and the body's read. */
export interface PhaseTimer {
  measure<T>(fn: () => Promise<T>): Promise<T>;
  headersReceived(): void;
  timings(): ResponseTimings;
}

export type PhaseTimers = (url: string, now: () => number) => PhaseTimer;

/** 10 MiB: far more than any documented answer (lists come in pages), far less than what would exhaust memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export async function sendOnce(wire: WireRequest, o: TransportOptions): Promise<RawResponse> {
  const host = hostOf(wire.url);
  if (o.signal?.aborted) throw new TransportFailure('cancelled', 'the send was cancelled');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, o.timeoutMs);
  const onAbort = (): void => controller.abort();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  const started = o.now();
  const phases = o.phases?.(wire.url, o.now);
  try {
    const exchange = async (): Promise<{ res: Response; bytes: Uint8Array; truncatedAt?: number }> => {
      const res = await (o.fetch ?? fetch)(wire.url, {
        method: wire.method,
        headers: wire.headers,
        body: wire.body ?? undefined,
        signal: controller.signal,
        redirect: 'manual',
      });
      phases?.headersReceived();
      return { res, ...(await readCapped(res, o.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES, controller)) };
    };
    const { res, bytes, truncatedAt } = phases ? await phases.measure(exchange) : await exchange();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const raw: RawResponse = {
      status: res.status,
      statusText: res.statusText,
      headers,
      bodyText: new TextDecoder().decode(bytes),
      size: bytes.byteLength,
      durationMs: Math.max(0, Math.round(o.now() - started)),
    };
    if (phases) raw.timings = phases.timings();
    if (truncatedAt !== undefined) raw.truncatedAt = truncatedAt;
    return raw;
  } catch (e) {
    if (timedOut) throw new TransportFailure('timeout', `no answer from ${host} within ${o.timeoutMs} ms`);
    if (o.signal?.aborted) throw new TransportFailure('cancelled', 'the send was cancelled');
    throw classify(e, host);
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Reads the body up to `max` bytes. A longer body (or an endless one) is cut there: the connection
 * is closed without reading the rest, so memory stays bounded whatever the service sends.
 */
async function readCapped(res: Response, max: number, controller: AbortController): Promise<{ bytes: Uint8Array; truncatedAt?: number }> {
  if (!res.body) return { bytes: new Uint8Array(0) };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      // Stop reading and drop the connection: the rest of the body is never buffered.
      await reader.cancel().catch(() => undefined);
      controller.abort();
      return { bytes: concat(chunks, size), truncatedAt: max };
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { bytes: concat(chunks, size) };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0].byteLength === size) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** fetch reports every network failure as `TypeError: fetch failed` with the system error as its cause. */
function classify(e: unknown, host: string): TransportFailure {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (e as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return new TransportFailure('refused', `connection refused by ${host}: is the service running there?`);
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
    return new TransportFailure('reset', `the connection to ${host} was reset before a complete answer came`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new TransportFailure('network', `cannot resolve the host ${host}`);
  const detail = cause?.message ?? (e as Error).message ?? String(e);
  return new TransportFailure('network', `cannot reach ${host}: ${detail.split('\n')[0]}`);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the service';
  }
}
