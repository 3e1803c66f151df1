/**
 * Names and shapes shared by the language server and its clients (the VS Code client imports this
 * file; other editors call the same commands through workspace/executeCommand).
 */
import type { SendFailure, SendResult } from '../core/send/types';

/** Commands: offered as CodeLens and executed by the server (workspace/executeCommand). */
export const Commands = {
  /** Send one request: arguments [SendCommandArgs]. Returns the send result model. */
  send: 'graphreq.send',
  /** Send every request of the file in order, feeding named responses forward. */
  sendAll: 'graphreq.sendAll',
  /** Send an ad set creation with execution_options ["validate_only"]. */
  validateOnly: 'graphreq.validateOnly',
  /** Cancel a send in progress: arguments [{ sendId }] (a test run's runId too). */
  cancel: 'graphreq.cancel',
  /**
   * Run the tests of a document (requests with `# @expect` lines): arguments [TestCommandArgs].
   * Each test's report is sent as it completes (`graphreq/testResult`); returns TestCommandResult.
   */
  test: 'graphreq.test',
  /**
   * Read the account context the document needs from its environment's service, now (docs/format.md,
   * What graphreq knows of the account): arguments [FetchContextArgs]. Returns ContextStatus, or
   * null when there is nothing to read (no base URL, or graphreq.context is not "environment").
   */
  fetchContext: 'graphreq.fetchContext',
  /**
   * Convert curl commands or a REST Client / httpYac `.http` text into `.graphreq` text, as
   * `graphreq import` does (core/import/): arguments [ImportTextArgs]. Returns ImportTextResult.
   * Pure: it reads and writes nothing (the client decides where the text goes).
   */
  importText: 'graphreq.importText',
} as const;

export interface ImportTextArgs {
  text: string;
  /** What the text is; `auto` (the default): curl when it starts with a curl command, else `.http`. */
  from?: 'curl' | 'http' | 'auto';
}

export interface ImportTextResult {
  /** The `.graphreq` text, laid out by the formatter; empty when no request was found. */
  text: string;
  /** One line each: what was not carried over (tokens never among them). */
  notes: string[];
  requests: number;
}

/**
 * Where to read from, as for a send of the document (SendCommandArgs: the environment, the base URL,
 * the client's token from its secret storage with the origin it was given for, the origin the user
 * confirmed): the reads go only where a send would, and the token only with them.
 */
export type FetchContextArgs = Omit<SendCommandArgs, 'index' | 'sendId' | 'wait' | 'force' | 'withDeps'>;

/** The account context reads of an environment: sent after each read (`graphreq/contextStatus`), for the status bar. */
export interface ContextStatus {
  uri: string;
  origin: string;
  /** Ids read by the last read (each one a call). */
  calls: number;
  /** Calls of the last hour, and the allowance. */
  madeThisHour: number;
  callsPerHour: number;
  /** Ids not read because the hour's allowance was spent. */
  heldBack: number;
  /** One line each: a read that failed, or why nothing could be read. */
  problems: string[];
  /** The environment read from (null: the `$shared` section only). */
  environment: string | null;
  /** When the environment's service was last read for the context (epoch ms), null if never. */
  lastReadAt: number | null;
  /** Nothing was read because the (origin, token) pair is not confirmed for the workspace: what a confirmation names (as TestCommandResult's). */
  trust?: Pick<SendFailure, 'trustOrigin' | 'trustFrom' | 'trustTokenVariable'>;
}

/** Requests from the client to the server, beyond LSP's own. */
export const Requests = {
  /** `{ uri }` → TestInfo[]: the tests of a file, open or not (docs/testing.md). */
  tests: 'graphreq/tests',
  /** `{ uri }` → SendAllForecast | null: what sending the whole file would cost (the "Send all" CodeLens's tooltip). */
  forecast: 'graphreq/forecast',
} as const;

/** The forecast of "Send all" on a file of several requests. */
export interface SendAllForecast {
  /** How many requests the file sends. */
  requests: number;
  /** The run would cross a documented limit. */
  crosses: boolean;
  /** One line: calls, then the share of each limit (`2 calls · app <0.1% of 20000/h`). */
  title: string;
  /** One line per scope, then each warning. */
  details: string[];
}

/** Notifications from the server to the client, beyond LSP's own. */
export const ServerNotifications = {
  /** TestResultParams: one test of a `graphreq.test` run finished. */
  testResult: 'graphreq/testResult',
  /** ContextStatus: the account context of an environment was read. */
  contextStatus: 'graphreq/contextStatus',
} as const;

/** Arguments of `graphreq.test`: where and how to send, as for a send, and which tests. */
export interface TestCommandArgs extends Omit<SendCommandArgs, 'index' | 'sendId' | 'wait' | 'force' | 'withDeps'> {
  /** Keys of the tests to run (TestInfo.key); absent: every test of the document. */
  keys?: string[];
  /** Every request is a test (one without expectations passes when answered 2xx). */
  all?: boolean;
  /** Chosen by the client: echoed in each testResult, and cancels the run with graphreq.cancel. */
  runId?: string;
  /** Write what came for each `matches snapshot` instead of comparing (graphreq test --update-snapshots). */
  updateSnapshots?: boolean;
  /** Stop at the first test that fails; the rest are reported as not run (graphreq test --bail). */
  bail?: boolean;
  /** Each report carries its whole exchange (`exchange`): what the Testing view's Debug profile shows. */
  exchanges?: boolean;
}

