/**
 * The index of a workspace's names: which `.graphreq` file names which request (`# @name create`),
 * defines which file variable, and writes which name, for every file of the workspace, opened or
 * not. Named responses are the workspace's (docs/sending.md, "Named responses"), so a file may read
 * `{{create.response.body.id}}` of a request named in another file: check, the language server and
 * send all ask this one index where a name is defined and who reads it.
 *
 * It is pure: the host hands in each file's parse (with an id, a URI or a path, and a label to show
 * in messages, the path relative to the workspace) and takes them out again. Updating one file costs
 * the names of that file; a lookup costs the files that write the name, never the whole workspace.
 */
import type { GraphreqDocument } from '../syntax/ast';
import { positionAt } from '../syntax/positions';
import type { Span } from '../types';
import { writtenNames, type NameKind } from './names';

/** A `# @name` of some file of the workspace. */
export interface NamedRequest {
  /** The host's id of the file (a URI in the language server, a path in the CLI). */
  file: string;
  /** The file as messages show it (relative to the workspace). */
  label: string;
  doc: GraphreqDocument;
  /** The block of the request. */
  block: number;
  /** The name in `# @name NAME` (document offsets). */
  span: Span;
  /** 1-based line of the `# @name` directive. */
  line: number;
  /** For a GET, its path as written: the node it reads (names.ts, `RequestNameDef.getPath`). */
  getPath?: string;
}

interface FileEntry {
  doc: GraphreqDocument;
  label: string;
  /** The keys (`kind:name`) of every name the file defines or uses. */
  keys: Set<string>;
  /** The requests the file names, by name, in document order, with the 1-based line of each `# @name`. */
  requests: Map<string, Array<{ block: number; span: Span; line: number; getPath?: string }>>;
  /** What the other files see of this one: its request names and their lines (a change bumps the generation). */
  shape: string;
}

export class WorkspaceNames {
  private readonly files = new Map<string, FileEntry>();
  /** `kind:name` → the files that write it (define or use). */
  private readonly writers = new Map<string, Set<string>>();
  /** request name → the files that name a request so. */
  private readonly producers = new Map<string, Set<string>>();
  /**
   * Changes whenever some file's named requests (or their lines) change: hosts check the open files
   * again then. An edit inside a request does not change it.
   */
  generation = 0;
  /**
   * False while the host is still reading the workspace (the editor answers the opened file first):
   * a reference to a request that no file read so far names is not reported until it is true.
   */
  complete = true;

  /** Adds or replaces a file. */
  set(file: string, doc: GraphreqDocument, label = file): void {
    const old = this.files.get(file);
    if (old && old.doc === doc && old.label === label) return;
    const written = writtenNames(doc);
    const keys = written.keys;
    const requests: FileEntry['requests'] = new Map();
    for (const [name, defs] of written.definitions) requests.set(name, defs.map((d) => ({ block: d.block, span: d.span, line: positionAt(doc, d.span.start).line + 1, getPath: d.getPath })));
    // What a reader elsewhere sees: each name's lines, and the path of a GET (which node its `id` is).
    const shape = label + '\n' + [...requests].map(([name, defs]) => `${name}@${defs.map((d) => (d.getPath === undefined ? d.line : `${d.line} GET ${d.getPath}`)).join(',')}`).sort().join('\n');
    if (old) this.unlink(file, old, keys);
    for (const key of keys) {
      if (old?.keys.has(key)) continue;
      let set = this.writers.get(key);
      if (!set) this.writers.set(key, (set = new Set()));
      set.add(file);
    }
    for (const name of old?.requests.keys() ?? []) if (!requests.has(name)) this.unproduce(name, file);
    for (const name of requests.keys()) {
      let set = this.producers.get(name);
      if (!set) this.producers.set(name, (set = new Set()));
      set.add(file);
    }
    this.files.set(file, { doc, label, keys, requests, shape });
    if (!old ? requests.size > 0 : old.shape !== shape) this.generation++;
  }

  /** Forgets a file (deleted, or left the workspace). */
  delete(file: string): void {
    const old = this.files.get(file);
    if (!old) return;
    this.unlink(file, old, new Set());
    for (const name of old.requests.keys()) this.unproduce(name, file);
    this.files.delete(file);
    if (old.requests.size) this.generation++;
  }

  private unlink(file: string, old: FileEntry, keep: Set<string>): void {
    for (const key of old.keys) {
      if (keep.has(key)) continue;
      const set = this.writers.get(key);
      set?.delete(file);
      if (set && set.size === 0) this.writers.delete(key);
    }
  }

  private unproduce(name: string, file: string): void {
    const set = this.producers.get(name);
    set?.delete(file);
    if (set && set.size === 0) this.producers.delete(name);
  }

  has(file: string): boolean {
    return this.files.has(file);
  }

  doc(file: string): GraphreqDocument | undefined {
    return this.files.get(file)?.doc;
  }

  label(file: string): string | undefined {
    return this.files.get(file)?.label;
  }

  /** Every file of the index, in the order they were added. */
  fileIds(): IterableIterator<string> {
    return this.files.keys();
  }

  get size(): number {
    return this.files.size;
  }

  /** The files that write `name` of `kind` (a definition or a use), in no particular order. */
  filesWriting(kind: NameKind, name: string): string[] {
    const set = this.writers.get(`${kind}:${name}`);
    return set ? [...set] : [];
  }

  /** Every request named `name`, in every file, ordered by file label then line. */
  requestsNamed(name: string): NamedRequest[] {
    const out: NamedRequest[] = [];
    for (const file of this.producers.get(name) ?? []) {
      const entry = this.files.get(file)!;
      for (const def of entry.requests.get(name) ?? []) {
        out.push({ file, label: entry.label, doc: entry.doc, block: def.block, span: def.span, line: def.line, getPath: def.getPath });
      }
    }
    return out.length < 2 ? out : out.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : a.line - b.line));
  }

  /** How many files name a request `name`. */
  producerCount(name: string): number {
    return this.producers.get(name)?.size ?? 0;
  }

  /** Whether a file other than `file` names a request `name`. */
  namedElsewhere(file: string, name: string): boolean {
    const set = this.producers.get(name);
    return !!set && (set.size > 1 || (set.size === 1 && !set.has(file)));
  }

  /** The requests named `name` in files other than `file`. */
  requestsNamedElsewhere(file: string, name: string): NamedRequest[] {
    return this.namedElsewhere(file, name) ? this.requestsNamed(name).filter((r) => r.file !== file) : [];
  }

  /** Every request name of the workspace (for completion). */
  requestNames(): IterableIterator<string> {
    return this.producers.keys();
  }
}

/** Where a file sits in its workspace: the index, and the file's own id there. */
export interface WorkspaceScope {
  names: WorkspaceNames;
  file: string;
}

/** `a/create.graphreq:5, b/create.graphreq:9`: the places of some named requests, for messages. */
export function placesOf(requests: NamedRequest[]): string {
  return requests.map((r) => `${r.label}:${r.line}`).join(', ');
}
