/**
 * Definition, references, document highlight and rename over LSP: each handler finds the document,
 * reads the graphreq.env.json it is checked with (navigation goes there, rename edits it), asks the
 * core and converts offsets to positions. An environment variable's rename also edits every other
 * request file of the workspace that reads it from the same graphreq.env.json.
 */
import { DocumentHighlightKind, ResponseError, ErrorCodes, SymbolKind, type SymbolInformation, type Connection, type Location, type LocationLink, type Range, type TextEdit as LspTextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { envVariableUses, lineStartsOf, offsetAt, readEnvFileNames, renameEnvVariableIn, type EnvFileNames, type FileContext, type LanguageService, type NavigationContext, type Place, type Span, type TextEdit, type WorkspaceSymbol } from '../core';
import { toRange } from './convert';
import type { DocumentState, DocumentStore } from './documentStore';
import { runSafe, SLICE_MS, throwIfCancelled, yieldToMessages } from './runSafe';
import type { ServerHost } from './host';
import type { WorkspaceEnvironment } from './workspaceEnvironment';
import type { WorkspaceFiles } from './workspaceFiles';

export interface FeatureDeps {
  connection: Connection;
  ls: LanguageService;
  documents: DocumentStore;
  environment: WorkspaceEnvironment;
  workspaceFiles: WorkspaceFiles;
  log: (message: string) => void;
  host: ServerHost;
  /** The file context of a document (cached per version by the server). */
  fileContext?: (s: DocumentState) => FileContext;
}

/** Workspace symbols are cut there: the editor shows a few dozen, and a query narrows them. */
const MAX_SYMBOLS = 1000;

/** graphreq.env.json as navigation needs it: where it is, its names, and its line starts. */
interface EnvFile {
  path: string;
  uri: string;
  names: EnvFileNames;
  lineStarts: number[];
}

/** What the client declared that navigation's answers depend on (initialize). */
export interface NavigationClient {
  /** Definition answers with LocationLinks (`textDocument.definition.linkSupport`). */
  linkSupport(): boolean;
  /** A rename answers with versioned `documentChanges` (`workspace.workspaceEdit.documentChanges`). */
  documentChanges(): boolean;
}

export function registerNavigation(d: FeatureDeps, client: NavigationClient): void {
  const { connection, ls, documents, environment, log } = d;

  const envFileOf = (uri: string): EnvFile | undefined => {
    const file = environment.envFileOf(uri);
    if (!file) return undefined;
    try {
      const text = environment.files.readText(file);
      return { path: file, uri: environment.files.uriOf(file), names: readEnvFileNames(text), lineStarts: lineStartsOf(text) };
    } catch {
      return undefined;
    }
  };
  const contextOf = (s: DocumentState): { ctx: NavigationContext; envFile?: EnvFile } => {
    const envFile = envFileOf(s.uri);
    return { ctx: { doc: s.parse, env: environment.forDocument(s.uri), envFile: envFile?.names, workspace: d.workspaceFiles.scopeOf(s.uri) }, envFile };
  };
  /** A file of the workspace by its URI: as the editor has it when open, else as the index read it. */
  const fileDoc = (s: DocumentState, uri: string): { uri: string; parse: DocumentState['parse'] } | undefined => {
    const parse = documents.get(uri)?.parse ?? d.workspaceFiles.namesOf(s.uri).doc(uri);
    return parse && { uri, parse };
  };
  const rangeIn = (s: DocumentState, envFile: EnvFile | undefined, place: Place): { uri: string; range: Range } | undefined => {
    if (place.in === 'document') return { uri: s.uri, range: toRange(s, place.span) };
    if (place.in === 'file') {
      const other = fileDoc(s, place.file);
      return other ? { uri: place.file, range: toRange(other, place.span) } : undefined;
    }
    return envFile ? { uri: envFile.uri, range: textRange(envFile.lineStarts, place.span) } : undefined;
  };
  const withDoc = <T>(uri: string, fallback: T, name: string, fn: (s: DocumentState) => T): T => {
    const state = documents.get(uri);
    return state ? runSafe(log, name, fallback, () => fn(state)) : fallback;
  };

  // Definition, references, rename and workspace symbols need the whole workspace's names: they
  // wait for it to be read (workspaceFiles.ts, `whenRead`), which reads in slices between messages.
  connection.onDefinition(async (p, token) => {
    await d.workspaceFiles.whenRead(token);
    return withDoc(p.textDocument.uri, null as Location[] | LocationLink[] | null, 'definition', (s) => {
      const { ctx, envFile } = contextOf(s);
      const found = ls.getDefinition(ctx, offsetAt(s.parse, p.position));
      if (!found) return null;
      const targets = found.targets.map((t) => rangeIn(s, envFile, t)).filter((t): t is { uri: string; range: Range } => !!t);
      if (!client.linkSupport()) return targets.map((t) => ({ uri: t.uri, range: t.range }));
      const origin = toRange(s, found.origin);
      return targets.map((t) => ({ originSelectionRange: origin, targetUri: t.uri, targetRange: t.range, targetSelectionRange: t.range }));
    });
  });

  connection.onReferences(async (p, token) => {
    throwIfCancelled(token);
    await d.workspaceFiles.whenRead(token);
    const found = withDoc(p.textDocument.uri, undefined, 'references', (s) => {
      const { ctx, envFile } = contextOf(s);
      const offset = offsetAt(s.parse, p.position);
      const places = ls.getReferences(ctx, offset, p.context.includeDeclaration);
      const out = places.map((t) => rangeIn(s, envFile, t)).filter((t): t is Location => !!t);
      // An environment variable is read by the other request files that share the environment file.
      const name = ls.prepareRename(ctx, offset);
      const others = name.ok && name.kind === 'envVariable' && envFile ? otherFilesOf(s.uri, envFile.path) : [];
      return { out, others, name: name.ok ? name.name : '' };
    });
    if (!found) return [];
    // The workspace's files are read in slices, the client's `$/cancelRequest` heard between them.
    let deadline = performance.now() + SLICE_MS;
    for (const other of found.others) {
      if (performance.now() > deadline) {
        await yieldToMessages();
        throwIfCancelled(token);
        deadline = performance.now() + SLICE_MS;
      }
      runSafe(log, 'references', undefined, () => {
        for (const span of envVariableUses(other.parse, found.name)) found.out.push({ uri: other.uri, range: toRange(other, span) });
      });
    }
    return found.out;
  });

  connection.onDocumentHighlight((p) =>
    withDoc(p.textDocument.uri, [], 'documentHighlight', (s) => {
      const { ctx } = contextOf(s);
      return ls.getHighlights(ctx, offsetAt(s.parse, p.position)).map((h) => ({ range: toRange(s, h.span), kind: h.kind === 'write' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
    }),
  );

  connection.onPrepareRename(async (p, token) => {
    await d.workspaceFiles.whenRead(token);
    return withDoc(p.textDocument.uri, null as { range: Range; placeholder: string } | ResponseError<void> | null, 'prepareRename', (s) => {
      const { ctx } = contextOf(s);
      const r = ls.prepareRename(ctx, offsetAt(s.parse, p.position));
      if (!r.ok) return new ResponseError<void>(ErrorCodes.InvalidRequest, r.message);
      return { range: toRange(s, r.span), placeholder: r.name };
    });
  });

  connection.onRenameRequest(async (p, token) => {
    await d.workspaceFiles.whenRead(token);
    return withDoc(p.textDocument.uri, null as WorkspaceEdit | ResponseError<void> | null, 'rename', (s) => {
      const { ctx, envFile } = contextOf(s);
      const r = ls.getRenameEdits(ctx, offsetAt(s.parse, p.position), p.newName);
      if (!r.ok) return new ResponseError<void>(ErrorCodes.InvalidRequest, r.message);
      const changes: Record<string, LspTextEdit[]> = {};
      const add = (uri: string, edits: LspTextEdit[]): void => {
        if (edits.length) changes[uri] = [...(changes[uri] ?? []), ...edits];
      };
      add(s.uri, r.document.map((e) => ({ range: toRange(s, e.span), newText: e.newText })));
      if (envFile) add(envFile.uri, r.envFile.map((e: TextEdit) => ({ range: textRange(envFile.lineStarts, e.span), newText: e.newText })));
      // A named request's readers in other files of the workspace.
      for (const f of r.files) {
        const other = fileDoc(s, f.file);
        if (other) add(f.file, f.edits.map((e) => ({ range: toRange(other, e.span), newText: e.newText })));
      }
      if (r.kind === 'envVariable' && envFile) {
        for (const other of otherFilesOf(s.uri, envFile.path)) {
          const inOther = renameEnvVariableIn(other.parse, r.oldName, p.newName.trim());
          if (inOther.clash) return new ResponseError<void>(ErrorCodes.InvalidRequest, `${other.uri.split('/').pop()}: ${inOther.clash}`);
          add(other.uri, inOther.edits.map((e) => ({ range: toRange(other, e.span), newText: e.newText })));
        }
      }
      return workspaceEdit(changes, client.documentChanges());
    });
  });

  const converted = new WeakMap<WorkspaceSymbol, SymbolInformation>();
  connection.onWorkspaceSymbol(async (p, token) => {
    await d.workspaceFiles.whenRead(token);
    return runSafe(log, 'workspaceSymbol', [] as SymbolInformation[], () => {
      const out: SymbolInformation[] = [];
      for (const f of d.workspaceFiles.files()) {
        for (const sym of ls.getWorkspaceSymbols(f.parse, p.query)) {
          // Converted once per symbol of a parse (the core's objects live as long as the parse).
          let info = converted.get(sym);
          if (!info || info.location.uri !== f.uri) {
            const container = f.uri.split('/').pop();
            info = { name: sym.name, kind: SymbolKind.Function, location: { uri: f.uri, range: toRange(f, sym.span) }, containerName: sym.detail ? `${container} · ${sym.detail}` : container };
            converted.set(sym, info);
          }
          out.push(info);
          if (out.length >= MAX_SYMBOLS) return out;
        }
      }
      return out;
    });
  });

  /**
   * The rename's edits as the client applies them: with `documentChanges`, each file's edits carry the
   * version of the document the server has open (a client refuses them if its buffer moved on since:
   * the ranges were computed on that version), and null for a file read from disk (graphreq.env.json,
   * a request file not open).
   */
  function workspaceEdit(changes: Record<string, LspTextEdit[]>, versioned: boolean): WorkspaceEdit {
    if (!versioned) return { changes };
    return { documentChanges: Object.entries(changes).map(([uri, edits]) => ({ textDocument: { uri, version: documents.get(uri)?.version ?? null }, edits })) };
  }

  /** The other request files of the workspace that are checked with the same graphreq.env.json. */
  function otherFilesOf(uri: string, envPath: string): Array<{ uri: string; parse: DocumentState['parse'] }> {
    return [...d.workspaceFiles.files()].filter((f) => f.uri !== uri && environment.envFileOf(f.uri) === envPath);
  }
}

/** Offsets of a text that is not a document of the server (graphreq.env.json) to a range. */
function textRange(lineStarts: number[], span: Span): Range {
  const at = (offset: number): { line: number; character: number } => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - lineStarts[lo] };
  };
  return { start: at(span.start), end: at(span.end) };
}