/** One test of a file: a request with expectations. Lines are 0-based. */
export interface TestInfo {
  /** Unique in the file: the request's name, else its title, else `request N`. */
  key: string;
  label: string;
  /** The request line. */
  line: number;
  /** The first and last line of the request's block (for the editor's test range). */
  range: { startLine: number; endLine: number };
  expectations: Array<{ line: number; text: string }>;
}

/** One test's outcome. Lines are 0-based; every text is token-free. */
export interface TestReportModel {
  key: string;
  label: string;
  line: number;
  status: 'passed' | 'failed' | 'not-run';
  httpStatus: number | null;
  durationMs: number | null;
  /** Why it failed without a failing expectation, or was not run. */
  reason: string | null;
  /**
   * Refused before it left (could not be built, another origin, no token): no answer was checked.
   * `graphreq test` counts it apart (NOT SENT, JUnit `error type="not-sent"`); VS Code's Testing view shows it errored.
   */
  notSent?: boolean;
  expectations: Array<{ line: number; text: string; passed: boolean; expected: string; actual: string; message: string | null }>;
  /** The usage headers of its response (for the status bar), null without a response. */
  usage: import('../core/send/types').UsageModel | null;
  /** When the response came (ISO), null without one. */
  receivedAt: string | null;
  /** The request as it was sent (token replaced), null when it was not. */
  request: import('../core/send/types').SentRequest | null;
  /**
   * The whole exchange (the request as sent, the response's status, headers and body), token-free,
   * as `graphreq.send` returns it; only when the run asked for it (`exchanges`) and the test was sent.
   */
  exchange?: SendResult;
}

export interface TestResultParams {
  runId: string | null;
  uri: string;
  report: TestReportModel;
}

/** What `graphreq.test` returns. */
export interface TestCommandResult {
  runId: string | null;
  reports: TestReportModel[];
  /** Nothing could be sent (no token for the base URL, an untrusted origin, ...): why. */
  failure?: string;
  /**
   * With `failure`: nothing was sent because the (origin, token) pair is not confirmed for the
   * workspace (`failure.kind` `untrusted` of a send): what a confirmation names, for the client to ask
   * (VS Code's Testing view asks once per pair and run) and run again with `trustOrigin`.
   */
  trust?: Pick<SendFailure, 'trustOrigin' | 'trustFrom' | 'trustTokenVariable'>;
  /** The run stopped at a rate limit: why. */
  stopped?: string;
  /** Snapshot files written (`updateSnapshots`). */
  snapshotsWritten?: string[];
}

/** Notifications from the client to the server. */
export const Notifications = {
  /**
   * `{ trusted: boolean }`: the user trusted the workspace (VS Code's workspace trust), or it is not
   * trusted. Only this notification and the initialization options set `workspaceTrusted`: a
   * settings file of the workspace cannot.
   */
  workspaceTrust: 'graphreq/workspaceTrust',
} as const;

export interface SendCommandArgs {
  uri: string;
  /** Index of the request block in the document (as in CodeLens arguments). */
  index: number;
  /** Chosen by the client so that it can cancel the send. */
  sendId?: string;
  /** The access token, supplied by the client from its secret storage; never logged. */
  token?: string;
  /** Environment name of graphreq.env.json. */
  environment?: string;
  /** Overrides the environment's base URL; none and no environment base URL means the embedded emulator. */
  baseUrl?: string;
  /**
   * The user chose `environment` (VS Code: in the picker, or in the user's own settings), so its
   * `accessTokenEnv` also says which token goes to a `baseUrl` of these arguments. It confirms
   * nothing of the environment's own base URL, which gets the token only for an (origin, token)
   * pair the user confirmed (`trustOrigin`). Default: true when `environment` is given in these arguments.
   */
  environmentNamed?: boolean;
  /** `baseUrl` comes from the workspace (VS Code: its settings file), not from the user: it is trusted like graphreq.env.json. */
  baseUrlFromWorkspace?: boolean;
  /**
   * The address the client's `token` was given for: an origin, or EMBEDDED_TOKEN_TARGET for the
   * embedded emulator. When the server's decision (core/send/sendTarget.ts) names another, nothing
   * is sent: a token never goes where it was not asked for.
   */
  tokenFor?: string;
  /**
   * The user confirmed that the token may go to this origin of the workspace's graphreq.env.json; the
   * server remembers it, with the token it covers: the client's `token`, or without one the variable
   * `trustTokenVariable` names (the refusal's `failure.trustTokenVariable`). Without
   * `trustTokenVariable`, the confirmation covers GRAPHREQ_ACCESS_TOKEN only, as a record made
   * before the variable was asked about (files/trustStore.ts).
   */
  trustOrigin?: string;
  /** With `trustOrigin`: the variable whose value the user agreed to send there. */
  trustTokenVariable?: string;
  timeoutMs?: number;
  /** Wait for a known rate-limit block to pass, then send (also once after a rate-limit error). */
  wait?: boolean;
  /** Send although the client knows a rate limit will refuse the call. */
  force?: boolean;
  /**
   * `graphreq.send` only: first send the requests whose named responses this one reads, in order
   * (core/send/dependencies.ts, as `graphreq send --with-deps`); their results come first.
   */
  withDeps?: boolean;
}

