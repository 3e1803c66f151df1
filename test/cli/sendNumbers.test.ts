/**
 * Request numbers in `graphreq send` with a variable preamble (`@x = ...` before the first `###`):
 * the preamble is no request, so the first request is "request 1" in the results, the one-line
 * failures and the editor's progress title alike (core/syntax/parseDocument.ts, requestNumber). The
 * CLI as a subprocess against the embedded emulator.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, tempWorkspace } from './cliHelpers';

const TEXT = `@version = v23.0
@id = 23850000000000001

###
GET /{{version}}/{{nope}}?fields=id

###
# @name two
GET /{{version}}/{{id}}?fields=id

###
GET /{{version}}/{{two.response.body.id}}?fields=id
`;

describe('graphreq send numbers requests as people count them', () => {
  const dir = tempWorkspace();
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'numbers.graphreq');
  fs.writeFileSync(file, TEXT);

  it('--all: the first request after the preamble is request 1, in the results and the failure line', async () => {
    const r = await runCli(['send', 'numbers.graphreq', '--all', '--fresh'], dir);
    assert.equal(r.code, 2, r.stderr);
    assert.deepEqual([...r.stdout.matchAll(/^### (.+)$/gm)].map((m) => m[1]), ['request 1', 'request 2 [two]', 'request 3']);
    assert.match(r.stderr, /^graphreq send: request 1: `\{\{nope\}\}` is not defined/m);
    assert.match(r.stderr, /^ {2}not sent: GET \/\{\{version\}\}\/\{\{nope\}\}\?fields=id \(numbers\.graphreq:5\)$/m);
  });

  it('--with-deps and --dry-run: the same numbers, the preamble not counted', async () => {
    const r = await runCli(['send', 'numbers.graphreq', '--line', '12', '--with-deps', '--fresh'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual([...r.stdout.matchAll(/^### (.+)$/gm)].map((m) => m[1]), ['request 2 [two]', 'request 3']);
    const dry = await runCli(['send', 'numbers.graphreq', '--all', '--dry-run'], dir);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^dry run: 3 requests, 3 calls; nothing is sent$/m, 'the preamble is not counted as a request');
  });
});
