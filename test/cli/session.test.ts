/**
 * Sessions that last: the embedded emulator keeps its state per workspace (`.graphreq/`), named
 * responses are kept by environment and request name, so a request that reads
 * `{{create.response.body.id}}` can be sent alone in a later run; `--fresh` starts clean and
 * `--with-deps` sends the producers first. The CLI as a subprocess, run after run.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { startEmulator } from '../../server/src/emulator';
import { Commands, type SendCommandResult } from '../../server/src/lsp/protocol';
import { createSendCommandHandler } from '../../server/src/lsp/sendCommand';
import { openWorkspaceEmulator } from '../../server/src/send/workspaceEmulator';
import { examples, runCli, tempWorkspace } from './cliHelpers';

const dirs: string[] = [];
const closers: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of closers) await c();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A workspace holding a copy of examples/adsets.graphreq (create at line 8, "Read it back" at line 23). */
function workspace(env?: unknown): string {
  const dir = tempWorkspace('graphreq-session-');
  dirs.push(dir);
  fs.copyFileSync(path.join(examples, 'adsets.graphreq'), path.join(dir, 'adsets.graphreq'));
  if (env) fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify(env));
  return dir;
}

const READ_BACK = ['--line', '24'];
const idOf = (stdout: string): string => /"id": "(\d+)"/.exec(stdout)![1];

