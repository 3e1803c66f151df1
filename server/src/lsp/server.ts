/**
 * The graphreq language server: glue between an LSP connection and the core. Each handler finds the
 * document, takes its parse, calls the core and converts the result; none holds API logic.
 * `startServer` takes any connection (stdio, node IPC, tests), so the entry point is a few lines.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  TextDocumentSyncKind,
  ResponseError,
  type CancellationToken,
  type CodeAction,
  type CodeActionParams,
  type CodeLens,
  type Hover,
  type Connection,
  type InitializeResult,
  type SemanticTokens,
  type WorkDoneProgressReporter,
  type WorkspaceFoldersChangeEvent,
} from 'vscode-languageserver';
import { allFindings, blockAt, createLanguageService, offsetAt, positionAt, SEMANTIC_TOKEN_TYPES, type FileContext, type GraphreqDocument, type RequestBlock, type Span, type WorkspaceNames } from '../core';
import { usableTimeout } from '../core/environment';
import { toCompletionItem, toDiagnostic, toMarkdown, toRange, toTextEdit, type DiagnosticExtras } from './convert';
import { Diagnostics } from './diagnostics';
import { DocumentStore, type DocumentState } from './documentStore';
import { Commands, Notifications, Requests, ServerNotifications, type FetchContextArgs, type InitializationOptions, type SendAllForecast, type ServerSettings } from './protocol';
import { importTextCommand } from './importCommand';
import { nextTurn, runSafe, throwIfCancelled } from './runSafe';
import type { ClientAbilities } from './sendPresenter';
import { WorkspaceEnvironment } from './workspaceEnvironment';
import { setDocsLocation } from './convert';
import type { ServerHost } from './host';
import { registerNavigation } from './navigation';
import { registerFormatting } from './formatting';
import { registerTesting, testLenses } from './testing';
import { registerInlayHints } from './inlayHints';
import { registerDocumentFeatures } from './documentFeatures';
import { ForecastLens } from './forecastLens';
import { WorkspaceFiles } from './workspaceFiles';
import { WorkspaceDiagnostics } from './workspaceDiagnostics';
import { warmUp } from './warmUp';
import { IdleCollection } from './idleCollection';
import { HERE, LargeBlocks } from './largeBlocks';
import { version } from '../version';

export interface ServerRuntime {
  /** The disk and the process (nodeHost.ts), or a browser worker's client (web/webHost.ts). */
  host: ServerHost;
  /** Runs `fn` after the current batch of messages; the default is the next turn of the event loop (runSafe.ts). */
  schedule?: (fn: () => void) => void;
  /** Executes graphreq.send & co. (the sending layer registers itself here). */
  executeCommand?: (
    command: string,
    args: unknown[],
    context: CommandContext,
    cancel?: { isCancellationRequested: boolean; onCancellationRequested(listener: () => void): unknown },
    /** Progress on the client's workDoneToken, when it sent one. */
    workDone?: WorkDoneProgressReporter,
  ) => Promise<unknown>;
  /** The commands `executeCommand` runs (default: all of Commands). */
  commands?: readonly string[];
  /** Releases what the commands hold (the embedded emulator) at shutdown. */
  dispose?: () => Promise<void>;
}

export interface CommandContext {
  connection: Connection;
  documents: DocumentStore;
  environment: WorkspaceEnvironment;
  settings: () => ServerSettings;
  /** What the client does itself and supports (initialize): who shows send results, and how. */
  client: () => ClientAbilities;
  /** Asks the client for the CodeLenses again (a test run changed what they show), when it can. */
  refreshCodeLenses?: () => void;
  /** The index of names of the document's workspace folder, once every file of it is read (lsp/workspaceFiles.ts). */
  workspaceNames?: (uri: string, cancel?: { isCancellationRequested: boolean }) => Promise<WorkspaceNames>;
}

