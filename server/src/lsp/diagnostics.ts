/**
 * Diagnostics, pushed or pulled. A client that offers the LSP 3.17 pull model
 * (`textDocument/diagnostic`, `workspace/diagnostic`) asks for them; any other is sent
 * `textDocument/publishDiagnostics` after each batch of changes. Either way a document is checked at
 * most once per version and environment (`ensureChecked`), each check re-checks only the requests
 * whose text changed, and the diagnostics travel as bytes kept per request (diagnosticsRender.ts).
 * A pull for a document whose result the client already has is answered `unchanged`.
 *
 * A check runs in slices of at most SLICE_MS between which the server reads its messages: a
 * hover, a completion or a `$/cancelRequest` waits for one slice, not for a whole document of ten
 * thousand requests (a slice is at least one request: a single request is checked at once). A
 * slice stops when the document moves on, and a pull stops when it is cancelled; the blocks checked
 * so far stay in the document's cache, so the next check starts where the last one stopped.
 *
 * Hints of a large document wait while it is typed in: a keystroke in a file of ten thousand requests
 * would otherwise carry its ten thousand hints to the client, which parses megabytes of JSON for each
 * one (issue 26). While the document changed less than QUIET_MS ago and it has HOLD_HINTS_ABOVE hints
 * or more, its errors, warnings and information are sent alone; once typing stops for QUIET_MS the
 * whole set follows (pushed again, or `workspace/diagnostic/refresh` for a pulling client, which then
 * pulls it). A client that pulls without refresh support is always sent every hint.
 *
 * A document of more than FIRST_PAGE_ABOVE requests, opened, is sent the diagnostics of its first
 * FIRST_PAGE requests as soon as they are checked, before the check of the rest (issue 26: the whole
 * check of ten thousand requests takes seconds, and the editor opens a file at its top): pushed, then
 * pushed again in full for the same version; or answered to the first pull with a `:first-page`
 * result id, followed by `workspace/diagnostic/refresh` once the whole document is checked. Only
 * before the document's first whole set: later checks never send a part, which would hide the
 * diagnostics of the requests below it until the check ends.
 *
 * `workspace/diagnostic` reports the open documents the client has not pulled one by one: a client
 * that pulls a document itself (VS Code pulls the documents it shows, and favours those results)
 * would otherwise be sent that document's every diagnostic again by its workspace pull, every two
 * seconds while someone types. Then the workspace's files the editor has not opened
 * (workspaceDiagnostics.ts), `unchanged` where the client has the current result.
 */
