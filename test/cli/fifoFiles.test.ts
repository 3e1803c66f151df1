/**
 * A repository (an archive: tar keeps FIFOs, git does not) that ships a FIFO where graphreq reads
 * one of its files: graphreq.env.json, `.graphreq/` (saved responses, test results, the emulator's
 * state and its lock), `.graphreq-history/rate-state.json`, a snapshot file. Before, each read blocked
 * for good: `graphreq check`, `send` and `test` never ended, and a process blocked in a read runs no
 * signal handler, so neither SIGTERM nor Ctrl+C ended them; the language server answered nothing
 * more once a document of that workspace was opened. Now such a file is not read: the run goes on
 * without it, or stops in one line where the file is needed (files/regularFile.ts).
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { LspClient } from '../lsp/lspClient';
import { answersWithin, killIfRunning, runCliKilled, tempWorkspace } from './cliHelpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const REQUESTS = '# @name me\n# @expect status 200\n# @expect body matches snapshot\nGET /v23.0/t_100200300?fields=id\n\n###\n# @expect status 200\nGET /v23.0/{{me.response.body.id}}?fields=id\n';

/** A workspace (a folder of its own under a temporary root) with `req.graphreq` and a FIFO at `fifo`. */
function withFifo(fifo: string): string {
  const root = tempWorkspace('graphreq-fifo-');
  dirs.push(root);
  const dir = path.join(root, 'ws');
  fs.mkdirSync(path.join(dir, '.git'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'req.graphreq'), REQUESTS);
  fs.mkdirSync(path.dirname(path.join(dir, fifo)), { recursive: true });
  execFileSync('mkfifo', [path.join(dir, fifo)]);
  // An hour old, as a file that came with an archive: a lock file that young is not taken for one being written.
  const hourAgo = new Date(Date.now() - 3_600_000);
  fs.utimesSync(path.join(dir, fifo), hourAgo, hourAgo);
  return dir;
}

describe('a FIFO where graphreq reads its files blocks nothing', () => {
  // `needed`: the one line of a run that cannot go on without the file; otherwise the run goes on without it.
  for (const [fifo, args, needed] of [
    ['graphreq.env.json', ['check', 'req.graphreq'], /^graphreq check: .*graphreq\.env\.json is not a regular file$/],
    ['graphreq.env.json', ['send', 'req.graphreq', '--name', 'me'], /^graphreq send: .*graphreq\.env\.json is not a regular file$/],
    ['.graphreq/responses.json', ['send', 'req.graphreq', '--line', '8'], undefined],
    ['.graphreq/emulator-state.json', ['send', 'req.graphreq', '--name', 'me'], /^graphreq send: .*emulator-state\.json cannot be used \(.*emulator-state\.json is not a regular file\); send with --fresh/],
    ['.graphreq/emulator-state.json.lock', ['send', 'req.graphreq', '--name', 'me'], undefined],
    ['.graphreq/test-results.json', ['test', 'req.graphreq'], undefined],
    ['.graphreq-history/rate-state.json', ['test', 'req.graphreq'], undefined],
    ['req.snap.json', ['test', 'req.graphreq'], /^graphreq test: .*req\.snap\.json is not a regular file: not used/m],
  ] as const) {
    it(`${args[0]} with a FIFO at ${fifo} ends`, async () => {
      const dir = withFifo(fifo);
      const run = await runCliKilled([...args], dir);
      assert.equal(run.signal, null, `${args.join(' ')} did not end: ${run.stdout}${run.stderr}`);
      if (needed) {
        assert.equal(run.code, 2, run.stdout + run.stderr);
        assert.match(run.stderr.trimEnd().split('\n').pop()!, needed, run.stderr);
      } else {
        assert.ok(run.code === 0 || run.code === 1 || run.code === 2, `${run.code}`);
        assert.doesNotMatch(run.stderr, /not a regular file|\n\s+at /, run.stderr);
      }
    });
  }

  it('the language server answers a hover in a workspace whose graphreq.env.json is a FIFO', async () => {
    const dir = withFifo('graphreq.env.json');
    const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: path.join(dir, '..', 'config') });
    try {
      await client.initialize(pathToFileURL(dir).href);
      const uri = pathToFileURL(path.join(dir, 'req.graphreq')).href;
      assert.equal(await answersWithin(client.open(uri, REQUESTS), 20_000), true, 'the diagnostics of the open came');
      assert.equal(await answersWithin(client.request('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 12 } }), 20_000), true, 'the hover was answered');
      assert.equal(await client.shutdown(), 0);
    } finally {
      killIfRunning(client.pid);
    }
  });
});
