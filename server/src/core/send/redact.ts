/**
 * Redaction: every string that leaves the sender (output, logs, history, errors, saved responses)
 * goes through a Redactor that knows the secrets of the session. Two nets, because one can miss:
 * the known secrets in every encoding they may take on the wire, and any value of an
 * `access_token` parameter or member or of an Authorization header, whatever it is.
 *
 * "Every encoding": a service, a proxy or a client may echo the token raw, percent-encoded with
 * upper- or lowercase hex (`%2F`, `%2f`), percent-encoded once more (`%252F`), form-encoded (`+`
 * for a space), JSON-escaped (`\/`, `\u0041`), or any mix of these, character by character. One
 * regular expression per secret accepts each character in any of those spellings.
 */
import { TOKEN_PLACEHOLDER } from './wire';

// A value starting with `$` is the shell variable of a curl command, and `[` the placeholder itself.
const TOKEN_PARAM_RE = /(access_token=)(?![$[])[^&\s"'#]+/gi;
// The same parameter inside an encoded URL (a redirect target, a `next` link given as a parameter).
const ENCODED_TOKEN_PARAM_RE = /(access_token(?:%3D|%253D))(?!%5B|\[)(?:(?!%26|%2526)[^&\s"'#])+/gi;
const TOKEN_MEMBER_RE = /("access_token"\s*:\s*")(?:[^"\\]|\\.)*"/gi;
const BEARER_RE = /(\bBearer\s+)([A-Za-z0-9\-._~+/=%]+)/gi;
// The service's own scheme, `Authorization: OAuth <token>`, only in a header (the word alone is common prose: "OAuth 2.0 token").
const AUTH_HEADER_RE = /(\bauthorization"?\s*[:=]\s*"?OAuth\s+)[^\s"',]+/gi;
/**
 * The shape of the service's access tokens (`EAAB...`, `EAAG...`: `EAA` and a long run of letters and
 * digits), wherever it stands: a token written in any header or body member, or echoed by a service
 * under any name, is a token all the same. Not after a letter, but after a digit: percent-encoded,
 * `name=x%20EAAB…` puts one before it.
 */
const ACCESS_TOKEN_SHAPE_RE = /(?<![A-Za-z])EAA[A-Za-z0-9]{20,}/g;
/** What each of the patterns above needs in the text: most strings have none, and skip them. */
const PATTERN_HINT_RE = /access_token|bearer|authorization|EAA/i;

/** Secrets shorter than this would mask ordinary text; no real token is this short. */
const MIN_SECRET_LENGTH = 4;

export class Redactor {
  private readonly secrets: string[] = [];
  private matcher: RegExp | null = null;

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const s of secrets) this.add(s);
  }

  add(secret: string | undefined): void {
    if (!secret || secret.length < MIN_SECRET_LENGTH || this.secrets.includes(secret)) return;
    this.secrets.push(secret);
    // Longest first, so that a secret containing another is replaced whole.
    this.secrets.sort((a, b) => b.length - a.length);
    this.matcher = new RegExp(this.secrets.map(secretPattern).join('|'), 'g');
  }

  text(s: string): string {
    let out = s;
    if (this.matcher) out = out.replace(this.matcher, TOKEN_PLACEHOLDER);
    if (!PATTERN_HINT_RE.test(out)) return out;
    return out
      .replace(TOKEN_PARAM_RE, `$1${TOKEN_PLACEHOLDER}`)
      .replace(ENCODED_TOKEN_PARAM_RE, `$1${TOKEN_PLACEHOLDER}`)
      .replace(TOKEN_MEMBER_RE, `$1${TOKEN_PLACEHOLDER}"`)
      .replace(BEARER_RE, (whole, head: string, value: string) => (value.startsWith('%5B') ? whole : head + TOKEN_PLACEHOLDER))
      .replace(AUTH_HEADER_RE, `$1${TOKEN_PLACEHOLDER}`)
      .replace(ACCESS_TOKEN_SHAPE_RE, TOKEN_PLACEHOLDER);
  }

  /** A deep copy with every string (keys included) redacted; `access_token` and `authorization` values replaced whole. */
  value<T>(v: T): T {
    return this.walk(v) as T;
  }

  private walk(root: unknown): unknown {
    // Iterative, so that a deeply nested response (100,000 levels) cannot overflow the stack.
    const top: { value: unknown } = { value: undefined };
    const stack: Array<{ from: unknown; into: Record<string, unknown> | unknown[]; key: string | number; forced?: boolean }> = [{ from: root, into: top as unknown as Record<string, unknown>, key: 'value' }];
    while (stack.length) {
      const { from, into, key, forced } = stack.pop()!;
      let copy: unknown;
      if (forced) copy = TOKEN_PLACEHOLDER;
      else if (typeof from === 'string') copy = this.text(from);
      else if (Array.isArray(from)) {
        const arr: unknown[] = new Array(from.length);
        for (let i = 0; i < from.length; i++) stack.push({ from: from[i], into: arr, key: i });
        copy = arr;
      } else if (from !== null && typeof from === 'object') {
        const obj: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(from as Record<string, unknown>)) {
          const lower = k.toLowerCase();
          const name = this.text(k);
          // Defined as own data properties, so that a key such as `__proto__` stays a key.
          Object.defineProperty(obj, name, { value: undefined, writable: true, enumerable: true, configurable: true });
          stack.push({ from: x, into: obj, key: name, forced: (lower === 'access_token' || lower === 'authorization') && typeof x === 'string' });
        }
        copy = obj;
      } else copy = from;
      (into as Record<string | number, unknown>)[key] = copy;
    }
    return top.value;
  }
}

/**
 * The values `{{$processEnv NAME}}` and `{{$dotenv NAME}}` can read: every one, since the host
 * passes only the variables the user allows them to read (GRAPHREQ_VAR_*, GRAPHREQ_TOKEN_VARIABLES;
 * core readableVariableProblem). A request may put one anywhere in a header or a body; it is
 * redacted like the token wherever a result is shown or stored. (Values under 4 characters are
 * not looked for: the Redactor would mask ordinary text.)
 */
export function secretVariableValues(sources: ReadonlyArray<Record<string, string> | undefined>): string[] {
  const out: string[] = [];
  for (const vars of sources) {
    if (!vars) continue;
    for (const value of Object.values(vars)) if (typeof value === 'string' && value !== '') out.push(value);
  }
  return out;
}

/**
 * Names that say a variable holds a secret (`token`, `app_secret`, `GRAPHREQ_VAR_SESSION`,
 * `api_key`, `password`, `Cookie`...): as REST Client, httpYac and Postman mask such values, graphreq
 * never shows them (hover, inlay hints, completion) and redacts them where they are sent.
 */
const SECRET_NAME_RE = /token|secret|passw(?:or)?d|passphrase|pwd|key|auth|credential|session|cookie|private|signature|jwt/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME_RE.test(name);
}

/** The patterns alone, without known secrets. */
const PATTERNS_ONLY = new Redactor();

/** A JSON Web Token: three base64url parts, the first a JSON object (`eyJ`). */
const JWT_RE = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/;
/** A run of base64 and base64url characters long enough to be random (an id or a word is shorter). */
const RANDOM_RE = /^[A-Za-z0-9_\-.~+/]{32,}={0,2}$/;

/**
 * Whether a value looks like a token whatever its name: the service's access token (`EAA...`), a
 * credential the patterns above take (`Bearer ...`, `access_token=...`), a JSON Web Token, or a
 * long random string (32 characters or more, hexadecimal as an app secret is, or of mixed case with
 * digits as base64 is). Ids (digits), names and URLs do not look like one.
 */
export function looksLikeToken(value: string): boolean {
  const v = value.trim();
  if (v.length < MIN_SECRET_LENGTH) return false;
  if (PATTERNS_ONLY.text(v) !== v || JWT_RE.test(v)) return true;
  if (!RANDOM_RE.test(v)) return false;
  return /^[0-9a-f]+$/i.test(v) ? /[a-f]/i.test(v) : /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v);
}

