/**
 * Writes stay inside (issue 20, item 2), in the one writer (files/atomicWrite.ts): graphreq's own
 * files in a workspace (`within`) are never written through a symbolic link, never outside the
 * workspace, and are created 0600 in folders created 0700; a read-only file is never replaced,
 * whoever writes it (also `fmt` and `check --fix`, which pass no `within`).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { makeFolderWithin, ReadOnlyError, UnsafePathError, writeFileAtomic, writeFileAtomicSync } from '../../server/src/files/atomicWrite';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-confined-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A workspace and, beside it, a file outside it that links may point at. */
function setup(): { ws: string; outside: string } {
  const base = path.join(root, `case${++n}`);
  const ws = path.join(base, 'ws');
  fs.mkdirSync(path.join(ws, '.graphreq'), { recursive: true });
  const outside = path.join(base, 'bashrc');
  fs.writeFileSync(outside, 'export PATH=$PATH\n');
  return { ws, outside };
}

const writers = {
  async: (file: string, data: string, within: string) => writeFileAtomic(file, data, { within }),
  sync: async (file: string, data: string, within: string) => writeFileAtomicSync(file, data, { within }),
};

describe('writes stay inside the workspace', () => {
  for (const [kind, write] of Object.entries(writers)) {
    it(`${kind}: refuses a target that is a symbolic link to a file outside, and leaves that file alone`, async () => {
      const { ws, outside } = setup();
      const target = path.join(ws, '.graphreq', 'responses.json');
      fs.symlinkSync(outside, target);
      await assert.rejects(write(target, '{}', ws), (e: Error) => e instanceof UnsafePathError && /responses\.json is a symbolic link/.test(e.message));
      assert.equal(fs.readFileSync(outside, 'utf8'), 'export PATH=$PATH\n');
      assert.ok(fs.lstatSync(target).isSymbolicLink(), 'the link is left as it is');
    });

    it(`${kind}: refuses a folder on the way that is a symbolic link, and a path outside`, async () => {
      const { ws, outside } = setup();
      fs.symlinkSync(path.dirname(outside), path.join(ws, '.graphreq-history'));
      await assert.rejects(write(path.join(ws, '.graphreq-history', 'rate-state.json'), '{}', ws), UnsafePathError);
      assert.ok(!fs.existsSync(path.join(path.dirname(outside), 'rate-state.json')));
      await assert.rejects(write(path.join(ws, '..', 'escaped.json'), '{}', ws), /is outside/);
      assert.ok(!fs.existsSync(path.join(ws, '..', 'escaped.json')));
    });

    it(`${kind}: creates a new file 0600, and refuses to replace a read-only one`, async () => {
      const { ws } = setup();
      const file = path.join(ws, '.graphreq', 'test-results.json');
      await write(file, '{"a":1}', ws);
      assert.equal((fs.statSync(file).mode & 0o777).toString(8), '600');
      fs.chmodSync(file, 0o444);
      await assert.rejects(write(file, '{"a":2}', ws), (e: Error) => e instanceof ReadOnlyError && e.message === `${file} is read-only; not rewritten`);
      assert.equal(fs.readFileSync(file, 'utf8'), '{"a":1}');
    });
  }

  it('refuses to replace a read-only file even without `within` (fmt, check --fix)', () => {
    const { ws } = setup();
    const file = path.join(ws, 'req.graphreq');
    fs.writeFileSync(file, 'GET /v23.0/me\n', { mode: 0o444 });
    assert.throws(() => writeFileAtomicSync(file, 'changed'), ReadOnlyError);
    assert.equal(fs.readFileSync(file, 'utf8'), 'GET /v23.0/me\n');
  });

  it('makes folders 0700 and refuses one that is a symbolic link', () => {
    const { ws, outside } = setup();
    makeFolderWithin(ws, path.join(ws, 'a', 'b'));
    assert.equal((fs.statSync(path.join(ws, 'a', 'b')).mode & 0o777).toString(8), '700');
    fs.symlinkSync(path.dirname(outside), path.join(ws, 'linked'));
    assert.throws(() => makeFolderWithin(ws, path.join(ws, 'linked', 'c')), UnsafePathError);
    assert.ok(!fs.existsSync(path.join(path.dirname(outside), 'c')));
  });
});
