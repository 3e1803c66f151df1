/**
 * A request as the importers build it, written as `.graphreq` text: comments and directives, the
 * request line (the API's host left to the environment's base URL), headers, and a JSON body.
 */
import { isSecretName, looksLikeToken } from '../send/redact';
import { adviceFor, OTHER_SECRET_ADVICE, SECRET_HEADER, TOKEN_PARAMETER, tokenComment } from './notes';

export interface ImportedRequest {
  comments: string[];
  method: string;
  /** `/v23.0/...?a=1` for the API's host; an absolute URL for any other. */
  target: string;
  headers: Array<[string, string]>;
  /** A JSON value, written as JSON; or raw text kept as written. */
  body?: { json: unknown } | { raw: string };
}

/** The API's hosts: graph.facebook.com and any `graph.` host (docs/api.md's service). */
export function isApiHost(host: string): boolean {
  return /^graph(-video)?\.[a-z0-9.-]+$/i.test(host);
}

/**
 * The request target for a URL: path and query for the API's host (the environment supplies the base
 * URL), the URL as written for any other. `access_token` is taken out of the query.
 */
export function targetOf(url: string, notes: string[], comments: string[]): string {
  // A path alone (`/v23.0/me?access_token=…`, or `{{baseUrl}}/v23.0/me` with the host left to the
  // environment): its query is taken apart all the same; it was kept whole, token included.
  const pathOnly = /^(\/[^?#\s]*)(\?[^#]*)?/.exec(url.trim());
  if (pathOnly) {
    const kept = pathOnly[2] ? keptQuery(pathOnly[2].slice(1), notes, comments) : '';
    return pathPlaceholders(pathOnly[1], notes) + (kept ? `?${kept}` : '');
  }
  const m = /^(https?:\/\/)?([^/?#\s]+)([^?#]*)(\?[^#]*)?/i.exec(url.trim());
  if (!m) return url;
  const [, scheme, writtenHost, written, query] = m;
  // `https://user:password@host/`: the credential is never copied, whatever the host.
  const at = writtenHost.lastIndexOf('@');
  const host = writtenHost.slice(at + 1);
  if (at >= 0) dropToken("the URL's user information", notes, comments, OTHER_SECRET_ADVICE);
  const hostName = host.replace(/:\d+$/, '');
  const path = pathPlaceholders(written, notes);
  const kept = query ? keptQuery(query.slice(1), notes, comments) : '';
  const pathAndQuery = (path || '/') + (kept ? `?${kept}` : '');
  if (isApiHost(hostName)) return pathAndQuery;
  if (!scheme) return pathAndQuery.startsWith('/') ? `https://${host}${pathAndQuery}` : url;
  notes.push(`${scheme}${host} is not the API's host: the request keeps its full URL`);
  return `${scheme}${host}${pathAndQuery}`;
}

/** A query without its token; values decoded where they read the same without encoding. */
function keptQuery(query: string, notes: string[], comments: string[]): string {
  const pairs: string[] = [];
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = safeDecode(eq < 0 ? part : part.slice(0, eq));
    if (TOKEN_PARAMETER.test(name)) {
      dropToken(`the ${name} query parameter`, notes, comments, adviceFor(name));
      continue;
    }
    if (eq < 0) {
      pairs.push(part);
      continue;
    }
    const value = part.slice(eq + 1);
    const decoded = safeDecode(value.replace(/\+/g, ' '));
    pairs.push(`${part.slice(0, eq)}=${placeholderValue(/^[^\s&#%+]*$/.test(decoded) ? decoded : value)}`);
  }
  return pairs.join('&');
}

/**
 * The documents' placeholders, `{app-id}` and `{graph-api-version}` in a path: the value the reader
 * puts there, which graphreq writes as a variable, `{{app-id}}` (given in graphreq.env.json). In a
 * path only, where braces mean nothing else (`fields=adsets{name}` is the API's own syntax). Notes
 * the placeholders written so.
 */
function pathPlaceholders(path: string, notes: string[]): string {
  const found: string[] = [];
  const out = path.replace(PLACEHOLDER_IN_PATH, (_, name: string) => {
    found.push(name);
    return `{{${name}}}`;
  });
  if (found.length) notes.push(`the placeholders ${found.map((n) => `{${n}}`).join(', ')} written as variables (${found.map((n) => `{{${n}}}`).join(', ')}): give their values in graphreq.env.json`);
  return out;
}

/** `{name}` not inside `{{...}}`. */
const PLACEHOLDER_IN_PATH = /(?<!\{)\{([A-Za-z][\w.-]*)\}(?!\})/g;

/** A value that is a placeholder alone (`campaign_id={campaign-id}`), as a variable; any other value as it is. */
export function placeholderValue(value: string): string {
  const m = /^\{([A-Za-z][\w.-]*)\}$/.exec(value);
  return m ? `{{${m[1]}}}` : value;
}

export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function dropToken(what: string, notes: string[], comments: string[], advice?: string): void {
  const comment = tokenComment(what, advice);
  if (!comments.includes(comment)) comments.push(comment);
  notes.push(`${what} was not copied: ${comment.replace(/^# .*?dropped by the import: /, '')}`);
}

/**
 * A header that is kept, or a note and a comment for one that holds a credential: by the header's
 * name (`Authorization`, `Cookie`; and any name that says secret, as variables are told:
 * `X-Api-Key`, `X-Auth-Token`, send/redact.ts `isSecretName`), or by its value's shape (a token in any header).
 */
export function keepHeader(name: string, value: string, headers: Array<[string, string]>, notes: string[], comments: string[]): void {
  if (SECRET_HEADER.test(name)) {
    dropToken(`the ${name} header`, notes, comments);
    return;
  }
  // A value that is only a variable (`X-Api-Key: {{apiKey}}`) holds no secret: it is kept.
  if ((isSecretName(name) && !/^\s*\{\{[^{}]+\}\}\s*$/.test(value)) || looksLikeToken(value)) {
    dropToken(`the ${name} header`, notes, comments, OTHER_SECRET_ADVICE);
    return;
  }
  headers.push([name, value]);
}

export function writeRequest(r: ImportedRequest, title: string | undefined): string {
  const lines = [`###${title ? ` ${title.replace(/[\r\n]+/g, ' ')}` : ''}`, ...r.comments, `${r.method} ${r.target}`];
  for (const [name, value] of r.headers) lines.push(`${name}: ${value}`);
  if (r.body !== undefined) {
    lines.push('');
    lines.push('json' in r.body ? JSON.stringify(r.body.json, null, 2) : r.body.raw.replace(/\s+$/, ''));
  }
  return lines.join('\n') + '\n';
}
