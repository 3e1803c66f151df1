/**
 * Decodes the error envelope ([2] Errors, [3] Rate-limit error envelope) into an explanation, with
 * the meaning and the advice of schemas/errors.json, so that nobody has to look a code up.
 */
import type { ApiModel, ErrorCodeInfo } from '../model/apiModel';
import type { DecodedError } from './types';

interface Envelope {
  message?: unknown;
  type?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  error_data?: unknown;
  is_transient?: unknown;
  error_user_title?: unknown;
  error_user_msg?: unknown;
  fbtrace_id?: unknown;
}

/**
 * Finds the documented entry of a code and subcode. The exact pair first; then an entry known only
 * by its subcode ([2] gives 246003 and 246004 without a code); then an entry whose code is the
 * subcode (the iOS 14 table of [3] heads its numbers "Code"; the service sends them as subcodes of
 * 100, docs/api.md); then the code alone; then, for a code sent without a subcode, the code's
 * only entry (80004 is documented with 2446079 alone).
 */
export function findErrorInfo(model: ApiModel, code: number | null, subcode: number | null): ErrorCodeInfo | undefined {
  const errors = model.errors;
  const sub = subcode ?? null;
  return (
    (code !== null ? errors.find((e) => e.code === code && (e.subcode ?? null) === sub) : undefined) ??
    (sub !== null ? errors.find((e) => e.code === null && e.subcode === sub) : undefined) ??
    (sub !== null ? errors.find((e) => e.code === sub && (e.subcode ?? null) === null && e.kind !== 'issue') : undefined) ??
    (code !== null ? errors.find((e) => e.code === code && (e.subcode ?? null) === null) : undefined) ??
    // A legacy or trimmed envelope may leave out the subcode of a code the documents give with one
    // only (80004 without 2446079): that one entry is what it means.
    (code !== null && sub === null ? onlyEntryOf(errors, code) : undefined)
  );
}

function onlyEntryOf(errors: readonly ErrorCodeInfo[], code: number): ErrorCodeInfo | undefined {
  const entries = errors.filter((e) => e.code === code && e.kind !== 'issue');
  return entries.length === 1 ? entries[0] : undefined;
}

/**
 * The decoded error of a response body, or null when the body holds no error envelope. `status`, the
 * HTTP status it came with, tells what a general code means: the service sends code 100 ("Invalid
 * parameter" in [2]) also for an object that does not exist (404), a body too large (413) and other
 * answers that are not about a parameter, and those are decoded as what they are (statusMeaning).
 */
