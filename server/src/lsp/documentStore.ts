/**
 * Open documents: the text (as vscode-languageserver-textdocument keeps it, with incremental
 * updates) and its graphreq parse, updated block by block from each change's range. One parse per
 * version; every feature reads it from here.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { ValidationCache, type Finding, type GraphreqDocument, type LanguageService } from '../core';

export interface DocumentState {
  text: TextDocument;
  parse: GraphreqDocument;
  cache: ValidationCache;
  /** Findings of the last completed validation, and the version they belong to. */
  findings: Finding[];
  findingsVersion: number;
}

export class DocumentStore {
  private readonly docs = new Map<string, DocumentState>();
  constructor(private readonly ls: LanguageService) {}

  open(uri: string, languageId: string, version: number, text: string): DocumentState {
    const state: DocumentState = { text: TextDocument.create(uri, languageId, version, text), parse: this.ls.parse(text), cache: new ValidationCache(), findings: [], findingsVersion: -1 };
    this.docs.set(uri, state);
    return state;
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): DocumentState | undefined {
    const state = this.docs.get(uri);
    if (!state) return undefined;
    for (const change of changes) {
      if ('range' in change) {
        const start = state.text.offsetAt(change.range.start);
        const end = state.text.offsetAt(change.range.end);
        state.text = TextDocument.update(state.text, [change], version);
        state.parse = this.ls.update(state.parse, state.text.getText(), start, end, change.text.length);
      } else {
        state.text = TextDocument.update(state.text, [change], version);
        state.parse = this.ls.parse(change.text, state.parse);
      }
    }
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
