/**
 * `--output short|headers|body|exchange|full` for `graphreq send` and `graphreq test`, and
 * GRAPHREQ_OUTPUT: a run of many requests read in as many lines, the body alone for a pipe, the
 * whole exchange with the token hidden. The CLI as a subprocess, against the embedded emulator.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, tempWorkspace } from './cliHelpers';

const FILE = `### Create a paused ad set
# @name create
POST /v23.0/act_1000000001/adsets

{ "name": "Short", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }

### Read it back
GET /v23.0/{{create.response.body.id}}?fields=id,name
# @expect status 200
# @expect body.name "Short"

### A thread
GET /v23.0/t_100200300?fields=id
# @expect body.id "t_999"
`;

describe('output levels', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const workspace = (): string => {
    const dir = tempWorkspace('graphreq-output-');
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'api.graphreq'), FILE);
    return dir;
  };

  it('send --output short: one line a request (status, time, size, name)', async () => {
    const dir = workspace();
    const r = await runCli(['send', 'api.graphreq', '--all', '--output', 'short', '--no-history'], dir);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 3, r.stdout);
    assert.match(lines[0], /^200 {2}\d+ ms {2}\d+ B {2}Create a paused ad set \[create\]$/);
    assert.match(lines[1], /^200 {2}\d+ ms {2}\d+ B {2}Read it back$/);
    assert.match(lines[2], /^200 {2}\d+ ms {2}[\d.]+ K?B {2}A thread$/);
    // The same from the environment variable.
    const env = await runCli(['send', 'api.graphreq', '--all', '--no-history'], dir, { GRAPHREQ_OUTPUT: 'short' });
    assert.equal(env.stdout.trimEnd().split('\n').length, 3, env.stdout);
  });

  it('send --output body: the bodies alone, each valid JSON; headers: the status and response headers', async () => {
    const dir = workspace();
    const body = await runCli(['send', 'api.graphreq', '--name', 'create', '--output', 'body', '--no-history'], dir);
    assert.equal(body.code, 0, body.stderr);
    assert.match(JSON.parse(body.stdout).id, /^\d+$/);
    const headers = await runCli(['send', 'api.graphreq', '--line', '13', '--output', 'headers', '--no-history'], dir);
    assert.equal(headers.code, 0, headers.stderr);
    assert.match(headers.stdout, /^### A thread\nHTTP 200 OK · \d+ ms · [\d.]+ K?B\n/);
    assert.match(headers.stdout, /^content-type: application\/json/m);
    assert.match(headers.stdout, /^x-business-use-case-usage: \{/m);
    assert.doesNotMatch(headers.stdout, /"messages"|"id": "t_100200300"/, 'no body');
  });

  it('send --output exchange: the request as sent, token hidden, and the response with its headers and body', async () => {
    const dir = workspace();
    const r = await runCli(['send', 'api.graphreq', '--name', 'create', '--output', 'exchange', '--no-history'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^> request\nPOST http:\/\/127\.0\.0\.1:\d+\/v23\.0\/act_1000000001\/adsets\n/m);
    assert.match(r.stdout, /^name=Short&/m);
    assert.match(r.stdout, /^< response\nHTTP 200 OK/m);
    assert.match(r.stdout, /^content-type: application\/json/m);
    assert.ok(!r.stdout.includes('demo-token'), 'the token is hidden');
  });

  it('test --output short: one line a test, the failing expectation on its line', async () => {
    const dir = workspace();
    const r = await runCli(['test', '.', '--output', 'short', '--no-history'], dir);
    assert.equal(r.code, 1, r.stderr);
    const tests = r.stdout.split('\n').filter((l) => /^(PASS|FAIL)/.test(l));
    assert.equal(tests.length, 2, r.stdout);
    assert.match(tests[0], /^PASS api\.graphreq:8 Read it back \(\d+ ms\)$/);
    assert.match(tests[1], /^FAIL api\.graphreq:13 A thread \(\d+ ms\) {2}✗ body\.id "t_999": /);
    assert.ok(!/^ {2}✓/m.test(r.stdout), 'no line per expectation');
  });

  it('refuses an unknown level in one line, from the flag or the variable', async () => {
    const dir = workspace();
    const flag = await runCli(['send', 'api.graphreq', '--all', '--output', 'brief'], dir);
    assert.equal(flag.code, 2);
    assert.equal(flag.stderr, 'graphreq send: --output must be short, headers, body, exchange or full, not "brief"\n');
    const env = await runCli(['test', '.'], dir, { GRAPHREQ_OUTPUT: 'loud' });
    assert.equal(env.code, 2);
    assert.equal(env.stderr, 'graphreq test: GRAPHREQ_OUTPUT must be short, headers, body, exchange or full, not "loud"\n');
  });
});
