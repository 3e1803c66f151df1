/**
 * Rewriting a user's request file where it is (`check --fix`, `fmt`): atomically, over the version
 * that was read, and never through a symbolic link.
 *
 * A link is not written through (a repository's `reqs.graphreq -> ~/.bashrc`): no folder between the
 * workspace and the file, nor the file itself, may be one. A file the user named outside the
 * workspace is rewritten where it is, if it is not a link itself.
 */
import * as path from 'node:path';
import { FileChangedError, ReadOnlyError, UnsafePathError, writeFileAtomicSync, type FileStamp } from '../files/atomicWrite';

/** Why a file was left as it is: changed since it was read, read-only, a link on its path, or an I/O error (its code). */
export type NotWritten = { why: 'changed' | 'read-only' | 'link' } | { why: 'io'; code: string };

/** Writes `text` over the version `stamp` describes; true, or why it was not written. */
export function writeInPlace(file: string, text: string, stamp: FileStamp, workspace: string): true | NotWritten {
  const target = path.resolve(file);
  const inside = target.startsWith(path.resolve(workspace) + path.sep);
  try {
    writeFileAtomicSync(file, text, { expect: stamp, within: inside ? workspace : path.dirname(target) });
    return true;
  } catch (e) {
    if (e instanceof FileChangedError) return { why: 'changed' };
    if (e instanceof ReadOnlyError) return { why: 'read-only' };
    if (e instanceof UnsafePathError) return { why: 'link' };
    return { why: 'io', code: (e as NodeJS.ErrnoException).code ?? 'error' };
  }
}
