/**
 * Where a token may go. Over plain http:// anyone on the path can read it, so graphreq sends a
 * token over http:// only to the loopback interface (the emulator, a local proxy); everywhere else
 * it must be https://.
 */

/** `localhost`, `127.0.0.0/8`, `::1` (and the IPv4-mapped `::ffff:127.x.y.z`). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Why the token must not be sent to `baseUrl`, or null when it may. */
export function tokenTransportProblem(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `the base URL \`${baseUrl}\` is not a valid URL`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    return isLoopbackHost(url.hostname) ? null : `refusing to send the access token over plain http:// to ${url.host}: use https://, or http:// only to a loopback address (localhost, 127.0.0.1, ::1)`;
  }
  return `the base URL must start with https:// (or http:// to a loopback address), not ${url.protocol}//`;
}
