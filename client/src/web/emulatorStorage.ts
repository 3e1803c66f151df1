/**
 * The in-worker emulator's data file (server/src/web/emulatorState.ts), kept in the workspace's
 * storage (`ExtensionContext.storageUri`: per workspace, outside the repository, IndexedDB on
 * vscode.dev) through `workspace.fs`. The text is held here too, so an append writes the file
 * whole (`workspace.fs` has no append); the writes are made one after another, and each is answered
 * once done. Without workspace storage (no folder open), the server hears so and keeps the state
 * in memory.
 */
import * as vscode from 'vscode';
import type { WebEmulatorState, WebEmulatorWrite } from '../../../server/src/web/protocol';

const FILE = 'emulator-state.log';

export class EmulatorStorage {
  private text: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly folder: vscode.Uri | undefined) {}

  async load(): Promise<WebEmulatorState> {
    if (!this.folder) return { stored: false };
    try {
      this.text = new TextDecoder().decode(await vscode.workspace.fs.readFile(this.file(this.folder)));
    } catch (e) {
      if (!(e instanceof vscode.FileSystemError && e.code === 'FileNotFound')) throw e;
      this.text = null;
    }
    return { stored: true, text: this.text };
  }

  write(w: WebEmulatorWrite): Promise<null> {
    const folder = this.folder;
    if (!folder) return Promise.reject(new Error('no workspace storage'));
    const turn = this.queue.then(async () => {
      const next = w.kind === 'append' ? (this.text ?? '') + w.text : w.text;
      await vscode.workspace.fs.createDirectory(folder);
      await vscode.workspace.fs.writeFile(this.file(folder), new TextEncoder().encode(next));
      this.text = next;
      return null;
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private file(folder: vscode.Uri): vscode.Uri {
    return vscode.Uri.joinPath(folder, FILE);
  }
}
