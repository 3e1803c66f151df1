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
/** What each of the patterns above needs in the text: most strings have none, and skip them. */
const PATTERN_HINT_RE = /access_token|bearer|authorization/i;

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
      .replace(AUTH_HEADER_RE, `$1${TOKEN_PLACEHOLDER}`);
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
 * Names that hold a secret by convention: graphreq's token variables (`GRAPHREQ_PROD_TOKEN`) and
 * other tools' (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`, `DB_PASSWORD`). Only the end of the name
 * counts, so that `DISABLE_TOKEN_CHECK=true` does not turn every "true" into `[REDACTED]`.
 */
const SECRET_NAME_RE = /(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)$/i;
/** Values shorter than this are not taken for secrets by their name alone (`yes`, `true`, `none`). */
const MIN_NAMED_SECRET_LENGTH = 8;

/**
 * The values of the variables that `{{$processEnv NAME}}` and `{{$dotenv NAME}}` can read and that
 * hold secrets: those whose name says so, and those named in `names` (the token variable in use, the
 * variables the user allowed in GRAPHREQ_TOKEN_VARIABLES). A request may put one where a token does
 * not go (a parameter, a header); the value must then be redacted like the token.
 */
export function secretVariableValues(sources: ReadonlyArray<Record<string, string> | undefined>, names: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const vars of sources) {
    if (!vars) continue;
    for (const [name, value] of Object.entries(vars)) {
      if (typeof value !== 'string' || value.length < MIN_NAMED_SECRET_LENGTH) continue;
      if (SECRET_NAME_RE.test(name) || names.includes(name)) out.push(value);
    }
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
