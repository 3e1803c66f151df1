/**
 * When the language server reads an environment's account context (account/environmentSource.ts):
 * on open and on save of a request file, and on the `graphreq.fetchContext` command, never on a
 * change (no call while the user types), and only with `graphreq.context: "environment"`. The reads
 * go where a send of the document would go, with its token (lsp/sendTarget.ts decides); one read at
 * a time per server. Each read ends with `graphreq/contextStatus` (the status bar shows the calls of
 * the hour) and the documents are checked again with what it found.
 */
import { getApiModel, contextNeeds, contextVersion, type FileContext } from '../core';
import { originOf } from '../core/send';
import { contextLimitsOf, fetchContext } from '../account/environmentSource';
import { TrustStore } from '../files/trustStore';
import type { DocumentStore, DocumentState } from './documentStore';
import type { ContextStatus, FetchContextArgs } from './protocol';
import { chooseEditorTarget } from './sendTarget';
import type { WorkspaceEnvironment } from './workspaceEnvironment';

export interface ContextFetchDeps {
  documents: DocumentStore;
  environment: WorkspaceEnvironment;
  /** The document's file context as every feature sees it: its folder's environment and its workspace's names. */
  fileContext: (s: DocumentState) => FileContext;
  /** The context changed: check the documents again. */
  changed: () => void;
  status: (status: ContextStatus) => void;
  log: (line: string) => void;
  processEnv?: NodeJS.ProcessEnv;
}

export class ContextFetcher {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly d: ContextFetchDeps) {}

  /** Reads what the document needs, after any read in progress; null when nothing is to be read. */
  fetch(args: FetchContextArgs): Promise<ContextStatus | null> {
    const next = this.queue.then(() => this.run(args));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async run(args: FetchContextArgs): Promise<ContextStatus | null> {
    const settings = this.d.environment.settings;
    if (settings.context !== 'environment' || settings.workspaceTrusted === false) return null;
    const state = this.d.documents.get(args.uri);
    const base = this.d.environment.forDocument(args.uri);
    const workspace = this.d.environment.folderOf(args.uri);
    if (!state || !base.baseUrl || !workspace) return null;
    // Where a send of the document would go, with the token the client gave for that origin only.
    const chosen = await chooseEditorTarget(args, { workspaceFolder: workspace, settings }, { trust: new TrustStore(), processEnv: this.d.processEnv ?? process.env });
    const origin = originOf({ baseUrl: base.baseUrl });
    if (!chosen.ok) {
      const { kind, trustOrigin, trustFrom, trustTokenVariable } = chosen.failure;
      const trust = kind === 'untrusted' && trustOrigin ? { trust: { trustOrigin, trustFrom, trustTokenVariable } } : {};
      const status: ContextStatus = { uri: args.uri, origin, environment: base.name ?? null, calls: 0, madeThisHour: 0, callsPerHour: contextLimitsOf(base).callsPerHour, heldBack: 0, problems: [chosen.failure.message], lastReadAt: null, ...trust };
      this.d.status(status);
      return status;
    }
    if (!chosen.baseUrl) return null;
    const needs = contextNeeds(state.parse, this.d.fileContext(state), getApiModel());
    const report = await fetchContext(
      // Read as the document's requests are written (/v23.0/, or the environment's defaultVersion), not with graphreq's latest.
      { workspace, name: chosen.env.name, baseUrl: chosen.baseUrl, version: contextVersion(needs, chosen.env, getApiModel()) },
      needs,
      { token: chosen.token, now: Date.now, limits: contextLimitsOf(base), timeoutMs: base.timeoutMs },
    );
    for (const p of report.problems) this.d.log(p);
    if (report.calls > 0) this.d.changed();
    const status: ContextStatus = { uri: args.uri, origin: originOf({ baseUrl: chosen.baseUrl }), environment: chosen.env.name ?? null, ...report };
    this.d.status(status);
    return status;
  }
}
