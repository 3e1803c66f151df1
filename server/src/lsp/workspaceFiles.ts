/**
 * Every .graphreq file of the workspace, opened or not, in the core's index of names
 * (core/analysis/workspaceNames.ts), one index per workspace folder (the workspace of sends,
 * docs/sending.md). Open documents are taken as the editor has them; the others are read through
 * the host's reader (the disk: diskWorkspace.ts; the client, on the web: web/clientFiles.ts)
 * in the background after `initialize`, a slice at a time, so the opened file is answered first; then
 * they are kept current by `workspace/didChangeWatchedFiles` and, for clients that do not watch, by
 * the host's watch of the folders (`watchDisk`) and by looking at the files' modification times
 * again on each save. The walk is the CLI's
 * (files/workspaceWalk.ts: bounded, no symbolic link followed, `node_modules` and hidden folders
 * skipped); a folder whose walk stops at a limit is told once, in one line.
 */
import { WorkspaceNames, type GraphreqDocument, type LanguageService, type WorkspaceScope } from '../core';
import type { DocumentStore } from './documentStore';
import { nextTurn, SLICE_MS, throwIfCancelled, yieldToMessages } from './runSafe';
import type { FolderWatch, WorkspaceReader } from './workspaceReader';
/** Files read from disk per turn of the event loop while the workspace is read: requests wait at most one slice. */
const SLICE = 25;

export interface WorkspaceFile {
  uri: string;
  parse: GraphreqDocument;
}

interface Folder {
  names: WorkspaceNames;
  /** The stamp of each file read from disk, by URI. */
  disk: Map<string, { mtimeMs: number; size: number }>;
}

export class WorkspaceFiles {
  private readonly byFolder = new Map<string, Folder>();
  /** Open documents changed since the index last took them. */
  private readonly dirty = new Set<string>();
  /** Files still to read from disk (the first walk, or a rescan after a save). */
  private queue: string[] = [];
  private reading = false;
  private generations = 0;
  private started = false;

  constructor(
    private readonly ls: LanguageService,
    private readonly documents: DocumentStore,
    private readonly reader: WorkspaceReader,
    private readonly folders: () => readonly string[],
    /** The folder of a document: its workspace folder, else its own folder. */
    private readonly folderOf: (uri: string) => string | undefined,
    private readonly schedule: (fn: () => void) => void = nextTurn,
    /** Called (after the batch) when the requests some file names changed: open files are checked again. */
    private readonly onNamesChanged: () => void = () => undefined,
    /** Told once per folder when its walk stops at a limit (files/workspaceWalk.ts), in one line. */
    private readonly note: (line: string) => void = () => undefined,
  ) {}

  /** The folders whose walk stopped at a limit, told once each. */
  private readonly told = new Set<string>();
  /** The host's watch of the folders, for a client that reports no file changes (`watchDisk`). */
  private folderWatch: FolderWatch | undefined;
  /** The folders the last walk listed (watched by `folderWatch`). */
  private listed: string[] | undefined;

  /** Starts reading the workspace folders in the background. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const folder of this.folders()) this.folder(folder).names.complete = false;
    this.rescan();
  }

  /** An open document changed (or was opened): the index takes its text when next asked. */
  changed(uri: string): void {
    if (isRequestFile(uri, this.documents)) this.dirty.add(uri);
  }

  /** A document was closed: the file on disk counts again (or nothing, when it is not in a folder). */
  closed(uri: string): void {
    this.dirty.delete(uri);
    const f = this.byFolder.get(this.folderOf(uri) ?? '');
    if (!f) return;
    f.disk.delete(uri);
    if (this.reader.inFolders(uri, this.folders())) this.readFile(uri);
    else f.names.delete(uri);
    this.afterChange();
  }

  /** `workspace/didChangeWatchedFiles`: files created, changed or deleted outside the editor. */
  watched(changes: Array<{ uri: string; deleted: boolean }>): void {
    for (const c of changes) {
      if (!c.uri.endsWith('.graphreq') || this.documents.get(c.uri)) continue;
      const f = this.byFolder.get(this.folderOf(c.uri) ?? '');
      if (c.deleted) {
        f?.names.delete(c.uri);
        f?.disk.delete(c.uri);
      } else if (this.reader.inFolders(c.uri, this.folders())) this.readFile(c.uri);
    }
    this.afterChange();
  }

