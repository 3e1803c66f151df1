/**
 * A repository that links a folder, or its graphreq.env.json, to a place outside the workspace
 * (`reqs -> ~/work/other`, `graphreq.env.json -> ~/.npmrc`): graphreq writes nothing there and reads
 * no environment file from there. Before, `graphreq send reqs/x.graphreq` made `.graphreq/` and
 * `.graphreq-history/` in the linked folder (the session's folder is graphreq.env.json's, and the
 * write was checked below that folder only), `graphreq test --update-snapshots` wrote `x.snap.json`
 * through the link, and an environment file linked to another file was read, its first characters
 * quoted in the "not valid JSON" line. The CLI as a subprocess, from a user's path.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, tempWorkspace } from './cliHelpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const REQUEST = '# @name me\n# @expect status 200\n# @expect body matches snapshot\nGET /v23.0/t_100200300?fields=id\n';

/** `root/repo` (a git repository) and `root/outside` (the user's folder, holding a request file), with `repo/reqs -> ../outside`. */
function linkedFolder(outsideFiles: Record<string, string>): { repo: string; outside: string; listOutside: () => string[] } {
  const root = tempWorkspace('graphreq-linked-');
  dirs.push(root);
  const repo = path.join(root, 'repo');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
  fs.mkdirSync(outside);
  for (const [name, text] of Object.entries(outsideFiles)) fs.writeFileSync(path.join(outside, name), text);
  fs.symlinkSync(outside, path.join(repo, 'reqs'));
  const listOutside = (): string[] => (fs.readdirSync(outside, { recursive: true }) as string[]).sort();
  return { repo, outside, listOutside };
}

const env = (config: string): Record<string, string> => ({ GRAPHREQ_CONFIG_DIR: config });

describe('a folder or environment file the repository links outside the workspace', () => {
  it('send through a linked folder holding graphreq.env.json: no session or history is written there, and the file is not used', async () => {
    const w = linkedFolder({ 'x.graphreq': REQUEST, 'graphreq.env.json': '{ "$shared": {} }\n' });
    const before = w.listOutside();
    const run = await runCli(['send', 'reqs/x.graphreq'], w.repo, env(path.join(w.repo, '..', 'config')));
    assert.deepEqual(w.listOutside(), before, `nothing is created outside the workspace\n${run.stdout}${run.stderr}`);
    assert.match(run.stderr, /reqs\/graphreq\.env\.json is not used: it is outside the workspace/);
    assert.match(run.stdout, /^HTTP 200 /m, run.stdout + run.stderr);
  });

  it('test --update-snapshots through a linked folder: the snapshot file is not written there', async () => {
    const w = linkedFolder({ 'x.graphreq': REQUEST });
    const before = w.listOutside();
    const run = await runCli(['test', 'reqs/x.graphreq', '--update-snapshots'], w.repo, env(path.join(w.repo, '..', 'config')));
    assert.deepEqual(w.listOutside(), before, `nothing is created outside the workspace\n${run.stdout}${run.stderr}`);
    assert.match(run.stdout + run.stderr, /reqs is a symbolic link/);
    assert.notEqual(run.code, 0);
  });

  it('check: graphreq.env.json linked to a file outside is not read, and nothing of that file is shown', async () => {
    const root = tempWorkspace('graphreq-linked-env-');
    dirs.push(root);
    const repo = path.join(root, 'repo');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    fs.writeFileSync(path.join(root, 'npmrc'), '//registry.example/:_authToken=CANARY-npm-token\n');
    fs.symlinkSync(path.join(root, 'npmrc'), path.join(repo, 'graphreq.env.json'));
    fs.writeFileSync(path.join(repo, 'a.graphreq'), 'GET /v23.0/me?fields=id\n');
    for (const command of ['check', 'send']) {
      const run = await runCli([command, 'a.graphreq'], repo, env(path.join(root, 'config')));
      assert.doesNotMatch(run.stdout + run.stderr, /registry|authToken|CANARY/, `${command}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, /graphreq\.env\.json is not used: it is outside the workspace/, `${command}: ${run.stderr}`);
    }
  });
});