export function decodeErrorBody(body: unknown, model: ApiModel, status?: number): DecodedError | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const raw = (body as { error?: unknown }).error;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const e = raw as Envelope;
  const code = int(e.code);
  const subcode = int(e.error_subcode);
  const message = typeof e.message === 'string' ? e.message : '';
  // The title and the explanation are one line wherever they are shown (a CLI line, the status bar);
  // the service's message may hold line breaks, which would start a line of their own.
  const messageLine = oneLine(message);
  const found = findErrorInfo(model, code, subcode);
  const byStatus = (!found || isGeneral(found)) && !found?.rateLimit ? statusMeaning(status, e) : undefined;
  const info = byStatus ? undefined : found;
  const data = errorData(e.error_data);
  const blameFields = blameFieldsOf(data);
  // The entry found may be the code's general one although a subcode was sent: say so.
  const subcodeKnown = subcode === null || info?.subcode === subcode || info?.code === subcode;
  const codeText = code === null ? 'no code' : `code ${code}${subcode !== null ? `, subcode ${subcode}` : ''}`;

  // The explanation is for the user: what happened, then this response's specifics. The title is
  // shown once, beside it (never repeated here), and notes about the documents stay in docs/rules.md.
  const parts: string[] = [];
  if (byStatus) {
    // Decoded by its status: what the HTTP answer means, then the code that came with it.
    parts.push(`${byStatus.meaning.charAt(0).toUpperCase()}${byStatus.meaning.slice(1)}`);
    parts.push(`The service sent HTTP ${status} with ${codeText}.`);
  } else if (info) {
    if (info.meaning) parts.push(info.meaning);
    if (!subcodeKnown) parts.push(`Subcode ${subcode} is not in the documents.`);
  } else {
    parts.push(`The documents do not list ${codeText}.`);
  }
  // Without a documented title the service's message is the title; either way it is not said twice.
  const same = (a: string, b: string): boolean => a.trim().replace(/\.$/, '').toLowerCase() === b.trim().replace(/\.$/, '').toLowerCase();
  const shownTitle = byStatus?.title ?? info?.title;
  if (message && shownTitle && !same(message, shownTitle)) parts.push(`The service says: "${messageLine}".`);
  if (blameFields.length) parts.push(`Field${blameFields.length > 1 ? 's' : ''} at fault: ${blameFields.join(', ')}.`);
  else if (data !== undefined && data !== null && data !== '') parts.push(`Details (error_data): ${compact(data)}.`);

  return {
    code,
    subcode,
    type: typeof e.type === 'string' ? e.type : null,
    message,
    title: byStatus?.title ?? info?.title ?? (messageLine || `Error ${codeText}`),
    explanation: parts.join(' '),
    action: byStatus?.action ?? info?.action ?? null,
    userTitle: typeof e.error_user_title === 'string' ? e.error_user_title : null,
    userMessage: typeof e.error_user_msg === 'string' ? e.error_user_msg : null,
    isTransient: typeof e.is_transient === 'boolean' ? e.is_transient : null,
    rateLimit: info?.rateLimit ?? null,
    bucType: info?.bucType ?? null,
    regainAccessMinutes: regainOf(e) ?? regainOf(data),
    blameFields,
    fbtraceId: typeof e.fbtrace_id === 'string' ? e.fbtrace_id : null,
    doc: info?.doc ?? null,
    // Decoded by its status, the answer is understood although its code is only the general one.
    known: !!info || (!!byStatus && !!found),
  };
}

/**
 * Text from a service as one line: its line breaks (CR, LF, CRLF, NEL, the Unicode line and paragraph
 * separators) written as `\n`, as JSON writes them. The rest of what a terminal would obey is the
 * output's to escape (cli/render/style.ts, `visibleText`).
 */
export function oneLine(s: string): string {
  return s.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\\n');
}

/** The entry of a code without a subcode: the general meaning, which a status may make more precise. */
function isGeneral(info: ErrorCodeInfo): boolean {
  return info.code !== null && (info.subcode ?? null) === null;
}

interface StatusMeaning {
  title: string;
  meaning: string;
  action: string;
}

/**
 * What an error answer means when its status (or the service's own wording) says it is not about a
 * parameter. HTTP semantics, plus the wording the service uses for an unknown object ("Unsupported
 * get request. Object with ID '…' does not exist, cannot be loaded due to missing permissions, or
 * does not support this operation"), which it may send with status 400 as well as 404.
 */
function statusMeaning(status: number | undefined, e: Envelope): StatusMeaning | undefined {
  const message = typeof e.message === 'string' ? e.message : '';
  if (status === 404 || /^Unsupported (get|post|put|delete) request\b/i.test(message)) {
    return {
      title: 'Object not found',
      meaning: 'nothing answers this method on the id or path of the request: the object does not exist, this token cannot see it, or it does not support this method.',
      action: 'Check the id in the path: it must come from this service and environment (an id from another service, or from an emulator whose state was reset, is unknown here), and the token must be allowed to read it.',
    };
  }
  if (status === 405) return { title: 'Method not allowed', meaning: 'the path exists but does not take this method.', action: 'Use the method the documents give for this path.' };
  if (status === 413) return { title: 'Request body too large', meaning: 'the service refused the body because of its size.', action: 'Send a smaller body (fewer or shorter values).' };
  if (status === 415) return { title: 'Unsupported body type', meaning: 'the service takes form-encoded or JSON bodies in UTF-8 only.', action: 'Send the body as JSON or form fields, in UTF-8.' };
  if (status === 431) return { title: 'Request headers too large', meaning: 'the request line and headers are too long for the service.', action: 'Move long values from the query string into the body of a POST, or shorten them.' };
  if (status !== undefined && status >= 500) return { title: `Service failure (HTTP ${status})`, meaning: 'the service failed to answer this call; nothing in the request is known to be wrong.', action: 'Try again later; graphreq already retried with backoff.' };
  return undefined;
}