export function startServer(connection: Connection, runtime: ServerRuntime): void {
  const { host } = runtime;
  /** The commands this server runs: the sending layer's, when it was started with it (main.ts); the account context's and import's always. */
  const runnable = new Set<string>(runtime.executeCommand ? [...(runtime.commands ?? Object.values(Commands)), Commands.fetchContext, Commands.importText] : [Commands.fetchContext, Commands.importText]);

  if (host.docsUrl) setDocsLocation(host.docsUrl);
  const ls = createLanguageService();
  const documents = new DocumentStore(ls);
  const log = (m: string): void => connection.console.log(m);
  const environment = new WorkspaceEnvironment(log, host.environmentFiles);
  // The environment of each document: its workspace's, plus $processEnv, .env and `< path` bodies.
  const inputs = host.documentInputs(environment, log);
  const schedule = runtime.schedule ?? nextTurn;
  // The workspace's names (every .graphreq file, opened or not); when some file's request names change, open files are checked again.
  const workspaceFiles = new WorkspaceFiles(ls, documents, host.workspaceReader, () => environment.folderPaths, (uri) => environment.folderOf(uri), schedule, () => diagnostics.refreshAll(), (line) => {
    log(line);
    void connection.window.showWarningMessage(line);
  });
  const forecastLens = new ForecastLens(ls, environment, host);
  let snippetSupport = false;
  let configurationSupport = false;
  // Pulled workspace diagnostics cover the files not opened too (workspaceDiagnostics.ts).
  const unopened = new WorkspaceDiagnostics(ls, workspaceFiles, (uri) => inputs.forDocument(uri), (uri) => !!documents.get(uri), (): DiagnosticExtras => diagnostics.links);
  // Requests too large for a slice: checked, hovered and fixed on the host's worker, if it has one (largeBlocks.ts).
  const checker = host.blockChecker?.(log);
  const large = checker && new LargeBlocks(checker, ls.model, log);
  const heap = host.heap?.();
  const diagnostics = new Diagnostics(connection, ls, documents, inputs, schedule, log, (s) => fileContextOf(s, s.uri), (uri) => workspaceFiles.scopeOf(uri), unopened, large, heap && new IdleCollection(heap));
  const contextFetcher = host.contextFetcher({
    documents,
    environment,
    fileContext: (s) => fileContextOf(s, s.uri),
    log,
    changed: () => {
      inputs.invalidate();
      diagnostics.refreshAll();
      refreshInlayHints();
    },
    status: (s) => void connection.sendNotification(ServerNotifications.contextStatus, s),
  });
  const client: ClientAbilities = { showsSendResults: false, showDocument: false, workDoneProgress: false };
  /** The client reads the account context itself, with its own token (InitializationOptions.clientReadsContext). */
  let clientReadsContext = false;
  const readContextOf = (uri: string): void => {
    if (!clientReadsContext) void contextFetcher.fetch({ uri }).catch((e: Error) => log(`account context: ${e.message}`));
  };
  let definitionLinks = false;
  let documentChanges = false;
  let codeLensRefresh = false;
  let inlayHintRefresh = false;
  let watchRegistration = false;
  /** The client sends `workspace/didChangeWorkspaceFolders` (declared with `workspace.workspaceFolders`). */
  let foldersSupport = false;
  /** The workspace folders the client named at `initialize`, as URIs. */
  let folderUris: string[] = [];

  connection.onInitialize((params): InitializeResult => {
    const caps = params.capabilities;
    snippetSupport = !!caps.textDocument?.completion?.completionItem?.snippetSupport;
    configurationSupport = !!caps.workspace?.configuration;
    definitionLinks = !!caps.textDocument?.definition?.linkSupport;
    documentChanges = !!caps.workspace?.workspaceEdit?.documentChanges;
    codeLensRefresh = !!caps.workspace?.codeLens?.refreshSupport;
    inlayHintRefresh = !!caps.workspace?.inlayHint?.refreshSupport;
    watchRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    foldersSupport = !!caps.workspace?.workspaceFolders;
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    environment.setFolders(folders);
    folderUris = folders;
    client.showDocument = !!caps.window?.showDocument?.support;
    client.workDoneProgress = !!caps.window?.workDoneProgress;
    const { showsSendResults, clientRuleLinks: _ruleLinks, clientReadsContext: readsContext, docsUrl, ...init } = (params.initializationOptions ?? {}) as InitializationOptions;
    if (!host.docsUrl && typeof docsUrl === 'string') setDocsLocation(docsUrl);
    client.showsSendResults = showsSendResults === true;
    clientReadsContext = readsContext === true;
    if (params.initializationOptions) environment.settings = { ...init };
    const diagnosticProvider = diagnostics.initialize(caps, params.initializationOptions as InitializationOptions | undefined);
    return {
      capabilities: {
        ...(diagnosticProvider ? { diagnosticProvider } : {}),
        // `save`: for clients that do not watch files, a save is when the other files are looked at again;
        // an environment's account context is read on save too (never on a change: lsp/contextFetch.ts).
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        // No space or comma: in JSON bodies they come with every member and would pop the list up each time.
        completionProvider: { triggerCharacters: ['/', '?', '&', '=', '{', '.', '(', '"', '@', ':'], resolveProvider: false },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        codeLensProvider: { resolveProvider: false },
        semanticTokensProvider: { legend: { tokenTypes: [...SEMANTIC_TOKEN_TYPES], tokenModifiers: [] }, full: true, range: true },
        // Only a server started with the sending layer runs commands (main.ts); declared only then.
        executeCommandProvider: { commands: [...runnable] },
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        inlayHintProvider: { resolveProvider: false },
        workspaceSymbolProvider: true,
        documentLinkProvider: { resolveProvider: false },
        selectionRangeProvider: true,
        // Folders added and removed while the server runs (VS Code's multi-root workspaces): names, environments and diagnostics follow.
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'graphreq', version },
    };
  });

  connection.onInitialized(() => {
    if (configurationSupport) void refreshSettings();
    // The first check's and the first environment's costs, paid before the first document (warmUp.ts).
    warmUp(ls, inputs, folderUris, { schedule, stop: () => !documents.all().next().done, log });
    // The workspace's request files are read in the background: the opened file is answered first.
    workspaceFiles.start();
    // A client that reports no file changes (Neovim 0.7): the host watches the folders, where it can.
    if (!watchRegistration) workspaceFiles.watchDisk();
    // A host that reads through the client asks it only now: VS Code's client answers its requests once initialized.
    host.attach?.(connection, (uris) => {
      runSafe(log, 'filesRead', undefined, () => workspaceFiles.watched(uris.map((uri) => ({ uri, deleted: host.workspaceReader.stamp(uri) === undefined }))));
      environment.invalidate();
      inputs.invalidate();
      diagnostics.refreshAll();
      refreshInlayHints();
    });
    if (foldersSupport) connection.workspace.onDidChangeWorkspaceFolders((e) => runSafe(log, 'didChangeWorkspaceFolders', undefined, () => foldersChanged(e)));
    if (watchRegistration) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.graphreq' }] }).catch(() => undefined);
  });

  /** Folders added and removed: each document's folder, environment and names are looked up again. */
  function foldersChanged(e: WorkspaceFoldersChangeEvent): void {
    const removed = new Set(e.removed.map((f) => f.uri));
    folderUris = [...folderUris.filter((u) => !removed.has(u)), ...e.added.map((f) => f.uri).filter((u) => !folderUris.includes(u))];
    environment.setFolders(folderUris);
    inputs.invalidate();
    workspaceFiles.foldersChanged();
    diagnostics.refreshAll();
    refreshInlayHints();
  }

  async function refreshSettings(): Promise<void> {
    try {
      const s = (await connection.workspace.getConfiguration('graphreq')) as (ServerSettings & { history?: { enabled?: boolean; size?: number } }) | null;
      if (s) environment.settings = { ...environment.settings, ...flattenSettings(s) };
    } catch {
      // A client that announced configuration support but failed to answer: keep the defaults.
    }
    environment.invalidate();
    diagnostics.refreshAll();
    refreshInlayHints();
  }

  /** Settings and graphreq.env.json decide the hints (which to show, the values and the currency): ask for them again. */
  function refreshInlayHints(): void {
    if (inlayHintRefresh) void connection.languages.inlayHint.refresh().catch(() => undefined);
  }

  connection.onDidChangeConfiguration((change) => {
    const s = (change.settings as { graphreq?: ServerSettings & { history?: { enabled?: boolean; size?: number } } } | undefined)?.graphreq;
    if (s) environment.settings = { ...environment.settings, ...flattenSettings(s) };
    if (configurationSupport) void refreshSettings();
    else {
      environment.invalidate();
      diagnostics.refreshAll();
      refreshInlayHints();
    }
  });

  connection.onNotification(Notifications.workspaceTrust, (p: { trusted?: unknown }) => {
    environment.settings = { ...environment.settings, workspaceTrusted: p?.trusted === true };
    environment.invalidate();
  });

  connection.onDidChangeWatchedFiles((e) => {
    runSafe(log, 'didChangeWatchedFiles', undefined, () => workspaceFiles.watched(e.changes.map((c) => ({ uri: c.uri, deleted: c.type === FileChangeType.Deleted }))));
    if (e.changes.some((c) => c.uri.endsWith('graphreq.env.json') || c.uri.endsWith('/.env') || c.type === FileChangeType.Deleted)) {
      environment.invalidate();
      inputs.invalidate();
      diagnostics.refreshAll();
      refreshInlayHints();
    }
  });

  connection.onDidOpenTextDocument((p) => {
    documents.open(p.textDocument.uri, p.textDocument.languageId, p.textDocument.version, p.textDocument.text);
    workspaceFiles.changed(p.textDocument.uri);
    diagnostics.changed(p.textDocument.uri);
    readContextOf(p.textDocument.uri);
  });


  connection.onDidChangeTextDocument((p) => {
    runSafe(log, 'didChange', undefined, () => {
      documents.change(p.textDocument.uri, p.textDocument.version, p.contentChanges);
    });
    workspaceFiles.changed(p.textDocument.uri);
    diagnostics.changed(p.textDocument.uri);
  });

  connection.onDidCloseTextDocument((p) => {
    documents.close(p.textDocument.uri);
    runSafe(log, 'didClose', undefined, () => workspaceFiles.closed(p.textDocument.uri));
    diagnostics.closed(p.textDocument.uri);
  });

  // One handler (the connection keeps one): the workspace's files looked at again, and an environment's account context read.
  /**
   * graphreq.env.json edited where the client does not report it (Neovim 0.7 watches no files, others
   * only request files): every open document is checked again. Looked at on each save and on the host's watch.
   */
  function environmentChanged(): void {
    if (!environment.changedOnDisk()) return;
    inputs.invalidate();
    diagnostics.refreshAll();
    refreshInlayHints();
  }
  environment.onDiskChange = () => runSafe(log, 'environmentChanged', undefined, environmentChanged);

  connection.onDidSaveTextDocument((p) => {
    runSafe(log, 'didSave', undefined, () => workspaceFiles.saved());
    environmentChanged();
    readContextOf(p.textDocument.uri);
  });

  /** A document's file context, derived once per version and environment (completion, hover, CodeLens ask for it). */
  const contexts = new WeakMap<DocumentState, { version: number; env: object; generation: number; ctx: FileContext; parse: GraphreqDocument }>();
  function fileContextOf(s: DocumentState, uri: string): FileContext {
    const env = inputs.forDocument(uri);
    const scope = workspaceFiles.scopeOf(uri);
    const hit = contexts.get(s);
    const same = hit && hit.env === env && hit.generation === scope.names.generation && hit.ctx.workspace?.names === scope.names;
    if (same && hit.version === s.version) return hit.ctx;
    // An edit that changed no name keeps the context (and the blocks' cached results keyed by it).
    const ctx = ls.fileContext(s.parse, env, scope, same ? { doc: hit.parse, ctx: hit.ctx } : undefined);
    contexts.set(s, { version: s.version, env, generation: scope.names.generation, ctx, parse: s.parse });
    return ctx;
  }

  /** A request on a document: its work inside runSafe, none at all when the client cancelled it before it began. */
  function withDoc<T>(uri: string, fallback: T, name: string, fn: (s: DocumentState) => T, token?: CancellationToken): T {
    throwIfCancelled(token);
    const state = documents.get(uri);
    if (!state) return fallback;
    return runSafe(log, name, fallback, () => fn(state));
  }

  connection.onCompletion((p, token) =>
    withDoc(p.textDocument.uri, null, 'completion', (s) => {
      const file = fileContextOf(s, p.textDocument.uri);
      const items = ls.getCompletions(s.parse, offsetAt(s.parse, p.position), file);
      return { isIncomplete: false, items: items.map((i) => toCompletionItem(s, i, snippetSupport)) };
    }, token),
  );

  connection.onHover((p, token) =>
    withDoc(p.textDocument.uri, null, 'hover', (s) => {
      const offset = offsetAt(s.parse, p.position);
      const block = blockAt(s.parse, offset);
      if (large && block && large.isLarge(block)) return hoverInLarge(s, block, offset, token);
      return hoverHere(s, offset);
    }, token),
  );

  function hoverHere(s: DocumentState, offset: number): Hover | null {
    const file = fileContextOf(s, s.uri);
    // The findings under the cursor (of its request only), for the long form of their messages:
    // the document's check may still be under way, in slices.
    const findings = diagnostics.findingsAround(s, { start: offset, end: offset });
    const h = ls.getHover(s.parse, offset, file, findings);
    return h ? { contents: { kind: 'markdown', value: toMarkdown(h.contents) }, range: toRange(s, h.span) } : null;
  }

  /** A hover inside a request of megabytes: answered by the worker, after that request's check (largeBlocks.ts). */
  async function hoverInLarge(s: DocumentState, block: RequestBlock, offset: number, token: CancellationToken): Promise<Hover | null> {
    const version = s.version;
    const current = (): boolean => documents.get(s.uri) === s && s.version === version;
    try {
      const h = await large!.hover(block, fileContextOf(s, s.uri), offset - block.offset, s.cache, () => current() && !token.isCancellationRequested);
      throwIfCancelled(token);
      // The document moved on meanwhile: the client asks again for the new text.
      if (!current()) return null;
      if (h === HERE) return hoverHere(s, offset);
      return h ? { contents: { kind: 'markdown', value: toMarkdown(h.contents) }, range: toRange(s, { start: h.span.start + block.offset, end: h.span.end + block.offset }) } : null;
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      return runSafe(log, 'hover', null, () => {
        throw e;
      });
    }
  }

  connection.onCodeAction((p, token) =>
    withDoc(p.textDocument.uri, [] as CodeAction[], 'codeAction', (s) => {
      const span = { start: offsetAt(s.parse, p.range.start), end: offsetAt(s.parse, p.range.end) };
      const only = p.context.only;
      const fixAllAsked = !!only?.some((k) => CodeActionKind.SourceFixAll.startsWith(k) || k.startsWith(CodeActionKind.SourceFixAll));
      // Fixes of a request of megabytes are computed by the worker first: under the range, or all of
      // them for fix all (asked for, or offered beside the quick fixes once the check is done).
      const everywhere = fixAllAsked || (!only && !!diagnostics.done(s));
      const wanted = everywhere ? { start: 0, end: s.parse.length } : span;
      if (large && s.parse.blocks.some((b) => large.isLarge(b) && b.offset <= wanted.end && b.offset + b.text.length >= wanted.start)) return codeActionsAfterLarge(s, p, span, wanted, fixAllAsked, token);
      return codeActions(s, p, span, fixAllAsked);
    }, token),
  );

  /** Code actions once the worker has checked and fixed the large requests under `wanted` (and, for fix all, the document is checked). */
  async function codeActionsAfterLarge(s: DocumentState, p: CodeActionParams, span: Span, wanted: Span, fixAllAsked: boolean, token: CancellationToken): Promise<CodeAction[]> {
    const version = s.version;
    const current = (): boolean => documents.get(s.uri) === s && s.version === version;
    try {
      if (fixAllAsked && !(await diagnostics.checkInSlices(s, token))) return [];
      const stillWanted = (): boolean => current() && !token.isCancellationRequested;
      await large!.fixes(s.parse.blocks, wanted, fileContextOf(s, s.uri), s.cache, stillWanted);
      // The check ended meanwhile: fix all is offered beside the quick fixes, and reads every fix.
      if (!p.context.only && current() && diagnostics.done(s)) await large!.fixes(s.parse.blocks, { start: 0, end: s.parse.length }, fileContextOf(s, s.uri), s.cache, stillWanted);
      throwIfCancelled(token);
      return current() ? codeActions(s, p, span, fixAllAsked) : [];
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      return runSafe(log, 'codeAction', [], () => {
        throw e;
      });
    }
  }

  function codeActions(s: DocumentState, p: CodeActionParams, { start, end }: Span, fixAllAsked: boolean): CodeAction[] {
    const only = p.context.only;
    const actions: CodeAction[] = [];
    if (!only || only.some((k) => k.startsWith(CodeActionKind.QuickFix))) {
      for (const { finding, fix } of ls.getFixes(diagnostics.findingsAround(s, { start, end }), { start, end })) {
        const diagnostic = toDiagnostic(s, finding, diagnostics.links);
        if (fix.command === 'fetchAccountContext') {
          // No edit: the command reads the context (the VS Code client adds its token), then the document is checked again.
          actions.push({ title: fix.title, kind: CodeActionKind.QuickFix, isPreferred: fix.preferred, diagnostics: [diagnostic], command: { title: fix.title, command: Commands.fetchContext, arguments: [{ uri: p.textDocument.uri } satisfies FetchContextArgs] } });
          continue;
        }
        actions.push({
          title: fix.title,
          kind: CodeActionKind.QuickFix,
          isPreferred: fix.preferred,
          diagnostics: [diagnostic],
          edit: { changes: { [p.textDocument.uri]: fix.edits.map((e) => toTextEdit(s, e)) } },
        });
      }
    }
    // Fix all needs every finding: asked for by name, the check is finished now; offered beside the
    // quick fixes (the light bulb), only once the check in slices is done.
    const checked = fixAllAsked ? diagnostics.ensureChecked(s) : !only ? diagnostics.done(s) : undefined;
    if (checked) {
      const validation = checked.validation;
      const all = ls.getFixAll(allFindings(validation));
      if (all && (only || actions.length)) {
        actions.push({ title: all.title, kind: CodeActionKind.SourceFixAll, edit: { changes: { [p.textDocument.uri]: all.edits.map((e) => toTextEdit(s, e)) } } });
      }
    }
    return actions;
  }

  connection.onDocumentSymbol((p) =>
    withDoc(p.textDocument.uri, [], 'documentSymbol', (s) =>
      ls.getDocumentSymbols(s.parse).map((sym) => ({
        name: sym.name,
        detail: sym.detail,
        kind: 12 /* Function: a request is something you run */,
        range: toRange(s, sym.span),
        selectionRange: toRange(s, sym.selection),
      })),
    ),
  );

  connection.onFoldingRanges((p) =>
    withDoc(p.textDocument.uri, [], 'foldingRanges', (s) =>
      ls.getFoldingRanges(s.parse)
        .map((r) => ({ startLine: positionAt(s.parse, r.start).line, endLine: positionAt(s.parse, r.end).line, kind: r.kind }))
        .filter((r) => r.endLine > r.startLine),
    ),
  );

  connection.onRequest(Requests.forecast, (p: { uri?: unknown }) =>
    typeof p?.uri === 'string' ? withDoc<SendAllForecast | null>(p.uri, null, 'forecast', (s) => forecastLens.forecast(s, fileContextOf(s, s.uri))) : null,
  );

  connection.onCodeLens((p) =>
    withDoc(p.textDocument.uri, [], 'codeLens', (s) => {
      const file = fileContextOf(s, p.textDocument.uri);
      const lenses: CodeLens[] = ls.getCodeLenses(s.parse, file).map((l) => ({
        range: toRange(s, l.span),
        command: { title: l.title, command: l.command, arguments: [{ uri: p.textDocument.uri, index: l.blockIndex }] },
      }));
      // The forecast of "Send all" goes first, on the file.
      const forecast = forecastLens.lens(s, file);
      // Requests with expectations: their last test result (testing.ts).
      const folder = environment.folderOf(p.textDocument.uri);
      const tests = testLenses(p.textDocument.uri, s.parse, folder ? host.lastTestResults(p.textDocument.uri, folder) : {}, (start, end) => toRange(s, { start, end }));
      const all = forecast ? [forecast, ...lenses, ...tests] : [...lenses, ...tests];
      // A server without the sending layer (the web build) offers no lens it cannot run.
      return all.filter((l) => !l.command || runnable.has(l.command.command));
    }),
  );

  const semanticTokens = (s: DocumentState, range?: { start: number; end: number }): SemanticTokens => {
    const data: number[] = [];
    let line = 0;
    let char = 0;
    for (const t of ls.getSemanticTokens(s.parse, range)) {
      const pos = positionAt(s.parse, t.start);
      const end = positionAt(s.parse, t.start + t.length);
      // Tokens never span lines in LSP: cut a multi-line token at its first line's end.
      const length = end.line === pos.line ? t.length : offsetAt(s.parse, { line: pos.line + 1, character: 0 }) - 1 - t.start;
      if (length <= 0) continue;
      data.push(pos.line - line, pos.line === line ? pos.character - char : pos.character, length, SEMANTIC_TOKEN_TYPES.indexOf(t.type), 0);
      line = pos.line;
      char = pos.character;
    }
    return { data };
  };
  connection.languages.semanticTokens.on((p) => withDoc(p.textDocument.uri, { data: [] }, 'semanticTokens', (s) => semanticTokens(s)));
  connection.languages.semanticTokens.onRange((p) =>
    withDoc(p.textDocument.uri, { data: [] }, 'semanticTokensRange', (s) => semanticTokens(s, { start: offsetAt(s.parse, p.range.start), end: offsetAt(s.parse, p.range.end) })),
  );

  const features = { connection, ls, documents, environment, workspaceFiles, log, host, fileContext: (s: DocumentState) => fileContextOf(s, s.uri) };
  registerNavigation(features, { linkSupport: () => definitionLinks, documentChanges: () => documentChanges });
  registerFormatting(features);
  registerTesting(features);
  registerInlayHints(features);
  registerDocumentFeatures(features);

  const execute = runtime.executeCommand;
  connection.onExecuteCommand(async (p, token, workDone) => {
    if (p.command === Commands.fetchContext) return contextFetcher.fetch((p.arguments?.[0] ?? {}) as FetchContextArgs);
    if (p.command === Commands.importText) return importTextCommand(p.arguments?.[0]);
    if (!execute) throw new Error(`unknown command ${p.command}`);
    // The library takes params.workDoneToken away and gives a reporter that does nothing when the
    // client sent none; a reporter on the client's token carries it (`_token`, vscode-languageserver 10).
    const reporter = workDone && '_token' in workDone ? workDone : undefined;
    const refreshCodeLenses = (): void => {
      if (codeLensRefresh) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    };
    try {
      const workspaceNames = async (uri: string, cancel?: { isCancellationRequested: boolean }): Promise<WorkspaceNames> => {
        await workspaceFiles.whenRead(cancel);
        return workspaceFiles.namesOf(uri);
      };
      return await execute(p.command, p.arguments ?? [], { connection, documents, environment, settings: () => environment.settings, client: () => client, refreshCodeLenses, workspaceNames }, token, reporter);
    } finally {
      // A send may have changed what graphreq knows of the account (the emulator's state, the
      // responses it learns from): the documents are checked against it again.
      diagnostics.refreshAll();
      refreshInlayHints();
    }
  });

  connection.onShutdown(async () => {
    workspaceFiles.dispose();
    await runtime.dispose?.();
  });
  connection.listen();
}

