/**
 * The stored account context of an environment (account/environmentSource.ts): a fact is used only
 * within the time to live, however often the language server asks and whether or not the store's
 * file changed since; a shorter time to live applies at once to what was read before.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { ContextStore, environmentKey } from '../../server/src/account/contextStore';
import { storedContext } from '../../server/src/account/environmentSource';

const MIN = 60_000;
const BASE = 'https://graph.example.test';

describe("an environment's stored account context", () => {
  const roots: string[] = [];
  after(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

  async function workspaceRead(at: number): Promise<string> {
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-stored-context-'));
    roots.push(ws);
    await new ContextStore(ws).update(environmentKey('prod', BASE), (env) => {
      env.campaigns['777'] = { readAt: at, facts: { objective: 'OUTCOME_AWARENESS', daily_budget: 0, lifetime_budget: 0 } };
    });
    return ws;
  }
  const target = (workspace: string) => ({ workspace, name: 'prod', baseUrl: BASE });
  const limits = (ttlMinutes: number) => ({ callsPerHour: 20, ttlMs: ttlMinutes * MIN });

  it('drops a fact once it outlives the time to live, though the file did not change', async () => {
    const readAt = Date.now();
    const ws = await workspaceRead(readAt);
    const before = storedContext(target(ws), { fetch: true, now: readAt + 59 * MIN, limits: limits(60) });
    assert.equal(before.campaigns['777']?.objective?.value, 'OUTCOME_AWARENESS');
    const later = storedContext(target(ws), { fetch: true, now: readAt + 61 * MIN, limits: limits(60) });
    assert.equal(later.campaigns['777'], undefined, 'read 61 minutes ago, with a time to live of 60');
    assert.notEqual(later.key, before.key, 'the results cached by the old key are computed again');
  });

  it('applies a shorter time to live to what was read before', async () => {
    const readAt = Date.now();
    const ws = await workspaceRead(readAt);
    assert.ok(storedContext(target(ws), { fetch: true, now: readAt + 20 * MIN, limits: limits(60) }).campaigns['777']);
    assert.equal(storedContext(target(ws), { fetch: true, now: readAt + 20 * MIN, limits: limits(10) }).campaigns['777'], undefined);
  });
});
