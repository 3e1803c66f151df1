/**
 * The requests the web build's server sends its client (client/src/web/extension.ts): a browser
 * worker has no file system, so the workspace's files are read through the editor's
 * (`workspace.findFiles`, `workspace.fs`: vscode-vfs on github.dev, memfs, ...).
 */
export const WebRequests = {
  /** `{ include }` (a glob) → string[]: the URIs of the workspace's files that match, at most `max`. */
  findFiles: 'graphreq/web/findFiles',
  /** `{ uri }` → WebFileRead: one file's text, decoded strictly as UTF-8. */
  readFile: 'graphreq/web/readFile',
  /**
   * `null` → WebEmulatorState: the in-worker emulator's data file, kept by the client in the
   * workspace's storage (`ExtensionContext.storageUri`), in the desktop's format (emulator/storage/logText.ts).
   */
  emulatorState: 'graphreq/web/emulatorState',
  /** WebEmulatorWrite → null once written (an error when it could not be): lines appended, or the whole file replaced. */
  emulatorWrite: 'graphreq/web/emulatorWrite',
} as const;

/** `stored: false`: the workspace has no storage (no folder open); the emulator then keeps its state in memory. */
export type WebEmulatorState = { stored: true; text: string | null } | { stored: false };

export interface WebEmulatorWrite {
  kind: 'append' | 'rewrite';
  text: string;
}

export const WebNotifications = {
  /** Client → server, `{ changes: [{ uri, deleted }] }`: request files or graphreq.env.json created, changed or deleted. */
  filesChanged: 'graphreq/web/filesChanged',
} as const;

export interface FilesChangedParams {
  changes: Array<{ uri: string; deleted: boolean }>;
}

export interface FindFilesParams {
  include: string;
  max: number;
}

/** A file's text, or why it was not read (gone, too large, not UTF-8). */
export type WebFileRead = { text: string } | { error: string };

/** Files larger than this are not read (a request file of 10,000 requests is about 4 MB). */
export const WEB_MAX_FILE_BYTES = 32 * 1024 * 1024;
/** At most this many files are read: enough for any real workspace. */
export const WEB_MAX_FILES = 5000;
