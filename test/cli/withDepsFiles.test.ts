/**
 * `graphreq send --with-deps` when the producer lives in another file of the workspace. Named
 * responses are the workspace's (by environment and name), so a team splits its requests across
 * files (create.graphreq, copy.graphreq) and chains them; --with-deps must find the producer there
 * too, with --name, --line or --all, and say truthfully when no file names it. The CLI as a subprocess.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, describe, it } from 'node:test';
import { runCli, workspaceOf } from './cliHelpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const CREATE = [
  '@version = v23.0',
  '',
  '### Create the summer ad set',
  '# @name summer',
  'POST /{{version}}/act_1234567890/adsets',
  '',
  '{ "name": "Été ☀️", "campaign_id": "120200000000000001", "daily_budget": 2500, "billing_event": "IMPRESSIONS",',
  '  "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }',
  '',
].join('\n');

const COPY = [
  '@version = v23.0',
  '@src = {{summer.response.body.id}}',
  '',
  '### Copy summer',
  '# @name summerCopy',
  'POST /{{version}}/{{src}}/copies',
  '',
  '{ "status_option": "PAUSED" }',
  '',
  '### Read the copy',
  'GET /{{version}}/{{summerCopy.response.body.copied_adset_id}}?fields=id,name',
  '',
].join('\n');

const workspace = (files: Record<string, string>): string => workspaceOf('graphreq-deps-', files, dirs);

describe('send --with-deps across the files of a workspace', () => {
  it('sends a producer written in another file first (--name), under that file\'s heading', async () => {
    const dir = workspace({ 'adsets/create.graphreq': CREATE, 'adsets/copy.graphreq': COPY });
    const r = await runCli(['send', 'adsets/copy.graphreq', '--name', 'summerCopy', '--with-deps'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /2 requests: 2 sent, 0 failed/);
    const order = [...r.stdout.matchAll(/^(=== .*|### .*)$/gm)].map((m) => m[1]);
    assert.deepEqual(order, ['=== adsets/create.graphreq', '### Create the summer ad set [summer]', '=== adsets/copy.graphreq', '### Copy summer [summerCopy]']);
  });

  it('with --all, sends the file\'s requests after the producers they read from other files', async () => {
    const dir = workspace({ 'create.graphreq': CREATE, 'copy.graphreq': COPY });
    const r = await runCli(['send', 'copy.graphreq', '--all', '--with-deps'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /3 requests: 3 sent, 0 failed/);
    // Given as well, the producer's file is not sent twice: summer is planned once.
    const both = await runCli(['send', 'copy.graphreq', 'create.graphreq', '--all', '--with-deps', '--fresh'], dir);
    assert.equal(both.code, 0, both.stdout + both.stderr);
    assert.match(both.stderr, /3 requests: 3 sent, 0 failed/);
  });

  it('says so when no file of the workspace names the producer, without suggesting the flag already given', async () => {
    const dir = workspace({ 'copy.graphreq': COPY });
    const r = await runCli(['send', 'copy.graphreq', '--name', 'summerCopy', '--with-deps'], dir);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /request `summer` has no saved response in this workspace .*name a request `# @name summer` in a \.graphreq file of the workspace/);
    assert.doesNotMatch(r.stdout + r.stderr, /add --with-deps/);
  });

  it('refuses in one line when two files name the producer', async () => {
    const dir = workspace({ 'a/create.graphreq': CREATE, 'b/create.graphreq': CREATE, 'copy.graphreq': COPY });
    const r = await runCli(['send', 'copy.graphreq', '--name', 'summerCopy', '--with-deps'], dir);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /^graphreq send: --with-deps: `summer` names a request in 2 files \(a\/create\.graphreq:5, b\/create\.graphreq:5\): send the one you mean first$/m);
    assert.equal(r.stdout, '');
  });
});
