/**
 * The language server's test run (`graphreq.test` with `updateSnapshots`, VS Code's Testing view) in
 * a workspace folder that links a folder outside it (`reqs -> ~/other`): the snapshot file of
 * `reqs/x.graphreq` is not written through the link. Before, `reqs/x.snap.json` was created in the
 * folder outside (the write was checked from the request file's own folder down). Over stdio.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { LspClient } from './lspClient';

const TEXT = '# @name me\n# @expect status 200\n# @expect body matches snapshot\nGET /v23.0/t_100200300?fields=id\n';

describe('the language server writes no snapshot through a linked folder', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-linked-'));
  const folder = path.join(root, 'ws');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(folder);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'x.graphreq'), TEXT);
  fs.symlinkSync(outside, path.join(folder, 'reqs'));
  fs.writeFileSync(path.join(folder, 'own.graphreq'), TEXT);
  const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: path.join(root, 'config') });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('graphreq.test --update-snapshots of reqs/x.graphreq leaves the folder outside as it was; a file of the folder itself gets its snapshot', async () => {
    await client.initialize(pathToFileURL(folder).href);
    const linked = pathToFileURL(path.join(folder, 'reqs', 'x.graphreq')).href;
    await client.open(linked, TEXT);
    const run = await client.request('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri: linked, updateSnapshots: true }] }).then(
      () => 'ran',
      (e: Error) => e.message,
    );
    assert.deepEqual(fs.readdirSync(outside), ['x.graphreq'], `nothing is written outside (${run})`);
    assert.match(run, /reqs is a symbolic link/);
    // The control: the same run on a file of the folder writes its snapshot beside it.
    const own = pathToFileURL(path.join(folder, 'own.graphreq')).href;
    await client.open(own, TEXT);
    await client.request('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri: own, updateSnapshots: true }] });
    assert.ok(fs.existsSync(path.join(folder, 'own.snap.json')));
  });
});
