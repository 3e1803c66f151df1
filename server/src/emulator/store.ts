/**
 * The emulator's state, in memory or in one JSON file (`--data FILE`).
 *
 * Handlers change `store.state` and then await `commit()`: the answer goes out only once the change
 * is on disk, so an ad set the client was told about survives a restart. Writes are atomic
 * (files/atomicWrite.ts) and serialised; a write captures every change made before it started, so
 * concurrent requests share writes. If a write fails, the state goes back to what the file holds
 * and every request whose change was lost is told so.
 */
import * as fs from 'node:fs';
import { realFs, removeLeftovers, writeFileAtomic, type WriteFs } from '../files/atomicWrite';
import { seedState } from './seed';
import { STATE_FORMAT, type EmulatorState } from './state';

export class Store {
  private saved: string;
  private waiting: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  private writing: Promise<void> | undefined;

  private constructor(
    public state: EmulatorState,
    private readonly file: string | undefined,
    private readonly io: WriteFs,
  ) {
    this.saved = JSON.stringify(state);
  }

  /** In memory, starting from the seed data. */
  static inMemory(): Store {
    return new Store(seedState(), undefined, realFs);
  }

  /**
   * Loads `file`, or creates it with the seed data. A file that cannot be read as emulator state is
   * an error: the emulator never overwrites data it does not understand.
   */
  static async open(file: string, io: WriteFs = realFs): Promise<Store> {
    removeLeftovers(file);
    let text: string | undefined;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${file}: cannot read (${(e as NodeJS.ErrnoException).code})`);
    }
    if (text === undefined) {
      const store = new Store(seedState(), file, io);
      await writeFileAtomic(file, store.saved, { io });
      return store;
    }
    let state: EmulatorState;
    try {
      state = JSON.parse(text) as EmulatorState;
    } catch (e) {
      throw new Error(`${file}: not emulator state (${(e as Error).message.split('\n')[0]}); move it away or pass another --data file`);
    }
    if (state === null || typeof state !== 'object' || state.format !== STATE_FORMAT || typeof state.adsets !== 'object') {
      throw new Error(`${file}: not emulator state of format ${STATE_FORMAT}; move it away or pass another --data file`);
    }
    return new Store(state, file, io);
  }

  /** Resolves once every change made so far is on disk (at once in memory). */
  commit(): Promise<void> {
    if (!this.file) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.writing ??= this.writeLoop();
    });
  }

  /** Waits for the writes in progress. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing.catch(() => undefined);
  }

  private async writeLoop(): Promise<void> {
    try {
      while (this.waiting.length) {
        const batch = this.waiting.splice(0);
        const text = JSON.stringify(this.state);
        try {
          await writeFileAtomic(this.file!, text, { io: this.io });
          this.saved = text;
          for (const w of batch) w.resolve();
        } catch (e) {
          // Changes made while this write was running are lost with the revert too: fail their requests as well.
          const lost = [...batch, ...this.waiting.splice(0)];
          this.state = JSON.parse(this.saved) as EmulatorState;
          const error = new Error(`could not save the emulator state to ${this.file}: ${(e as Error).message}`);
          for (const w of lost) w.reject(error);
        }
      }
    } finally {
      this.writing = undefined;
    }
  }
}
