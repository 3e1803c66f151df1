/**
 * Text is text (issue 20 item 11): half of a surrogate pair, written as a JSON escape in a body or
 * arriving in a service's answer that a later request puts in its path, cannot be sent as UTF-8. It
 * used to abort `send --all` and `test` with "URI malformed", no summary, the other requests never
 * sent, while `check` said nothing. Now check reports it where it is written, and send refuses that
 * request alone: the others are sent and the summary is printed.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { localServer } from '../send/sendHelpers';
import { runCli, tempWorkspace } from './cliHelpers';

const dir = tempWorkspace('graphreq-surrogate-');
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const FILE = [
  '### first',
  '# @name first',
  'GET /v23.0/120200000000000002?fields=id,name',
  '',
  '### bad body',
  'POST /v23.0/120200000000000002',
  '',
  '{ "name": "a\\ud800b" }',
  '',
  '### bad path',
  'GET /v23.0/{{first.response.body.name}}',
  '',
  '### last',
  'GET /v23.0/120200000000000003?fields=id',
  '',
].join('\n');

describe('lone surrogates', () => {
  it('check reports the escape where it is written', async () => {
    fs.writeFileSync(path.join(dir, 'text.graphreq'), FILE);
    const r = await runCli(['check', 'text.graphreq'], dir);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^text\.graphreq:8:13: error REQ-LONE-SURROGATE `\\ud800` is half of a UTF-16 surrogate pair/m);
  });

  it('send --all and test refuse those requests alone, send the others and print the summary', async () => {
    fs.writeFileSync(path.join(dir, 'text.graphreq'), FILE);
    const paths: string[] = [];
    const service = await localServer((req, _body, res) => {
      paths.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      // The answer's name holds half a pair, as JSON may: `\ud800` with no low half after it.
      res.end('{"id": "120200000000000002", "name": "x\\ud800y"}');
    });
    try {
      const env = { GRAPHREQ_ACCESS_TOKEN: 'tok-surrogate-1234' };
      const sent = await runCli(['send', 'text.graphreq', '--all', '--no-history', '--base-url', service.url], dir, env);
      assert.equal(sent.code, 2, sent.stdout + sent.stderr);
      assert.doesNotMatch(sent.stderr, /URI malformed/);
      assert.match(sent.stdout + sent.stderr, /`name` holds `\\ud800`, half of a UTF-16 surrogate pair without its other half, which UTF-8 cannot carry \(REQ-LONE-SURROGATE\)/);
      assert.match(sent.stdout + sent.stderr, /the value of `\{\{first\.response\.body\.name\}\}` holds `\\ud800`/);
      // Refused before they left: not sent, as each result says (not counted as failed).
      assert.match(sent.stderr, /4 requests: 2 sent, 0 failed, 0 held back, 2 not sent/);
      assert.deepEqual(paths.map((p) => p.split('?')[0]), ['/v23.0/120200000000000002', '/v23.0/120200000000000003']);

      fs.writeFileSync(path.join(dir, 'text.graphreq'), FILE.replace('### last\n', '### last\n# @expect status == 200\n'));
      const tested = await runCli(['test', 'text.graphreq', '--base-url', service.url], dir, env);
      assert.doesNotMatch(tested.stderr, /URI malformed/);
      assert.match(tested.stdout + tested.stderr, /1 passed/);
    } finally {
      await service.close();
    }
  });
});
