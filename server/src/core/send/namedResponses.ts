/**
 * References to earlier named responses: `{{create.response.body.id}}`,
 * `{{create.response.body.ad_object_ids.0.copied_id}}` (also written `ad_object_ids[0]`, or with a
 * leading `$.` as REST Client users write it), `{{create.response.headers.x-app-usage}}`.
 * The checker treats them as opaque; here, at send time, they get their values.
 */
import { hasOwn } from '../own';

/** What the sender keeps of a response, for later references. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Named responses by name; the CLI and the language server each provide one (send/responseStore.ts). */
export interface NamedResponses {
  get(name: string): StoredResponse | undefined;
  /**
   * Why `name` has no response, in the words of the store that knows (never sent in this
   * environment, failed in this run, ...) and what to do; the default sentence is used without it.
   */
  missing?(name: string): string;
}

const RESPONSE_REF_RE = /^([\w-]+)\.response\.(body|headers)(?:\.(.*))?$/;

export type RefLookup =
  | { kind: 'value'; value: unknown }
  /** Looks like a response reference, but there is no value: `message` says why. */
  | { kind: 'missing'; message: string }
  /** Not a response reference at all. */
  | { kind: 'not-a-response' };

/** Looks up `NAME.response.body.PATH` or `NAME.response.headers.NAME`. */
export function lookupResponseRef(expr: string, responses: NamedResponses): RefLookup {
  const m = RESPONSE_REF_RE.exec(expr.trim());
  if (!m) return { kind: 'not-a-response' };
  const [, name, part, rest] = m;
  const stored = responses.get(name);
  if (!stored) return { kind: 'missing', message: `\`{{${expr}}}\`: ${responses.missing?.(name) ?? `request \`${name}\` has no response yet; send it first (or send the whole file)`}` };
  if (part === 'headers') {
    const header = (rest ?? '').toLowerCase();
    const value = stored.headers[header];
    return value === undefined ? { kind: 'missing', message: `\`{{${expr}}}\`: the response of \`${name}\` has no header \`${rest ?? ''}\`` } : { kind: 'value', value };
  }
  let value: unknown = stored.body;
  for (const key of pathKeys(rest ?? '')) {
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && hasOwn(value, key)) value = (value as Record<string, unknown>)[key];
    else value = undefined;
    if (value === undefined) {
      return { kind: 'missing', message: `\`{{${expr}}}\`: the response of \`${name}\` (HTTP ${stored.status}) has no \`${rest}\`` };
    }
  }
  return { kind: 'value', value };
}

/** `a.b[0].c`, `$.a.b.0.c` → ['a', 'b', '0', 'c']. */
function pathKeys(path: string): string[] {
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.').filter((k) => k !== '');
  return keys[0] === '$' ? keys.slice(1) : keys;
}

/** A referenced value as text: strings as they are, other values as JSON. */
export function refText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}
