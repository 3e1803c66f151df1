/**
 * Assembles the result model of one send from what came back: the body parsed (JSON, text or
 * empty), the error envelope decoded, the usage headers read. Also the result of a send that got no
 * response, so that every front end renders one shape.
 */
import { parseJsonExact } from '../syntax/jsonBody';
import type { ApiModel } from '../model/apiModel';
import { toCurl } from './curl';
import { decodeBareStatus, decodeErrorBody, decodeRedirect, findErrorInfo, httpRateLimit } from './decodeError';
import { emptyUsage, parseUsageHeaders } from './usageHeaders';
import type { DecodedError, PreparedRequest, ResponseTimings, SendFailure, SendResult } from './types';
import { describeRequest } from './wire';

/** A response as the transport read it. */
export interface RawResponse {
  status: number;
  statusText: string;
  /** Lower-cased names. */
  headers: Record<string, string>;
  bodyText: string;
  /** Body size in bytes (of what was read, when cut). */
  size: number;
  durationMs: number;
  /** Where the time went, when the transport could see it. */
  timings?: ResponseTimings;
  /** Set when the body was longer than the byte cap: it was cut after this many bytes. */
  truncatedAt?: number;
}

/**
 * Responses nested deeper than this stay text: JSON.stringify, structured cloning and every
 * recursive walk of the result (history, the editor's connection) would overflow the stack on a
 * 100,000-level body. No documented answer comes near it.
 */
export const MAX_JSON_DEPTH = 1000;

export interface ResultContext {
  model: ApiModel;
  /** When the send started and when the answer came (ms). */
  sentAt: number;
  receivedAt: number;
  attempts: number;
  /** The environment variable named in the curl command. */
  tokenEnvName: string;
  /** Warnings gathered before sending (rate-limit advice, retries). */
  warnings: string[];
}

/** The body as JSON, as text when it is not JSON, or null when empty. */
export function parseBody(raw: RawResponse): { body: unknown; bodyKind: SendResult['bodyKind'] } {
  if (raw.bodyText.trim() === '') return { body: null, bodyKind: 'empty' };
  if (raw.truncatedAt !== undefined || nestingDepth(raw.bodyText) > MAX_JSON_DEPTH) return { body: raw.bodyText, bodyKind: 'text' };
  try {
    // An integer past 2^53 keeps its digits, as text (docs/rules.md, "Decision: int64"): a JavaScript
    // number would round it, and later requests and expectations read it.
    return { body: parseJsonExact(raw.bodyText), bodyKind: 'json' };
  } catch {
    return { body: raw.bodyText, bodyKind: 'text' };
  }
}

/** The error of a response: its envelope decoded, or a bare HTTP error for a failed status without one. */
export function responseError(raw: RawResponse, body: unknown, model: ApiModel): DecodedError | null {
  const decoded = decodeErrorBody(body, model, raw.status);
  // The API says a rate limit by its error code (400, or 403 for code 4); a 429 from a proxy or another
  // service in front of it says one by its status alone, and is held the same way.
  if (decoded) return raw.status === 429 && !decoded.rateLimit ? httpRateLimit(decoded, raw) : decoded;
  if (raw.status >= 300 && raw.status < 400) return decodeRedirect(raw.status, raw.headers.location);
  if (raw.status === 429) return httpRateLimit(decodeBareStatus(raw.status, raw.statusText), raw);
  return raw.status >= 400 ? decodeBareStatus(raw.status, raw.statusText) : null;
}

export function resultFromResponse(req: PreparedRequest, raw: RawResponse, c: ResultContext): SendResult {
  const warnings = [...req.warnings, ...c.warnings];
  const { body, bodyKind } = parseBody(raw);
  // A 2xx that is not a JSON answer did not come from the API (a web site or a login page at the base URL): not a success.
  const notTheApi = raw.status >= 200 && raw.status < 300 ? notAnApiAnswer(raw, bodyKind) : null;
  if (notTheApi) {
    // Said by the error below.
  } else if (raw.truncatedAt !== undefined) {
    warnings.push(`the response body was cut after ${raw.truncatedAt} bytes (the response byte cap; raise it with --max-bytes or graphreq.response.maxBytes): only that part is shown and saved`);
  } else if (bodyKind === 'text' && nestingDepth(raw.bodyText) > MAX_JSON_DEPTH) {
    warnings.push(`the body is JSON nested more than ${MAX_JSON_DEPTH} levels deep: kept as text`);
  } else if (bodyKind === 'text') {
    warnings.push(`the body is not JSON${raw.headers['content-type'] ? ` (Content-Type ${raw.headers['content-type']})` : ''}: the API answers JSON, so something else may have answered`);
  } else if (bodyKind === 'empty' && raw.status !== 204 && !(raw.status >= 300 && raw.status < 400)) {
    warnings.push('the response body is empty: the API answers every call with a JSON body');
  }
  const error = notTheApi ?? responseError(raw, body, c.model);
  const usage = parseUsageHeaders(raw.headers, c.receivedAt);
  warnings.push(...issuesOf(body, c.model));
  return {
    index: req.index,
    name: req.name,
    title: req.title,
    sentAt: new Date(c.sentAt).toISOString(),
    status: raw.status,
    statusText: raw.statusText,
    durationMs: raw.durationMs,
    ...(raw.timings ? { timings: raw.timings } : {}),
    size: raw.size,
    attempts: c.attempts,
    headers: raw.headers,
    body,
    bodyKind,
    error,
    usage,
    warnings,
    version: req.version,
    request: describeRequest(req),
    curl: toCurl(req, c.tokenEnvName),
    failure: null,
  };
}