/**
 * The values of `variables` that are secrets: by their name, by their shape, or as the variable
 * the token is read from (`tokenVariable`: the environment's accessTokenEnv, else GRAPHREQ_ACCESS_TOKEN).
 */
export function secretValuesOf(variables: Iterable<[string, string]>, tokenVariable?: string): string[] {
  const out: string[] = [];
  for (const [name, value] of variables) {
    if (typeof value === 'string' && value !== '' && (name === tokenVariable || isSecretName(name) || looksLikeToken(value))) out.push(value);
  }
  return out;
}

/** A regular expression (source) matching `secret` in any spelling of each of its characters. */
export function secretPattern(secret: string): string {
  let out = '';
  for (const ch of secret) out += `(?:${charSpellings(ch).join('|')})`;
  return out;
}

function charSpellings(ch: string): string[] {
  const spellings = [escapeRegExp(ch)];
  // Percent-encoding of each UTF-8 byte, hex in either case, once or twice encoded.
  const bytes = [...new TextEncoder().encode(ch)].map((b) => hexPattern(b, 2));
  spellings.push(bytes.map((h) => `%${h}`).join(''), bytes.map((h) => `%25${h}`).join(''));
  if (ch === ' ') spellings.push('\\+');
  // JSON escapes: `\uXXXX` of each UTF-16 unit, and the short forms.
  spellings.push([...Array(ch.length).keys()].map((i) => `\\\\u${hexPattern(ch.charCodeAt(i), 4)}`).join(''));
  if (ch === '/' || ch === '"' || ch === '\\') spellings.push(`\\\\${escapeRegExp(ch)}`);
  return spellings;
}

function hexPattern(n: number, width: number): string {
  return [...n.toString(16).padStart(width, '0')].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * The header a sender adds, only on its way to graphreq's embedded emulator, with the values a
 * request read through `$processEnv` and `$dotenv`: the emulator keeps what calls create, and
 * redacts these values in what it stores (emulator/store.ts), as every other output does. Never
 * sent to any other service, never in the result model (it is added to the wire request only).
 */
export const EMULATOR_REDACT_HEADER = 'X-Graphreq-Redact';

/** Above this, the list is not sent (a header that large would be refused); the values are then stored as sent. */
const REDACT_HEADER_LIMIT = 16 * 1024;

/** The header's value for `secrets` (URI-encoded JSON: ASCII, any characters survive), or undefined when none or too long. */
export function redactHeaderValue(secrets: readonly string[]): string | undefined {
  if (secrets.length === 0) return undefined;
  const value = encodeURIComponent(JSON.stringify(secrets));
  return value.length <= REDACT_HEADER_LIMIT ? value : undefined;
}

/** The secrets a redact header lists (none when it is absent or not one). */
export function secretsOfRedactHeader(value: string | undefined): string[] {
  if (!value || value.length > REDACT_HEADER_LIMIT) return [];
  try {
    const list = JSON.parse(decodeURIComponent(value)) as unknown;
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}
