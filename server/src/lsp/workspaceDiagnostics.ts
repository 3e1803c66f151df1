/**
 * `workspace/diagnostic` for the files of the workspace the editor has not opened (issue 22): a
 * client that pulls the workspace's diagnostics gets every request file's findings, opened or not,
 * as `graphreq check` of the folder would report them.
 *
 * Each unopened file is checked at most once per parse (the index reads a file again only when its
 * modification time or size changed), environment and generation of the workspace's names; its
 * result id names that check, so a pull that gives the id the client has is answered `unchanged`
 * for that file without checking or sending anything. A check of the same parse whose file context is the
 * same again (another file's request names moved, none this file reads) keeps its id. Files are
 * checked in slices of SLICE_MS between which the server reads its messages, and a cancelled pull
 * stops between them; a file that left the workspace is reported once more, empty, so the client
 * drops its findings.
 */
import type { CancellationToken, Diagnostic, WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver';
import { ValidationCache, type DocumentValidation, type Environment, type GraphreqDocument, type LanguageService, type WorkspaceNames } from '../core';
import { DiagnosticsRenderer } from './diagnosticsRender';
import type { DiagnosticExtras } from './convert';
import { SLICE_MS, throwIfCancelled, yieldToMessages } from './runSafe';
import type { WorkspaceFiles } from './workspaceFiles';

interface FileCheck {
  parse: GraphreqDocument;
  env: Environment;
  names: WorkspaceNames;
  generation: number;
  validation: DocumentValidation;
  resultId: string;
  cache: ValidationCache;
}

export class WorkspaceDiagnostics {
  private readonly checks = new Map<string, FileCheck>();
  private resultIds = 0;

  constructor(
    private readonly ls: LanguageService,
    private readonly files: WorkspaceFiles,
    /** The environment a file is read in (the same as an opened document's). */
    private readonly envOf: (uri: string) => Environment,
    /** Whether the file is open in the editor (its diagnostics come from the document then). */
    private readonly isOpen: (uri: string) => boolean,
    /** What each diagnostic carries besides its range, severity, code and message (convert.ts). */
    private readonly links: () => DiagnosticExtras,
  ) {}

  /** The reports of the unopened files: `unchanged` where `previous` (uri → result id) is current. */
  async reports(previous: Map<string, string>, token: CancellationToken): Promise<WorkspaceDocumentDiagnosticReport[]> {
    await this.files.whenRead(token);
    const out: WorkspaceDocumentDiagnosticReport[] = [];
    const seen = new Set<string>();
    let deadline = performance.now() + SLICE_MS;
    // The environment of a folder's files, looked up once a pull (its `.env` is looked for on disk).
    const envs = new Map<string, Environment>();
    const envOf = (uri: string): Environment => {
      const folder = uri.slice(0, uri.lastIndexOf('/'));
      let env = envs.get(folder);
      if (!env) envs.set(folder, (env = this.envOf(uri)));
      return env;
    };
    for (const f of [...this.files.files()]) {
      if (this.isOpen(f.uri)) continue;
      seen.add(f.uri);
      const checked = await this.check(f.uri, f.parse, envOf(f.uri), token, deadline);
      if (performance.now() > deadline) {
        await yieldToMessages();
        throwIfCancelled(token);
        deadline = performance.now() + SLICE_MS;
      }
      if (!checked) continue;
      if (previous.get(f.uri) === checked.resultId) {
        out.push({ uri: f.uri, version: null, kind: 'unchanged', resultId: checked.resultId });
        continue;
      }
      const { diagnostics } = new DiagnosticsRenderer(f.uri, this.links()).render(checked.parse, checked.validation);
      // The RawJson stands for the array: the stream encoder splices its bytes in (rawJson.ts).
      out.push({ uri: f.uri, version: null, kind: 'full', resultId: checked.resultId, items: diagnostics as unknown as Diagnostic[] });
    }
    // Files gone from the workspace (deleted, or opened meanwhile are left to the document): forgotten, and cleared in the client.
    for (const uri of [...this.checks.keys()]) {
      if (seen.has(uri)) continue;
      this.checks.delete(uri);
      if (previous.has(uri) && !this.isOpen(uri)) out.push({ uri, version: null, kind: 'full', items: [] });
    }
    return out;
  }

  /** The file's check for its parse, environment and the workspace's names, made now if there is none (undefined: the file moved on meanwhile). */
  private async check(uri: string, parse: GraphreqDocument, env: Environment, token: CancellationToken, deadline: number): Promise<FileCheck | undefined> {
    const scope = this.files.scopeOf(uri);
    const last = this.checks.get(uri);
    if (last && last.parse === parse && last.env === env && last.names === scope.names && last.generation === scope.names.generation) return last;
    const cache = last?.parse === parse ? last.cache : new ValidationCache();
    for (let sliceEnd = deadline; ; sliceEnd = performance.now() + SLICE_MS) {
      const generation = scope.names.generation;
      const end = sliceEnd;
      const validation = this.ls.validateByBlock(parse, env, cache, () => performance.now() > end, scope);
      if (validation.complete) {
        // The same findings as the client has: the same id, so it is answered `unchanged`.
        const same = last && last.parse === parse && last.validation.signature === validation.signature;
        const c: FileCheck = { parse, env, names: scope.names, generation, validation, resultId: same ? last.resultId : `w${++this.resultIds}`, cache };
        this.checks.set(uri, c);
        return c;
      }
      // One slice done: the server reads its messages, then the check resumes where it stopped (ValidationCache.last).
      await yieldToMessages();
      throwIfCancelled(token);
      if (this.files.namesOf(uri).doc(uri) !== parse) return undefined;
    }
  }
}
