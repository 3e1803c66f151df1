/**
 * A full garbage collection at the moments the server knows it is idle after much work on a large
 * document: once the whole set of its diagnostics has been sent after it was opened, and once typing
 * in it stops and its hints have been sent (lsp/diagnostics.ts, `QUIET_MS`). Issue 26: V8 collects
 * its old generation only when that has grown well past the live size, and a server on a file of ten
 * thousand requests leaves about 1.5 MB of garbage a keystroke (each edit's arrays of ten thousand
 * entries, the page re-joined, the message) besides the open's tens of megabytes: 20-70 MB more
 * resident than the live memory when typing stops, which V8's own memory reducer gives back only after
 * seconds of idleness. A collection costs about 80-110 ms of the thread on that file, so it is made
 * only when the heap has grown by an eighth of its live size (4 MB at least) since the last one.
 */

/** The host's view of its heap: Node's (nodeHost.ts); a browser worker has none. */
export interface HeapControl {
  /** Bytes in use: the heap and the memory outside it that the heap's objects hold (array buffers). */
  used(): number;
  /** A full collection, now. */
  collect(): void;
}

/** The growth since the last collection, as a part of the live size then, that makes an idle moment collect. */
export const GROWTH = 1 / 8;
/** ... and at least this much (bytes): a small heap is never collected for a few megabytes. */
export const MIN_GARBAGE = 4 * 1024 * 1024;

export class IdleCollection {
  /** What was in use after the last collection (0: none yet). */
  private live = 0;

  constructor(private readonly heap: HeapControl) {}

  /** The server is idle after a large document's diagnostics: collects when enough garbage is left. What it did, for the timing log. */
  idle(): { collected: boolean; before: number; after: number; ms: number } {
    const before = this.heap.used();
    if (this.live && before - this.live < Math.max(MIN_GARBAGE, this.live * GROWTH)) return { collected: false, before, after: before, ms: 0 };
    const start = performance.now();
    this.heap.collect();
    this.live = this.heap.used();
    return { collected: true, before, after: this.live, ms: performance.now() - start };
  }
}
