/**
 * What differs between the hosts the language server runs in: Node on the desktop (nodeHost.ts: the
 * disk, the process, the network) and a browser Web Worker on vscode.dev and github.dev
 * (web/webHost.ts: the editor's file system asked through the client, nothing of a process). The
 * server (server.ts) and its features take these and import nothing of either host.
 */
import type { Connection } from 'vscode-languageserver';
import type { BlockJob, EnvironmentSettings, FixesJob, FixesResult, HoverJob, HoverResult, JobResult } from '../core';
import type { ForecastInputs } from '../core/send';
import type { LastTestResult } from '../send/testResults';
import type { ContextStatus, FetchContextArgs } from './protocol';
import type { EnvironmentFiles, WorkspaceEnvironment } from './workspaceEnvironment';
import type { WorkspaceReader } from './workspaceReader';
import type { ContextFetchDeps } from './contextFetch';
import type { HeapControl } from './idleCollection';

/** Each document's environment: its workspace's, with what only the host knows (process variables, `.env`, `< path` bodies, account context). */
export interface DocumentEnvironments {
  forDocument(uri: string): EnvironmentSettings;
  /** Forget what was read (a file or a setting changed). */
  invalidate(): void;
}

export interface ServerHost {
  /**
   * docs/ beside the package, as a URL: rule links and hover links point into it. Undefined: the
   * client says where (the initialization option `docsUrl`: the web extension's docs/).
   */
  docsUrl?: string;
  environmentFiles: EnvironmentFiles;
  workspaceReader: WorkspaceReader;
  documentInputs(environment: WorkspaceEnvironment, log: (message: string) => void): DocumentEnvironments;
  /** Reads an environment's account context from its service, when the user asked for it (lsp/contextFetch.ts). */
  contextFetcher(deps: ContextFetchDeps): { fetch(args: FetchContextArgs): Promise<ContextStatus | null> };
  /** What a run's forecast counts with: the limits, and on the desktop the usage of the workspace's history (send/forecastInputs.ts). */
  forecastInputs(o: { workspace: string | null; env: EnvironmentSettings; baseUrl?: string; now: number; contextWorkspace?: string | null }): ForecastInputs;
  /** The print width the document's `.editorconfig` asks for (`max_line_length`), if any. */
  editorConfigWidth(uri: string, folder: string | undefined): number | undefined;
  /** The last result of each test of a request file, by test key (`.graphreq/test-results.json`). */
  lastTestResults(uri: string, folder: string): Record<string, LastTestResult>;
  /**
   * Called once the client is initialized: a host that reads files through the client starts here
   * (VS Code's client answers requests only from then on), and calls `changed` with the files whose
   * text it read again or lost (the documents are checked again).
   */
  attach?(connection: Connection, changed: (uris: string[]) => void): void;
  /** Settles once the files a host reads after `attach` are read (the web host's); a send waits for its environment file. */
  filesRead?(): Promise<void>;
  /**
   * Checks one large request away from the thread that reads the messages (the desktop's worker
   * thread, checkWorker.ts); none: requests are checked on the server's own thread, in slices
   * between requests (the web build's worker).
   */
  blockChecker?(log: (message: string) => void): BlockChecker;
  /** The host's heap, collected when the server is idle after a large document (idleCollection.ts); none: left to the engine. */
  heap?(): HeapControl | undefined;
}

/** Checks a request elsewhere: undefined when the job was dropped (`wanted` turned false before it started) or could not run there. */
export interface BlockChecker {
  /** Requests this long or longer are checked elsewhere (characters). */
  readonly minLength: number;
  check(job: BlockJob, wanted: () => boolean): Promise<JobResult | undefined>;
  /** A hover inside such a request; and the fixes of findings of its check (the last request checked is kept there). */
  hover?(job: HoverJob, wanted: () => boolean): Promise<HoverResult | undefined>;
  fixes?(job: FixesJob, wanted: () => boolean): Promise<FixesResult | undefined>;
}
