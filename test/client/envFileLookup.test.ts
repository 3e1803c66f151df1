/**
 * The graphreq.env.json the VS Code client reads (client/src/envFileLookup.ts): it read whatever
 * vscode.workspace.fs gave for the path, links followed, so a repository's `graphreq.env.json ->
 * /proc/self/pagemap` had the extension host read its memory map to the end, `-> ~/.npmrc` or a
 * folder `reqs -> ~/other` showed a file outside the workspace, and a FIFO never answered. Now no
 * link is followed, and only a regular file of at most 1 MiB is read, as the server reads it.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ENV_FILE_LIMIT, FILE_TYPE, lookUpEnvFile, type EntryStat } from '../../client/src/envFileLookup';

/** A file system of paths → stat, as vscode.workspace.fs.stat answers (a link: its target's type plus the link bit). */
function fsOf(entries: Record<string, EntryStat>) {
  const asked: string[] = [];
  const stat = async (p: string): Promise<EntryStat | undefined> => {
    asked.push(p);
    return entries[p];
  };
  return { stat, asked };
}
const file = (size = 20): EntryStat => ({ type: FILE_TYPE.file, size });
const dir: EntryStat = { type: FILE_TYPE.directory, size: 0 };
const link = (to: EntryStat): EntryStat => ({ type: to.type | FILE_TYPE.symbolicLink, size: to.size });
// A document in ws/reqs/deep: the candidates from its folder up to the workspace folder ws.
const candidates = [
  { file: 'ws/reqs/deep/graphreq.env.json', folders: ['ws/reqs/deep', 'ws/reqs'] },
  { file: 'ws/reqs/graphreq.env.json', folders: ['ws/reqs'] },
  { file: 'ws/graphreq.env.json', folders: [] },
];
const look = (entries: Record<string, EntryStat>) => lookUpEnvFile(candidates, fsOf(entries).stat, (p) => p);

describe("the editor's graphreq.env.json", () => {
  it('the nearest regular file, from the document up to the workspace folder', async () => {
    assert.deepEqual(await look({ 'ws/reqs/deep': dir, 'ws/reqs': dir, 'ws/graphreq.env.json': file() }), { file: 'ws/graphreq.env.json' });
    assert.deepEqual(await look({ 'ws/reqs/deep': dir, 'ws/reqs': dir, 'ws/reqs/graphreq.env.json': file(), 'ws/graphreq.env.json': file() }), { file: 'ws/reqs/graphreq.env.json' });
    assert.equal(await look({ 'ws/reqs/deep': dir, 'ws/reqs': dir }), undefined);
  });

  it('not a link (to /proc/self/pagemap, which says 0 bytes, or to a file outside), nor a file in a linked folder', async () => {
    const pagemap = await look({ 'ws/reqs/deep': dir, 'ws/reqs': dir, 'ws/graphreq.env.json': link(file(0)) });
    assert.deepEqual(pagemap, { refused: 'ws/graphreq.env.json', reason: 'ws/graphreq.env.json is a symbolic link: the editor does not follow it' });
    const linkedFolder = await look({ 'ws/reqs/deep': dir, 'ws/reqs': link(dir), 'ws/reqs/graphreq.env.json': file() });
    assert.deepEqual(linkedFolder, { refused: 'ws/reqs/graphreq.env.json', reason: 'ws/reqs/graphreq.env.json lies in ws/reqs, a symbolic link: the editor does not follow it' });
  });

  it('not a FIFO or a device (the editor says Unknown), a folder, or a file over 1 MiB', async () => {
    for (const [entry, reason] of [
      [{ type: 0, size: 0 }, 'is not a regular file'],
      [dir, 'is not a regular file'],
      [file(ENV_FILE_LIMIT + 1), 'is larger than 1 MiB'],
    ] as const) {
      assert.deepEqual(await look({ 'ws/reqs/deep': dir, 'ws/reqs': dir, 'ws/graphreq.env.json': entry }), { refused: 'ws/graphreq.env.json', reason: `ws/graphreq.env.json ${reason}` });
    }
    assert.deepEqual(await look({ 'ws/reqs/deep': dir, 'ws/reqs': dir, 'ws/graphreq.env.json': file(ENV_FILE_LIMIT) }), { file: 'ws/graphreq.env.json' });
  });
});