import { LSPErrorCodes, ResponseError, type CancellationToken, type ClientCapabilities, type Connection, type Diagnostic, type DiagnosticOptions, type DocumentDiagnosticReport, type WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver';
import { allFindings, type Environment, type FileContext, type Finding, type LanguageService, type Span, type WorkspaceScope } from '../core';
import { DiagnosticsRenderer } from './diagnosticsRender';
import { ALL_EXTRAS, diagnosticExtras, type DiagnosticExtras } from './convert';
import type { RawJson } from './rawJson';
import type { DocumentState, DocumentStore } from './documentStore';
import type { InitializationOptions } from './protocol';
import { cancelledError, runSafe, SLICE_MS, yieldToMessages } from './runSafe';
import type { DocumentEnvironments } from './host';
import type { IdleCollection } from './idleCollection';
import type { LargeBlocks } from './largeBlocks';
import type { WorkspaceDiagnostics } from './workspaceDiagnostics';

/**
 * GRAPHREQ_TRACE_TIMING=1: the server logs, for each diagnostics message, the milliseconds from the
 * change (or the pull) to the message ready and to the message written. bench/lsp.mjs reads them:
 * timings taken in the server are not inflated by the client's own work.
 */
// A browser worker (web/) has no process: no tracing there.
const traceTiming = typeof process !== 'undefined' && !!process.env.GRAPHREQ_TRACE_TIMING;

type Checked = NonNullable<DocumentState['checked']>;

/** A document with this many hints or more has them held back while it is being typed in. */
export const HOLD_HINTS_ABOVE = 1000;
/** How long after the last change a document counts as being typed in (ms). */
export const QUIET_MS = 500;
/** The `resultId` of a pulled report that left the hints out: the next pull after typing stops is answered in full. */
const WITHOUT_HINTS = ':without-hints';
/** A document of more requests than this is sent its first page of diagnostics before the whole check (about half a second of checking on a quiet machine). */
export const FIRST_PAGE_ABOVE = 5000;
/** The requests of that first page: far more than a screen shows, two of the renderer's pages. */
export const FIRST_PAGE = 256;
/** The `resultId` suffix of a pulled report of the first page only: the client is asked to pull again once the whole document is checked. */
const FIRST_PAGE_ONLY = ':first-page';
/** A document of more requests than this, its whole set sent after its open or once typing stops, leaves the server idle with much garbage (idleCollection.ts). */
export const COLLECT_ABOVE = 1000;

export class Diagnostics {
  private pull = false;
  private refreshSupport = false;
  /** What each diagnostic carries besides its range, severity, code and message (convert.ts, `DiagnosticExtras`). */
  links: DiagnosticExtras = ALL_EXTRAS;
  private readonly pending = new Set<string>();
  private readonly renderers = new WeakMap<DocumentState, DiagnosticsRenderer>();
  /** The renderers that leave hints out, for documents being typed in. */
  private readonly quietRenderers = new WeakMap<DocumentState, DiagnosticsRenderer>();
  /** The hints of each document's last full rendering: whether its hints are held back while it is typed in. */
  private readonly hintCounts = new WeakMap<DocumentState, number>();
  /** Documents sent without their hints, and the timer that sends them when typing stops. */
  private readonly quietTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Documents the client pulls one by one (textDocument/diagnostic): left out of workspace reports. */
  private readonly pulledOneByOne = new Set<string>();
  /** Documents (as opened) sent diagnostics once, a first page or the whole set: never sent a first page again (one check at a time sends it). */
  private readonly sentOnce = new WeakSet<DocumentState>();
  /**
   * Per document: the version and the chunks of the last diagnostics pushed. A refresh of every
   * document (the workspace's names read, the settings or the environment changed) that leaves a
   * document's diagnostics as they were sends nothing: a large file's 4-6 MB again was parsed by
   * the client for nothing, twice on every open (the settings' first read refreshes everything).
   */
  private readonly lastPushed = new Map<string, { version: number; chunks: readonly Uint8Array[] }>();
  private resultIds = 0;

  constructor(
    private readonly connection: Connection,
    private readonly ls: LanguageService,
    private readonly documents: DocumentStore,
    /** The environment each document is read in (its workspace's, .env, `< path` bodies). */
    private readonly inputs: DocumentEnvironments,
    private readonly schedule: (fn: () => void) => void,
    private readonly log: (message: string) => void,
    /** The document's file context for its current version, environment and workspace (kept by the server). */
    private readonly fileContext: (state: DocumentState) => FileContext,
    /** The workspace a document is checked in (its folder's names), when the host has one. */
    private readonly scopeOf: (uri: string) => WorkspaceScope | undefined = () => undefined,
    /** The workspace's files not opened, for `workspace/diagnostic`. */
    private readonly unopened?: WorkspaceDiagnostics,
    /** Where the host checks a large request away from this thread (the desktop's worker), if anywhere. */
    private readonly large?: LargeBlocks,
    /** Collections when the server is idle after a large document's whole set, where the host has them (the desktop's). */
    private readonly collection?: IdleCollection,
  ) {}

  /** At `initialize`: the pull model when the client offers it. Returns the capability to announce, if any. */
  initialize(caps: ClientCapabilities, init: InitializationOptions | undefined): DiagnosticOptions | undefined {
    this.links = diagnosticExtras(caps, init?.clientRuleLinks);
    this.pull = !!caps.textDocument?.diagnostic;
    this.refreshSupport = !!caps.workspace?.diagnostics?.refreshSupport;
    if (!this.pull) return undefined;
    this.connection.languages.diagnostics.on(async (p, token) => {
      this.pulledOneByOne.add(p.textDocument.uri);
      return (await this.safely('diagnostic', () => this.report(p.textDocument.uri, p.previousResultId, token))) ?? { kind: 'full', items: [] };
    });
    this.connection.languages.diagnostics.onWorkspace(async (p, token) => {
      const previous = new Map(p.previousResultIds.map((r) => [r.uri, r.value]));
      const items: WorkspaceDocumentDiagnosticReport[] = [];
      for (const [uri, state] of [...this.documents.all()]) {
        if (this.pulledOneByOne.has(uri)) continue;
        const report = await this.safely('workspaceDiagnostic', () => this.report(uri, previous.get(uri), token));
        if (report) items.push({ ...report, uri, version: state.version });
      }
      // Then every file of the workspace the editor has not opened.
      if (this.unopened) items.push(...((await this.safely('workspaceDiagnostic', () => this.unopened!.reports(previous, token))) ?? []));
      return { items };
    });
    return { identifier: 'graphreq', interFileDependencies: true, workspaceDiagnostics: true };
  }

  /** A document was opened or changed: in the push model, its diagnostics follow after the batch. */
  changed(uri: string): void {
    if (this.pull || this.pending.has(uri)) return;
    this.pending.add(uri);
    this.schedule(() => {
      this.pending.delete(uri);
      const state = this.documents.get(uri);
      if (state) void this.publish(uri, state);
    });
  }

  closed(uri: string): void {
    this.pending.delete(uri);
    clearTimeout(this.quietTimers.get(uri));
    this.quietTimers.delete(uri);
    this.pulledOneByOne.delete(uri);
    this.lastPushed.delete(uri);
    if (!this.pull) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** The environment or the settings changed: every document is checked again. */
  refreshAll(): void {
    if (this.pull) {
      if (this.refreshSupport) void this.connection.languages.diagnostics.refresh().catch(() => undefined);
      return;
    }
    for (const [uri] of this.documents.all()) this.changed(uri);
  }

  /** The document's check for its current version and environment, made now (in one go) if there is none. */
  ensureChecked(state: DocumentState): Checked {
    return this.checkSlice(state, Infinity);
  }

  /**
   * The check made in slices: undefined when the document moved on (or was closed) before its end;
   * a `ResponseError` (RequestCancelled) when `token` was cancelled.
   */
  async checkInSlices(state: DocumentState, token?: CancellationToken, upTo = Infinity): Promise<Checked | undefined> {
    const version = state.version;
    if (!(await this.checkLargeElsewhere(state, token))) return undefined;
    let done = 0;
    for (;;) {
      if (token?.isCancellationRequested) throw cancelledError();
      const c = this.checkSlice(state, SLICE_MS, token, upTo - done);
      done = c.validation.results.length;
      if (c.validation.complete || done >= upTo) return c;
      if (this.documents.get(state.uri) !== state || state.version !== version) return undefined;
      await yieldToMessages();
    }
  }

  /**
   * The requests too large for a slice (one request is never cut) that are not checked yet, checked
   * by the host's checker while this thread reads its messages; their results join the document's
   * cache, where the slices then find them. False when the document moved on meanwhile; a
   * `ResponseError` (RequestCancelled) when `token` was cancelled. A request the checker could not
   * take is left to the slices.
   */
  private async checkLargeElsewhere(state: DocumentState, token?: CancellationToken): Promise<boolean> {
    const large = this.large;
    if (!large || this.done(state)) return true;
    const version = state.version;
    const moved = (): boolean => this.documents.get(state.uri) !== state || state.version !== version;
    if (!state.parse.blocks.some((b) => large.isLarge(b))) return true;
    // The messages that came with the document first (a hover sent with it): the file context of a
    // large document and the copy of a large request for the worker are tens of milliseconds.
    await yieldToMessages();
    if (moved()) return false;
    if (token?.isCancellationRequested) throw cancelledError();
    const ctx = this.fileContext(state);
    const blocks = state.parse.blocks.filter((b) => large.isLarge(b) && !state.cache.get(b, ctx.signature));
    if (!blocks.length) return true;
    const wanted = (): boolean => !moved() && !token?.isCancellationRequested;
    const checked = Promise.all(blocks.map((block) => large.result(block, ctx, state.cache, wanted)));
    let cancel: { dispose(): void } | undefined;
    const cancelled = new Promise<void>((resolve) => (cancel = token?.onCancellationRequested(() => resolve())));
    await Promise.race([checked, cancelled]);
    cancel?.dispose();
    if (token?.isCancellationRequested) throw cancelledError();
    return !moved();
  }

  /** The document's check when it is done for its current version and environment. */
  done(state: DocumentState): Checked | undefined {
    const c = state.checked;
    // The workspace's generation moves when some file's request names change: readers here may find their producer then.
    const scope = this.scopeOf(state.uri);
    return c && c.version === state.version && c.env === this.inputs.forDocument(state.uri) && c.validation.complete && c.names === scope?.names && c.generation === scope?.names.generation ? c : undefined;
  }

  /**
   * The findings of the requests around `span` (hover, quick fixes): from the document's check when it
   * is done for this version, else from those requests alone, without waiting for the others.
   */
  findingsAround(state: DocumentState, span: Span): Finding[] {
    const c = this.done(state);
    if (c) return allFindings(c.validation, span);
    return this.ls.findingsAround(state.parse, this.fileContext(state), span, state.cache);
  }

  /**
   * Checks the document for `budgetMs` at most (at least one request), or until it moves on or `token`
   * is cancelled; and `most` requests at most (the first page's: none past it). The budget starts
   * once the file context is built: on a large document's first slice the build took it all, and the
   * slice checked nothing (test/lsp/firstSlice.test.ts).
   */
  private checkSlice(state: DocumentState, budgetMs: number, token?: CancellationToken, most = Infinity): Checked {
    const env: Environment = this.inputs.forDocument(state.uri);
    const scope = this.scopeOf(state.uri);
    const c = state.checked;
    // The workspace's generation moves when some file's request names change: readers here may find their producer then.
    if (c && c.version === state.version && c.env === env && c.validation.complete && c.names === scope?.names && c.generation === scope?.names.generation) return c;
    const version = state.version;
    const context = this.fileContext(state);
    const deadline = performance.now() + budgetMs;
    // Asked before each request it checks (validateByBlock): the `most`-th ask is for one past those
    // wanted; the first ask does not look at the clock (one request at least).
    let asked = 0;
    const stop = (): boolean => {
      const n = asked++;
      return n >= most || this.documents.get(state.uri)?.version !== version || !!token?.isCancellationRequested || (n > 0 && performance.now() > deadline);
    };
    const validation = this.ls.validateByBlock(state.parse, env, state.cache, stop, scope, context);
    // An environment read again with the same content (settings refreshed) gives the same result: a
    // pulling client that has it is answered `unchanged`.
    const same = c && c.version === version && c.validation.complete && c.validation.signature === validation.signature;
    state.checked = { version, env, validation, resultId: same ? c.resultId : String(++this.resultIds), names: scope?.names, generation: scope?.names.generation };
    return state.checked;
  }

  private renderer(state: DocumentState): DiagnosticsRenderer {
    let r = this.renderers.get(state);
    if (!r) this.renderers.set(state, (r = new DiagnosticsRenderer(state.uri, this.links)));
    return r;
  }

  /**
   * The document's diagnostics to send now: without its hints while it is being typed in and has
   * many (`quiet`, and a timer that sends them all once typing stops), else all of them.
   */
  private render(state: DocumentState, checked: Checked, holdHints: boolean): { diagnostics: RawJson; count: number; quiet: boolean } {
    if (holdHints && this.holdsHints(state)) {
      let r = this.quietRenderers.get(state);
      if (!r) this.quietRenderers.set(state, (r = new DiagnosticsRenderer(state.uri, this.links, true)));
      const rendered = r.render(state.parse, checked.validation);
      // The count of the last full rendering stays: the document's hints are held until it is rendered in full again.
      this.whenQuiet(state);
      return { ...rendered, quiet: true };
    }
    const rendered = this.renderer(state).render(state.parse, checked.validation);
    this.hintCounts.set(state, rendered.hints);
    return { ...rendered, quiet: false };
  }

  /** Whether the document's hints wait: it has many, and it is being typed in. */
  private holdsHints(state: DocumentState): boolean {
    return this.typedIn(state) && (this.hintCounts.get(state) ?? 0) >= HOLD_HINTS_ABOVE;
  }

  /** Whether the document changed less than QUIET_MS ago. */
  private typedIn(state: DocumentState): boolean {
    return state.changedAt !== undefined && performance.now() - state.changedAt < QUIET_MS;
  }

  /** Once the document has not changed for QUIET_MS: its diagnostics again, hints included (pushed, or the client asked to pull). */
  private whenQuiet(state: DocumentState): void {
    const uri = state.uri;
    clearTimeout(this.quietTimers.get(uri));
    const wait = Math.max(1, QUIET_MS - (performance.now() - (state.changedAt ?? 0)));
    const timer = setTimeout(() => {
      if (this.quietTimers.get(uri) !== timer) return;
      const now = this.documents.get(uri);
      if (!now) return void this.quietTimers.delete(uri);
      // Typed in again since: wait for the new quiet moment (that change's rendering set a new timer, or will).
      if (this.typedIn(now)) return this.whenQuiet(now);
      this.quietTimers.delete(uri);
      if (this.pull) void this.connection.languages.diagnostics.refresh().catch(() => undefined);
      else void this.publish(uri, now, true);
    }, wait);
    timer.unref?.();
    this.quietTimers.set(uri, timer);
  }

  /** A handler's work, with an exception logged (runSafe) except a cancellation, which goes to the client. */
  private async safely<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      return runSafe(this.log, name, undefined, () => {
        throw e;
      });
    }
  }

  /** Whether the document is sent its first page before its whole check: a large document whose whole set was never sent. */
  private sendsFirstPage(state: DocumentState): boolean {
    return !this.sentOnce.has(state) && state.parse.blocks.length > FIRST_PAGE_ABOVE;
  }

  /** The check of the document's first page of requests (or of all of it, when that is done first). */
  private firstPage(state: DocumentState, token?: CancellationToken): Promise<Checked | undefined> {
    return this.checkInSlices(state, token, FIRST_PAGE);
  }

  /** `quiet`: sent once typing stopped (the hints held back). */
  private async publish(uri: string, state: DocumentState, quiet = false): Promise<void> {
    const version = state.version;
    const opening = !this.sentOnce.has(state);
    if (this.sendsFirstPage(state)) {
      this.sentOnce.add(state);
      const first = await this.safely('validate', () => this.firstPage(state));
      if (!first || this.documents.get(uri) !== state || state.version !== version) return;
      if (!first.validation.complete) {
        const page = this.renderer(state).render(state.parse, first.validation);
        // Before the message: bench/lsp.mjs then waits for the whole set that follows.
        if (traceTiming) this.log(`graphreq timing: first page v${version} ${page.count} diagnostics`);
        this.send(uri, state, version, page, true);
        await afterWrites();
      }
    }
    const checked = await this.safely('validate', () => this.checkInSlices(state));
    if (!checked || this.documents.get(uri) !== state || state.version !== version) return;
    this.sentOnce.add(state);
    const rendered = this.render(state, checked, true);
    const sent = this.send(uri, state, version, rendered);
    if (sent && (opening || quiet) && !rendered.quiet) this.idle(state);
  }

  /**
   * The whole set of a document was sent after its open or once typing stopped: the server is idle,
   * and after a large document's it collects its garbage if much is left (idleCollection.ts). After
   * the message is written, and not when the document changed meanwhile.
   */
  private idle(state: DocumentState): void {
    const collection = this.collection;
    if (!collection || state.parse.blocks.length <= COLLECT_ABOVE) return;
    const version = state.version;
    setTimeout(() => {
      if (this.documents.get(state.uri) !== state || state.version !== version || this.typedIn(state)) return;
      const r = collection.idle();
      const mb = (n: number): string => (n / 1048576).toFixed(1);
      if (traceTiming) this.log(`graphreq memory: idle v${version} ${r.collected ? `collected ${mb(r.before - r.after)} MB in ${r.ms.toFixed(1)} ms, ${mb(r.after)} MB in use` : `kept, ${mb(r.before)} MB in use`}`);
    }, 0);
  }

  /** `firstPage`: a part of the document's set, which its whole set always follows (even when it is the same). False when not sent: the client has it. */
  private send(uri: string, state: DocumentState, version: number, { diagnostics, count }: { diagnostics: RawJson; count: number }, firstPage = false): boolean {
    const last = this.lastPushed.get(uri);
    if (!firstPage && last && last.version === version && sameChunks(last.chunks, diagnostics.chunks)) return false;
    if (firstPage) this.lastPushed.delete(uri);
    else this.lastPushed.set(uri, { version, chunks: diagnostics.chunks });
    const ready = performance.now();
    // The RawJson stands for the array: the stream encoder splices its bytes in (rawJson.ts).
    const sent = this.connection.sendDiagnostics({ uri, version, diagnostics: diagnostics as unknown as Diagnostic[] });
    if (traceTiming && state.changedAt !== undefined) {
      const since = state.changedAt;
      void sent.then(() => this.log(`graphreq timing: push v${version} ${count} diagnostics ready ${(ready - since).toFixed(2)} ms written ${(performance.now() - since).toFixed(2)} ms`));
    }
    return true;
  }

  private async report(uri: string, previousResultId: string | undefined, token: CancellationToken): Promise<DocumentDiagnosticReport> {
    const start = performance.now();
    const state = this.documents.get(uri);
    if (!state) return { kind: 'full', items: [] };
    // The whole set after the open, or after typing stopped (the client pulls again when asked): the server is idle after it.
    const idle = !this.sentOnce.has(state) || !!previousResultId?.endsWith(FIRST_PAGE_ONLY) || !!previousResultId?.endsWith(WITHOUT_HINTS);
    // Without refresh, a client would never ask again for the rest: it waits for the whole check.
    if (this.refreshSupport && this.sendsFirstPage(state)) {
      this.sentOnce.add(state);
      const first = await this.firstPage(state, token);
      if (first && !first.validation.complete) return this.firstPageReport(state, first, start);
    }
    const checked = await this.checkInSlices(state, token);
    // The document changed during the check: the client asks again for the new version (LSP 3.17).
    if (!checked) throw new ResponseError(LSPErrorCodes.ServerCancelled, 'The document changed while it was checked.', { retriggerRequest: true });
    if (previousResultId === checked.resultId) return { kind: 'unchanged', resultId: checked.resultId };
    this.sentOnce.add(state);
    if (this.refreshSupport && previousResultId === checked.resultId + WITHOUT_HINTS && this.holdsHints(state)) {
      this.whenQuiet(state);
      return { kind: 'unchanged', resultId: previousResultId };
    }
    // Without refresh, a client would never ask again for the hints held back: it is sent them all.
    const { diagnostics, count, quiet } = this.render(state, checked, this.refreshSupport);
    if (idle && !quiet) this.idle(state);
    if (traceTiming) this.log(`graphreq timing: pull v${state.version} ${count} diagnostics ready ${(performance.now() - start).toFixed(2)} ms`);
    return { kind: 'full', resultId: quiet ? checked.resultId + WITHOUT_HINTS : checked.resultId, items: diagnostics as unknown as Diagnostic[] };
  }

  /** The first page's report, and the rest of the check after it, then a refresh: the client pulls the whole set. */
  private firstPageReport(state: DocumentState, first: Checked, start: number): DocumentDiagnosticReport {
    const { diagnostics, count } = this.renderer(state).render(state.parse, first.validation);
    if (traceTiming) this.log(`graphreq timing: pull v${state.version} ${count} diagnostics ready ${(performance.now() - start).toFixed(2)} ms (first page)`);
    void afterWrites()
      .then(() => this.safely('validate', () => this.checkInSlices(state)))
      .then((c) => {
        if (c && this.documents.get(state.uri) === state) void this.connection.languages.diagnostics.refresh().catch(() => undefined);
      });
    return { kind: 'full', resultId: first.resultId + FIRST_PAGE_ONLY, items: diagnostics as unknown as Diagnostic[] };
  }
}

/**
 * Resolves once the messages sent so far are written (the first page's among them), before the rest
 * of the document is checked: vscode-jsonrpc's writer writes a message on a later turn of the event
 * loop (its write lock runs on setImmediate), and the reply to a pull is handed to it only once the
 * handler's promise resolves. Two turns; before, the next slice of the check (25 ms) ran first.
 */
async function afterWrites(): Promise<void> {
  await yieldToMessages();
  await yieldToMessages();
}

/** Whether two renderings hold the same bytes (pages the renderer kept are the same arrays: compared by identity first). */
function sameChunks(a: readonly Uint8Array[], b: readonly Uint8Array[]): boolean {
  const total = (cs: readonly Uint8Array[]): number => cs.reduce((n, c) => n + c.length, 0);
  if (a.length === b.length && a.every((c, i) => c === b[i])) return true;
  if (total(a) !== total(b)) return false;
  const join = (cs: readonly Uint8Array[]): Uint8Array => {
    const out = new Uint8Array(total(cs));
    let at = 0;
    for (const c of cs) out.set(c, (at += c.length) - c.length);
    return out;
  };
  const x = join(a);
  const y = join(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
