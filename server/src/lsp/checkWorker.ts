/**
 * The desktop's `BlockChecker` (host.ts): a request of a quarter of a megabyte or more is checked on a
 * worker thread, so that a hover, a completion or a `$/cancelRequest` sent meanwhile is answered at
 * once. A check cannot be cut inside one request (a body of 5 MB and 100,000 parameters takes
 * 400 ms), and the slices of diagnostics.ts cut only between requests (issue 20).
 *
 * The worker is the server's own bundle run again (`__filename`: dist/server.js, which
 * `graphreq lsp` loads too) with a `workerData` mark; main.ts then starts no connection, and the
 * worker answers jobs (core/features/portableCheck.ts). It starts with the first large request
 * and ends after IDLE_MS without one (it holds a second copy of the model, about 40 MB); the next
 * large request starts it again, off the server's thread. It also answers a hover inside such a
 * request and the fixes of its findings (a code action, fix all), from the last request it checked
 * (`JobChecker`). One job runs at a time; a job no longer wanted when its turn
 * comes (the document moved on, the pull was cancelled) is dropped. A worker that fails is not
 * started again: requests are then checked on the server's thread, as before.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createLanguageService, JobChecker, type BlockJob, type FixesJob, type FixesResult, type HoverJob, type HoverResult, type JobResult } from '../core';
import type { BlockChecker } from './host';

const ROLE = 'graphreq-block-checker';

/**
 * Requests this long or longer go to the worker (characters). Checking such a request takes about
 * 20 ms on a quiet machine: shorter ones fit a slice (runSafe.ts, SLICE_MS) and stay here.
 */
export const OFF_THREAD_MIN_LENGTH = 256 * 1024;

/**
 * The main thread's stack in V8 (984 KB by default) with the 192 KB Node keeps below it: a request
 * nested too deeply for the server's thread is too deep in the worker too (validation.ts catches
 * the RangeError), so both report it alike.
 */
const STACK_MB = (984 + 192) / 1024;

/** A worker with no job for this long ends (ms). */
export const IDLE_MS = 60_000;

/** Whether this thread is the checker's worker (main.ts then starts no server). */
export function isCheckWorker(): boolean {
  return !isMainThread && (workerData as { role?: string } | undefined)?.role === ROLE;
}

/** What a job asks: a check, a hover, fixes. */
type JobKind = 'check' | 'hover' | 'fixes';

/** In the worker: answers each job with its result. */
function serveJobs(): void {
  const jobs = new JobChecker(createLanguageService().model);
  parentPort!.on('message', (m: { id: number; kind?: JobKind; job: BlockJob }) => {
    const result = m.kind === 'hover' ? jobs.hover(m.job as HoverJob) : m.kind === 'fixes' ? jobs.fixes(m.job as FixesJob) : jobs.check(m.job);
    parentPort!.postMessage({ id: m.id, result });
  });
}

if (isCheckWorker()) serveJobs();

interface Waiting {
  kind: JobKind;
  job: BlockJob;
  wanted: () => boolean;
  resolve: (r: unknown) => void;
}

export class WorkerBlockChecker implements BlockChecker {
  private worker: Worker | undefined;
  private failed = false;
  private readonly queue: Waiting[] = [];
  private running: { id: number; resolve: (r: unknown) => void } | undefined;
  private ids = 0;
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly log: (message: string) => void = () => undefined,
    readonly minLength = OFF_THREAD_MIN_LENGTH,
    /** The script the worker runs: this bundle. */
    private readonly script = __filename,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Whether a worker is running now. */
  get started(): boolean {
    return this.worker !== undefined;
  }

  check(job: BlockJob, wanted: () => boolean): Promise<JobResult | undefined> {
    return this.run('check', job, wanted);
  }

  hover(job: HoverJob, wanted: () => boolean): Promise<HoverResult | undefined> {
    return this.run('hover', job, wanted);
  }

  fixes(job: FixesJob, wanted: () => boolean): Promise<FixesResult | undefined> {
    return this.run('fixes', job, wanted);
  }

  private run<T>(kind: JobKind, job: BlockJob, wanted: () => boolean): Promise<T | undefined> {
    if (this.failed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.queue.push({ kind, job, wanted, resolve: resolve as (r: unknown) => void });
      this.next();
    });
  }

  /**
   * Ends the worker (tests; the server's process ends it when it exits). terminate()'s promise is not
   * handed out: for this unref'd worker it could stay pending for good (Node 20: a test awaiting it
   * hung, or failed with an empty event loop, in about half the runs), and nothing needs the thread's end.
   */
  dispose(): void {
    this.failed = true;
    for (const w of this.queue.splice(0)) w.resolve(undefined);
    void this.worker?.terminate();
  }

  private next(): void {
    clearTimeout(this.idle);
    while (!this.running && this.queue.length) {
      const w = this.queue.shift()!;
      const worker = w.wanted() ? this.start() : undefined;
      if (!worker) {
        w.resolve(undefined);
        continue;
      }
      const id = ++this.ids;
      this.running = { id, resolve: w.resolve };
      worker.postMessage({ id, kind: w.kind, job: w.job });
    }
    if (!this.running && this.worker) {
      this.idle = setTimeout(() => this.retire(), this.idleMs);
      this.idle.unref?.();
    }
  }

  /** Ends an idle worker; the next job starts another. */
  private retire(): void {
    const worker = this.worker;
    if (!worker || this.running || this.queue.length) return;
    this.worker = undefined;
    worker.removeAllListeners();
    void worker.terminate();
  }

  private start(): Worker | undefined {
    if (this.worker || this.failed) return this.worker;
    try {
      const worker = new Worker(this.script, { workerData: { role: ROLE }, resourceLimits: { stackSizeMb: STACK_MB } });
      // The server exits when its input closes, whatever the worker is doing.
      worker.unref();
      worker.on('message', (m: { id: number; result: unknown }) => {
        if (this.running?.id !== m.id) return;
        const { resolve } = this.running;
        this.running = undefined;
        resolve(m.result);
        this.next();
      });
      worker.on('error', (e) => this.lost(`graphreq: the checker's worker failed: ${e.stack ?? e.message}`));
      worker.on('exit', (code) => this.lost(`graphreq: the checker's worker exited (${code})`));
      this.worker = worker;
      return worker;
    } catch (e) {
      this.lost(`graphreq: the checker's worker did not start: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  /** The worker is gone: what it had and what waits is checked on the server's thread from now on. */
  private lost(message: string): void {
    if (!this.failed) this.log(message);
    this.failed = true;
    this.worker = undefined;
    this.running?.resolve(undefined);
    this.running = undefined;
    for (const w of this.queue.splice(0)) w.resolve(undefined);
  }
}
