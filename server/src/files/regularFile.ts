/**
 * Reading a file that a repository may ship as anything: graphreq.env.json, the files of `.graphreq/`
 * and `.graphreq-history/`, snapshot files. A FIFO, a device or a socket in their place must not be
 * read: the read of a FIFO with no writer blocks for good, and a process blocked in a read runs no
 * signal handler, so not even Ctrl+C ended `graphreq send`, and the language server answered nothing
 * more. The file is opened without blocking (O_NONBLOCK: a FIFO opens at once), and read only when
 * the opened file is a regular one (fstat of what was opened, so it cannot be swapped in between).
 *
 * A regular file is read up to the size fstat gives it, never on until the end: a link to a kernel
 * file (`/proc/self/pagemap`, which says 0 bytes and reads as gigabytes) is regular too, and reading
 * it to its end kept `graphreq test`, `graphreq send` and the language server busy for good. graphreq's
 * own files always have their size; one that says 0 bytes is read as empty.
 */
import * as fs from 'node:fs';

/** The file exists but is not a regular file (a FIFO, a device, a socket, a folder): it was not read. */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREGULAR';
  constructor(readonly file: string) {
    super(`${file} is not a regular file`);
  }
}

/** The bytes of `file`; throws NotRegularFileError for anything but a regular file, and the system's errors (ENOENT, EACCES) as they are. */
export function readRegularFile(file: string): Buffer {
  return withRegularFile(file, (fd, size) =>
    // readFileSync of a descriptor reads `size` bytes at most when fstat gives a size, and to the end only when it gives 0.
    size === 0 ? Buffer.alloc(0) : fs.readFileSync(fd),
  );
}

/**
 * The bytes of a file the repository chose (a `.env`, a `< path` body), or undefined when it holds more
 * than `limit`: read until its end, counted as read (its size is not trusted; a kernel file says 0), and
 * in 64 KiB pieces (some kernel files take only reads of whole records). Throws as readRegularFile does.
 */
export function readRegularFileAtMost(file: string, limit: number): Buffer | undefined {
  return withRegularFile(file, (fd) => {
    const pieces: Buffer[] = [];
    let total = 0;
    for (;;) {
      const piece = Buffer.allocUnsafe(64 * 1024);
      const n = fs.readSync(fd, piece, 0, piece.length, null);
      if (n === 0) return Buffer.concat(pieces, total);
      pieces.push(piece.subarray(0, n));
      total += n;
      if (total > limit) return undefined;
    }
  });
}

/** Opens `file` without blocking and hands it to `read` only when what was opened is a regular file. */
function withRegularFile<T>(file: string, read: (fd: number, size: number) => T): T {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new NotRegularFileError(file);
    return read(fd, stat.size);
  } finally {
    fs.closeSync(fd);
  }
}

/** The text of `file` (UTF-8), as readRegularFile reads it. */
export function readRegularText(file: string): string {
  return readRegularFile(file).toString('utf8');
}