  /**
   * The workspace folders changed (`workspace/didChangeWorkspaceFolders`): the index of a folder
   * removed is dropped, each file stays only in the index of the folder that holds it now (a folder
   * added inside another takes its files), the open documents are regrouped, and the folders added
   * are read in the background; their names are complete once read.
   */
  foldersChanged(): void {
    const folders = new Set(this.folders());
    for (const [key, f] of [...this.byFolder]) {
      if (!folders.has(key)) {
        this.byFolder.delete(key);
        continue;
      }
      for (const uri of [...f.names.fileIds()]) {
        if ((this.folderOf(uri) ?? '') === key) continue;
        f.names.delete(uri);
        f.disk.delete(uri);
      }
    }
    for (const [uri] of this.documents.all()) this.changed(uri);
    for (const folder of folders) if (!this.byFolder.has(folder)) this.folder(folder).names.complete = false;
    // Regrouped: the sum of generations may fall back to an earlier value, so the open files are checked again here.
    this.generations = -1;
    if (this.started) this.rescan();
    else this.afterChange();
  }

  /**
   * For a client that reports no file changes (no `workspace/didChangeWatchedFiles`: Neovim 0.7):
   * the host watches the folders the walk listed, when it can (the desktop: diskWatch.ts), and the
   * files it reports are read again as if the client had, so the open files' diagnostics follow a
   * `# @name` edited, or a file created or deleted, on disk.
   */
  watchDisk(): void {
    if (this.folderWatch || !this.reader.watch) return;
    this.folderWatch = this.reader.watch({
      changed: (uris) => this.watched(uris.map((uri) => ({ uri, deleted: this.reader.stamp(uri) === undefined }))),
      rescan: () => this.rescan(),
    });
    if (this.listed) this.folderWatch.watch(this.listed);
  }

  /** Stops watching the folders (shutdown). */
  dispose(): void {
    this.folderWatch?.close();
    this.folderWatch = undefined;
  }

  /** A document was saved: clients that do not watch files get the other files' changes now. */
  saved(): void {
    if (this.started) this.rescan();
  }

  /** Where a document sits: its folder's index (current), and its id there. */
  scopeOf(uri: string): WorkspaceScope {
    this.sync();
    return { names: this.folder(this.folderOf(uri) ?? '').names, file: uri };
  }

  /** The index of the folder of `uri`, current. */
  namesOf(uri: string): WorkspaceNames {
    return this.scopeOf(uri).names;
  }

  /**
   * The files of the workspace folders (and every open .graphreq document), each once, as read so
   * far: callers that need all of them await `whenRead` first.
   */
  *files(): IterableIterator<WorkspaceFile> {
    this.sync();
    for (const f of this.byFolder.values()) for (const uri of f.names.fileIds()) yield { uri, parse: f.names.doc(uri)! };
  }

  /**
   * Resolves when the whole workspace is read: references, rename and workspace symbols need every
   * file (a rename that missed a file not read yet would break its readers). What is left is read
   * here in slices of SLICE_MS with the server's messages read between them, so the opened file's
   * diagnostics, hovers and completions, and a `$/cancelRequest`, are answered meanwhile; nothing is
   * read twice (the background reading takes from the same queue).
   */
  async whenRead(token?: { isCancellationRequested: boolean }): Promise<void> {
    if (!this.started) this.start();
    while (this.queue.length) {
      const deadline = performance.now() + SLICE_MS;
      while (this.queue.length && performance.now() < deadline) this.readFile(this.queue.shift()!);
      if (this.queue.length) {
        await yieldToMessages();
        throwIfCancelled(token);
      }
    }
    this.markComplete();
  }

  /** Whether every folder has been read (tests and the benchmark wait for it). */
  get complete(): boolean {
    return !this.reading && this.queue.length === 0;
  }