describe('graphreq send: sessions that last', () => {
  it('keeps the emulator state and named responses in .graphreq/, so a request can be sent alone in a later run', async () => {
    const dir = workspace();
    const create = await runCli(['send', 'adsets.graphreq', '--name', 'create'], dir);
    assert.equal(create.code, 0, create.stderr);
    const id = idOf(create.stdout);
    assert.equal(fs.readFileSync(path.join(dir, '.graphreq', '.gitignore'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).join(), '*', 'git-ignored');
    assert.ok(fs.existsSync(path.join(dir, '.graphreq', 'emulator-state.json')));
    assert.ok(!fs.existsSync(path.join(dir, '.graphreq', 'emulator.lock')), 'the lock goes with the run');
    assert.match(create.stderr, /^state: \.graphreq\/emulator-state\.json/m);

    const read = await runCli(['send', 'adsets.graphreq', ...READ_BACK], dir);
    assert.equal(read.code, 0, read.stdout + read.stderr);
    assert.equal(idOf(read.stdout), id, 'the ad set created in the first run, read in the second');
    assert.match(read.stdout, /"name": "Spring sale"/);
  });

  it('--fresh starts from the seed data and says truthfully that the producer has no response; --with-deps sends it first', async () => {
    const dir = workspace();
    const create = await runCli(['send', 'adsets.graphreq', '--name', 'create'], dir);
    const id = idOf(create.stdout);
    fs.writeFileSync(path.join(dir, 'direct.graphreq'), `GET /v23.0/${id}?fields=id\n`);

    const fresh = await runCli(['send', 'adsets.graphreq', ...READ_BACK, '--fresh'], dir);
    assert.equal(fresh.code, 2);
    assert.match(fresh.stdout, /^not sent: `\{\{create\.response\.body\.id\}\}`: request `create` has no saved response in this workspace \(it was never sent, or the session was started again with --fresh\); send it first, or add --with-deps to send it \(and what it needs\) before this request$/m);
    const gone = await runCli(['send', 'direct.graphreq'], dir);
    assert.equal(gone.code, 1, 'the ad set of the old state is gone');
    assert.match(gone.stdout, /^HTTP 400 /m);
    assert.match(gone.stdout, /^error: Object not found \(code 100, subcode 33\): Nothing answers this method .+ The service sent HTTP 400 with code 100, subcode 33\./m);

    const withDeps = await runCli(['send', 'adsets.graphreq', ...READ_BACK, '--with-deps'], dir);
    assert.equal(withDeps.code, 0, withDeps.stdout + withDeps.stderr);
    assert.deepEqual([...withDeps.stdout.matchAll(/^### (.+)$/gm)].map((m) => m[1]), ['Create a paused ad set [create]', 'Read it back']);
    assert.match(withDeps.stderr, /^2 requests: 2 sent, 0 failed, 0 held back, 0 not sent/m);
  });

  it('keys named responses by environment', async () => {
    const dir = workspace({ $shared: {}, dev: {}, prod: {} });
    assert.equal((await runCli(['send', 'adsets.graphreq', '--name', 'create', '--env', 'dev'], dir)).code, 0);
    const prod = await runCli(['send', 'adsets.graphreq', ...READ_BACK, '--env', 'prod'], dir);
    assert.equal(prod.code, 2);
    assert.match(prod.stdout, /request `create` has no saved response for environment `prod` in this workspace/);
    const dev = await runCli(['send', 'adsets.graphreq', ...READ_BACK], dir, { GRAPHREQ_ENV: 'dev' });
    assert.equal(dev.code, 0, dev.stdout);
  });

  it('does not key named responses by address: 127.0.0.1 and localhost are one service', async () => {
    const dir = workspace();
    const emulator = await startEmulator();
    closers.push(() => emulator.close());
    const token = { GRAPHREQ_ACCESS_TOKEN: 'demo-token' };
    const create = await runCli(['send', 'adsets.graphreq', '--name', 'create', '--base-url', emulator.url], dir, token);
    assert.equal(create.code, 0, create.stderr);
    const read = await runCli(['send', 'adsets.graphreq', ...READ_BACK, '--base-url', emulator.url.replace('127.0.0.1', 'localhost')], dir, token);
    assert.equal(read.code, 0, read.stdout);
    assert.equal(idOf(read.stdout), idOf(create.stdout));
  });

  it('shares the workspace emulator with the process that serves it (an editor), and takes it over when that one ends', async () => {
    const dir = workspace();
    const owner = await openWorkspaceEmulator(dir);
    closers.push(owner.close);
    // The editor's language server sends `create`; a terminal then reads it back alone.
    const handler = createSendCommandHandler();
    closers.push(() => handler.dispose());
    const uri = pathToFileURL(path.join(dir, 'adsets.graphreq')).href;
    const text = fs.readFileSync(path.join(dir, 'adsets.graphreq'), 'utf8');
    const sent = (await handler.execute(Commands.send, { uri, index: 1 }, { text, workspaceFolder: dir, settings: {} })) as SendCommandResult;
    assert.equal(sent.results[0].status, 200, JSON.stringify(sent.results[0].failure));
    assert.ok(sent.results[0].request.url.startsWith(owner.baseUrl), 'the language server sends to the workspace emulator');

    const read = await runCli(['send', 'adsets.graphreq', ...READ_BACK], dir);
    assert.equal(read.code, 0, read.stdout + read.stderr);
    assert.match(read.stderr, new RegExp(`served by graphreq process ${process.pid}`));
    assert.equal(idOf(read.stdout), (sent.results[0].body as { id: string }).id);
    const fresh = await runCli(['send', 'adsets.graphreq', '--name', 'create', '--fresh'], dir);
    assert.equal(fresh.code, 2);
    assert.match(fresh.stderr, /^graphreq send: the workspace's emulator is in use by another graphreq process \(pid \d+\)/);

    await handler.dispose();
    await owner.close();
    assert.ok(!fs.existsSync(path.join(dir, '.graphreq', 'emulator.lock')));
    const later = await runCli(['send', 'adsets.graphreq', ...READ_BACK], dir);
    assert.equal(later.code, 0, later.stdout + later.stderr);
    assert.doesNotMatch(later.stderr, /served by/);
    assert.equal(idOf(later.stdout), (sent.results[0].body as { id: string }).id, 'the state the editor wrote is read by the next run');
  });

  it('takes over the lock of a process that died, and refuses a state file it cannot read, pointing at --fresh', async () => {
    const dir = workspace();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    fs.mkdirSync(path.join(dir, '.graphreq'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.graphreq', 'emulator.lock'), JSON.stringify({ pid: dead, url: 'http://127.0.0.1:9', startedAt: '2026-01-01T00:00:00Z' }));
    const r = await runCli(['send', 'adsets.graphreq', '--name', 'create'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!fs.existsSync(path.join(dir, '.graphreq', 'emulator.lock')));

    fs.writeFileSync(path.join(dir, '.graphreq', 'emulator-state.json'), '{ this is not state');
    const broken = await runCli(['send', 'adsets.graphreq', '--name', 'create'], dir);
    assert.equal(broken.code, 2);
    assert.equal(broken.stderr.trimEnd().split('\n').length, 1, broken.stderr);
    assert.match(broken.stderr, /emulator-state\.json cannot be used \(.*\); send with --fresh to start again from the seed data/);
    const fresh = await runCli(['send', 'adsets.graphreq', '--name', 'create', '--fresh'], dir);
    assert.equal(fresh.code, 0, fresh.stderr);
  });
});
