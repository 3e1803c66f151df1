/**
 * The emulator's state on the desktop: in memory, or in a data file (`--data FILE`,
 * storage/stateLog.ts) locked against a second server (storage/lock.ts). The state itself and its
 * change tracking are host-neutral (stateStore.ts); calls overlap here, so each call's context is an
 * AsyncLocalStorage.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { removeLeftovers } from '../files/atomicWrite';
import { seedState } from './seed';
import type { EmulatorState } from './state';
import { legacyState, replay, StateStore, type ScopeMaker } from './stateStore';
import { acquireLock } from './storage/lock';
import { LogWriter, NotState, readLog, realLogIo, type LogIo } from './storage/stateLog';

export type { StoreExtras } from './stateStore';

export interface StoreOptions {
  io?: LogIo;
}

type Records = Record<string, unknown>;

const asyncScopes: ScopeMaker = () => new AsyncLocalStorage();

export class Store extends StateStore {
  /** In memory, starting from the seed data. */
  static inMemory(): Store {
    return new Store(seedState() as unknown as Records, asyncScopes);
  }

  /**
   * Opens `file` (created with the seed data when absent) and locks it against a second server. A
   * file that cannot be read as emulator state is an error: the emulator never overwrites data it
   * does not understand.
   */
  static async open(file: string, options: StoreOptions = {}): Promise<Store> {
    const lock = acquireLock(file);
    try {
      removeLeftovers(file);
      const io = options.io ?? realLogIo;
      const read = readLog(file);
      if (read.kind === 'missing' || read.kind === 'legacy') {
        const state = read.kind === 'missing' ? (seedState() as unknown as Records) : legacyState(read.value);
        const store = new Store(state, asyncScopes);
        store.backing = { name: file, log: await LogWriter.create(file, store.snapshotText(), io), reread: () => readLog(file), release: () => lock.release() };
        return store;
      }
      const { state, extras } = replay(read.header.collections, read.lines);
      const store = new Store(state, asyncScopes);
      store.restore(extras);
      store.backing = { name: file, log: await LogWriter.open(file, read.goodBytes, io), reread: () => readLog(file), release: () => lock.release() };
      return store;
    } catch (e) {
      lock.release();
      if (e instanceof NotState) throw new Error(`${file}: not emulator state (${e.message}); move it away or pass another --data file`);
      throw e;
    }
  }
}

/** Reads a data file without taking its lock (tests, tools); throws as `Store.open` does for a file that is not state. */
export function readStateFile(file: string): EmulatorState {
  const read = readLog(file);
  if (read.kind === 'missing') throw new Error(`${file}: no such file`);
  try {
    return (read.kind === 'legacy' ? legacyState(read.value) : replay(read.header.collections, read.lines).state) as unknown as EmulatorState;
  } catch (e) {
    if (e instanceof NotState) throw new Error(`${file}: not emulator state (${e.message})`);
    throw e;
  }
}

