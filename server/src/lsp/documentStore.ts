/**
 * Open documents. A document is kept as its graphreq parse only: the blocks' texts, with line starts
 * per block (core/syntax/positions.ts). A change is applied to the few blocks it touches; the whole
 * text is never rebuilt per keystroke, which keeps edits fast and memory flat on files of 10,000
 * requests. One parse per version; every feature reads it from here.
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { documentText, offsetAt, ValidationCache, type DocumentValidation, type Environment, type GraphreqDocument, type LanguageService, type WorkspaceNames } from '../core';

export interface DocumentState {
  uri: string;
  languageId: string;
  version: number;
  parse: GraphreqDocument;
  cache: ValidationCache;
  /**
   * The last check (lsp/diagnostics.ts, `ensureChecked`): findings per block, for the version and
   * environment it was made for; `resultId` names it to pulling clients.
   */
  checked?: { version: number; env: Environment; validation: DocumentValidation; resultId: string; names?: WorkspaceNames; generation?: number };
  /** When the last change arrived (performance.now()), for GRAPHREQ_TRACE_TIMING. */
  changedAt?: number;
  /** The whole text, joined from the blocks (for sending; not for every keystroke). */
  getText(): string;
}

export class DocumentStore {
  private readonly docs = new Map<string, DocumentState>();
  constructor(private readonly ls: LanguageService) {}

  open(uri: string, languageId: string, version: number, text: string): DocumentState {
    const state: DocumentState = {
      uri,
      languageId,
      version,
      parse: this.ls.parse(text),
      cache: new ValidationCache(),
      getText() {
        return documentText(this.parse);
      },
    };
    this.docs.set(uri, state);
    return state;
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): DocumentState | undefined {
    const state = this.docs.get(uri);
    if (!state) return undefined;
    for (const change of changes) {
      if ('range' in change) {
        const start = offsetAt(state.parse, change.range.start);
        const end = Math.max(start, offsetAt(state.parse, change.range.end));
        state.parse = this.ls.update(state.parse, start, end, change.text);
      } else {
        state.parse = this.ls.parse(change.text, state.parse);
      }
    }
    state.version = version;
    state.changedAt = performance.now();
    return state;
  }

  close(uri: string): void {
    this.docs.delete(uri);
  }

  get(uri: string): DocumentState | undefined {
    return this.docs.get(uri);
  }

  all(): IterableIterator<[string, DocumentState]> {
    return this.docs.entries();
  }
}
