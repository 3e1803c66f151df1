/**
 * How the language server reads the workspace's files that are not open, whatever holds them: the
 * disk on the desktop (diskWorkspace.ts), the editor's file system on the web, asked through the
 * client (web/clientFiles.ts). Folders and files are named as the host names them: paths on the
 * desktop, URIs on the web; documents are always named by URI. Every call is synchronous: a host
 * that reads asynchronously answers from what it has read and says when more arrived.
 */
export interface WorkspaceReader {
  /**
   * The request files (`*.graphreq`) under the folders, as URIs, in a stable order; bounded, with the
   * folders whose walk stopped at a limit and why (one line), and (where the host can watch them) the
   * folders the walk listed.
   */
  list(folders: readonly string[]): { uris: string[]; stopped: Array<{ folder: string; why: string }>; listed?: string[] };
  /** What changes when a file's content does; undefined when the file is gone or is not a readable file. */
  stamp(uri: string): { mtimeMs: number; size: number } | undefined;
  /** A file's text (strict UTF-8); undefined when it cannot be read. */
  read(uri: string): string | undefined;
  /** Whether the file is one of the folders' own: inside one, and (on the desktop) not reached through a symbolic link, as the walk finds them. */
  inFolders(uri: string, folders: readonly string[]): boolean;
  /** The file as messages show it: relative to its folder when inside it. */
  label(uri: string, folder: string | undefined): string;
  /**
   * Watches the folders a `list` walked for request files created, changed or deleted, for a client
   * that reports no file changes (Neovim 0.7 sends no `workspace/didChangeWatchedFiles`); absent
   * where the client reports every change (the web). `changed` hears of request files by URI,
   * `rescan` of a folder created or removed (the folders are listed again).
   */
  watch?(events: { changed(uris: string[]): void; rescan(): void }): FolderWatch;
}

/** The host's watch of the workspace's folders: `watch` gives the folders to watch now (the others are let go). */
export interface FolderWatch {
  watch(folders: readonly string[]): void;
  close(): void;
}
