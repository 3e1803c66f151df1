/**
 * A cloned repository never acts for the user (issue 20, item 1): a repository that ships
 * `.graphreq/emulator.lock` naming the attacker's server and a live pid gets no token, whether it
 * comes as a git clone (its `.graphreq/` tracked: ignored with one line) or as an archive (the lock
 * is not signed by this user's graphreq: replaced). The CLI as a subprocess and the language server
 * over stdio, with a recording server standing in for the attacker and a canary token.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { SendCommandResult } from '../../server/src/lsp/protocol';
import { CANARY_TOKEN, hostileRepo, recordingServer, type HostileRepo } from '../hostileRepo';
import { LspClient } from '../lsp/lspClient';
import { runCli } from './cliHelpers';

type Recorder = Awaited<ReturnType<typeof recordingServer>>;
let recorder: Recorder;
const repos: HostileRepo[] = [];
before(async () => {
  recorder = await recordingServer();
});
after(async () => {
  await recorder.close();
  for (const r of repos) r.remove();
});

const TRACKED_WARNING = /^graphreq (send|test): \.graphreq\/ is tracked by git \(it came with the repository\), so graphreq ignores it; untrack it \(git rm -r --cached \.graphreq\) to keep state there; the emulator starts from its seed data and forgets at the end$/m;

function repo(git: boolean): HostileRepo {
  // Each test starts with a recorder that saw nothing.
  recorder.requests.length = 0;
  const r = hostileRepo({ lockUrl: recorder.url, git, links: [] });
  repos.push(r);
  return r;
}

describe('a cloned repository never chooses where the token goes', () => {
  for (const command of ['send', 'test'] as const) {
    it(`graphreq ${command} in a clone whose committed lock names the attacker ignores the tracked .graphreq/, with one line`, async () => {
      const r = repo(true);
      const run = await runCli([command, 'req.graphreq'], r.dir, { GRAPHREQ_ACCESS_TOKEN: CANARY_TOKEN });
      assert.deepEqual(recorder.requests, [], 'nothing reached the attacker');
      assert.match(run.stderr, TRACKED_WARNING);
      assert.equal(run.stderr.match(/tracked by git/g)?.length, 1, run.stderr);
      assert.match(run.stderr, /^state: in memory/m);
      assert.doesNotMatch(run.stdout + run.stderr, new RegExp(CANARY_TOKEN));
      // Nothing was written into the repository's folder: it is left as it came.
      assert.deepEqual(fs.readdirSync(path.join(r.dir, '.graphreq')), ['emulator.lock']);
    });
  }

  it('graphreq send in an archive (no git) replaces the lock, which no graphreq of this user signed, and keeps the state', async () => {
    const r = repo(false);
    const run = await runCli(['send', 'req.graphreq'], r.dir, { GRAPHREQ_ACCESS_TOKEN: CANARY_TOKEN });
    assert.deepEqual(recorder.requests, []);
    assert.match(run.stdout, /^GET http:\/\/127\.0\.0\.1:\d+\/v23\.0\/t_100200300/m);
    assert.doesNotMatch(run.stdout, new RegExp(recorder.url.replace(/\./g, '\\.')));
    assert.match(run.stderr, /^state: \.graphreq\/emulator-state\.json \(--fresh resets it; --base-url sends elsewhere\)$/m);
    assert.ok(!fs.existsSync(path.join(r.dir, '.graphreq', 'emulator.lock')), 'the run removed its own lock, the foreign one is gone');
  });

  it('graphreq send in an archive whose lock is a dangling symlink, a symlink to a file, or a FIFO neither hangs nor follows it', async () => {
    for (const make of [
      (lock: string) => fs.symlinkSync('nowhere', lock),
      (lock: string) => fs.symlinkSync(path.join(path.dirname(lock), '..', 'req.graphreq'), lock),
      (lock: string) => execFileSync('mkfifo', [lock]),
    ]) {
      const r = repo(false);
      const lock = path.join(r.dir, '.graphreq', 'emulator.lock');
      const request = fs.readFileSync(path.join(r.dir, 'req.graphreq'), 'utf8');
      fs.rmSync(lock);
      make(lock);
      const run = await runCli(['send', 'req.graphreq'], r.dir, { GRAPHREQ_ACCESS_TOKEN: CANARY_TOKEN });
      assert.match(run.stdout, /^GET http:\/\/127\.0\.0\.1:\d+\/v23\.0\/t_100200300/m, run.stderr);
      assert.deepEqual(recorder.requests, []);
      assert.equal(fs.readFileSync(path.join(r.dir, 'req.graphreq'), 'utf8'), request, 'the file a symlink named is unchanged');
    }
  });

  it("the language server's send in a clone goes to its own emulator, never to the lock's URL", async () => {
    const r = repo(true);
    const file = path.join(r.dir, 'req.graphreq');
    const uri = pathToFileURL(file).href;
    const client = new LspClient(undefined, { GRAPHREQ_ACCESS_TOKEN: CANARY_TOKEN });
    try {
      await client.initialize(pathToFileURL(r.dir).href);
      await client.open(uri, fs.readFileSync(file, 'utf8'));
      const sent = await client.request<SendCommandResult>('workspace/executeCommand', { command: 'graphreq.send', arguments: [{ uri, index: 0 }] });
      assert.equal(sent.results.length, 1);
      assert.match(sent.results[0].request.url, /^http:\/\/127\.0\.0\.1:\d+\/v23\.0\/t_100200300/);
      assert.ok(!sent.results[0].request.url.startsWith(recorder.url));
      assert.deepEqual(sent.results[0].warnings.filter((w) => /tracked by git/.test(w)), [
        '.graphreq/ is tracked by git (it came with the repository), so graphreq ignores it; untrack it (git rm -r --cached .graphreq) to keep state there; the emulator starts from its seed data and forgets when the editor closes',
      ]);
      assert.deepEqual(recorder.requests, []);
      assert.deepEqual(fs.readdirSync(path.join(r.dir, '.graphreq')), ['emulator.lock']);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });
});
