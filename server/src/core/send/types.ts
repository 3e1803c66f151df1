/**
 * The shapes of sending: the request as graphreq prepares it, and the result model every front end
 * renders (the CLI prints it, the language server returns it from `graphreq.send`, the VS Code client
 * shows it). Plain JSON-serialisable data, so a result can be saved in history and reopened as it was.
 */

/** The version a request was sent with, and where it came from ([3] Versioning 1 and 4). */
export interface VersionInfo {
  /** `v23.0`, or null when the request was sent without a version segment. */
  text: string | null;
  /** `path`: written in the request; `default`: the environment's defaultVersion; `none`: the service's default applies. */
  source: 'path' | 'default' | 'none';
}

/** Ordered name/value pairs: the order in which the file wrote them is the order on the wire. */
export type Pairs = Array<[string, string]>;

/**
 * One request ready to go on the wire, without its access token: the token is added only at the
 * last moment (`toWire`), so nothing built from this object can leak it.
 */
export interface PreparedRequest {
  /** Index of the request block in the document. */
  index: number;
  /** `# @name` of the request, if any. */
  name: string | null;
  /** Title of the `###` line, if any. */
  title: string | null;
  method: string;
  /** Base URL the path is joined to, without a trailing slash (`http://127.0.0.1:8990`). */
  baseUrl: string;
  /** Percent-encoded path starting with `/`, version segment included. */
  path: string;
  /** Query parameters (decoded values). For GET and DELETE every parameter goes here. */
  query: Pairs;
  /** Form-encoded body fields (decoded values) of a POST; objects and lists are JSON text. */
  form: Pairs | null;
  /** Headers written in the file (Content-Type is graphreq's to set). */
  headers: Pairs;
  /**
   * Where the token goes; never the URL, where proxies and server logs keep it. A POST carries it as
   * the documented `access_token` form field; a call without a body (GET, DELETE) as the OAuth 2.0
   * bearer credential, `Authorization: Bearer <token>` (docs/sending.md, Tokens).
   */
  tokenIn: 'form' | 'header';
  version: VersionInfo;
  /** The endpoint of the API model the request matched (`adset.create`, `url.read`, ...), if any. */
  endpointId: string | null;
  /** The BUC type the endpoint counts under (`ads_management`, `msgr`), if the model gives one. */
  bucType: string | null;
  /** For a read of the URL node: the URLs read (`id`, or each of `ids`), counted for URL-READ-RATE. */
  urlReads: string[];
  /** Things worth saying before the request goes out (version used, ignored headers, ...). */
  warnings: string[];
}

/** Why a request produced no response. */
export type FailureKind =
  /** The request could not be built: unresolved reference, broken body, no request in the block. */
  | 'build'
  /** Sending was refused for safety: a token over plain http to a non-loopback host, or to a host other than the base URL. */
  | 'insecure'
  /** No access token is configured for a real service (REQ-TOKEN-REQUIRED). */
  | 'no-token'
  /**
   * Not sent: the base URL comes from the workspace (graphreq.env.json) and the user has not chosen
   * it (see `trustOrigin`), or the workspace itself is not trusted. docs/sending.md, "Where the token goes".
   */
  | 'untrusted'
  /** Held back: the client knows the call would be refused by a rate limit (see `retryAt`). */
  | 'rate-limited'
  | 'timeout'
  | 'refused'
  | 'reset'
  | 'network'
  | 'cancelled';

export interface SendFailure {
  kind: FailureKind;
  /** One line, token-free. */
  message: string;
  /** For `rate-limited`: when access should return (ISO time), when known. */
  retryAt: string | null;
  /** For `untrusted`: the origin the user may confirm (SendCommandArgs.trustOrigin) to send there. */
  trustOrigin?: string;
  /** With `trustOrigin`: where that base URL came from (graphreq.env.json's environment, or the workspace's settings), for the question the editor asks. */
  trustFrom?: 'environment' | 'workspace-settings';
  /** With `trustOrigin`: the variable whose value would go there (none: the client's own token); a confirmation names it (SendCommandArgs.trustTokenVariable). */
  trustTokenVariable?: string;
}

/** An error envelope decoded with schemas/errors.json ([2] Errors, [3] Errors). */
export interface DecodedError {
  code: number | null;
  subcode: number | null;
  /** Envelope `type`, for example OAuthException. */
  type: string | null;
  /** The service's own message. */
  message: string;
  /** Short title from errors.json, or a generic one for codes the documents do not list. */
  title: string;
  /** What happened, in full sentences: the documented meaning plus the specifics of this response. */
  explanation: string;
  /** What to do about it. */
  action: string | null;
  /** `error_user_title` / `error_user_msg` of the envelope (guidance written for the end user). */
  userTitle: string | null;
  userMessage: string | null;
  isTransient: boolean | null;
  /** Rate-limit family of the code (`app`, `user`, `page`, `custom`, `buc`; `http`: HTTP 429 without a rate-limit code, decodeError.ts httpRateLimit), null for other errors. */
  rateLimit: string | null;
  /** BUC type the code belongs to (`ads_management`, ...), when errors.json gives one. */
  bucType: string | null;
  /** estimated_time_to_regain_access given with the error (minutes): [3] "the estimate of the block time". */
  regainAccessMinutes: number | null;
  /** Fields named by `error_data.blame_field_specs`. */
  blameFields: string[];
  fbtraceId: string | null;
  /** Where the documents describe the code (`[2] Errors`), null for undocumented codes. */
  doc: string | null;
  /** The code (and subcode) is in the documents. */
  known: boolean;
}

