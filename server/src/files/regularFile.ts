/**
 * Reading a file that a repository may ship as anything: graphreq.env.json, the files of `.graphreq/`
 * and `.graphreq-history/`, snapshot files. A FIFO, a device or a socket in their place must not be
 * read: the read of a FIFO with no writer blocks for good, and a process blocked in a read runs no
 * signal handler, so not even Ctrl+C ended `graphreq send`, and the language server answered nothing
 * more. The file is opened without blocking (O_NONBLOCK: a FIFO opens at once), and read only when
 * the opened file is a regular one (fstat of what was opened, so it cannot be swapped in between).
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
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    if (!fs.fstatSync(fd).isFile()) throw new NotRegularFileError(file);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The text of `file` (UTF-8), as readRegularFile reads it. */
export function readRegularText(file: string): string {
  return readRegularFile(file).toString('utf8');
}
