/**
 * The emulator's state and its per-call change tracking, without any I/O: the desktop keeps it in a
 * data file (store.ts, storage/stateLog.ts), the web worker in the workspace's storage through the
 * client (web/emulatorState.ts); both are a StoreBacking, or none (in memory).
 *
 * Handlers change `store.state` and then await `commit()`: the answer goes out only once the change
 * is on disk, so an ad set the client was told about survives a restart. A commit writes only the
 * records its call touched: every collection of the state is a proxy that notes, per call
 * (`track`, a per-call context the router opens around each call: an AsyncLocalStorage on the
 * desktop, where calls overlap; the web worker answers one call at a time, `serialScopes`), which records were read,
 * assigned or deleted. A touched record is written whole, as it is when the call commits, so a change
 * made anywhere inside it is kept; records only read are written again unchanged, which is harmless.
 *
 * Commits are appended in order by one write loop; commits made while a write runs share the next
 * one. If a write fails, the file is cut back to where it was, the state is read back from it, and
 * every call whose change was lost is told so. `close()` refuses new commits, finishes the writes
 * in progress, and releases the data file's lock (storage/lock.ts).
 */
import { Redactor } from '../core/send';
import type { CounterRecord } from './limits/limiter';
import { seedState } from './seed';
import { registerIndex, STATE_FORMAT, type EmulatorState } from './state';
import { StateIndex, type IndexedCollections } from './stateIndex';
import { checkRecord, checkState, FORMAT1_COLLECTIONS } from './storage/stateCheck';
import { headerLine, NotState, parseLog, utf8Length, type LogLine, type Op, type ReadResult } from './storage/logText';

type Records = Record<string, unknown>;

/** What the data file keeps besides the state: the rate counters and the emulator's own settings. */
export interface StoreExtras {
  counters: CounterRecord[];
  meta: Record<string, unknown>;
}

/** Ops per line of a snapshot: short lines keep a snapshot readable and its parse cheap. */
const OPS_PER_LINE = 500;
const SEP = '\u0000';

/** A context that follows one call through its awaits (AsyncLocalStorage's shape). */
export interface CallScope<T> {
  run<R>(value: T, fn: () => R): R;
  getStore(): T | undefined;
}

export type ScopeMaker = <T>() => CallScope<T>;

/**
 * Scopes for a host that runs one call at a time (the web worker's emulator queues its calls):
 * the value holds from `run` until what `fn` returns has settled.
 */
export const serialScopes: ScopeMaker = <T>() => {
  let current: T | undefined;
  return {
    run<R>(value: T, fn: () => R): R {
      const before = current;
      current = value;
      let result: R;
      try {
        result = fn();
      } catch (e) {
        current = before;
        throw e;
      }
      if (result instanceof Promise) {
        return result.finally(() => {
          current = before;
        }) as R;
      }
      current = before;
      return result;
    },
    getStore: () => current,
  };
};

/** Where a kept state's changes go: the log's sink, and how to read back what it holds after a failed write. */
export interface StoreBacking {
  /** Named in messages (the data file's path). */
  name: string;
  log: StoreLog;
  reread(): ReadResult;
  release?(): void;
}

/** The append-only log (storage/stateLog.ts LogWriter on the desktop). */
export interface StoreLog {
  append(text: string): Promise<void>;
  readonly wantsCompaction: boolean;
  rewrite(text: string): Promise<void>;
  close(): Promise<void>;
}

export class StateStore {
  readonly state: EmulatorState;
  readonly index: StateIndex;
  /** What the file held besides the state, for the server to restore. */
  readonly restored: StoreExtras = { counters: [], meta: {} };
  /** Set by the server: the current rate counters and settings, written into each compaction. */
  extras: () => StoreExtras = () => ({ counters: [], meta: {} });

  private readonly targets: Record<string, Records>;
  private readonly calls: CallScope<Set<string>>;
  /** The secrets a call's sender asked to keep out of the state (core/send EMULATOR_REDACT_HEADER). */
  private readonly redactions: CallScope<Redactor>;
  /** Records touched outside any tracked call (tests, start-up). */
  private readonly untracked = new Set<string>();
  private meta: Record<string, unknown> = {};
  private queue: Array<{ line: string; resolve?: () => void; reject?: (e: Error) => void }> = [];
  private writing: Promise<void> | undefined;
  private closed = false;
  private broken: Error | undefined;
  private changeCount = 0;