/** X-App-Usage ([3] Usage headers): percentages of the app's allowance. */
export interface AppUsage {
  call_count: number | null;
  total_cputime: number | null;
  total_time: number | null;
}

/** X-Ad-Account-Usage (ads API v3.3 and older). */
export interface AdAccountUsage {
  acc_id_util_pct: number | null;
  /** Seconds until the score resets to 0. */
  reset_time_duration: number | null;
  ads_api_access_tier: string | null;
}

/** One entry of X-Business-Use-Case-Usage: one business, one use-case type. */
export interface BucUsageEntry {
  businessId: string;
  /** ads_insights, ads_management, custom_audience, photo, leadgen, msgr, pages. */
  type: string;
  call_count: number | null;
  total_cputime: number | null;
  total_time: number | null;
  /** Minutes until calls are no longer limited. */
  estimated_time_to_regain_access: number | null;
  ads_api_access_tier: string | null;
}

export interface ThrottleScore {
  actual_score: number | null;
  limit: number | null;
  more_info: string | null;
}

/** Stable throttle indicators ([3] Errors), with the header they were read from. */
export interface ThrottleIndicators {
  /** Header (and BUC entry) the indicators came from. */
  source: string;
  throttled: boolean | null;
  backend_qps: ThrottleScore | null;
  complexity_score: ThrottleScore | null;
}

/** One percentage of the usage headers, named so that it can be shown as "the limiting figure". */
export interface UsageFigure {
  source: 'app' | 'adAccount' | 'buc';
  /** call_count, total_cputime, total_time or acc_id_util_pct. */
  metric: string;
  percent: number;
  businessId: string | null;
  /** BUC type for `buc` figures. */
  type: string | null;
  /** Human label: `BUC ads_management (business 1) call_count`. */
  label: string;
}

/** Every usage header of one response in one model. */
export interface UsageModel {
  app: AppUsage | null;
  adAccount: AdAccountUsage | null;
  buc: BucUsageEntry[];
  throttle: ThrottleIndicators[];
  /** Every percentage above, as a flat list (app, ad account, then each BUC entry). */
  figures: UsageFigure[];
  /** The highest percentage of all figures, null when no usage header came. */
  highestPercent: number | null;
  /** The figure with the highest percentage: the one that will limit first. */
  limiting: UsageFigure | null;
  /** The longest estimated_time_to_regain_access of the response, in minutes (0: not blocked). */
  regainAccessMinutes: number | null;
  /** When access should return (ISO), when some figure says calls are limited now. */
  blockedUntil: string | null;
  /** Malformed header values, explained; never an exception. */
  warnings: string[];
}

/**
 * Where the time of one exchange went, in ms, each phase where the transport could see it: DNS,
 * TCP connect and TLS only when the exchange opened a new connection (a reused one has none), and
 * `setupMs`, the whole connection setup, when its parts are not known apart (an https connection).
 */
export interface ResponseTimings {
  dnsMs?: number;
  connectMs?: number;
  tlsMs?: number;
  /** DNS, connect and TLS together, for a new connection. */
  setupMs?: number;
  /** The connection was an open one, reused: no setup. */
  reused?: boolean;
  /** From the request going out (after any setup) to the response's headers. */
  firstByteMs: number;
  /** Reading the body. */
  downloadMs: number;
}

/** The request as it was sent, with the token replaced by a placeholder. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The form-encoded body, or null. */
  body: string | null;
}

/** What one send produced: a response, or the reason there is none. Every string in it is token-free. */
export interface SendResult {
  /** Index of the request's block in the document (the variable preamble is a block too). */
  index: number;
  /**
   * The request's number as people count them: 1 for the file's first request (blocks without a
   * request, such as the variable preamble, are not counted). Absent in results saved by older versions.
   */
  number?: number;
  name: string | null;
  title: string | null;
  /** ISO time the send started. */
  sentAt: string;
  /** null when no response came (see `failure`). */
  status: number | null;
  statusText: string;
  durationMs: number;
  /** The phases of the last attempt's exchange, when a response came (absent in older history). */
  timings?: ResponseTimings;
  /** Size of the response body in bytes. */
  size: number;
  /** Attempts made (more than 1 after retries of transient errors). */
  attempts: number;
  /** Response headers, lower-cased names. */
  headers: Record<string, string>;
  /** Parsed JSON, or the text when the body is not JSON, or null when empty. */
  body: unknown;
  bodyKind: 'json' | 'text' | 'empty';
  error: DecodedError | null;
  usage: UsageModel;
  warnings: string[];
  version: VersionInfo;
  request: SentRequest;
  /** A curl command that repeats the request, reading the token from an environment variable. */
  curl: string;
  failure: SendFailure | null;
}
