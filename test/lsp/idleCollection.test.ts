/**
 * The server collects its garbage at the moments it knows it is idle after much work on a large
 * document (issue 26, the server's memory; lsp/idleCollection.ts): once the whole set of an opened
 * document of more than COLLECT_ABOVE requests is sent, and once typing in it stops and its hints are
 * sent; never while it is typed in, and only when the heap grew enough since the last collection.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseDocument, positionAt } from '../../server/src/core';
import { COLLECT_ABOVE } from '../../server/src/lsp/diagnostics';
import { GROWTH, IdleCollection, MIN_GARBAGE } from '../../server/src/lsp/idleCollection';
import { LspClient } from './lspClient';

const MB = 1024 * 1024;

describe('a collection when the server is idle', () => {
  it('collects the first time, then only once the heap has grown by an eighth of its live size, 4 MB at least', () => {
    let used = 100 * MB;
    let collections = 0;
    const idle = new IdleCollection({ used: () => used, collect: () => void (collections++, (used = 80 * MB)) });
    assert.equal(idle.idle().collected, true);
    assert.equal(collections, 1);
    used = 80 * MB + 80 * MB * GROWTH - 1;
    assert.deepEqual({ ...idle.idle(), ms: 0 }, { collected: false, before: used, after: used, ms: 0 });
    used = 80 * MB + 80 * MB * GROWTH;
    assert.equal(idle.idle().collected, true);
    assert.equal(collections, 2);
    // A small heap: 4 MB of garbage at least.
    const small = new IdleCollection({ used: () => used, collect: () => void (used = 8 * MB) });
    small.idle();
    used = 8 * MB + MIN_GARBAGE - 1;
    assert.equal(small.idle().collected, false);
  });

  describe('over stdio, pushed', () => {
    const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
    const ONE = fs.readFileSync(path.join(fixtures, 'findings-300.graphreq'), 'utf8');
    const LARGE = [ONE, ONE, ONE, ONE, ONE].join('\n###\n');
    // The server logs what each idle moment did (GRAPHREQ_TRACE_TIMING).
    const client = new LspClient(undefined, { GRAPHREQ_TRACE_TIMING: '1' });
    const idleLogs = (): string[] => client.logs.filter((l) => l.startsWith('graphreq memory: idle'));
    /** Until `n` idle moments are logged (a collection follows its message on a timer, and takes a while on a loaded machine). */
    const logged = async (n: number): Promise<void> => {
      for (const start = Date.now(); idleLogs().length < n && Date.now() - start < 20_000; ) await new Promise((resolve) => setTimeout(resolve, 25));
    };
    before(() => client.initialize());
    after(() => client.shutdown());

    it('a document of more than COLLECT_ABOVE requests: after its open, and once typing stops, not on each keystroke', async () => {
      assert.ok(parseDocument(LARGE).blocks.length > COLLECT_ABOVE);
      const uri = 'file:///tmp/graphreq-idle/large.graphreq';
      await client.open(uri, LARGE);
      await logged(1);
      assert.equal(idleLogs().length, 1, client.logs.join('\n'));
      assert.match(idleLogs()[0], /^graphreq memory: idle v1 collected [\d.]+ MB in [\d.]+ ms, [\d.]+ MB in use$/);
      const at = LARGE.indexOf('"name": "', Math.floor(LARGE.length / 2)) + 9;
      const pos = positionAt(parseDocument(LARGE), at);
      for (let version = 2; version <= 4; version++) {
        await client.change(uri, version, [{ range: { start: pos, end: pos }, text: 'x' }]);
        assert.equal(idleLogs().length, 1, 'no collection while it is typed in');
      }
      // Typing stops: every hint is sent, then the idle moment (collected or not: the heap decides).
      await client.nextDiagnostics(uri, 4);
      await logged(2);
      assert.equal(idleLogs().length, 2, client.logs.join('\n'));
      assert.match(idleLogs()[1], /^graphreq memory: idle v4 (collected|kept)/);
    });

    it('a small document: never', async () => {
      const uri = 'file:///tmp/graphreq-idle/small.graphreq';
      const before = idleLogs().length;
      await client.open(uri, ONE);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(idleLogs().length, before);
    });
  });
});
