/**
 * Holds by scope (issue 22): a request held back by a rate limit holds only the requests that read
 * its response and the later requests of its scope; the others are sent, and the summary says which
 * were held and why. The README's quick start in one run: the 11th read of a URL within the hour is
 * held ([1] Limits), and so are a 12th read of that URL and a request that reads the held response;
 * the URL's refresh (a POST) and a thread read are sent. The CLI as a subprocess, against the
 * embedded emulator.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, describe, it } from 'node:test';
import { runCli, workspaceOf } from './cliHelpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const READ = 'GET /v23.0/?id=https://example.com/post&fields=engagement\n';
const FILE = [
  ...Array.from({ length: 10 }, (_, i) => `### Read ${i + 1}\n${READ}`),
  `### Read 11\n# @name eleventh\n${READ}`,
  '### Refresh the URL\nPOST /v23.0/?id=https%3A%2F%2Fexample.com%2Fpost&scrape=true\n',
  '### Thread\nGET /v23.0/t_100200300?fields=id\n',
  '### Reads the eleventh\nGET /v23.0/?id={{eleventh.response.body.id}}&fields=engagement\n',
  `### Read 12\n${READ}`,
].join('\n');

describe('a rate limit holds by scope (CLI)', () => {
  it('holds the 11th read of a URL, its reader and the next read of the URL; sends the refresh and the thread read', async () => {
    const dir = workspaceOf('graphreq-holds-', { 'urls.graphreq': FILE }, dirs);
    const r = await runCli(['send', 'urls.graphreq', '--all', '--no-color'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^graphreq send: held back by a rate limit the client knows of: access should return at .*; 2 requests that read its response or share its scope held back, the others sent; /m);
    assert.match(r.stderr, /^15 requests: 12 sent, 0 failed, 3 held back, 0 not sent/m);
    assert.match(r.stderr, /^ {2}held back: Read 11 \[eleventh\] \(urls\.graphreq:\d+\)$/m);
    assert.match(r.stderr, /^ {2}held back \(it reads the response of `eleventh`, which a rate limit held back\): Reads the eleventh \(urls\.graphreq:\d+\)$/m);
    assert.match(r.stderr, /^ {2}held back \(the rate limit that held back Read 11 \[eleventh\] covers it too\): Read 12 \(urls\.graphreq:\d+\)$/m);
    // The refresh and the thread read went out after the hold, and were answered.
    assert.match(r.stdout, /Refresh the URL[\s\S]*200/);
    assert.match(r.stdout, /Thread[\s\S]*200/);
  });
});
