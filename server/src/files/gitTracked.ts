/**
 * Whether git tracks anything under a folder: the folder came with the repository (a clone), so
 * what it holds was written by the repository's authors, not by this user's graphreq.
 *
 * Read from the repository's index file (`.git/index`, format versions 2 to 4) rather than by
 * running git: git run inside a repository someone else prepared may run commands its config names
 * (core.fsmonitor), and git may not be installed. Only the index's paths are read; anything that
 * cannot be read as an index counts as "not tracked" (there is then nothing git would check out).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Indexes larger than this are not read (a repository of a few hundred thousand files). */
const INDEX_LIMIT = 64 * 1024 * 1024;

/** True when the git repository holding `dir` tracks a file under `dir`. */
export function trackedByGit(dir: string): boolean {
  const repo = findRepository(path.resolve(dir));
  if (!repo) return false;
  const rel = path.relative(repo.root, path.resolve(dir)).split(path.sep).join('/');
  if (rel === '' || rel.startsWith('..')) return false;
  const prefix = Buffer.from(`${rel}/`);
  let st: fs.Stats;
  try {
    st = fs.statSync(repo.index);
  } catch {
    return false;
  }
  if (!st.isFile() || st.size > INDEX_LIMIT) return false;
  const key = `${repo.index}\0${rel}`;
  const known = answers.get(key);
  if (known && known.mtimeMs === st.mtimeMs && known.size === st.size) return known.tracked;
  let tracked = false;
  try {
    tracked = indexPaths(fs.readFileSync(repo.index), (p) => p.length > prefix.length && p.subarray(0, prefix.length).equals(prefix));
  } catch {
    /* unreadable: nothing git would check out */
  }
  answers.set(key, { mtimeMs: st.mtimeMs, size: st.size, tracked });
  return tracked;
}

/** Answers by index file and folder, as long as the index is unchanged (a language server asks before every save). */
const answers = new Map<string, { mtimeMs: number; size: number; tracked: boolean }>();

/** The work tree's root and its index file: the nearest `.git` folder, or `.git` file (`gitdir: ...`, a worktree or submodule), above `start`. */
function findRepository(start: string): { root: string; index: string } | undefined {
  let current = start;
  for (let i = 0; i < 128; i++) {
    const dotGit = path.join(current, '.git');
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(dotGit);
    } catch {
      st = undefined;
    }
    if (st?.isDirectory()) return { root: current, index: path.join(dotGit, 'index') };
    if (st?.isFile()) {
      try {
        const m = /^gitdir: (.+)$/m.exec(fs.readFileSync(dotGit, 'utf8').slice(0, 4096));
        if (m) return { root: current, index: path.join(path.resolve(current, m[1].trim()), 'index') };
      } catch {
        /* unreadable: not a repository */
      }
      return undefined;
    }
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

/**
 * Calls `match` with each path of the index (as bytes) until it returns true. The layout
 * (git's Documentation/gitformat-index.txt): a 12-byte header, then per entry 40 bytes of stat
 * data, the object id (20 bytes for SHA-1, 32 for SHA-256), 2 bytes of flags (3 and 4: 2 more when
 * the extended flag is set, their low 12 bits the path's length), the path; in versions 2 and 3 the path ends with NUL padding to a
 * multiple of 8 bytes, in version 4 it is the previous path cut by a varint and a NUL-ended suffix.
 */
function indexPaths(index: Buffer, match: (p: Buffer) => boolean): boolean {
  if (index.length < 12 || index.toString('latin1', 0, 4) !== 'DIRC') return false;
  const version = index.readUInt32BE(4);
  if (version < 2 || version > 4) return false;
  const count = index.readUInt32BE(8);
  // The object id's size is not in the index: try SHA-1's, then SHA-256's; only the right one reads every entry.
  for (const idSize of [20, 32]) {
    const found = readEntries(index, version, count, idSize, match);
    if (found !== undefined) return found;
  }
  return false;
}

/** True/false when the entries read cleanly with this id size; undefined when they do not. */
function readEntries(index: Buffer, version: number, count: number, idSize: number, match: (p: Buffer) => boolean): boolean | undefined {
  let at = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let n = 0; n < count; n++) {
    const start = at;
    const flagsAt = start + 40 + idSize;
    if (flagsAt + 2 > index.length) return undefined;
    const flags = index.readUInt16BE(flagsAt);
    at = flagsAt + 2 + (version >= 3 && flags & 0x4000 ? 2 : 0);
    let name: Buffer;
    if (version === 4) {
      let strip = 0;
      let byte: number;
      // git's offset varint: 7 bits a byte, each continuation adds one before shifting.
      let first = true;
      do {
        if (at >= index.length) return undefined;
        byte = index[at++];
        strip = first ? byte & 0x7f : ((strip + 1) << 7) | (byte & 0x7f);
        first = false;
      } while (byte & 0x80);
      const end = index.indexOf(0, at);
      if (end < 0 || strip > previous.length) return undefined;
      name = Buffer.concat([previous.subarray(0, previous.length - strip), index.subarray(at, end)]);
      at = end + 1;
    } else {
      const end = index.indexOf(0, at);
      if (end < 0) return undefined;
      name = index.subarray(at, end);
      // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes from their start.
      at = start + Math.ceil((end + 1 - start) / 8) * 8;
      if (at > index.length) return undefined;
      if (index.subarray(end, at).some((b) => b !== 0)) return undefined;
    }
    // The flags' low 12 bits are the path's length (0xFFF: longer): a parse with the wrong id size fails here.
    const length = flags & 0xfff;
    if (length < 0xfff ? name.length !== length : name.length < 0xfff) return undefined;
    if (match(name)) return true;
    previous = name;
  }
  return false;
}
