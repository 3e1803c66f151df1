/**
 * Reading an environment's account context when one id of an `ids=` read is unknown to the service:
 * the real service (and the emulator) refuses the whole read with code 803, naming the unknown ids.
 * Those ids have no facts; the others are read once more without them, within the hour's allowance,
 * and keep their facts. A read that fails otherwise stores nothing, so the next read asks again.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { fetchContext, storedContext, unknownAliases } from '../../server/src/account/environmentSource';
import { localServer } from '../send/sendHelpers';

const KNOWN: Record<string, { objective: string }> = { '777': { objective: 'OUTCOME_AWARENESS' }, '778': { objective: 'OUTCOME_SALES' } };

/** Answers `ids=` reads as the service does: 803 naming the unknown ids, else each id's fields. */
function serviceOf(failWith?: number) {
  return localServer((req, _body, res) => {
    const ids = (new URL(req.url ?? '/', 'http://x').searchParams.get('ids') ?? '').split(',');
    if (failWith) {
      res.writeHead(failWith, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'An unexpected error has occurred.', type: 'OAuthException', code: 2 } }));
      return;
    }
    const unknown = ids.filter((id) => !KNOWN[id]);
    if (unknown.length) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `(#803) Some of the aliases you requested do not exist: ${unknown.join(',')}`, type: 'OAuthException', code: 803 } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(Object.fromEntries(ids.map((id) => [id, { id, ...KNOWN[id], buying_type: 'AUCTION' }]))));
  });
}

describe('an account context read naming an id the service does not know (803)', () => {
  const roots: string[] = [];
  after(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));
  const workspace = () => {
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-803-'));
    roots.push(ws);
    return ws;
  };
  const needs = { campaigns: ['777', '999', '778'], accounts: [] };

  it('keeps the facts of the known ids, reading them once more without the unknown one', async () => {
    const service = await serviceOf();
    try {
      const t = { workspace: workspace(), name: 'prod', baseUrl: service.url, version: 'v23.0' };
      const report = await fetchContext(t, needs, { now: Date.now, limits: { callsPerHour: 20, ttlMs: 3_600_000 } });
      assert.deepEqual(report.problems, []);
      assert.deepEqual(service.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('ids')), ['777,999,778', '777,778']);
      assert.equal(report.calls, 5, 'each id asked is a call, the second read too');
      const ctx = storedContext(t, { fetch: true, now: Date.now() });
      assert.equal(ctx.campaigns['777']?.objective?.value, 'OUTCOME_AWARENESS');
      assert.equal(ctx.campaigns['778']?.objective?.value, 'OUTCOME_SALES');
      assert.equal(ctx.campaigns['999'], undefined);
      const again = await fetchContext(t, needs, { now: Date.now, limits: { callsPerHour: 20, ttlMs: 3_600_000 } });
      assert.equal(again.calls, 0, 'the unknown id was answered (it has no facts): not read again within the time to live');
    } finally {
      await service.close();
    }
  });

  it('reads no more than the hour allows: without a spare call the known ids stay unread, to be read later', async () => {
    const service = await serviceOf();
    try {
      const t = { workspace: workspace(), name: 'prod', baseUrl: service.url, version: 'v23.0' };
      const report = await fetchContext(t, needs, { now: Date.now, limits: { callsPerHour: 3, ttlMs: 3_600_000 } });
      assert.equal(service.requests.length, 1);
      assert.match(report.problems.join('\n'), /allowance/);
      const ctx = storedContext(t, { fetch: true, now: Date.now() });
      assert.equal(ctx.campaigns['777'], undefined);
    } finally {
      await service.close();
    }
  });

  it('stores nothing for a read that failed otherwise, so the next read asks again', async () => {
    const service = await serviceOf(500);
    try {
      const t = { workspace: workspace(), name: 'prod', baseUrl: service.url, version: 'v23.0' };
      const first = await fetchContext(t, needs, { now: Date.now, limits: { callsPerHour: 20, ttlMs: 3_600_000 } });
      assert.match(first.problems.join('\n'), /answered HTTP 500/);
      const second = await fetchContext(t, needs, { now: Date.now, limits: { callsPerHour: 20, ttlMs: 3_600_000 } });
      assert.equal(second.calls, 3, 'the three ids are asked again');
    } finally {
      await service.close();
    }
  });

  it('reads the unknown ids out of the message, with or without act_', () => {
    const body = JSON.stringify({ error: { code: 803, message: '(#803) Some of the aliases you requested do not exist: 999, act_5' } });
    assert.deepEqual(unknownAliases(body, ['777', '999', 'act_5']), ['999', 'act_5']);
    assert.deepEqual(unknownAliases(JSON.stringify({ error: { code: 100, message: 'x: 999' } }), ['999']), []);
    assert.deepEqual(unknownAliases('not json', ['999']), []);
  });
});
