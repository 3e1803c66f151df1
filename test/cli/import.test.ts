/** `graphreq import` as a user runs it: stdin, files, --out (never over a file unasked), and no token in anything it writes. */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { bin, cleanEnv, runCli, tempWorkspace } from './cliHelpers';

const TOKEN = 'EAAB-cli-secret-987654';
const CURL = `curl -X POST -H 'Authorization: Bearer ${TOKEN}' -d 'name=Sale' -d 'daily_budget=2000' 'https://graph.facebook.com/v23.0/act_1/adsets?access_token=${TOKEN}'\n`;

describe('graphreq import', () => {
  it('reads curl from stdin (-), prints the request on stdout and the notes on stderr, with no token anywhere', () => {
    const dir = tempWorkspace();
    const r = spawnSync(process.execPath, [bin, 'import', '-'], { cwd: dir, env: cleanEnv(), input: CURL, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^POST \/v23\.0\/act_1\/adsets$/m);
    assert.match(r.stdout, /"daily_budget": 2000/);
    assert.match(r.stderr, /Authorization header was not copied/);
    assert.match(r.stderr, /imported 1 request/);
    assert.ok(!r.stdout.includes(TOKEN) && !r.stderr.includes(TOKEN));
  });

  it('writes --out atomically, refuses to replace it without --force, and the file checks', async () => {
    const dir = tempWorkspace();
    fs.writeFileSync(path.join(dir, 'api.http'), `# @name me\nGET https://graph.facebook.com/v23.0/me?fields=id\nAuthorization: Bearer ${TOKEN}\n?? status == 200\n`);
    const first = await runCli(['import', 'api.http', '--out', 'api.graphreq'], dir);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stdout, '');
    const written = fs.readFileSync(path.join(dir, 'api.graphreq'), 'utf8');
    assert.match(written, /^# @expect status == 200$/m);
    assert.ok(!written.includes(TOKEN));
    const again = await runCli(['import', 'api.http', '--out', 'api.graphreq'], dir);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /^graphreq import: api\.graphreq exists; add --force to replace it\n$/);
    fs.writeFileSync(path.join(dir, 'api.graphreq'), 'old');
    assert.equal((await runCli(['import', 'api.http', '--out', 'api.graphreq', '--force'], dir)).code, 0);
    assert.equal(fs.readFileSync(path.join(dir, 'api.graphreq'), 'utf8'), written);
    const check = await runCli(['check', 'api.graphreq'], dir);
    assert.doesNotMatch(check.stdout + check.stderr, /SYNTAX-/);
  });

  it('gives one-line usage errors with exit 2', async () => {
    const dir = tempWorkspace();
    for (const [args, message] of [
      [['import'], /name what to import/],
      [['import', '--from', 'postman', 'x'], /--from takes curl, http or auto/],
      [['import', 'missing.http'], /missing\.http: no such file/],
      [['import', '.'], /not a file/],
    ] as const) {
      const r = await runCli([...args], dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    }
  });
});
