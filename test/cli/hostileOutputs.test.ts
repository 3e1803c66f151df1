/**
 * Files graphreq writes besides history and the session (issue 20's links, continued): the account
 * context it learns from responses (`.graphreq/account-context.json`), and the files of `--out`
 * (send's results in a folder, test's report, import's output). A repository ships a symbolic link
 * where graphreq would write, pointing at the user's file outside the workspace; the CLI as a
 * subprocess must leave that file as it was. Before: a send whose response showed a campaign
 * replaced the linked ~/.bashrc with JSON, and so did `send --out DIR` with `DIR/01-me.json`.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { CANARY_TOKEN, hostileRepo, type HostileRepo } from '../hostileRepo';
import { localServer } from '../send/sendHelpers';
import { runCli } from './cliHelpers';

const repos: HostileRepo[] = [];
after(() => {
  for (const r of repos) r.remove();
});

/** An archive (no git: its `.graphreq/` is not ignored as a clone's is) with `links` to `outside/bashrc`. */
function repo(links: string[], files: Record<string, string>): HostileRepo {
  const r = hostileRepo({ lockUrl: 'http://127.0.0.1:9', git: false, links, files });
  repos.push(r);
  return r;
}

const env = (r: HostileRepo): Record<string, string> => ({ GRAPHREQ_CONFIG_DIR: path.join(r.outside, '..', 'config'), GRAPHREQ_ACCESS_TOKEN: CANARY_TOKEN });

describe('graphreq writes none of its outputs through a link the repository ships', () => {
  it('send: what a response shows of a campaign is not written through .graphreq/account-context.json', async () => {
    const service = await localServer((_req, _body, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"id":"120330000000000001","objective":"OUTCOME_SALES","name":"summer"}');
    });
    try {
      const r = repo(['.graphreq/account-context.json'], { 'req.graphreq': 'GET /v23.0/120330000000000001?fields=id,objective,name\n' });
      const run = await runCli(['send', 'req.graphreq', '--base-url', service.url], r.dir, env(r));
      assert.equal(service.requests.length, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /^HTTP 200 /m, run.stdout + run.stderr);
      assert.deepEqual(r.outsideNow(), r.outsideBefore, 'the linked file outside is unchanged');
      assert.ok(fs.lstatSync(path.join(r.dir, '.graphreq', 'account-context.json')).isSymbolicLink());
    } finally {
      await service.close();
    }
  });

  it('send --out DIR: a result file the repository linked in DIR is not written through', async () => {
    const r = repo([], { 'req.graphreq': '# @name me\nGET /v23.0/t_100200300?fields=id\n' });
    fs.mkdirSync(path.join(r.dir, 'out'));
    fs.symlinkSync(path.join(r.outside, 'bashrc'), path.join(r.dir, 'out', '01-me.json'));
    const run = await runCli(['send', 'req.graphreq', '--out', 'out'], r.dir, env(r));
    assert.deepEqual(r.outsideNow(), r.outsideBefore, `the linked file outside is unchanged\n${run.stdout}${run.stderr}`);
    assert.match(run.stderr, /01-me\.json is a symbolic link/);
  });

  it('test --reporter junit --out FILE: a report file that is a link is not written through', async () => {
    const r = repo(['report.json'], { 'req.graphreq': '# @name me\n# @expect status 200\nGET /v23.0/t_100200300?fields=id\n' });
    const run = await runCli(['test', 'req.graphreq', '--reporter', 'junit', '--out', 'report.json'], r.dir, env(r));
    assert.deepEqual(r.outsideNow(), r.outsideBefore, `the linked file outside is unchanged\n${run.stdout}${run.stderr}`);
    assert.match(run.stderr, /report\.json is a symbolic link/);
    assert.notEqual(run.code, 0);
  });

  it('import --out FILE --force: an output file that is a link is not written through', async () => {
    const r = repo(['requests.json'], { 'a.http': 'GET https://graph.example.com/v23.0/me?fields=id\n' });
    const run = await runCli(['import', 'a.http', '--out', 'requests.json', '--force'], r.dir, env(r));
    assert.deepEqual(r.outsideNow(), r.outsideBefore, `the linked file outside is unchanged\n${run.stdout}${run.stderr}`);
    assert.match(run.stderr, /requests\.json is a symbolic link/);
    assert.equal(run.code, 2);
  });
});