  /**
   * `state`: the collections (seed data, or a log's replay); `scopes` makes the per-call contexts;
   * `backing`, when the state is kept somewhere, is where commits go (set later by a subclass that
   * must write a first snapshot).
   */
  constructor(
    state: Record<string, unknown>,
    scopes: ScopeMaker,
    protected backing?: StoreBacking,
  ) {
    this.calls = scopes<Set<string>>();
    this.redactions = scopes<Redactor>();
    this.targets = {};
    const view: Record<string, unknown> = { format: STATE_FORMAT };
    for (const [name, records] of Object.entries(state)) {
      if (name === 'format') continue;
      this.targets[name] = records as Records;
      view[name] = this.tracked(name, records as Records);
    }
    this.state = view as unknown as EmulatorState;
    this.index = new StateIndex(() => this.targets as unknown as IndexedCollections);
    registerIndex(this.state, this.index);
  }

  /**
   * A store kept through `backing`, from the text the backing holds (null: nothing yet, the seed
   * data). Throws NotState for text that is not emulator state: it is never overwritten.
   */
  static async fromLog(text: string | null, scopes: ScopeMaker, backing: StoreBacking): Promise<StateStore> {
    const read: ReadResult = text === null ? { kind: 'missing' } : parseLog(text, utf8Length(text));
    let store: StateStore;
    if (read.kind === 'log') {
      const { state, extras } = replay(read.header.collections, read.lines);
      store = new StateStore(state, scopes);
      store.restore(extras);
      // A line cut short by a crash is dropped, as the desktop's file is cut back to its last whole line.
      if (read.goodBytes < read.totalBytes) await backing.log.rewrite(store.snapshotText());
    } else {
      store = new StateStore(read.kind === 'missing' ? (seedState() as unknown as Records) : legacyState(read.value), scopes);
      await backing.log.rewrite(store.snapshotText());
    }
    store.backing = backing;
    return store;
  }

  /** Takes what a replayed log held besides the state (rate counters, settings). */
  protected restore(extras: StoreExtras): void {
    Object.assign(this.restored, extras);
    this.meta = { ...extras.meta };
  }

  /**
   * Runs one call: the records it touches are the ones its commit writes. `secrets`: values the
   * sender read from the user's environment; the records the call touches hold them redacted, in
   * memory and on disk, so the state file never keeps them.
   */
  track<T>(fn: () => T, secrets: readonly string[] = []): T {
    const redactor = secrets.length ? new Redactor(secrets) : undefined;
    return this.calls.run(new Set(), () => (redactor ? this.redactions.run(redactor, fn) : fn()));
  }

  /** The state as it is, for a reader that changes nothing (an account context): reading `state` marks the records it reads as touched by the current call. */
  get untrackedState(): EmulatorState {
    return { format: STATE_FORMAT, ...this.targets } as unknown as EmulatorState;
  }

  /** How many commits changed a record: what was read of the state (an account context) is current while it stays the same. */
  get changes(): number {
    return this.changeCount;
  }

  /** Resolves once the changes of the calling call are on disk (at once in memory). */
  commit(): Promise<void> {
    const touched = this.takeTouched();
    const redactor = this.redactions.getStore();
    const ops: Op[] = [];
    for (const t of touched) {
      const i = t.indexOf(SEP);
      const name = t.slice(0, i);
      const key = t.slice(i + 1);
      const records = this.targets[name];
      if (redactor && Object.prototype.hasOwnProperty.call(records, key)) redactRecord(records[key], redactor);
      this.index.changed(name, key);
      ops.push(Object.prototype.hasOwnProperty.call(records, key) ? ['p', name, key, records[key]] : ['d', name, key]);
    }
    if (ops.length) this.changeCount++;
    if (!this.backing?.log || ops.length === 0) return Promise.resolve();
    if (this.broken) return Promise.reject(this.broken);
    if (this.closed) return Promise.reject(new Error('the emulator is stopping: the change was not saved'));
    const line = `${JSON.stringify({ b: ops })}\n`;
    return new Promise((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      this.kick();
    });
  }

