/**
 * Reads an HTTP request into what the API sees: the method, the path segments, and the parameters
 * of the query string and the body in the order written. Bodies are forms, form-encoded or multipart
 * (objects and lists as JSON text, as [2] Create an ad set takes them), or JSON objects. Anything else, and anything
 * hostile (oversized, malformed, too deeply nested), is refused with an envelope, never a crash.
 *
 * The request comes as a RawRequest, which Node's `http` (nodeRequest.ts) and a fetch `Request`
 * (fetchEmulator.ts, the web worker's) both give.
 */
import { parseJsonExact } from '../core';
import { ServiceError } from './envelope';
import { checkFieldList, checkIdLength, checkIds, MAX_NESTING, MAX_PARAMS, tooManyParams } from './inputLimits';

export interface InputParam {
  name: string;
  /** Text for query and form parameters; a JSON value for members of a JSON body. */
  value: unknown;
  source: 'query' | 'form' | 'json';
  /** A query or form value as it came over the wire, before percent-decoding (URL-ID-ENCODED reads it). */
  raw?: string;
}

export interface HttpInput {
  method: string;
  /** Decoded, non-empty path segments (the version segment included). */
  segments: string[];
  params: InputParam[];
  /** By lower-cased name. */
  headers: Map<string, string>;
}

/** A request as it arrived, whatever carried it. */
export interface RawRequest {
  method: string | undefined;
  /** The request target: path and query (an absolute URL is read for its path and query). */
  url: string | undefined;
  /** By lower-cased name; repeated headers joined with ", " (as Node joins them). */
  headers: RequestHeaders;
  /** The body's bytes; refuses with bodyTooLarge(max) past `max` bytes. */
  body(max: number): Promise<Uint8Array>;
}

export type RequestHeaders = Readonly<Record<string, string | undefined>>;

export async function readInput(req: RawRequest, maxBodyBytes: number): Promise<HttpInput> {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers = new Map<string, string>();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k.toLowerCase(), v);
  const { path, query } = splitTarget(req.url ?? '/');
  const segments = decodeSegments(path);
  for (const s of segments) checkIdLength('path', s);
  const params: InputParam[] = [];
  params.push(...encodedParams(query, 'query', MAX_PARAMS));
  const body = await req.body(maxBodyBytes);
  if (body.length > 0) params.push(...(await bodyParams(body, headers.get('content-type'), MAX_PARAMS - params.length)));
  for (const p of params) {
    checkNesting(p);
    if (typeof p.value !== 'string') continue;
    if (p.name === 'fields') checkFieldList(p.name, p.value);
    else if (p.name === 'id' || p.name === 'ids') checkIds(p.name, p.value);
  }
  return { method, segments, params, headers };
}

function splitTarget(target: string): { path: string; query: string } {
  // An absolute-form target (sent to proxies) carries an origin: only its path and query matter here.
  const t = /^https?:\/\//i.test(target) ? target.replace(/^https?:\/\/[^/?#]*/i, '') : target;
  const hash = t.indexOf('#');
  const noHash = hash >= 0 ? t.slice(0, hash) : t;
  const q = noHash.indexOf('?');
  return q >= 0 ? { path: noHash.slice(0, q), query: noHash.slice(q + 1) } : { path: noHash, query: '' };
}

function decodeSegments(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw badRequest(`The path segment "${s.slice(0, 80)}" is not valid percent-encoding.`);
      }
    });
}

