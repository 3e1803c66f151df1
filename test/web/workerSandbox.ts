/**
 * A browser Web Worker as far as a script can tell: a node:vm context whose globals are those of a
 * dedicated worker's scope (self, postMessage, onmessage, timers, TextEncoder/TextDecoder, Web Crypto,
 * performance, URL, console, fetch and its Request/Response/Headers, FormData, Blob, btoa/atob,
 * DOMException) and nothing of Node (no require, process, Buffer, setImmediate, module,
 * __dirname). Messages cross as a browser copies them, by structured clone, each way.
 */
import * as fs from 'node:fs';
import * as vm from 'node:vm';

export interface WorkerSandbox {
  /** Posts a message to the worker (its `onmessage` or `message` listeners get it). */
  post(data: unknown): void;
  /** Called with each message the worker posts. */
  onMessage(listener: (data: unknown) => void): void;
  /** Errors thrown by the worker's script at load or in a handler it ran. */
  readonly errors: unknown[];
  /** What the script's global scope has (to check that nothing of Node is there). */
  global: Record<string, unknown>;
  /** Stops the worker's timers: nothing of it runs after. */
  terminate(): void;
}

export function loadInWorkerSandbox(scriptFile: string): WorkerSandbox {
  const listeners: Array<(data: unknown) => void> = [];
  const workerListeners = new Map<string, Array<(event: unknown) => void>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const intervals = new Set<ReturnType<typeof setInterval>>();
  const errors: unknown[] = [];
  let terminated = false;
  const guard = (fn: (...a: unknown[]) => void) => (...a: unknown[]) => {
    if (terminated) return;
    try {
      fn(...a);
    } catch (e) {
      errors.push(e);
    }
  };
  const scope: Record<string, unknown> = {
    console: { log() {}, info() {}, warn() {}, debug() {}, trace() {}, error: (...a: unknown[]) => errors.push(a) },
    setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const t = setTimeout(() => {
        timers.delete(t);
        guard(fn)(...args);
      }, ms);
      timers.add(t);
      return t;
    },
    clearTimeout: (t: ReturnType<typeof setTimeout>) => {
      clearTimeout(t);
      timers.delete(t);
    },
    setInterval: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const t = setInterval(() => guard(fn)(...args), ms);
      intervals.add(t);
      return t;
    },
    clearInterval: (t: ReturnType<typeof setInterval>) => {
      clearInterval(t);
      intervals.delete(t);
    },
    queueMicrotask,
    TextEncoder,
    TextDecoder,
    URL,
    URLSearchParams,
    AbortController,
    AbortSignal,
    fetch,
    Request,
    Response,
    Headers,
    FormData,
    Blob,
    btoa,
    atob,
    DOMException,
    crypto: { getRandomValues: <T extends ArrayBufferView>(a: T): T => crypto.getRandomValues(a as never) as T, randomUUID: () => crypto.randomUUID() },
    performance: { now: () => performance.now(), timeOrigin: performance.timeOrigin },
    postMessage: (data: unknown) => {
      const copy = structuredClone(data);
      setTimeout(() => {
        if (!terminated) for (const l of listeners) l(copy);
      }, 0);
    },
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      workerListeners.set(type, [...(workerListeners.get(type) ?? []), fn]);
    },
    removeEventListener: (type: string, fn: (event: unknown) => void) => {
      workerListeners.set(type, (workerListeners.get(type) ?? []).filter((f) => f !== fn));
    },
    onmessage: null,
  };
  scope.self = scope;
  const context = vm.createContext(scope, { name: 'web worker sandbox' });
  try {
    vm.runInContext(fs.readFileSync(scriptFile, 'utf8'), context, { filename: scriptFile });
  } catch (e) {
    errors.push(e);
  }
  const global = vm.runInContext('globalThis', context) as Record<string, unknown>;
  return {
    post(data) {
      const copy = structuredClone(data);
      setTimeout(() => {
        if (terminated) return;
        const event = { data: copy, type: 'message' };
        const onmessage = scope.onmessage as ((e: unknown) => void) | null;
        if (onmessage) guard(onmessage)(event);
        for (const l of workerListeners.get('message') ?? []) guard(l)(event);
      }, 0);
    },
    onMessage: (l) => listeners.push(l),
    errors,
    global,
    terminate() {
      terminated = true;
      for (const t of timers) clearTimeout(t);
      for (const t of intervals) clearInterval(t);
    },
  };
}
