/**
 * The last step before the network: a prepared request plus the access token become a URL, headers
 * and a body. Called with no token, it gives the same request with a placeholder where the token
 * goes: that is the only form in which a request is ever shown, logged or saved.
 */
import type { Pairs, PreparedRequest, SentRequest } from './types';

/** Stands for the access token in everything graphreq prints or saves. */
export const TOKEN_PLACEHOLDER = '[REDACTED]';

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * Encodes a query value. Everything that could end or split a value (`&`, `=`, `?`, `#`, `+`, `%`,
 * spaces) is escaped; the characters of field lists and URLs that cannot (`, : / { } @ $`) are kept
 * as they are, so `fields=id,messages.source(PARTICIPANTS).limit(3)` stays readable. The `id` of the
 * URL node is escaped entirely: [1] asks for it to be encoded so it cannot disturb `scrape`.
 */
export function encodeQueryPair(name: string, value: string): string {
  const encoded = encodeURIComponent(value);
  return `${encodeURIComponent(name)}=${name === 'id' ? encoded : encoded.replace(/%(2C|3A|2F|7B|7D|40|24)/gi, (e) => decodeURIComponent(e))}`;
}

function formText(pairs: Pairs): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** The request as it goes out. `token` null puts the placeholder in its place. */
export function toWire(req: PreparedRequest, token: string | null): WireRequest {
  const tokenPair = (): string => `access_token=${token === null ? TOKEN_PLACEHOLDER : encodeURIComponent(token)}`;
  const queryParts = req.query.map(([k, v]) => encodeQueryPair(k, v));
  const url = req.baseUrl + req.path + (queryParts.length ? `?${queryParts.join('&')}` : '');
  const headers: Record<string, string> = {};
  for (const [k, v] of req.headers) headers[k] = v;
  if (req.tokenIn === 'header') headers.Authorization = `Bearer ${token === null ? TOKEN_PLACEHOLDER : token}`;
  let body: string | null = null;
  if (req.form) {
    const parts = [formText(req.form)].filter((s) => s !== '');
    if (req.tokenIn === 'form') parts.push(tokenPair());
    body = parts.join('&');
    headers['Content-Type'] = FORM_CONTENT_TYPE;
  }
  return { method: req.method, url, headers, body };
}

/** What the result model shows of the request: the wire form with the placeholder for the token. */
export function describeRequest(req: PreparedRequest): SentRequest {
  const wire = toWire(req, null);
  return { method: wire.method, url: wire.url, headers: wire.headers, body: wire.body };
}
