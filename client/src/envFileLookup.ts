/**
 * Which graphreq.env.json the editor reads for a document (environments.ts, with
 * vscode.workspace.fs.stat). Plain module (no 'vscode' import), so that the rule is tested alone.
 *
 * The server's rule (server/src/files/envFile.ts): from the document's folder up to its workspace
 * folder, never above, and a file that leads out of the workspace through a symbolic link is not
 * the workspace's. The editor's file system API cannot resolve a link, so the editor follows none:
 * the file itself and every folder between it and the workspace folder must not be links (a
 * repository's `graphreq.env.json -> /proc/self/pagemap` made the extension host read its own
 * memory map, gigabytes, to the end; `-> ~/.npmrc` showed its first characters in the JSON error),
 * and the file must be a regular one (a FIFO never answers a read) of at most ENV_FILE_LIMIT bytes.
 * A link that stays inside is still read by the language server, which can resolve it; the editor
 * says why it did not read it.
 */

/** vscode.FileType's bits, as FileStat.type carries them. */
export const FILE_TYPE = { file: 1, directory: 2, symbolicLink: 64 } as const;

/** What the editor's `stat` says of an entry; undefined when there is none. */
export interface EntryStat {
  type: number;
  size: number;
}

/** A graphreq.env.json larger than this is not read: far more than any list of environments. */
export const ENV_FILE_LIMIT = 1024 * 1024;

/** A candidate: graphreq.env.json in `folder`; `folders` from the document's folder up to it, the workspace folder excluded. */
export interface EnvFileCandidate<U> {
  file: U;
  /** The folders below the workspace folder that the path to `file` goes through (none for a file at its root). */
  folders: U[];
}

export type EnvFileFound<U> = { file: U } | { refused: U; reason: string } | undefined;

/**
 * The first candidate that exists, if it may be read. `name` shows a URI in a reason.
 */
export async function lookUpEnvFile<U>(candidates: Array<EnvFileCandidate<U>>, stat: (u: U) => Promise<EntryStat | undefined>, name: (u: U) => string): Promise<EnvFileFound<U>> {
  for (const c of candidates) {
    const s = await stat(c.file);
    if (!s) continue;
    if (s.type & FILE_TYPE.symbolicLink) return { refused: c.file, reason: `${name(c.file)} is a symbolic link: the editor does not follow it` };
    for (const folder of c.folders) {
      const f = await stat(folder);
      if (f && f.type & FILE_TYPE.symbolicLink) return { refused: c.file, reason: `${name(c.file)} lies in ${name(folder)}, a symbolic link: the editor does not follow it` };
    }
    if (s.type !== FILE_TYPE.file) return { refused: c.file, reason: `${name(c.file)} is not a regular file` };
    if (s.size > ENV_FILE_LIMIT) return { refused: c.file, reason: `${name(c.file)} is larger than 1 MiB` };
    return { file: c.file };
  }
  return undefined;
}
