/**
 * A base URL as messages, prompts and tooltips may quote it. A base URL comes from the user's
 * settings or the repository and may carry a secret: a user name and password before its host
 * (`https://bob:secret@host`), or a token in its query (`?access_token=…`, `?key=…`), or a fragment.
 * Quoting it whole put that secret on the terminal, in the server's log and in history. Shown here:
 * the scheme, host, port and path; the user information is `[REDACTED]@`, every query value is
 * `[REDACTED]` (the names stay: they say what was wrong) and a fragment is dropped. Text that is no
 * URL is cut the same way by its punctuation: anything between `//` and the last `@` before the
 * path, everything after the first `?` or `#`. Pure.
 */

export const REDACTED_PART = '[REDACTED]';

export function shownUrl(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return shownText(text);
  const user = url.username || url.password ? `${REDACTED_PART}@` : '';
  const query = url.search ? `?${url.search.slice(1).split('&').map((pair) => `${pair.split('=')[0]}=${REDACTED_PART}`).join('&')}` : '';
  // `host` of a URL without one (`mailto:`) is empty: the path says what it is.
  return `${url.protocol}//${user}${url.host}${url.pathname === '/' && !text.includes('/', text.indexOf('//') + 2) ? '' : url.pathname}${query}`;
}

/** The same cut for text `new URL` refuses (a space in the host, a bad port): it may still hold the secret. */
function shownText(text: string): string {
  let out = text.replace(/[\r\n]+/g, ' ');
  const q = out.search(/[?#]/);
  if (q >= 0) out = `${out.slice(0, q)}${out[q] === '?' ? `?${REDACTED_PART}` : ''}`;
  const start = out.indexOf('//') >= 0 ? out.indexOf('//') + 2 : 0;
  const pathAt = out.indexOf('/', start);
  const authority = out.slice(start, pathAt < 0 ? out.length : pathAt);
  const at = authority.lastIndexOf('@');
  if (at >= 0) out = `${out.slice(0, start)}${REDACTED_PART}@${out.slice(start + at + 1)}`;
  return out;
}