/**
 * The error of a 2xx answer that cannot be the API's: [1] "Responses are JSON", so a body that is not
 * JSON (an HTML page) or nothing at all (but 204) means something else answered. A body cut at the
 * byte cap or nested too deep to keep as a value is still the API's answer.
 */
function notAnApiAnswer(raw: RawResponse, bodyKind: SendResult['bodyKind']): DecodedError | null {
  if (raw.truncatedAt !== undefined || raw.status === 204) return null;
  if (bodyKind === 'text' && nestingDepth(raw.bodyText) <= MAX_JSON_DEPTH) {
    const type = raw.headers['content-type'];
    return notApi(raw.status, `The body is not JSON${type ? ` (Content-Type ${type})` : ''}, and the API answers every call with JSON: something else answered, such as a web site, a proxy or a login page at the base URL.`);
  }
  if (bodyKind === 'empty') return notApi(raw.status, 'The body is empty, and the API answers every call with a JSON body: something else answered, or the answer was lost on the way.');
  return null;
}

function notApi(status: number, explanation: string): DecodedError {
  return { ...decodeBareStatus(status, ''), title: `Not an answer of the API (HTTP ${status})`, explanation, action: 'Check the base URL: it must be the address of the API (or of graphreq serve), not of a web site.', isTransient: null };
}

/** Which request failed, when it could not even be built. */
export interface RequestIdentity {
  index: number;
  name: string | null;
  title: string | null;
}

/** The result of a send without a response. */
export function resultFromFailure(req: PreparedRequest | RequestIdentity, failure: SendFailure, c: Omit<ResultContext, 'model' | 'receivedAt'> & { durationMs: number }): SendResult {
  const prepared = 'method' in req ? req : null;
  return {
    index: req.index,
    name: req.name,
    title: req.title,
    sentAt: new Date(c.sentAt).toISOString(),
    status: null,
    statusText: '',
    durationMs: c.durationMs,
    size: 0,
    attempts: c.attempts,
    headers: {},
    body: null,
    bodyKind: 'empty',
    error: null,
    usage: emptyUsage(),
    warnings: [...(prepared?.warnings ?? []), ...c.warnings],
    version: prepared?.version ?? { text: null, source: 'none' },
    request: prepared ? describeRequest(prepared) : { method: '', url: '', headers: {}, body: null },
    curl: prepared ? toCurl(prepared, c.tokenEnvName) : '',
    failure,
  };
}

/** issues_info entries of an ad set read ([2] Issue entry), decoded like errors. */
function issuesOf(body: unknown, model: ApiModel): string[] {
  const issues = body !== null && typeof body === 'object' ? (body as { issues_info?: unknown }).issues_info : undefined;
  if (!Array.isArray(issues)) return [];
  const out: string[] = [];
  for (const issue of issues) {
    if (issue === null || typeof issue !== 'object') continue;
    const i = issue as Record<string, unknown>;
    const code = typeof i.error_code === 'number' ? i.error_code : null;
    const info = code !== null ? findErrorInfo(model, code, null) : undefined;
    const what = info?.title ?? (typeof i.error_summary === 'string' ? i.error_summary : 'issue');
    const asset = typeof i.additional_info === 'string' ? ` (${i.additional_info})` : '';
    out.push(`issues_info: ${what}${code !== null ? ` (error_code ${code})` : ''}${asset}${info?.action ? `. ${info.action}` : ''}`);
  }
  return out;
}

/**
 * How deeply the JSON text nests arrays and objects, counted in one loop (no recursion, no parse),
 * skipping strings. Not a validation: a broken text gets a number too.
 */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}
