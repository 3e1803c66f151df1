/**
 * Names and shapes shared by the language server and its clients (the VS Code client imports this
 * file; other editors call the same commands through workspace/executeCommand).
 */

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
}

/** Settings the server reads from the client (section `graphreq`). */
export interface ServerSettings {
  environment?: string;
  baseUrl?: string;
  defaultVersion?: string;
  timeoutMs?: number;
  /** Debounce of diagnostics after a change, in milliseconds. */
  diagnosticsDelayMs?: number;
}
