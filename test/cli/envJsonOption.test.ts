/**
 * `--env-json FILE` names graphreq.env.json where Node cannot read it. Node reads `--env-file`
 * wherever it stands on its command line, after the script too (nodejs/node#54232), as a `.env`
 * file, before graphreq starts, and applies its `NODE_OPTIONS` line: a repository's file named with
 * `graphreq check --env-file envs/dev.json` ran the code that line required.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, tempWorkspace } from './cliHelpers';

const dir = tempWorkspace('graphreq-env-json-');
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const ran = path.join(dir, 'ran.txt');
fs.writeFileSync(path.join(dir, 'hook.js'), `require('node:fs').writeFileSync(${JSON.stringify(ran)}, 'ran');\n`);
// A repository's file: a `.env` line for Node, and not JSON, which graphreq refuses.
fs.writeFileSync(path.join(dir, 'hostile.json'), `NODE_OPTIONS=--require ${path.join(dir, 'hook.js')}\n`);
fs.writeFileSync(path.join(dir, 'envs.json'), JSON.stringify({ $shared: { account: 'act_1234567890' } }));
fs.writeFileSync(path.join(dir, 'req.graphreq'), 'GET /v23.0/{{account}}/campaigns?fields=name\n');

describe('graphreq.env.json named with --env-json', () => {
  it('is read by graphreq alone: a NODE_OPTIONS line in it runs nothing, and graphreq says it is not JSON', async () => {
    const r = await runCli(['check', '--env-json', 'hostile.json', 'req.graphreq'], dir);
    assert.equal(fs.existsSync(ran), false, 'Node applied the file\'s NODE_OPTIONS');
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /hostile\.json: not valid JSON/);
  });

  it('is the environment file of check, send and test, as --env-file is', async () => {
    const check = await runCli(['check', '--env-json', 'envs.json', 'req.graphreq'], dir);
    assert.equal(check.code, 0, check.stderr);
    assert.doesNotMatch(check.stdout + check.stderr, /REQ-UNKNOWN-VARIABLE|account/);
    const joined = await runCli(['check', '--env-json=envs.json', 'req.graphreq'], dir);
    assert.equal(joined.code, 0, joined.stderr);
    const dry = await runCli(['send', '--env-json', 'envs.json', '--dry-run', '--all', 'req.graphreq'], dir);
    assert.equal(dry.code, 0, dry.stderr);
    for (const command of ['send', 'test']) {
      const both = await runCli([command, '--env-json', 'envs.json', '--env-file=envs.json', 'req.graphreq'], dir);
      assert.equal(both.code, 2);
      assert.match(both.stderr, new RegExp(`graphreq ${command}: --env-json and --env-file name the same file: give one`));
    }
  });

  it('--env-file still names it, with a line saying that Node read the file first', async () => {
    const r = await runCli(['check', '--env-file', 'envs.json', 'req.graphreq'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^graphreq check: Node reads --env-file itself, before graphreq starts, as a \.env file \(a NODE_OPTIONS line in it runs code\): name graphreq\.env\.json with --env-json FILE$/m);
    const plain = await runCli(['check', '--env-json', 'envs.json', 'req.graphreq'], dir);
    assert.doesNotMatch(plain.stderr, /Node reads/);
  });
});