/** VS Code's settings nest `graphreq.history.enabled` and `.size`; the sending layer reads them flat. */
function flattenSettings(s: ServerSettings & { history?: { enabled?: boolean; size?: number; maxBytes?: number }; response?: { maxBytes?: number } }): ServerSettings {
  // workspaceTrusted comes only from the client itself (initialization options, the workspaceTrust notification), never from a settings file.
  const { history: givenHistory, response: givenResponse, workspaceTrusted: _ignored, ...rest } = s;
  // A number out of the range package.json gives it is left out, for the default: a workspace's
  // settings file may hold anything, and `response.maxBytes: -1` failed every send ("Invalid typed
  // array length: -1"), `timeoutMs: -1` timed every send out at once.
  const history = givenHistory && { enabled: givenHistory.enabled, size: wholeNumber(givenHistory.size, 0, 1000), maxBytes: wholeNumber(givenHistory.maxBytes, 0) };
  const response = givenResponse && { maxBytes: wholeNumber(givenResponse.maxBytes, 1) };
  const out: ServerSettings = { ...rest, timeoutMs: usableTimeout(rest.timeoutMs) };
  if (history?.enabled !== undefined) out.historyEnabled = history.enabled;
  if (history?.size !== undefined) out.historySize = history.size;
  if (history?.maxBytes !== undefined) out.historyMaxBytes = history.maxBytes;
  if (response?.maxBytes !== undefined) out.responseMaxBytes = response.maxBytes;
  return out;
}

function wholeNumber(value: unknown, minimum: number, maximum = Number.MAX_SAFE_INTEGER): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= minimum && value <= maximum ? value : undefined;
}
