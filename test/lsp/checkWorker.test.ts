/**
 * The desktop's worker thread for large requests (lsp/checkWorker.ts) as the language server uses it:
 * a job checked there gives the block's findings; an idle worker ends and the next job starts
 * another; a worker that cannot start leaves the jobs to the server's thread (no result), said once.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { blockJob, buildFileContext, parseDocument, validateBlock } from '../../server/src/core';
import { WorkerBlockChecker } from '../../server/src/lsp/checkWorker';
import { model } from '../helpers';

/** The compiled module: it serves jobs when it runs as the worker. */
const script = path.resolve(__dirname, '..', '..', 'server', 'src', 'lsp', 'checkWorker.js');
const doc = parseDocument('### a\nPOST /v23.0/act_1/adsets\n\n{ "name": "x", "bid_amountt": 1 }\n');
const ctx = buildFileContext(doc, { variables: {} });
const job = () => blockJob(doc.blocks[0], ctx);

async function until(condition: () => boolean): Promise<void> {
  // A bound on waiting, not a speed assertion: the worker ends once idle, whatever the machine's load.
  for (let i = 0; i < 600 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('the checker\'s worker thread', () => {
  // The worker is unref'd (the server exits when its input closes, whatever the worker does), and in
  // the server its input keeps the process alive. Here nothing else does: without this handle, a
  // worker slow to start on a loaded machine left the test's process with an empty event loop
  // ('Promise resolution is still pending but the event loop has already resolved').
  let alive: ReturnType<typeof setInterval>;
  before(() => { alive = setInterval(() => undefined, 1000); });
  after(() => clearInterval(alive));

  it('checks a job as the server\'s thread would, ends when idle, and starts again for the next job', async () => {
    const checker = new WorkerBlockChecker(() => undefined, 1, script, 20);
    try {
      const first = await checker.check(job(), () => true);
      assert.ok(first?.ok, JSON.stringify(first));
      assert.deepEqual(first.findings.map((f) => f.finding.code), validateBlock(doc.blocks[0], ctx, model).findings.map((f) => f.code));
      await until(() => !checker.started);
      assert.equal(checker.started, false, 'the idle worker ended');
      const second = await checker.check(job(), () => true);
      assert.ok(second?.ok, 'a new worker checked the next job');
    } finally {
      await checker.dispose();
    }
  });

  it('drops a job no longer wanted when its turn comes', async () => {
    const checker = new WorkerBlockChecker(() => undefined, 1, script);
    try {
      assert.equal(await checker.check(job(), () => false), undefined);
    } finally {
      await checker.dispose();
    }
  });

  it('leaves the jobs to the server\'s thread when the worker cannot start, and says so once', async () => {
    const lines: string[] = [];
    const checker = new WorkerBlockChecker((l) => lines.push(l), 1, path.join(__dirname, 'no-such-worker.js'));
    assert.equal(await checker.check(job(), () => true), undefined);
    assert.equal(await checker.check(job(), () => true), undefined);
    assert.equal(lines.length, 1, lines.join('\n'));
  });
});
