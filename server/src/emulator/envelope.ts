/**
 * The error envelope ([2] Errors, [3] Rate-limit error envelope; ERR-ENVELOPE): an `error` object
 * with message, type, code, error_subcode, error_data, is_transient, error_user_title,
 * error_user_msg and fbtrace_id, plus __fb_trace_id__ and __www_request_id__ beside it.
 *
 * Everything that refuses a call throws a ServiceError; the router turns it into the envelope.
 */
import { base64, hex, randomBytes } from './hostCrypto';
import type { ApiModel, ErrorCodeInfo } from '../core';

export interface ServiceErrorInit {
  /** HTTP status; see docs/emulator.md, "Errors". */
  status: number;
  code: number;
  subcode?: number;
  message: string;
  /** JSON text, as [2] shows error_data. */
  errorData?: string;
  transient?: boolean;
  userTitle?: string;
  userMessage?: string;
  /** The RULES.md ID behind the refusal, sent as the X-Graphreq-Rule header. */
  rule?: string;
  type?: string;
  /** Extra headers, for example the usage headers of a rate-limited call. */
  headers?: Record<string, string>;
  /**
   * The short envelope of [3] "Rate-limit error envelope": message, type, code, error_subcode,
   * fbtrace_id (is_transient only when `transient` is set), without error_user_title,
   * error_user_msg or the __fb_trace_id__ / __www_request_id__ siblings, as the real service's
   * rate-limit answers carry none of them (docs/emulator.md, "Rate-limit refusals").
   */
  short?: boolean;
}

export class ServiceError extends Error {
  constructor(readonly init: ServiceErrorInit) {
    super(init.message);
  }
}

/**
 * The ids of one answer: `trace` is the envelope's fbtrace_id and __fb_trace_id__ and the
 * `x-fb-trace-id` header, `request` its __www_request_id__ and `x-fb-request-id`, as the real service
 * sends them with every answer (restfb issues 305 and 352; facebook-node-sdk issue 30).
 */
export interface AnswerIds {
  trace: string;
  request: string;
}

export function newAnswerIds(): AnswerIds {
  return { trace: traceId(), request: requestId() };
}

/** The envelope's text fields default to the meaning of the code in schemas/errors.json. */
export function envelopeOf(init: ServiceErrorInit, model: ApiModel, ids: AnswerIds = newAnswerIds()): Record<string, unknown> {
  const info = errorInfo(model, init.code, init.subcode);
  const trace = ids.trace;
  const error: Record<string, unknown> = {
    message: init.message,
    type: init.type ?? 'OAuthException',
    code: init.code,
  };
  if (init.short) {
    if (init.transient) error.is_transient = true;
    if (init.subcode !== undefined) error.error_subcode = init.subcode;
    error.fbtrace_id = trace;
    return { error };
  }
  if (init.subcode !== undefined) error.error_subcode = init.subcode;
  if (init.errorData !== undefined) error.error_data = init.errorData;
  error.is_transient = init.transient ?? info?.transient ?? false;
  error.error_user_title = init.userTitle ?? info?.title ?? init.message;
  error.error_user_msg = init.userMessage ?? info?.meaning ?? init.message;
  error.fbtrace_id = trace;
  return { error, __fb_trace_id__: trace, __www_request_id__: ids.request };
}

/**
 * The documented meaning of a code and subcode: the exact pair, else an entry known only by its
 * subcode (246003), else an entry whose code is the subcode (the iOS 14 numbers of [3], sent as the
 * subcode of 100), else the code alone.
 */
export function errorInfo(model: ApiModel, code: number, subcode: number | undefined): ErrorCodeInfo | undefined {
  const errors = model.errors;
  const sub = subcode ?? null;
  return (
    errors.find((e) => e.code === code && (e.subcode ?? null) === sub) ??
    (sub !== null ? errors.find((e) => e.code === null && e.subcode === sub) ?? errors.find((e) => e.code === sub && (e.subcode ?? null) === null && e.kind !== 'issue') : undefined) ??
    errors.find((e) => e.code === code && (e.subcode ?? null) === null)
  );
}

