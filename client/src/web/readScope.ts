/**
 * Which files the web build's server may have read through `graphreq/web/readFile` (extension.ts).
 * The worker asks only for the request files and graphreq.env.json that `graphreq/web/findFiles`
 * listed or the editor reported changed; the answer is limited to those, so that a worker gone
 * wrong (or fed a URI by a repository) cannot read the user's other files through the editor:
 * a request file or graphreq.env.json inside a workspace folder, or a file findFiles returned.
 * Plain module (no 'vscode' import): the caller passes each URI's parts as vscode.Uri has them.
 */
import type { FindFilesParams, WebFileRead } from '../../../server/src/web/protocol';

/** The parts of a vscode.Uri this reads (`path` decoded). */
export interface UriParts {
  scheme: string;
  authority: string;
  path: string;
}

/** The names the worker reads: `*.graphreq` and `graphreq.env.json` (server/src/web/clientFiles.ts, INCLUDE). */
function isWorkerFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === 'graphreq.env.json' || (name.endsWith('.graphreq') && name !== '.graphreq');
}

/** `.` and `..` segments (and a backslash, a separator on Windows) could lead a path that starts in a folder out of it. */
function hasDotSegments(path: string): boolean {
  return path.includes('\\') || path.split('/').some((s) => s === '.' || s === '..');
}

export function isInFolder(uri: UriParts, folder: UriParts): boolean {
  if (uri.scheme !== folder.scheme || uri.authority.toLowerCase() !== folder.authority.toLowerCase()) return false;
  const base = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  return uri.path.startsWith(base);
}

/**
 * `listed`: the URIs (as strings) findFiles returned, which the worker then reads; `asString` is
 * the URI as the worker named it.
 */
export function mayRead(uri: UriParts, asString: string, folders: readonly UriParts[], listed: ReadonlySet<string>): boolean {
  if (!isWorkerFile(uri.path) || hasDotSegments(uri.path)) return false;
  return listed.has(asString) || folders.some((f) => isInFolder(uri, f));
}

/** What the two handlers need of the editor (vscode.workspace in extension.ts). */
export interface WorkerFileAccess<U extends UriParts> {
  parse(uri: string): U;
  folders(): readonly UriParts[];
  find(include: string, max: number): Promise<string[]>;
  read(uri: U): Promise<WebFileRead>;
}

/** The answers to `graphreq/web/findFiles` and `graphreq/web/readFile`: a read only within mayRead. */
export function workerFileHandlers<U extends UriParts>(access: WorkerFileAccess<U>): {
  findFiles(p: FindFilesParams): Promise<string[]>;
  readFile(p: { uri?: unknown }): Promise<WebFileRead>;
} {
  const listed = new Set<string>();
  return {
    async findFiles(p) {
      const found = await access.find(p.include, p.max);
      for (const u of found) listed.add(u);
      return found;
    },
    async readFile(p) {
      if (typeof p?.uri !== 'string') return { error: 'no URI' };
      const uri = access.parse(p.uri);
      if (!mayRead(uri, p.uri, access.folders(), listed)) return { error: 'not a request file or graphreq.env.json of the workspace' };
      return access.read(uri);
    },
  };
}