/** SendCommandArgs.tokenFor of a token given for the embedded emulator. */
export const EMBEDDED_TOKEN_TARGET = 'embedded-emulator';

/** Where a send went: what the editor shows as the address used. */
export interface SentTarget {
  environment: string | null;
  /** The base URL the requests went to (the embedded emulator's own address when `embedded`). */
  baseUrl: string;
  embedded: boolean;
}

/** Arguments of `graphreq.cancel`. */
export interface CancelCommandArgs {
  sendId: string;
}

/**
 * The result model of sending, shared by the server and its clients; defined in the core
 * (server/src/core/send/types.ts) so that the CLI renders the same thing. docs/sending.md explains it.
 */
export type {
  SendResult,
  SendFailure,
  FailureKind,
  DecodedError,
  UsageModel,
  UsageFigure,
  AppUsage,
  AdAccountUsage,
  BucUsageEntry,
  ThrottleIndicators,
  ThrottleScore,
  VersionInfo,
  SentRequest,
} from '../core/send/types';

/** What `graphreq.send`, `graphreq.sendAll` and `graphreq.validateOnly` return. */
export interface SendCommandResult {
  /** The client's sendId, echoed. */
  sendId: string | null;
  /** One result per request sent (one for send and validateOnly; the file in order for sendAll). */
  results: SendResult[];
  /** Where the requests went; absent when nothing could be sent. */
  target?: SentTarget;
  /**
   * For each result, the file it was saved to in the workspace's history (`.graphreq-history/<id>.json`,
   * tokens redacted), or null when history is off. Editors other than VS Code are shown this file
   * (window/showDocument) after a send.
   */
  saved?: Array<string | null>;
}

/**
 * `initializationOptions` of the language server: the settings (ServerSettings), plus what the
 * client does itself. A client that sets `showsSendResults` (the bundled VS Code client does) renders
 * send results on its own; to every other client the server shows them after a send through
 * workspace/executeCommand: window/showMessage (status, time, decoded error, highest usage figure),
 * window/showDocument of the saved response when the client supports it, and $/progress meanwhile.
 */
export interface InitializationOptions extends ServerSettings {
  showsSendResults?: boolean;
  /**
   * The client adds `source` and the rule link (`codeDescription`) to each diagnostic itself, from
   * its code, so the server leaves them out: a file with thousands of findings then costs ~110 bytes
   * less a diagnostic on every keystroke.
   */
  clientRuleLinks?: boolean;
  /** Where docs/ is, for a server whose host cannot tell (the web build: the extension's docs/ as a URL). */
  docsUrl?: string;
  /**
   * The client reads the account context itself (VS Code: on open, on save and on command, with the
   * token of its secret storage, through `graphreq.fetchContext`), so the server does not read on
   * open and save on its own, without that token.
   */
  clientReadsContext?: boolean;
}

/** What `graphreq.cancel` returns: whether a send with that id was running. */
export interface CancelCommandResult {
  cancelled: boolean;
}

/** Settings the server reads from the client (section `graphreq`). */
export interface ServerSettings {
  environment?: string;
  baseUrl?: string;
  defaultVersion?: string;
  timeoutMs?: number;
  /** Keep the last responses in .graphreq-history/ of the workspace (default true). */
  historyEnabled?: boolean;
  /** How many responses history keeps (default 50). */
  historySize?: number;
  /** How many bytes history keeps in all (default 50 MiB). */
  historyMaxBytes?: number;
  /** Bytes of a response body kept at most (default 10 MiB); a longer body is cut. */
  responseMaxBytes?: number;
  /**
   * False in a workspace the user has not trusted (VS Code's Restricted Mode): nothing is sent, and
   * graphreq.env.json gives no base URL. Default true (editors without the notion).
   */
  workspaceTrusted?: boolean;
  /** `graphreq.format.*`: JSON bodies keep their line breaks (default false); the print width of JSON bodies (default: .editorconfig's max_line_length, else 80). */
  format?: { keepLines?: boolean; printWidth?: number };
  /**
   * `graphreq.context`: what the checks know of the account (docs/format.md). `emulator` (the
   * default): the embedded emulator's state when no base URL is set; `environment`: also the
   * context of an environment with a base URL, read from its service on open, on save and on
   * command (GET reads, counted, cached in .graphreq/); `off`: only the file's directives.
   */
  context?: 'emulator' | 'environment' | 'off';
  /** `graphreq.inlayHints.*`: which inlay hints to give (each on unless false; `variablesInUrls` off unless true). */
  inlayHints?: { variables?: boolean; variablesInUrls?: boolean; currency?: boolean; times?: boolean; dateRanges?: boolean };
}
