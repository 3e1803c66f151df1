/**
 * The data file (`--data FILE`): an append-only log of JSON lines, so that a change costs one short
 * append instead of a rewrite of the whole state.
 *
 *   {"graphreq":"emulator-state","format":2,"collections":["lastIds","accounts",...]}   header
 *   {"b":[["p","adsets","238...",{...}],["d","urls","https://..."]]}     one committed batch
 *   {"r":[["ads:1000000001",3600000,[[1750000000000,3]]]]}              rate-counter calls
 *   {"m":{"clockOffsetMs":5400000}}                                      settings of the emulator
 *
 * Each batch is one line, written and flushed to disk (fsync) before the calls it holds are
 * answered, so a batch is all there or not at all: a crash can only cut the last line, and a cut
 * last line is dropped when the file is opened. Replaying the lines in order gives the state.
 * When the appended lines outgrow the live state, the file is compacted: a fresh header and one
 * snapshot are written to a temporary file that is renamed over it (files/atomicWrite.ts).
 *
 * Files of the earlier format (one JSON object, `"format": 1`) are read and converted on open.
 */
import * as fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomic } from '../../files/atomicWrite';
import { NotRegularFileError, readRegularFile } from '../../files/regularFile';
import { parseLog, type ReadResult } from './logText';

export { headerLine, LOG_FORMAT, LOG_MARK, NotState, type LogHeader, type LogLine, type Op, type ReadResult } from './logText';

/** The one step of an append the tests replace to simulate a disk that fails half-way. */
export interface LogIo {
  append(handle: FileHandle, text: string): Promise<void>;
}

export const realLogIo: LogIo = {
  async append(handle, text) {
    await handle.appendFile(text, 'utf8');
    await handle.sync();
  },
};

export function readLog(file: string): ReadResult {
  let buf: Buffer;
  try {
    buf = readRegularFile(file);
  } catch (e) {
    if (e instanceof NotRegularFileError) throw new Error(e.message);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    throw new Error(`${file}: cannot read (${code ?? 'error'})`);
  }
  return parseLog(buf.toString('utf8'), buf.length);
}

/** The open data file: appends, undoes a failed append, and compacts. */
/**
 * The data file is opened without following a symbolic link (a `.graphreq/emulator-state.json`
 * that links to a file outside would be appended to), and its atomic rewrites refuse one too.
 */
const APPEND = fs.constants.O_WRONLY | fs.constants.O_APPEND;

function openNoFollow(file: string, flags: number): Promise<FileHandle> {
  return fsp.open(file, flags | (fs.constants.O_NOFOLLOW ?? 0));
}

export class LogWriter {
  private constructor(
    private readonly file: string,
    private handle: FileHandle,
    /** Bytes in the file. */
    public size: number,
    /** Bytes of the last snapshot: the file is compacted once appends have doubled it. */
    private snapshotSize: number,
    private readonly io: LogIo,
  ) {}

  /** Opens `file` for appending after cutting it to `goodBytes` (dropping a line a crash cut short). */
  static async open(file: string, goodBytes: number, io: LogIo = realLogIo): Promise<LogWriter> {
    const handle = await openNoFollow(file, fs.constants.O_RDWR);
    try {
      const { size } = await handle.stat();
      if (size > goodBytes) {
        await handle.truncate(goodBytes);
        await handle.sync();
      }
    } finally {
      await handle.close();
    }
    return new LogWriter(file, await openNoFollow(file, APPEND), goodBytes, goodBytes, io);
  }

  /** Writes a whole new file (header and snapshot lines) atomically, and appends to it from now on. */
  static async create(file: string, text: string, io: LogIo = realLogIo): Promise<LogWriter> {
    await writeFileAtomic(file, text, { within: path.dirname(file) });
    const size = Buffer.byteLength(text, 'utf8');
    return new LogWriter(file, await openNoFollow(file, APPEND), size, size, io);
  }

  /** Appends lines and flushes them to disk; on failure the file is cut back to where it was. */
  async append(text: string): Promise<void> {
    const before = this.size;
    try {
      await this.io.append(this.handle, text);
      this.size += Buffer.byteLength(text, 'utf8');
    } catch (e) {
      // Whatever part of the text reached the file must go, or the next start would replay it.
      await this.handle.truncate(before);
      await this.handle.sync();
      throw e;
    }
  }

  /** Appends have grown the file past twice its last snapshot (and past 1 MiB). */
  get wantsCompaction(): boolean {
    return this.size > Math.max(1 << 20, 2 * this.snapshotSize);
  }

  /** Replaces the file by `text` (a header and a snapshot), atomically. */
  async rewrite(text: string): Promise<void> {
    await writeFileAtomic(this.file, text, { within: path.dirname(this.file) });
    await this.handle.close().catch(() => undefined);
    this.handle = await openNoFollow(this.file, APPEND);
    this.size = this.snapshotSize = Buffer.byteLength(text, 'utf8');
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
