/**
 * Where the in-worker emulator keeps its state: in the workspace's storage, which only the client
 * reaches (`ExtensionContext.storageUri` through `workspace.fs`: IndexedDB on vscode.dev), so the
 * data file's text lives in the client and each commit is a request to it, answered once written.
 * The text is the desktop's data file format (an append-only log, compacted as the desktop's is),
 * so a commit sends only its own lines. Without workspace storage (no folder open) the state is
 * the worker's memory; text that is not emulator state is never overwritten: the emulator then
 * starts from its seed data in memory, and says so.
 */
import type { Connection } from 'vscode-languageserver';
import { seedState } from '../emulator/seed';
import { serialScopes, StateStore, type StoreBacking, type StoreLog } from '../emulator/stateStore';
import { NotState, parseLog, utf8Length } from '../emulator/storage/logText';
import { WebRequests, type WebEmulatorState, type WebEmulatorWrite } from './protocol';

export interface WebStore {
  store: StateStore;
  /** Why the state is not kept, when it is not. */
  note?: string;
}

/** What the client keeps of the state (null: a client that keeps nothing, another editor). */
export async function readStoredState(connection: Connection): Promise<WebEmulatorState | null> {
  try {
    return await connection.sendRequest<WebEmulatorState | null>(WebRequests.emulatorState, null);
  } catch {
    // A client that does not keep the state (another editor): memory.
    return null;
  }
}

/** The store of the state the client keeps (`stored`: already read with readStoredState). */
export async function openWebStore(connection: Connection, stored?: WebEmulatorState | null): Promise<WebStore> {
  if (stored === undefined) stored = await readStoredState(connection);
  const inMemory = (note: string): WebStore => ({ store: new StateStore(seedState() as unknown as Record<string, unknown>, serialScopes), note });
  if (!stored?.stored) return inMemory('no workspace storage: the embedded emulator forgets its state when the window closes');
  const log = new ClientLog(connection, stored.text ?? '');
  const backing: StoreBacking = { name: "the workspace's storage", log, reread: () => parseLog(log.text, utf8Length(log.text)) };
  try {
    return { store: await StateStore.fromLog(stored.text, serialScopes, backing) };
  } catch (e) {
    if (e instanceof NotState) return inMemory(`the embedded emulator's state in the workspace's storage is not emulator state (${e.message}); it starts from its seed data and forgets when the window closes`);
    throw e;
  }
}

/** The data file kept by the client: each write is answered once it is in the workspace's storage. */
class ClientLog implements StoreLog {
  private size: number;
  /** Bytes of the last snapshot: compacted once appends have doubled it, as on the desktop (storage/stateLog.ts). */
  private snapshotSize: number;

  constructor(
    private readonly connection: Connection,
    /** What the client holds: read back after a failed write. */
    public text: string,
  ) {
    this.size = this.snapshotSize = utf8Length(text);
  }

  async append(text: string): Promise<void> {
    await this.write({ kind: 'append', text });
    this.text += text;
    this.size += utf8Length(text);
  }

  get wantsCompaction(): boolean {
    return this.size > Math.max(1 << 20, 2 * this.snapshotSize);
  }

  async rewrite(text: string): Promise<void> {
    await this.write({ kind: 'rewrite', text });
    this.text = text;
    this.size = this.snapshotSize = utf8Length(text);
  }

  async close(): Promise<void> {}

  private async write(params: WebEmulatorWrite): Promise<void> {
    await this.connection.sendRequest(WebRequests.emulatorWrite, params);
  }
}
