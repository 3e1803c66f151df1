/**
 * One HTTP exchange with Node's fetch: a timeout that covers the body too, cancellation through an
 * AbortSignal, and failures sorted into the kinds the result model names (timeout, refused, reset,
 * network, cancelled), each with a one-line message that names the host and never the URL (whose
 * query may hold the token).
 *
 * Redirects are not followed: a 307 would send a POST body, token included, to wherever the
 * Location header points. The 3xx comes back as the response instead.
 */
import type { RawResponse, WireRequest } from '../core/send';
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
}

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
  try {
    const res = await (o.fetch ?? fetch)(wire.url, {
      method: wire.method,
      headers: wire.headers,
      body: wire.body ?? undefined,
      signal: controller.signal,
      redirect: 'manual',
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return {
      status: res.status,
      statusText: res.statusText,
      headers,
      bodyText: new TextDecoder().decode(bytes),
      size: bytes.byteLength,
      durationMs: Math.max(0, Math.round(o.now() - started)),
    };
  } catch (e) {
    if (timedOut) throw new TransportFailure('timeout', `no answer from ${host} within ${o.timeoutMs} ms`);
    if (o.signal?.aborted) throw new TransportFailure('cancelled', 'the send was cancelled');
    throw classify(e, host);
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', onAbort);
  }
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
