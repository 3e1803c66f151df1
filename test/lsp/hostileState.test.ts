/**
 * A workspace that came as an archive (no git, so its `.graphreq/` is read as this user's) whose
 * emulator state changes a "collection" named `constructor`: the data file's replay looked the name
 * up on a plain object, found `Object`, and defined `keys`, `entries` and `assign` on it as data.
 * The language server, which reads that state for the account context when a document opens, then
 * had no `Object.keys`: no diagnostics, hovers or sends for any document for the rest of its life.
 * Now a change to a collection the header does not list is refused like any damaged line, and
 * `graphreq send` says so in one line (emulator/stateStore.ts, storage/stateCheck.ts).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { seedState } from '../../server/src/emulator/seed';
import { headerLine } from '../../server/src/emulator/storage/logText';
import { answersWithin, killIfRunning, runCli, tempWorkspace } from '../cli/cliHelpers';
import { LspClient } from './lspClient';

const REQUEST = 'POST /v23.0/act_42/adsets\n\n{ "name": "a", "billing_event": "IMPRESSIONS" }\n';
const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A workspace whose state file replaces built-ins through `inherited` (`constructor`, `__proto__`). */
function withState(inherited: string): string {
  const dir = tempWorkspace('graphreq-hostile-state-');
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'req.graphreq'), REQUEST);
  fs.mkdirSync(path.join(dir, '.graphreq'));
  const collections = Object.keys(seedState()).filter((c) => c !== 'format');
  const change = JSON.stringify({ b: ['keys', 'entries', 'assign'].map((name) => ['p', inherited, name, { x: 1 }]) });
  fs.writeFileSync(path.join(dir, '.graphreq', 'emulator-state.json'), `${headerLine(collections)}${change}\n`);
  return dir;
}

describe("emulator state naming what objects inherit changes nothing of graphreq's own", () => {
  it('the language server still checks and explains the requests', async () => {
    const dir = withState('constructor');
    const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: path.join(dir, 'config') });
    try {
      await client.initialize(pathToFileURL(dir).href);
      const uri = pathToFileURL(path.join(dir, 'req.graphreq')).href;
      // Before, the check failed in the server: no diagnostics ever came.
      const opened = client.open(uri, REQUEST);
      assert.equal(await answersWithin(opened, 20_000), true, 'the diagnostics of the open came');
      assert.ok((await opened).diagnostics.length > 0, 'the ad set lacks required parameters: findings came');
      const hovered = client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
      assert.equal(await answersWithin(hovered, 20_000), true, 'the hover was answered');
      assert.match((await hovered)?.contents.value ?? '', /Create an ad set/);
      assert.deepEqual(client.logs.filter((l) => /is not a function|not iterable/.test(l)), []);
      assert.equal(await client.shutdown(), 0);
    } finally {
      killIfRunning(client.pid);
    }
  });

  for (const inherited of ['constructor', '__proto__']) {
    it(`graphreq send refuses the state in one line (${inherited})`, async () => {
      const dir = withState(inherited);
      const run = await runCli(['send', 'req.graphreq', '--no-history'], dir, { GRAPHREQ_CONFIG_DIR: path.join(dir, 'config') });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.equal(run.stderr.trimEnd().split('\n').pop(), `graphreq send: ${path.join(dir, '.graphreq', 'emulator-state.json')} cannot be used (not emulator state (line 2 changes "${inherited}", which the header does not list)); send with --fresh to start again from the seed data (the file is replaced)`);
    });
  }
});
