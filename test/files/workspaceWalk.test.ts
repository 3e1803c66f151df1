/**
 * The bounded walk for .graphreq files (issue 22): sorted, `node_modules` and hidden folders
 * skipped, symbolic links never followed (a loop ends), and each limit stops the walk with one line.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { walkRequestFiles, WALK_LIMITS } from '../../server/src/files/workspaceWalk';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-walk-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));
const write = (rel: string): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), 'GET /v23.0/me\n');
};
write('b.graphreq');
write('a/one.graphreq');
write('a/two.graphreq');
write('a/notes.txt');
write('node_modules/dep/x.graphreq');
write('.hidden/y.graphreq');
// A link back to the root (a loop) and a link to a file: neither is followed.
fs.symlinkSync(root, path.join(root, 'a', 'loop'));
fs.symlinkSync(path.join(root, 'b.graphreq'), path.join(root, 'link.graphreq'));
const rel = (files: string[]): string[] => files.map((f) => path.relative(root, f));

describe('the walk for request files', () => {
  it('finds the request files in order, skipping node_modules, hidden folders and links (a loop ends)', () => {
    const r = walkRequestFiles(root);
    assert.deepEqual(rel(r.files), ['a/one.graphreq', 'a/two.graphreq', 'b.graphreq']);
    assert.equal(r.stopped, undefined);
    assert.ok(WALK_LIMITS.files >= 10_000);
  });

  it('stops at the limit of files with one line', () => {
    const r = walkRequestFiles(root, { ...WALK_LIMITS, files: 2 });
    assert.deepEqual(rel(r.files), ['a/one.graphreq', 'a/two.graphreq']);
    assert.equal(r.stopped, `stopped at 2 .graphreq files under ${root} (the limit); name a smaller folder`);
  });

  it('stops after the limit of entries looked at, and below the limit of depth', () => {
    const r = walkRequestFiles(root, { ...WALK_LIMITS, entries: 3 });
    assert.equal(r.stopped, `stopped looking for .graphreq files under ${root} after 3 entries (the limit); name a smaller folder`);
    let deep = path.join(root, 'deep');
    for (let i = 0; i < 5; i++) deep = path.join(deep, `d${i}`);
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(path.join(deep, 'z.graphreq'), 'GET /v23.0/me\n');
    const shallow = walkRequestFiles(root, { ...WALK_LIMITS, depth: 3 });
    assert.ok(!shallow.files.some((f) => f.endsWith('z.graphreq')));
    assert.match(shallow.stopped ?? '', /more than 3 folders deep; not read$/);
    assert.ok(walkRequestFiles(root).files.some((f) => f.endsWith('z.graphreq')));
  });
});
