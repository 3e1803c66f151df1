/**
 * The façade of the core, shaped like vscode-json-languageservice's: parse once, then hand the parse to
 * every feature. Offsets in, offsets out; the host (LSP server, CLI, tests) converts to positions.
 */
import { buildFileContext, fileContextAfterEdit, type FileContext } from './analysis/fileContext';
import type { WorkspaceScope } from './analysis/workspaceNames';
import { getCompletions as blockCompletions, type CompletionItem } from './features/completion';
import { getHover as blockHover, type Hover } from './features/hover';
import { fixAllEdits } from './features/fixAll';
import { copyFinding } from './features/deferredFixes';
import { getCodeLenses, getDocumentSymbols, getFoldingRanges, getSemanticTokens, type CodeLens, type DocumentSymbol, type FoldingRange, type SemanticToken } from './features/structure';
import { findingsAround, validateByBlock, validateDocument, ValidationCache, type DocumentValidation } from './features/validation';
import { getDefinition, getHighlights, getReferences, type NavigationContext, type Place } from './features/navigation';
import { getRenameEdits, prepareRename, type PrepareRenameResult, type RenameResult } from './features/rename';
import { formatDocument, type FormatOptions } from './features/format';
import { getInlayHints, type InlayHint, type InlayHintSettings } from './features/inlayHints';
import { getWorkspaceSymbols, type WorkspaceSymbol } from './features/workspaceSymbols';
import { getDocumentLinks, type DocumentLink } from './features/links';
import { getSelectionRanges } from './features/selection';
import { getApiModel, type ApiModel } from './model/apiModel';
import type { GraphreqDocument } from './syntax/ast';
import { blockAt, parseDocument, updateDocument } from './syntax/parseDocument';
import type { Environment, Finding, Fix, Span, TextEdit } from './types';

export interface LanguageService {
  parse(text: string, previous?: GraphreqDocument): GraphreqDocument;
  /** Applies one change (old-text offsets) to a parse, re-parsing only the blocks around it. */
  update(doc: GraphreqDocument, start: number, oldEnd: number, inserted: string): GraphreqDocument;
  /**
   * What the file declares; with `workspace`, also the requests that the workspace's other files name.
   * `previous`: the context of an earlier parse of the file in the same environment and generation of
   * the workspace's names, reused when the edit changed no name (`fileContextAfterEdit`).
   */
  fileContext(doc: GraphreqDocument, env: Environment, workspace?: WorkspaceScope, previous?: { doc: GraphreqDocument; ctx: FileContext }): FileContext;
  validate(doc: GraphreqDocument, env: Environment, cache?: ValidationCache, isCancelled?: () => boolean, workspace?: WorkspaceScope): Finding[];
  /** The same check, with the findings kept per block (block-relative): see `DocumentValidation`. */
  validateByBlock(doc: GraphreqDocument, env: Environment, cache?: ValidationCache, isCancelled?: () => boolean, workspace?: WorkspaceScope, file?: FileContext): DocumentValidation;
  /** The findings of the requests that overlap `span` only (without URL-READ-RATE): see `findingsAround`. */
  findingsAround(doc: GraphreqDocument, file: FileContext, span: Span, cache?: ValidationCache): Finding[];
  getCompletions(doc: GraphreqDocument, offset: number, file: FileContext): CompletionItem[];
  getHover(doc: GraphreqDocument, offset: number, file: FileContext, findings?: Finding[]): Hover | undefined;
  /** Quick fixes of the findings that touch `span`. */
  getFixes(findings: Finding[], span: Span): Array<{ finding: Finding; fix: Fix }>;
  /** One combined fix applying every fix marked safe for "fix all" (overlapping edits are skipped). */
  getFixAll(findings: Finding[]): Fix | undefined;
  getDocumentSymbols(doc: GraphreqDocument): DocumentSymbol[];
  getFoldingRanges(doc: GraphreqDocument): FoldingRange[];
  getCodeLenses(doc: GraphreqDocument, file: FileContext): CodeLens[];
  getSemanticTokens(doc: GraphreqDocument, range?: Span): SemanticToken[];
  /** Where the name at `offset` is defined (in the document or in graphreq.env.json). */
  getDefinition(ctx: NavigationContext, offset: number): { origin: Span; targets: Place[] } | undefined;
  getReferences(ctx: NavigationContext, offset: number, includeDeclaration: boolean): Place[];
  getHighlights(ctx: NavigationContext, offset: number): Array<{ span: Span; kind: 'read' | 'write' }>;
  prepareRename(ctx: NavigationContext, offset: number): PrepareRenameResult;
  getRenameEdits(ctx: NavigationContext, offset: number, newName: string): RenameResult;
  /** Edits that format the document, or the requests that `range` touches (layout only: what is sent stays the same). */
  format(doc: GraphreqDocument, options?: FormatOptions, range?: Span): TextEdit[];
  /** Inlay hints of the requests in `range`: variables' values, amounts in currency units, dates, ranges. */
  getInlayHints(doc: GraphreqDocument, file: FileContext, range: Span, settings?: InlayHintSettings): InlayHint[];
  /** The requests of one file that match a workspace-symbol query (by title or name). */
  getWorkspaceSymbols(doc: GraphreqDocument, query: string): readonly WorkspaceSymbol[];
  /** URLs of `id=`/`ids=` and rule IDs in comments. */
  getDocumentLinks(doc: GraphreqDocument, range?: Span): DocumentLink[];
  /** For each offset, the spans around it, innermost first. */
  getSelectionRanges(doc: GraphreqDocument, offsets: number[]): Span[][];
  readonly model: ApiModel;
}

