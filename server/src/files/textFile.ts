/**
 * Decoding the bytes of a file the user wrote (a request file, a `< path` body) as UTF-8, strictly:
 * every reader of request files on disk goes through here (the CLI, and the language server for files
 * not open in the editor).
 *
 * Node's lenient decoding turns every byte that is not UTF-8 into U+FFFD: a request file saved in
 * Latin-1 (`"name": "Café"`) would be checked clean, sent with `Caf�` to the service, and rewritten
 * with the replacement character by `graphreq fmt` or `check --fix`, its bytes lost for good. So a
 * file that is not UTF-8 is refused in one line that says where, and is never written back.
 */
import * as fs from 'node:fs';
import { TextDecoder } from 'node:util';

/** Why the bytes of a file are not UTF-8 text, in words that end a sentence such as "x.graphreq is ...". */
export class NotUtf8Error extends Error {}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of `bytes` (a byte-order mark kept as U+FEFF), or a NotUtf8Error that says where the first byte that is not UTF-8 is. */
export function decodeUtf8(bytes: Uint8Array): string {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    throw new NotUtf8Error('UTF-16 text, not UTF-8: save it as UTF-8');
  }
  try {
    return strict.decode(bytes);
  } catch {
    const at = firstInvalidByte(bytes);
    const before = Buffer.from(bytes.subarray(0, at)).toString('utf8');
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    throw new NotUtf8Error(`not UTF-8 text (byte 0x${bytes[at].toString(16).toUpperCase().padStart(2, '0')} at line ${line}, column ${column}): save it as UTF-8`);
  }
}

/** The text of a file the user wrote, strictly UTF-8: throws the read's error, or a NotUtf8Error. */
export function readTextFile(file: string): string {
  return decodeUtf8(fs.readFileSync(file));
}

/** The offset of the first byte that does not begin or continue a well-formed UTF-8 sequence. */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < 0x80 || c > 0xbf) return i;
      // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8 either.
      if (k === 1 && ((b === 0xe0 && c < 0xa0) || (b === 0xed && c > 0x9f) || (b === 0xf0 && c < 0x90) || (b === 0xf4 && c > 0x8f))) return i;
    }
    i += length;
  }
  return Math.max(0, bytes.length - 1);
}
