/**
 * The language server over stdio with the embedded emulator's account context (issue 23): the three
 * requests written without directives are flagged at their lines from the seed data, the finding's
 * detail says where the fact came from, a changed state file is read at the next check, and
 * `graphreq.context: off` leaves only the directives.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { Store } from '../../server/src/emulator/store';
import { THREE_FINDINGS, THREE_REQUESTS } from '../accountContextFixture';
import { LspClient } from './lspClient';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-account-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

const flagged = (diagnostics: Diagnostic[]) =>
  diagnostics.filter((d) => d.severity !== 4).map((d) => ({ code: String(d.code), line: d.range.start.line + 1 }));

async function serverFor(folder: string, settings: Record<string, unknown> = {}): Promise<LspClient> {
  const client = new LspClient();
  client.settings = settings;
  await client.initialize(pathToFileURL(folder).href);
  return client;
}

describe("the language server with the embedded emulator's account context", () => {
  it('flags the three requests at their lines, and follows the state file', async () => {
    const folder = path.join(root, 'ws');
    fs.mkdirSync(folder);
    const client = await serverFor(folder);
    try {
      const uri = pathToFileURL(path.join(folder, 'three.graphreq')).href;
      const first = await client.open(uri, THREE_REQUESTS);
      assert.deepEqual(flagged(first.diagnostics), THREE_FINDINGS);
      const goal = first.diagnostics.find((d) => d.code === 'ADSET-GOAL-FOR-OBJECTIVE');
      assert.ok(goal?.relatedInformation?.some((r) => /the campaign's objective, OUTCOME_AWARENESS/.test(r.message)));

      // A send (here: the emulator's store, as a send leaves it) gives the campaign a daily budget.
      const file = path.join(folder, '.graphreq', 'emulator-state.json');
      fs.mkdirSync(path.dirname(file));
      const store = await Store.open(file);
      store.state.campaigns['120200000000000002'] = { ...store.state.campaigns['120200000000000002'], budget: 'daily' };
      await store.commit();
      await store.close();
      const next = await client.change(uri, 2, [{ text: THREE_REQUESTS + '\n' }]);
      assert.deepEqual(flagged(next.diagnostics), THREE_FINDINGS.slice(0, 2));
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('uses none with graphreq.context off', async () => {
    const folder = path.join(root, 'off');
    fs.mkdirSync(folder);
    const client = await serverFor(folder, { context: 'off' });
    try {
      const got = await client.open(pathToFileURL(path.join(folder, 'three.graphreq')).href, THREE_REQUESTS);
      assert.deepEqual(flagged(got.diagnostics), []);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });
});
