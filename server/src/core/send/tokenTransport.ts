/**
 * Where a token may go. Over plain http:// anyone on the path can read it, so graphreq sends a
 * token over http:// only to the loopback interface (the emulator, a local proxy); everywhere else
 * it must be https://.
 *
 * Loopback means an address that cannot leave the machine: `127.0.0.0/8`, `::1`, the IPv4-mapped
 * `::ffff:127.x.y.z`, and the name `localhost` itself (RFC 6761; the system resolves it locally).
 * Other names under `.localhost` (`app.localhost`) are not trusted as loopback: many resolvers pass
 * them to DNS, which may answer any address, and a check made before the connection would not bind
 * the address the connection then resolves. Decided in docs/sending.md.
 */

import { shownUrl } from './shownUrl';

/** `localhost`, `127.0.0.0/8`, `::1` (and the IPv4-mapped `::ffff:127.x.y.z`, in either spelling). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (h === 'localhost') return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)) return true;
  // URL() writes [::ffff:127.0.0.1] as [::ffff:7f00:1].
  const mapped = /^(?:0:0:0:0:0:|::)ffff:(.+)$/.exec(h)?.[1];
  if (mapped === undefined) return false;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(mapped)) return true;
  return /^7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(mapped);
}

/** True when the URL's host is a loopback address (see isLoopbackHost); false for an invalid URL. */
export function isLoopbackUrl(baseUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

/** Why the token must not be sent to `baseUrl`, or null when it may. */
export function tokenTransportProblem(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `the base URL \`${shownUrl(baseUrl)}\` is not a valid URL`;
  }
  // `https://user:password@host`: fetch refuses such a URL, and its error quoted it whole, password
  // included, on the terminal and in history. Said here, before anything is sent, without the password.
  if (url.username || url.password) return `the base URL gives a user name or password before its host (…@${url.host}): graphreq sends the access token itself; remove them from the base URL`;
  // `?access_token=…`: the request's path is appended to the base URL, so a query there never reached the
  // service as one; it only put its value in every URL graphreq shows and keeps (history, reports).
  if (url.search || url.hash) return `the base URL has a ${url.search ? 'query (?…)' : 'fragment (#…)'} (${shownUrl(baseUrl)}): the request's path is appended to it, and graphreq sends the access token itself; remove it from the base URL`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return null;
    if (/\.localhost\.?$/i.test(url.hostname)) {
      return `refusing to send the access token over plain http:// to ${url.host}: names under .localhost are not trusted as loopback; use http://127.0.0.1 or http://localhost`;
    }
    return `refusing to send the access token over plain http:// to ${url.host}: use https://, or http:// only to a loopback address (localhost, 127.0.0.1, ::1)`;
  }
  return `the base URL must start with https:// (or http:// to a loopback address), not ${url.protocol}//`;
}