  /** Appends rate-counter calls; nobody waits for them, and a failure only loses them. */
  saveCounters(records: CounterRecord[]): void {
    if (!this.backing?.log || this.closed || this.broken || records.length === 0) return;
    for (const line of chunks(records, OPS_PER_LINE, (r) => ({ r }))) this.queue.push({ line });
    this.kick();
  }

  /** Saves settings of the emulator (the test clock's offset); resolves once they are on disk. */
  saveMeta(meta: Record<string, unknown>): Promise<void> {
    Object.assign(this.meta, meta);
    if (!this.backing?.log) return Promise.resolve();
    if (this.broken) return Promise.reject(this.broken);
    if (this.closed) return Promise.reject(new Error('the emulator is stopping: the change was not saved'));
    return new Promise((resolve, reject) => {
      this.queue.push({ line: `${JSON.stringify({ m: meta })}\n`, resolve, reject });
      this.kick();
    });
  }

  /** Waits for the writes in progress. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Refuses further commits, finishes the writes in progress, closes the file and releases its lock. */
  async close(): Promise<void> {
    if (this.closed) return this.flush();
    this.closed = true;
    await this.flush();
    await this.backing?.log?.close().catch(() => undefined);
    this.backing?.release?.();
  }

  private kick(): void {
    this.writing ??= this.writeLoop().finally(() => {
      this.writing = undefined;
    });
  }

  private async writeLoop(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0);
      try {
        await this.backing!.log.append(batch.map((b) => b.line).join(''));
      } catch (e) {
        // Changes made while this write was running were made on top of the lost ones: they go too.
        const lost = [...batch, ...this.queue.splice(0)];
        const error = new Error(`could not save the emulator state to ${this.backing?.name}: ${(e as Error).message}`);
        await this.reload().catch((again: Error) => {
          this.broken = new Error(`the emulator state file ${this.backing?.name} can no longer be written (${again.message}); restart the emulator`);
        });
        for (const b of lost) b.reject?.(error);
        continue;
      }
      for (const b of batch) b.resolve?.();
      if (this.backing!.log.wantsCompaction) await this.compact();
    }
  }

  /** Rewrites the file as one snapshot; a failure leaves the log as it was, which is just as good. */
  private async compact(): Promise<void> {
    // Rate-counter lines still waiting are in the snapshot (the counters hold their calls): appended
    // after it, they would count twice. Waiting commits are appended again, which changes nothing.
    this.queue = this.queue.filter((b) => b.resolve);
    await this.backing!.log.rewrite(this.snapshotText()).catch(() => undefined);
  }

  /** After a failed write: the state becomes what the backing holds again. */
  private async reload(): Promise<void> {
    const read = this.backing!.reread();
    if (read.kind !== 'log') throw new Error('the file is gone');
    const { state } = replay(read.header.collections, read.lines);
    for (const [name, records] of Object.entries(state)) {
      const target = (this.targets[name] ??= {});
      for (const key of Object.keys(target)) delete target[key];
      for (const [key, value] of Object.entries(records as Records)) defineData(target, key, value);
      for (const key of Object.keys(target)) this.index.changed(name, key);
    }
  }

  /** The whole state as a data file's text: a header, snapshot lines, the counters and settings. */
  snapshotText(): string {
    const ops: Op[] = [];
    for (const [name, records] of Object.entries(this.targets)) for (const [key, value] of Object.entries(records)) ops.push(['p', name, key, value]);
    const extras = this.extras();
    const lines = [headerLine(Object.keys(this.targets)), ...chunks(ops, OPS_PER_LINE, (b) => ({ b })), ...chunks(extras.counters, OPS_PER_LINE, (r) => ({ r }))];
    const meta = { ...this.meta, ...extras.meta };
    if (Object.keys(meta).length) lines.push(`${JSON.stringify({ m: meta })}\n`);
    return lines.join('');
  }

  private tracked(name: string, records: Records): Records {
    const touch = (key: string | symbol): void => {
      if (typeof key === 'string') (this.calls.getStore() ?? this.untracked).add(name + SEP + key);
    };
    return new Proxy(records, {
      get: (target, key, receiver) => {
        if (typeof key === 'string' && Object.prototype.hasOwnProperty.call(target, key)) touch(key);
        return Reflect.get(target, key, receiver);
      },
      set: (target, key, value) => {
        defineData(target, key as string, value);
        touch(key);
        if (typeof key === 'string') this.index.changed(name, key);
        return true;
      },
      deleteProperty: (target, key) => {
        delete target[key as string];
        touch(key);
        if (typeof key === 'string') this.index.changed(name, key);
        return true;
      },
      defineProperty: (target, key, descriptor) => {
        touch(key);
        return Reflect.defineProperty(target, key, descriptor);
      },
    });
  }

  private takeTouched(): string[] {
    const set = this.calls.getStore() ?? this.untracked;
    const out = [...set];
    set.clear();
    return out;
  }
}

