/**
 * How the language server reads the workspace's files that are not open, whatever holds them: the
 * disk on the desktop (diskWorkspace.ts), the editor's file system on the web, asked through the
 * client (web/clientFiles.ts). Folders and files are named as the host names them: paths on the
 * desktop, URIs on the web; documents are always named by URI. Every call is synchronous: a host
 * that reads asynchronously answers from what it has read and says when more arrived.
 */
export interface WorkspaceReader {
  /** The request files (`*.graphreq`) under the folders, as URIs, in a stable order; bounded, with the folders whose walk stopped at a limit and why (one line). */
  list(folders: readonly string[]): { uris: string[]; stopped: Array<{ folder: string; why: string }> };
  /** What changes when a file's content does; undefined when the file is gone or is not a readable file. */
  stamp(uri: string): { mtimeMs: number; size: number } | undefined;
  /** A file's text (strict UTF-8); undefined when it cannot be read. */
  read(uri: string): string | undefined;
  /** Whether the file is inside one of the folders. */
  inFolders(uri: string, folders: readonly string[]): boolean;
  /** The file as messages show it: relative to its folder when inside it. */
  label(uri: string, folder: string | undefined): string;
}
