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
      [['import', '.'], /no \.http or \.rest files under \./],
      [['import', '.', '-'], /cannot be imported together with a folder/],
    ] as const) {
      const r = await runCli([...args], dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    }
  });

  it('imports a folder in one command: each .http/.rest file to its .graphreq beside it or under --out, never over a file unasked', async () => {
    const dir = tempWorkspace();
    const api = path.join(dir, 'api');
    fs.mkdirSync(path.join(api, 'ads'), { recursive: true });
    fs.mkdirSync(path.join(api, '.hidden'));
    fs.writeFileSync(path.join(api, 'me.http'), `# @name me\nGET https://graph.facebook.com/v23.0/me?fields=id\nAuthorization: Bearer ${TOKEN}\n?? status == 200\n`);
    fs.writeFileSync(path.join(api, 'ads', 'list.rest'), 'GET https://graph.facebook.com/v23.0/act_1/adsets?fields=name\n\n###\n\nGET https://graph.facebook.com/v23.0/act_1/campaigns\n');
    fs.writeFileSync(path.join(api, '.hidden', 'skip.http'), 'GET https://graph.facebook.com/v23.0/me\n');
    fs.writeFileSync(path.join(api, 'notes.txt'), 'not a request file');

    // One file of two requests, printed: the summary counts requests, not separators.
    const one = await runCli(['import', path.join('api', 'ads', 'list.rest')], dir);
    assert.match(one.stderr, /^imported 2 requests$/m);

    const beside = await runCli(['import', 'api'], dir);
    assert.equal(beside.code, 0, beside.stderr);
    assert.equal(beside.stdout, '');
    assert.match(beside.stderr, /^imported 3 requests into 2 \.graphreq files beside their \.http files; 1 note above$/m);
    const me = fs.readFileSync(path.join(api, 'me.graphreq'), 'utf8');
    assert.match(me, /^GET \/v23\.0\/me\?fields=id$/m);
    assert.match(me, /^# @expect status == 200$/m);
    assert.ok(!me.includes(TOKEN) && !beside.stderr.includes(TOKEN), 'no token in the file or the notes');
    assert.match(fs.readFileSync(path.join(api, 'ads', 'list.graphreq'), 'utf8'), /^GET \/v23\.0\/act_1\/campaigns$/m);
    assert.ok(!fs.existsSync(path.join(api, '.hidden', 'skip.graphreq')) && !fs.existsSync(path.join(api, 'notes.graphreq')));

    // Again: every .graphreq exists and is kept as the user may have edited it; exit 2, one line per file kept.
    fs.writeFileSync(path.join(api, 'me.graphreq'), 'GET /v23.0/me?fields=name\n');
    const again = await runCli(['import', 'api'], dir);
    assert.equal(again.code, 2, again.stderr);
    assert.match(again.stderr, /api\/me\.graphreq exists; kept as it is \(--force replaces it\)/);
    assert.match(again.stderr, /imported 0 requests into 0 \.graphreq files beside their \.http files; 2 existing files not replaced \(add --force\)/);
    assert.equal(fs.readFileSync(path.join(api, 'me.graphreq'), 'utf8'), 'GET /v23.0/me?fields=name\n');
    const forced = await runCli(['import', 'api', '--force'], dir);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(fs.readFileSync(path.join(api, 'me.graphreq'), 'utf8'), me);

    // --out DIR: made when missing, subfolders kept; the results check without syntax errors.
    const out = await runCli(['import', 'api', '--out', 'converted'], dir);
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stderr, /imported 3 requests into 2 \.graphreq files in converted/);
    assert.equal(fs.readFileSync(path.join(dir, 'converted', 'me.graphreq'), 'utf8'), me);
    assert.ok(fs.existsSync(path.join(dir, 'converted', 'ads', 'list.graphreq')));
    const check = await runCli(['check', 'converted'], dir);
    assert.doesNotMatch(check.stdout + check.stderr, /SYNTAX-/);

    // A link where a result would go is never written through, even with --force.
    const elsewhere = path.join(tempWorkspace(), 'target.graphreq');
    fs.writeFileSync(elsewhere, 'theirs');
    fs.rmSync(path.join(dir, 'converted', 'me.graphreq'));
    fs.symlinkSync(elsewhere, path.join(dir, 'converted', 'me.graphreq'));
    const linked = await runCli(['import', 'api', '--out', 'converted', '--force'], dir);
    assert.equal(linked.code, 2);
    assert.equal(fs.readFileSync(elsewhere, 'utf8'), 'theirs');
  });
});
