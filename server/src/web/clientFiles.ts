/**
 * The workspace's request files and environment files, read through the client (protocol.ts) and
 * kept in memory: a browser worker reads nothing itself. The server asks synchronously (it checks
 * and answers from what it has), so the files are read in the background after `initialized` and
 * again when the editor reports a change; each read that changes something is told to `changed`.
 */
import type { Connection } from 'vscode-languageserver';
import { WebRequests, WEB_MAX_FILES, type FindFilesParams, type WebFileRead } from './protocol';

/** What is read: the request files and graphreq.env.json (the only files the language service reads). */
const INCLUDE = '**/{*.graphreq,graphreq.env.json}';

export class ClientFiles {
  private readonly texts = new Map<string, { text: string; version: number }>();
  private versions = 0;
  private connection: Connection | undefined;
  private startDone!: () => void;
  /** Settles once the first listing and reading is over (read or not): a send waits for its graphreq.env.json. */
  readonly started = new Promise<void>((resolve) => (this.startDone = resolve));

  constructor(private readonly log: (message: string) => void) {}

  /** Lists and reads the workspace's files; `changed` hears of the URIs read, once they are. */
  async start(connection: Connection, changed: (uris: string[]) => void): Promise<void> {
    this.connection = connection;
    try {
      let uris: string[];
      try {
        uris = await connection.sendRequest<string[]>(WebRequests.findFiles, { include: INCLUDE, max: WEB_MAX_FILES } satisfies FindFilesParams);
      } catch (e) {
        this.log(`workspace files not listed: ${(e as Error).message}`);
        return;
      }
      const read = await this.readAll(uris.filter((u) => typeof u === 'string').slice(0, WEB_MAX_FILES));
      changed(read);
    } finally {
      this.startDone();
    }
  }

  /** Files created, changed or deleted: read again (or forgotten); `changed` hears of them once read. */
  async refresh(changes: Array<{ uri: string; deleted: boolean }>, changed: (uris: string[]) => void): Promise<void> {
    for (const c of changes) if (c.deleted) this.texts.delete(c.uri);
    const read = await this.readAll(changes.filter((c) => !c.deleted && isKept(c.uri)).map((c) => c.uri));
    changed(changes.filter((c) => c.deleted).map((c) => c.uri).concat(read));
  }

  text(uri: string): string | undefined {
    return this.texts.get(uri)?.text;
  }

  /** A number that changes whenever the file's text is read again. */
  version(uri: string): number | undefined {
    return this.texts.get(uri)?.version;
  }

  has(uri: string): boolean {
    return this.texts.has(uri);
  }

  uris(): string[] {
    return [...this.texts.keys()];
  }

  private async readAll(uris: string[]): Promise<string[]> {
    const read: string[] = [];
    for (const uri of uris) {
      if (await this.read(uri)) read.push(uri);
    }
    return read;
  }

  private async read(uri: string): Promise<boolean> {
    if (!this.connection) return false;
    let answer: WebFileRead | null;
    try {
      answer = await this.connection.sendRequest<WebFileRead | null>(WebRequests.readFile, { uri });
    } catch (e) {
      answer = { error: (e as Error).message };
    }
    if (answer && 'text' in answer && typeof answer.text === 'string') {
      this.texts.set(uri, { text: answer.text, version: ++this.versions });
      return true;
    }
    if (answer && 'error' in answer) this.log(`${uri} not read: ${answer.error}`);
    return this.texts.delete(uri);
  }
}

function isKept(uri: string): boolean {
  return uri.endsWith('.graphreq') || uri.endsWith('/graphreq.env.json');
}
