/**
 * The account context of the emulator in the worker (the web build): its current state's, as the
 * desktop's is the embedded emulator's state file (account/emulatorSource.ts). Before the state is
 * open, and in a window that keeps none, it is the seed data's, which is where that emulator starts.
 * The context is made again only when a commit has changed the state.
 */
import type { AccountContext } from '../core';
import { emulatorContext } from '../emulator/accountContext';
import { seedState } from '../emulator/seed';
import type { StateStore } from '../emulator/stateStore';

export class WorkerAccountContext {
  private seed: AccountContext | undefined;
  private last: { store: StateStore; changes: number; context: AccountContext } | undefined;

  /** `store`: the in-worker emulator's state, once open. */
  constructor(private readonly store: () => StateStore | undefined) {}

  current(): AccountContext {
    const store = this.store();
    if (!store) return (this.seed ??= emulatorContext(seedState(), { at: 0, key: 'seed' }));
    if (this.last?.store !== store || this.last.changes !== store.changes) {
      this.last = { store, changes: store.changes, context: emulatorContext(store.untrackedState, { at: Date.now(), key: `worker@${store.changes}` }) };
    }
    return this.last.context;
  }
}
