/**
 * Redaction: every string that leaves the sender (output, logs, history, errors, saved responses)
 * goes through a Redactor that knows the secrets of the session. Two nets, because one can miss:
 * the known secrets in every encoding they may take on the wire, and any value of an
 * `access_token` parameter or member or of an Authorization header, whatever it is.
 */
import { TOKEN_PLACEHOLDER } from './wire';

// A value starting with `$` is the shell variable of a curl command, and `[` the placeholder itself.
const TOKEN_PARAM_RE = /(access_token=)(?![$[])[^&\s"'#]+/gi;
const TOKEN_MEMBER_RE = /("access_token"\s*:\s*")(?:[^"\\]|\\.)*"/gi;
const BEARER_RE = /(\bBearer\s+)[A-Za-z0-9\-._~+/=]+/g;

export class Redactor {
  private readonly secrets: string[] = [];

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const s of secrets) this.add(s);
  }

  /** Adds a secret in its raw, percent-encoded and form-encoded spellings. */
  add(secret: string | undefined): void {
    if (!secret) return;
    for (const form of [secret, encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, '+'), JSON.stringify(secret).slice(1, -1)]) {
      if (form && !this.secrets.includes(form)) this.secrets.push(form);
    }
    // Longest first, so that a secret containing another is replaced whole.
    this.secrets.sort((a, b) => b.length - a.length);
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(TOKEN_PLACEHOLDER);
    return out
      .replace(TOKEN_PARAM_RE, `$1${TOKEN_PLACEHOLDER}`)
      .replace(TOKEN_MEMBER_RE, `$1${TOKEN_PLACEHOLDER}"`)
      .replace(BEARER_RE, `$1${TOKEN_PLACEHOLDER}`);
  }

  /** A deep copy with every string (keys included) redacted; `access_token` and `authorization` values replaced whole. */
  value<T>(v: T): T {
    return this.walk(v) as T;
  }

  private walk(v: unknown): unknown {
    if (typeof v === 'string') return this.text(v);
    if (Array.isArray(v)) return v.map((x) => this.walk(x));
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        const key = k.toLowerCase();
        out[this.text(k)] = (key === 'access_token' || key === 'authorization') && typeof x === 'string' ? TOKEN_PLACEHOLDER : this.walk(x);
      }
      return out;
    }
    return v;
  }
}