export function createLanguageService(options: { model?: ApiModel } = {}): LanguageService {
  const model = options.model ?? getApiModel();
  return {
    model,
    parse: (text, previous) => parseDocument(text, previous),
    update: updateDocument,
    fileContext: (doc, env, workspace, previous) => (previous ? fileContextAfterEdit(previous, doc, env, workspace) : buildFileContext(doc, env, workspace)),
    validate: (doc, env, cache, isCancelled, workspace) => validateDocument(doc, { env, model, cache, isCancelled, workspace }),
    validateByBlock: (doc, env, cache, isCancelled, workspace, file) => validateByBlock(doc, file ?? buildFileContext(doc, env, workspace), { env, model, cache, isCancelled }),
    findingsAround: (doc, file, span, cache) => findingsAround(doc, file, { env: file.env, model, cache }, span),
    getCompletions(doc, offset, file) {
      const block = blockAt(doc, offset);
      if (!block) return [];
      return blockCompletions(block, offset - block.offset, { model, file, doc }).map((i) => ({ ...i, replace: { start: i.replace.start + block.offset, end: i.replace.end + block.offset } }));
    },
    getHover(doc, offset, file, findings) {
      const block = blockAt(doc, offset);
      if (!block) return undefined;
      const end = block.offset + block.text.length;
      // Copied without reading their fixes: a hover shows none, and a finding's fixes deferred are
      // computed when read (a body of megabytes checked again, issue 20).
      const local = findings?.filter((f) => f.span.start >= block.offset && f.span.end <= end).map((f) => copyFinding(f, { span: { start: f.span.start - block.offset, end: f.span.end - block.offset } }, (x) => ({ ...x, edits: x.edits.map((e) => ({ ...e, span: { start: e.span.start - block.offset, end: e.span.end - block.offset } })) })));
      const h = blockHover(block, offset - block.offset, { model, file, findings: local });
      return h && { contents: h.contents, span: { start: h.span.start + block.offset, end: h.span.end + block.offset } };
    },
    getFixes(findings, span) {
      const out: Array<{ finding: Finding; fix: Fix }> = [];
      for (const f of findings) {
        if (f.span.end < span.start || f.span.start > span.end) continue;
        for (const fix of f.fixes ?? []) out.push({ finding: f, fix });
      }
      return out;
    },
    getFixAll(findings) {
      const edits = fixAllEdits(findings);
      return edits.length ? { title: 'Fix all safe problems in the file', edits } : undefined;
    },
    getDocumentSymbols,
    getFoldingRanges,
    getCodeLenses: (doc, file) => getCodeLenses(doc, file, model),
    getSemanticTokens,
    getDefinition,
    getReferences,
    getHighlights,
    prepareRename,
    getRenameEdits,
    format: formatDocument,
    getInlayHints: (doc, file, range, settings) => getInlayHints(doc, file, model, range, settings),
    getWorkspaceSymbols,
    getDocumentLinks: (doc, range) => getDocumentLinks(doc, model, range),
    getSelectionRanges,
  };
}

export { ValidationCache };
export type { CompletionItem, Hover, CodeLens, DocumentSymbol, FoldingRange, SemanticToken };