/** error_data naming the fields to blame ([2] Errors: blame_field_specs naming dsa_payor). */
export function blameData(fields: string[]): string {
  return JSON.stringify({ blame_field_specs: fields.map((f) => [f]) });
}

function traceId(): string {
  return base64(randomBytes(8)).replace(/[+/=]/g, (c) => (c === '+' ? 'A' : c === '/' ? 'B' : ''));
}

function requestId(): string {
  return `A${hex(randomBytes(12))}`;
}

/**
 * Unknown object or path: the real service's answer, recorded in public material (test/send/replay/
 * samples.ts, `unsupported-post-100-33`): HTTP 400, type GraphMethodException, code 100 with subcode
 * 33. The documents give no answer for it (docs/api.md, "Objects that do not exist").
 */
export function unknownObject(what: string, method: string): ServiceError {
  return new ServiceError({
    status: 400,
    code: 100,
    subcode: UNKNOWN_OBJECT_SUBCODE,
    type: 'GraphMethodException',
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${what}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    userTitle: 'Unknown object',
    userMessage: `Nothing answers ${method} on '${what}' in the emulator: the documents describe ad sets, URL nodes and threads.`,
  });
}

/**
 * A path no endpoint answers. When its first segment names an object the emulator holds (an ad set,
 * a thread, an ad account) the rest is an edge nobody serves: code 2500, `Unknown path components:
 * /<id>/<edge>`, HTTP 400, as the real service answers it (arsduo/koala issue 611); else the object
 * does not exist, 100/33 naming it. The version segment is no part of either.
 */
export function unknownPath(segments: string[], method: string, exists: (id: string) => boolean): ServiceError {
  if (segments.length > 1 && exists(segments[0])) {
    const message = `Unknown path components: /${segments.join('/')}`;
    return new ServiceError({ status: 400, code: 2500, message, userTitle: 'Unknown path', userMessage: `${message}: the emulator serves the endpoints of the documents only.` });
  }
  return unknownObject(segments[0] ?? '/', method);
}

/**
 * `GET /?ids=a,b` naming an id that does not exist: the whole read is refused, HTTP 404, code 803,
 * `(#803) Some of the aliases you requested do not exist: <ids>`, type OAuthException, as the real
 * service answers it (a logged exchange in public material, find_string ids 41216018111 and
 * 8842794871; docs/emulator.md, "Errors"). A single id in the path stays 100/33 (unknownObject).
 */
export function aliasesNotFound(ids: string[]): ServiceError {
  const list = ids.join(',');
  return new ServiceError({
    status: 404,
    code: ALIASES_NOT_FOUND,
    message: `(#803) Some of the aliases you requested do not exist: ${list}`,
    userTitle: 'Unknown ids',
    userMessage: `The emulator holds nothing under ${ids.length === 1 ? 'the id' : 'the ids'} ${list} of \`ids\`: read only ids it answered (an ad set it created, a seeded one).`,
  });
}

/** The code of `ids=` naming an id that does not exist. */
export const ALIASES_NOT_FOUND = 803;

/** The subcode of an object that does not exist (code 100), as the service sends it. */
export const UNKNOWN_OBJECT_SUBCODE = 33;

/**
 * A refusal with code 100 (invalid parameter) blaming some parameters. `rule` is the RULES.md ID, or
 * undefined when the refusal is about data (a campaign that does not exist) rather than a rule.
 */
export function invalidParameter(rule: string | undefined, userMessage: string, blame: string[] = [], userTitle?: string): ServiceError {
  return new ServiceError({
    status: 400,
    code: 100,
    message: 'Invalid parameter',
    errorData: blame.length ? blameData(blame) : undefined,
    userTitle,
    userMessage,
    rule,
  });
}
