/**
 * Who may talk to the emulator from a browser. Any web page can make a browser send a form POST to
 * 127.0.0.1, and a page on a rebinding domain name can even read the answers; the public
 * `demo-token` would then let a stranger's page change the user's emulator state. So:
 * - on loopback, the `Host` header must name the emulator itself (localhost, 127.0.0.1, [::1], the
 *   listening address, or a name of `allowedHosts`) with its port: a rebinding name is refused;
 * - a call of any method carrying an `Origin` or a `Referer` other than the emulator's own, or
 *   `Sec-Fetch-Site: cross-site | same-site`, is refused before it is counted. Reads are no
 *   exception: an `<img src=".../?access_token=demo-token">` on any page would otherwise spend the
 *   user's rate limits (20,500 such reads blocked `graphreq serve`'s app for an hour), and a page of
 *   another origin cannot read the answers anyway (the emulator sends no CORS headers).
 * Clients that are not browsers (curl, graphreq send, SDKs) send none of these headers and pass.
 */
import { isLoopbackHost } from '../core/send/tokenTransport';
import { ServiceError } from './envelope';
import type { RequestHeaders } from './httpInput';

export interface OwnAddress {
  /** The address the server listens on, as given (`127.0.0.1`, `::1`, `0.0.0.0`, a name). */
  host: string;
  port: number;
  /** Extra host names that reach this emulator (config `allowedHosts`). */
  allowedHosts: string[];
  /** How its own links begin (a page's `next`): `http`, or `https` for the web worker's (fetchEmulator.ts). */
  scheme?: 'http' | 'https';
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);


/** Throws a 403 envelope when the request comes from a browser page that is not the emulator's own. */
export function checkOrigin(method: string, headers: RequestHeaders, own: OwnAddress): void {
  const host = typeof headers.host === 'string' ? headers.host.toLowerCase() : undefined;
  if (isLoopbackHost(own.host) && (host === undefined || !isOwnHost(host, own))) {
    throw refused(`The Host header ${host === undefined ? 'is missing' : `"${host.slice(0, 100)}" does not name this emulator`}; on loopback it answers only to localhost, 127.0.0.1 or [::1] with port ${own.port} (add other names with the allowedHosts setting).`);
  }
  const what = READS.has(method) ? 'call the emulator' : 'change the emulator state';
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    throw refused(`A web page of another site asked a browser to ${what}: calls are accepted only from the emulator's own origin or from clients that are not browsers.`);
  }
  const ownOrigin = host === undefined ? undefined : `http://${host}`;
  const origin = headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== ownOrigin) {
    throw refused(`A call from the web origin "${String(origin).slice(0, 100)}" is refused: calls are accepted only from the emulator's own origin or from clients that are not browsers.`);
  }
  // Browsers too old to send Sec-Fetch-Site still name the page in Referer (unless the page forbids it).
  const referer = headers.referer;
  if (referer !== undefined && originOf(referer) !== ownOrigin) {
    throw refused(`A call from the web page "${referer.slice(0, 100)}" is refused: calls are accepted only from the emulator's own origin or from clients that are not browsers.`);
  }
}

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`.toLowerCase();
  } catch {
    return undefined;
  }
}

function isOwnHost(hostHeader: string, own: OwnAddress): boolean {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(hostHeader);
  if (!m) return false;
  const port = m[2] === undefined ? 80 : Number(m[2]);
  if (port !== own.port) return false;
  const name = m[1];
  if (isLoopbackHost(name)) return true;
  const listening = own.host.includes(':') ? `[${own.host.toLowerCase()}]` : own.host.toLowerCase();
  return name === listening || own.allowedHosts.some((h) => h.toLowerCase() === name);
}

function refused(userMessage: string): ServiceError {
  return new ServiceError({
    status: 403,
    code: 100,
    message: 'Cross-origin request refused',
    userTitle: 'Cross-origin request refused',
    userMessage,
  });
}
