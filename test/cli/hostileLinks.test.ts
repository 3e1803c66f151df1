/**
 * Writes stay inside (issue 20, item 2), from the user's path: a repository (an archive, so that
 * its `.graphreq/` is not ignored as a clone's is) ships symbolic links where graphreq keeps its
 * files, pointing at the user's files outside the workspace. `graphreq send` and `graphreq test`
 * write through none of them (`send` overwrote ~/.bashrc with JSON), and `fmt` and `check --fix`
 * leave a read-only file as it is. The CLI as a subprocess.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { hostileRepo, readOnlyRequestFile, type HostileRepo } from '../hostileRepo';
import { runCli, tempWorkspace } from './cliHelpers';

const repos: HostileRepo[] = [];
const dirs: string[] = [];
after(() => {
  for (const r of repos) r.remove();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const REQUESTS = {
  'req.graphreq': '# @name read\nGET /v23.0/t_100200300?fields=id\n# @expect status 200\n# @expect body matches snapshot\n',
};

function repo(links: string[]): HostileRepo {
  const r = hostileRepo({ lockUrl: 'http://127.0.0.1:9', git: false, links, files: REQUESTS });
  repos.push(r);
  return r;
}

describe('graphreq writes through no symbolic link a repository ships', () => {
  it('send: saved responses and history refuse their links and say so; the send itself goes on', async () => {
    const r = repo(['.graphreq/responses.json', '.graphreq-history']);
    const run = await runCli(['send', 'req.graphreq'], r.dir);
    assert.deepEqual(r.outsideNow(), r.outsideBefore, 'nothing outside changed');
    assert.match(run.stdout, /^HTTP 200 /m, run.stdout + run.stderr);
    assert.match(run.stdout + run.stderr, /the result was not saved in history: .*\.graphreq-history is a symbolic link/);
    assert.ok(fs.lstatSync(path.join(r.dir, '.graphreq', 'responses.json')).isSymbolicLink());
  });

  it('send: a state file that links outside stops the run in one line, before anything is read or written', async () => {
    const r = repo(['.graphreq/emulator-state.json']);
    const run = await runCli(['send', 'req.graphreq'], r.dir);
    assert.equal(run.code, 2);
    assert.equal(run.stderr.trimEnd().split('\n').length, 1, run.stderr);
    assert.match(run.stderr.trimEnd(), /^graphreq send: .*emulator-state\.json: not written: .*emulator-state\.json is a symbolic link .*; remove it \(or send with --fresh\)$/);
    assert.deepEqual(r.outsideNow(), r.outsideBefore);
  });

  it('test --update-snapshots: test results and the snapshot file refuse their links', async () => {
    const r = repo(['.graphreq/test-results.json', 'req.snap.json']);
    const run = await runCli(['test', 'req.graphreq', '--update-snapshots'], r.dir);
    assert.deepEqual(r.outsideNow(), r.outsideBefore, run.stdout + run.stderr);
    assert.match(run.stdout + run.stderr, /req\.snap\.json is a symbolic link/);
    assert.doesNotMatch(run.stdout + run.stderr, /the user/, 'nothing of the file it links to is shown');
  });

  for (const [command, args] of [['fmt', []], ['check', ['--fix']]] as const) {
    it(`${command} ${args.join(' ')} leaves a read-only (0444) file as it is, in one line`, async () => {
      const dir = tempWorkspace('graphreq-readonly-');
      dirs.push(dir);
      const { file, text } = readOnlyRequestFile(dir);
      const run = await runCli([command, ...args, 'ro.graphreq'], dir);
      assert.equal(fs.readFileSync(file, 'utf8'), text);
      assert.equal((fs.statSync(file).mode & 0o777).toString(8), '444');
      assert.match(run.stderr, new RegExp(`ro\\.graphreq: read-only; ${command === 'fmt' ? 'not formatted' : 'the fixes were not written'} \\(make it writable`));
    });
  }
});
