/**
 * The one atomic-write helper (server/src/files/atomicWrite.ts): a write replaces a file whole or
 * not at all, keeps the file's mode and symbolic links, and refuses when the file changed since the
 * version the new content was derived from.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  FileChangedError,
  readForUpdate,
  realFs,
  removeLeftovers,
  stampOf,
  writeFileAtomic,
  writeFileAtomicSync,
  type WriteFs,
} from '../../server/src/files/atomicWrite';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-atomic-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
function fresh(content?: string): string {
  const file = path.join(dir, `f${++n}.txt`);
  if (content !== undefined) fs.writeFileSync(file, content);
  return file;
}

function leftovers(): string[] {
  return fs.readdirSync(dir).filter((name) => name.includes('.tmp-'));
}

/** A file system whose writes stop half-way through the data, as a crash would leave them. */
const crashingFs: WriteFs = {
  ...realFs,
  async open(file, flags) {
    const handle = await realFs.open(file, flags);
    return {
      writeFile: async (data: string | Uint8Array) => {
        await handle.writeFile(data.slice(0, Math.floor(data.length / 2)));
        throw new Error('simulated crash in the middle of the write');
      },
      sync: () => handle.sync(),
      close: () => handle.close(),
    };
  },
};

describe('atomic write', () => {
  for (const [name, write] of [
    ['async', (f: string, d: string, o = {}) => writeFileAtomic(f, d, o)],
    ['sync', async (f: string, d: string, o = {}) => writeFileAtomicSync(f, d, o)],
  ] as const) {
    describe(name, () => {
      it('creates a new file and replaces an existing one, leaving no temporary file', async () => {
        const file = fresh();
        await write(file, 'one');
        assert.equal(fs.readFileSync(file, 'utf8'), 'one');
        await write(file, 'two');
        assert.equal(fs.readFileSync(file, 'utf8'), 'two');
        assert.deepEqual(leftovers(), []);
      });

      it('keeps the permission bits of the file it replaces', async () => {
        const file = fresh('old');
        fs.chmodSync(file, 0o640);
        await write(file, 'new');
        assert.equal(fs.statSync(file).mode & 0o777, 0o640);
      });

      it('replaces the file a symbolic link points to and keeps the link', async () => {
        const real = fresh('old');
        const link = path.join(dir, `link${++n}`);
        fs.symlinkSync(real, link);
        await write(link, 'new');
        assert.ok(fs.lstatSync(link).isSymbolicLink());
        assert.equal(fs.readFileSync(real, 'utf8'), 'new');
      });

      it('writes when the file is the version that was read', async () => {
        const file = fresh('v1');
        const { text, stamp } = readForUpdate(file);
        assert.equal(text, 'v1');
        await write(file, 'v2', { expect: stamp });
        assert.equal(fs.readFileSync(file, 'utf8'), 'v2');
      });

      it('refuses when the file changed since it was read, keeping the change', async () => {
        const file = fresh('v1');
        const { stamp } = readForUpdate(file);
        fs.writeFileSync(file, 'saved by the editor meanwhile');
        await assert.rejects(write(file, 'v2', { expect: stamp }), (e) => e instanceof FileChangedError && /changed since it was read/.test(e.message));
        assert.equal(fs.readFileSync(file, 'utf8'), 'saved by the editor meanwhile');
        assert.deepEqual(leftovers(), []);
      });

      it('with a content hash, refuses a change of the same size and modification time', async () => {
        // A whole second as the time, so that setting it back is exact on every file system.
        const file = fresh('aaaa');
        fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
        const { stamp } = readForUpdate(file, { hash: true });
        fs.writeFileSync(file, 'bbbb');
        fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
        assert.equal(stampOf(file)!.mtimeMs, stamp.mtimeMs, 'the test needs the same mtime');
        await assert.rejects(write(file, 'cccc', { expect: stamp }), FileChangedError);
        assert.equal(fs.readFileSync(file, 'utf8'), 'bbbb');
      });

      it('with expect null, refuses to replace a file that exists', async () => {
        const file = fresh('there');
        await assert.rejects(write(file, 'new', { expect: null }), FileChangedError);
        const other = fresh();
        await write(other, 'new', { expect: null });
        assert.equal(fs.readFileSync(other, 'utf8'), 'new');
      });

      it('refuses when the file was deleted since it was read', async () => {
        const file = fresh('v1');
        const { stamp } = readForUpdate(file);
        fs.rmSync(file);
        await assert.rejects(write(file, 'v2', { expect: stamp }), FileChangedError);
        assert.equal(fs.existsSync(file), false);
      });

      it('leaves the target alone and removes its temporary file when the rename fails', async () => {
        // A folder where the file should be: the rename fails after the data was written.
        const target = path.join(dir, `folder${++n}`);
        fs.mkdirSync(target);
        await assert.rejects(write(target, 'data'));
        assert.ok(fs.statSync(target).isDirectory());
        assert.deepEqual(leftovers(), []);
      });
    });
  }

  it('leaves the old content when a write stops half-way (a crash mid-write)', async () => {
    const file = fresh('{"old":true}');
    await assert.rejects(writeFileAtomic(file, 'x'.repeat(10000), { io: crashingFs }), /simulated crash/);
    assert.equal(fs.readFileSync(file, 'utf8'), '{"old":true}');
    assert.deepEqual(leftovers(), []);
  });

  it('removes, on the next write in the folder, temporary files of writers that are gone, and only those', async () => {
    const sub = fs.mkdtempSync(path.join(dir, 'stale-'));
    const file = path.join(sub, 'req.graphreq');
    fs.writeFileSync(file, 'old');
    // A process id that is not running: the largest the system allows is far above any live one here.
    const dead = `${file}.tmp-2147483646-1`;
    const live = `${file}.tmp-${process.ppid}-1`;
    fs.writeFileSync(dead, 'cut');
    fs.writeFileSync(live, 'in progress');
    writeFileAtomicSync(file, 'new');
    assert.equal(fs.existsSync(dead), false);
    assert.equal(fs.existsSync(live), true, 'a live writer keeps its temporary file');
    fs.rmSync(sub, { recursive: true, force: true });
  });

  it('removes the temporary files a crashed write left beside a file, and only those', () => {
    const file = fresh('intact');
    const leftover = `${file}.tmp-99999-1`;
    const other = path.join(dir, 'unrelated.tmp-1');
    fs.writeFileSync(leftover, 'in');
    fs.writeFileSync(other, 'keep');
    removeLeftovers(file);
    assert.equal(fs.existsSync(leftover), false);
    assert.equal(fs.readFileSync(other, 'utf8'), 'keep');
    fs.rmSync(other);
  });
});