/** `room`: how many more parameters the call may have. */
async function bodyParams(body: Uint8Array, contentType: string | undefined, room: number): Promise<InputParam[]> {
  const media = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (media === 'multipart/form-data') return multipartParams(body, contentType!, room);
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw unsupportedType(`charset ${charset}`);
  const text = decodeUtf8(body);
  if (media === 'application/x-www-form-urlencoded') return encodedParams(text, 'form', room);
  if (media === 'application/json' || /^application\/[\w.+-]+\+json$/.test(media)) {
    let value: unknown;
    try {
      // Integers beyond 2^53 keep their digits (int64 budgets, unquoted 18-digit ids).
      value = parseJsonExact(text);
    } catch (e) {
      throw badRequest(`The JSON body cannot be read: ${(e as Error).message.split('\n')[0].slice(0, 200)}`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest('A JSON body must be an object whose members are the parameters of the call.');
    if (Object.keys(value).length > room) throw tooManyParams();
    return Object.entries(value as Record<string, unknown>).map(([name, v]) => ({ name, value: v, source: 'json' as const }));
  }
  throw unsupportedType(media === '' ? 'a body without Content-Type' : media);
}

/**
 * A multipart form (`curl -F name=value`, the way the API's own examples send form fields): each part
 * is a parameter whose text is its value, as in a form-encoded body. Nothing in a part is
 * percent-encoded, so there is no text "as sent" apart from the value (URL-ID-ENCODED reads none).
 * A file part is refused: no documented endpoint takes a file.
 */
async function multipartParams(body: Uint8Array, contentType: string, room: number): Promise<InputParam[]> {
  // The platform's parser reads every part before answering; counting the delimiters first keeps a
  // body of 20,000 tiny parts as cheap to refuse as a form-encoded one.
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (boundary && countOf(body, new TextEncoder().encode(`--${boundary[1] ?? boundary[2]}`), room + 2) > room + 1) throw tooManyParams();
  let form: FormData;
  try {
    // The body is already bounded by maxBodyBytes; the platform's parser reads it (no dependency).
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The multipart body cannot be read: check its boundary and part headers.');
  }
  const out: InputParam[] = [];
  for (const [name, value] of form) {
    if (out.length >= room) throw tooManyParams();
    if (typeof value !== 'string') {
      throw badRequest(`\`${name.slice(0, 80)}\` is sent as a file, and no documented endpoint takes one: send its text as a field (curl: -F '${name.slice(0, 80)}=<file').`);
    }
    out.push({ name, value, source: 'form' });
  }
  return out;
}

/** How many times `needle` occurs in `haystack`, counting no further than `max`. */
function countOf(haystack: Uint8Array, needle: Uint8Array, max: number): number {
  let n = 0;
  for (let at = indexOf(haystack, needle, 0); at >= 0 && n < max; at = indexOf(haystack, needle, at + needle.length)) n++;
  return n;
}

/** Where `needle` (not empty) first occurs in `haystack` from `from`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i >= 0 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** `a=1&b=%7B%7D` as URLSearchParams reads it, keeping each value's text as sent; more than `room` parameters are refused. */
function encodedParams(text: string, source: 'query' | 'form', room: number): InputParam[] {
  const out: InputParam[] = [];
  let start = 0;
  while (start <= text.length) {
    // Pairs are cut one at a time, so a body of 100,000 pairs is refused after the first 101.
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    const pair = text.slice(start, end);
    start = end + 1;
    if (pair === '') continue;
    if (out.length >= room) throw tooManyParams();
    const eq = pair.indexOf('=');
    const [[name, value]] = new URLSearchParams(pair);
    out.push({ name, value, source, raw: eq >= 0 ? pair.slice(eq + 1) : '' });
  }
  return out;
}

function decodeUtf8(body: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw badRequest('The body is not valid UTF-8.');
  }
}

/** Refuses values nested deeper than MAX_NESTING, as JSON values or as JSON text. */
function checkNesting(p: InputParam): void {
  const depth = typeof p.value === 'string' ? textDepth(p.value) : valueDepth(p.value);
  if (depth > MAX_NESTING) throw badRequest(`\`${p.name.slice(0, 80)}\` is nested ${depth} levels deep; the emulator accepts at most ${MAX_NESTING}.`);
}

function valueDepth(root: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) max = d + 1;
    if (max > MAX_NESTING) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push([child, d + 1]);
  }
  return max;
}

/** Bracket depth of JSON text, outside strings. */
function textDepth(text: string): number {
  const t = text.trimStart();
  if (t[0] !== '{' && t[0] !== '[') return 0;
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > max) max = depth;
      if (max > MAX_NESTING) return max;
    } else if (c === '}' || c === ']') depth--;
  }
  return max;
}

export function badRequest(userMessage: string): ServiceError {
  return new ServiceError({ status: 400, code: 100, message: 'Invalid request', userTitle: 'Invalid request', userMessage });
}

/** The 413 of a body longer than `max` bytes. */
export function bodyTooLarge(max: number): ServiceError {
  return new ServiceError({
    status: 413,
    code: 100,
    message: `Request body too large: the emulator accepts at most ${max} bytes`,
    userTitle: 'Request body too large',
    userMessage: `The body has more than ${max} bytes. Ad set parameters fit in far less; see maxBodyBytes in docs/emulator.md.`,
    headers: { Connection: 'close' },
  });
}

function unsupportedType(what: string): ServiceError {
  return new ServiceError({
    status: 415,
    code: 100,
    message: `Unsupported content type: ${what.slice(0, 100)}`,
    userTitle: 'Unsupported content type',
    userMessage: 'Send parameters in the query string, as a form (application/x-www-form-urlencoded or multipart/form-data, objects and lists as JSON text) or as a JSON object (application/json; charset utf-8).',
  });
}