/** A format-1 file: one JSON object; collections added since come from the seed data. */
export function legacyState(value: unknown): Records {
  checkState(value);
  const state = value as Records;
  const seed = seedState() as unknown as Records;
  for (const [name, records] of Object.entries(seed)) if (!(name in state)) state[name] = records;
  fillLastIds(state, seed);
  return state;
}

/** Builds the state from the log's lines, checking each record, then the whole. */
export function replay(collections: string[], lines: LogLine[]): { state: Records; extras: StoreExtras } {
  const state: Records = { format: STATE_FORMAT };
  for (const name of collections) if (name !== 'format') defineData(state, name, {});
  const extras: StoreExtras = { counters: [], meta: {} };
  lines.forEach((line, i) => {
    if ('b' in line) {
      for (const op of line.b) applyOp(state, op, i + 2);
    } else if ('r' in line) {
      for (const r of line.r) {
        if (!Array.isArray(r) || typeof r[0] !== 'string' || typeof r[1] !== 'number' || !Array.isArray(r[2])) throw new NotState(`line ${i + 2} holds a damaged rate counter`);
        extras.counters.push(r);
      }
    } else Object.assign(extras.meta, line.m);
  });
  const seed = seedState() as unknown as Records;
  for (const [name, records] of Object.entries(seed)) if (!collections.includes(name)) state[name] = records;
  fillLastIds(state, seed);
  checkState(state, FORMAT1_COLLECTIONS);
  return { state, extras };
}

function applyOp(state: Records, op: unknown, lineNo: number): void {
  if (!Array.isArray(op) || (op[0] !== 'p' && op[0] !== 'd') || typeof op[1] !== 'string' || typeof op[2] !== 'string') throw new NotState(`line ${lineNo} holds a damaged change`);
  // Only a collection the header listed: `constructor` or `__proto__` would name what `state` inherits
  // (Object, Object.prototype), and a repository's file replaced Object.keys in the language server.
  const records = Object.prototype.hasOwnProperty.call(state, op[1]) ? (state[op[1]] as Records) : undefined;
  if (!records || op[1] === 'format') throw new NotState(`line ${lineNo} changes "${String(op[1]).slice(0, 40)}", which the header does not list`);
  if (op[0] === 'd') {
    delete records[op[2]];
    return;
  }
  checkRecord(op[1], op[2], op[3]);
  defineData(records, op[2], op[3]);
}

/** Stores a record under `key` as data, so that a key such as __proto__ never replaces the prototype. */
function defineData(records: Records, key: string, value: unknown): void {
  Object.defineProperty(records, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Kinds of id a newer emulator counts start from the seed's last id. */
function fillLastIds(state: Records, seed: Records): void {
  const lastIds = state.lastIds as Records | undefined;
  if (!lastIds) return;
  for (const [kind, id] of Object.entries(seed.lastIds as Records)) if (!(kind in lastIds)) lastIds[kind] = id;
}

function chunks<T>(items: T[], size: number, wrap: (part: T[]) => LogLine): string[] {
  const out: string[] = [];
  for (let i = 0; i < items.length; i += size) out.push(`${JSON.stringify(wrap(items.slice(i, i + size)))}\n`);
  return out;
}

/** Replaces, in place (the record stays the same object), each member whose value holds a secret by its redacted copy. */
function redactRecord(record: unknown, redactor: Redactor): void {
  if (record === null || typeof record !== 'object') return;
  const members = record as Record<string, unknown>;
  for (const [k, v] of Object.entries(members)) {
    const text = JSON.stringify(v);
    if (text === undefined) continue;
    if (redactor.text(text) !== text) members[k] = redactor.value(v);
  }
}