/**
 * A redirect (3xx). graphreq does not follow redirects (a 307 would carry a POST body, token
 * included, to wherever `Location` points), so the answer is shown as it is, with what to do.
 */
export function decodeRedirect(status: number, location: string | undefined): DecodedError {
  const where = location ? `redirects to ${location}` : 'answered with a redirect, without a Location header';
  return {
    ...decodeBareStatus(status, ''),
    title: `Redirect not followed (HTTP ${status})`,
    explanation: `The service ${where}; graphreq does not follow redirects, which would send the request, token included, to the address it points to.`,
    action: location
      ? 'If that address is the service itself (another host name, https instead of http, a trailing slash), set the base URL or the path to it; otherwise check the base URL.'
      : 'Check the base URL and the request path.',
    isTransient: null,
  };
}

/**
 * HTTP 429 (Too Many Requests) without a rate-limit code: a proxy or another service in front of the
 * API refused the call for its rate. It is held like the API's own rate limits (rateLimit `http`,
 * scope: the whole origin, as nothing says which calls it counts), never retried blindly, and its
 * `Retry-After` (seconds, or an HTTP date read against the answer's `Date`) is the regain time.
 */
export function httpRateLimit(error: DecodedError, raw: { status: number; headers: Record<string, string> }): DecodedError {
  const seconds = retryAfterSeconds(raw.headers['retry-after'], raw.headers.date);
  return {
    ...error,
    title: error.known ? error.title : `Too many requests (HTTP ${raw.status})`,
    explanation: `${error.explanation} HTTP ${raw.status} says the calls came too fast for what answered (a proxy or the service): calls made before it lifts may lengthen the wait.`,
    action: seconds !== null ? `Wait ${seconds} s (Retry-After) before sending again.` : 'Wait before sending again; nothing said for how long.',
    isTransient: true,
    rateLimit: 'http',
    regainAccessMinutes: error.regainAccessMinutes ?? (seconds !== null ? Math.ceil(seconds / 60) : null),
  };
}

/** `Retry-After` in seconds: delta-seconds, or an HTTP date less the answer's `Date` (null when unreadable). */
function retryAfterSeconds(value: string | undefined, date: string | undefined): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d{1,9}$/.test(v)) return Number(v);
  const at = Date.parse(v);
  const sent = date ? Date.parse(date) : NaN;
  return Number.isFinite(at) && Number.isFinite(sent) ? Math.max(0, Math.ceil((at - sent) / 1000)) : null;
}

/** An error for a failed status without the envelope (a proxy's 502 page, an empty 500). */
export function decodeBareStatus(status: number, statusText: string): DecodedError {
  const server = status >= 500;
  return {
    code: null,
    subcode: null,
    type: null,
    message: statusText,
    title: `HTTP ${status}${statusText ? ` ${statusText}` : ''}`,
    explanation: `The service answered HTTP ${status} without the documented error envelope${server ? ': a failure on the service side or on the way to it' : ''}.`,
    action: server ? 'Try again later; graphreq already retried with backoff.' : 'Check the base URL and the request path.',
    userTitle: null,
    userMessage: null,
    isTransient: server ? true : null,
    rateLimit: null,
    bucType: null,
    regainAccessMinutes: null,
    blameFields: [],
    fbtraceId: null,
    doc: null,
    known: false,
  };
}

function int(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return null;
}

/** error_data is JSON text in [2] ("error_data is JSON text with blame_field_specs"), or a value. */
function errorData(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

function blameFieldsOf(data: unknown): string[] {
  const specs = data !== null && typeof data === 'object' ? (data as { blame_field_specs?: unknown }).blame_field_specs : undefined;
  if (!Array.isArray(specs)) return [];
  return specs.map((s) => (Array.isArray(s) ? s.join('.') : String(s)));
}

/** [3]: "When estimated_time_to_regain_access is given in error handling, it is the estimate of the block time." */
function regainOf(v: unknown): number | null {
  const m = v !== null && typeof v === 'object' ? (v as { estimated_time_to_regain_access?: unknown }).estimated_time_to_regain_access : undefined;
  return typeof m === 'number' && Number.isFinite(m) && m >= 0 ? m : null;
}

function compact(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