  private folder(key: string): Folder {
    let f = this.byFolder.get(key);
    if (!f) this.byFolder.set(key, (f = { names: new WorkspaceNames(), disk: new Map() }));
    return f;
  }

  /** Takes the open documents' current parses into the index. */
  private sync(): void {
    if (this.dirty.size === 0) return;
    for (const uri of this.dirty) {
      const state = this.documents.get(uri);
      if (!state) continue;
      const names = this.folder(this.folderOf(uri) ?? '').names;
      if (this.foreign(uri)) names.delete(uri);
      else names.set(uri, state.parse, this.labelOf(uri));
    }
    this.dirty.clear();
    this.afterChange();
  }

  /**
   * An open document counted with a workspace folder that is not one of its files: an untitled
   * document, another scheme, or a file reached through a symbolic link (which the walk does not
   * follow). It reads the folder's names, but its own are its own: no other file reads them, and a
   * rename started elsewhere never edits it. A document outside every folder keeps a group of its own
   * folder, shared with the documents open beside it.
   */
  private foreign(uri: string): boolean {
    const folders = this.folders();
    return folders.includes(this.folderOf(uri) ?? '') && !this.reader.inFolders(uri, folders);
  }

  /** Walks the folders, forgets the files that are gone, and queues those new or changed since read. */
  private rescan(): void {
    const { uris: files, stopped, listed } = this.reader.list(this.folders());
    if (listed) {
      this.listed = listed;
      this.folderWatch?.watch(listed);
    }
    for (const { folder, why } of stopped) {
      if (this.told.has(folder)) continue;
      this.told.add(folder);
      this.note(`graphreq: ${why}; names in the other files are not known`);
    }
    const present = new Set(files);
    for (const f of this.byFolder.values()) {
      for (const uri of f.disk.keys()) {
        if (present.has(uri) || this.documents.get(uri)) continue;
        f.disk.delete(uri);
        f.names.delete(uri);
      }
    }
    this.queue.push(...files);
    this.readSlices();
  }

  private readSlices(): void {
    if (this.reading) return;
    this.reading = true;
    const step = (): void => {
      for (let i = 0; i < SLICE && this.queue.length; i++) this.readFile(this.queue.shift()!);
      if (this.queue.length) return this.schedule(step);
      this.reading = false;
      this.markComplete();
    };
    this.schedule(step);
  }

  /** The queue is empty: every folder's index is complete (readers of names no file gives are reported now). */
  private markComplete(): void {
    for (const f of this.byFolder.values()) {
      if (!f.names.complete) {
        f.names.complete = true;
        f.names.generation++;
      }
    }
    this.afterChange();
  }

  /** Reads one file into its folder's index, unless it is open or unchanged since read. */
  private readFile(uri: string): void {
    if (this.documents.get(uri)) return;
    const f = this.folder(this.folderOf(uri) ?? '');
    const stamp = this.reader.stamp(uri);
    if (!stamp) {
      f.names.delete(uri);
      f.disk.delete(uri);
      return;
    }
    const seen = f.disk.get(uri);
    if (seen && seen.mtimeMs === stamp.mtimeMs && seen.size === stamp.size && f.names.has(uri)) return;
    const text = this.reader.read(uri);
    if (text === undefined) return;
    f.disk.set(uri, { mtimeMs: stamp.mtimeMs, size: stamp.size });
    f.names.set(uri, this.ls.parse(text), this.labelOf(uri));
  }

  /** Whether the request names of some file changed since last told: the open files are checked again. */
  private afterChange(): void {
    let sum = 0;
    for (const f of this.byFolder.values()) sum += f.names.generation;
    if (sum === this.generations) return;
    this.generations = sum;
    this.schedule(this.onNamesChanged);
  }

  /** The file as messages show it: relative to its workspace folder. */
  private labelOf(uri: string): string {
    return this.reader.label(uri, this.folderOf(uri));
  }
}

function isRequestFile(uri: string, documents: DocumentStore): boolean {
  const s = documents.get(uri);
  return uri.endsWith('.graphreq') || s?.languageId === 'graphreq';
}
