/**
 * Names and shapes shared by the language server and its clients (the VS Code client imports this
 * file; other editors call the same commands through workspace/executeCommand).
 */
import type { SendResult } from '../core/send/types';

/**
 * What a client may pass as `initializationOptions`: its settings, and how it shows diagnostics.
 * `clientRuleLinks`: the client adds `source` and the rule link (`codeDescription`) to each
 * diagnostic itself, from its code, so the server leaves them out (the VS Code client does: a file
 * with thousands of findings then costs ~110 bytes less a diagnostic on every keystroke).
 */
export interface InitializationOptions extends ServerSettings {
  clientRuleLinks?: boolean;
}

/** Commands: offered as CodeLens and executed by the server (workspace/executeCommand). */
export const Commands = {
  /** Send one request: arguments [SendCommandArgs]. Returns the send result model. */
  send: 'graphreq.send',
  /** Send every request of the file in order, feeding named responses forward. */
  sendAll: 'graphreq.sendAll',
  /** Send an ad set creation with execution_options ["validate_only"]. */
  validateOnly: 'graphreq.validateOnly',
  /** Cancel a send in progress: arguments [{ sendId }]. */
  cancel: 'graphreq.cancel',
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
  timeoutMs?: number;
  /** Wait for a known rate-limit block to pass, then send (also once after a rate-limit error). */
  wait?: boolean;
  /** Send although the client knows a rate limit will refuse the call. */
  force?: boolean;
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
  /** Debounce of diagnostics after a change, in milliseconds. */
  diagnosticsDelayMs?: number;
  /** Keep the last responses in .graphreq-history/ of the workspace (default true). */
  historyEnabled?: boolean;
  /** How many responses history keeps (default 50). */
  historySize?: number;
}
