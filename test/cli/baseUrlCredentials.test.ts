/**
 * A base URL with a user name and password (`http://bob:secret@127.0.0.1:PORT`, typed or from
 * graphreq.env.json): fetch refuses such a URL, and its error quoted the URL whole, password
 * included, on stdout, stderr and in the history entry. Now the send is refused before anything
 * leaves, in one line that names only the host.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { recorderAndFolders, runCli, workspaceOf } from './cliHelpers';

const PASSWORD = 'CANARYpass7d31e';
const suite = recorderAndFolders();
const dirs = suite.dirs;

/** Every file under `dir`, with its text. */
function filesOf(dir: string): Array<[string, string]> {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => {
    const p = path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name);
    return [path.relative(dir, p), fs.readFileSync(p, 'utf8')];
  });
}

describe('a base URL with a password', () => {
  it('typed (--base-url) or named (--env): refused in one line, the password nowhere, nothing received', async () => {
    const port = new URL(suite.recorder.url).port;
    const withPassword = `http://bob:${PASSWORD}@127.0.0.1:${port}`;
    const dir = workspaceOf('graphreq-userinfo-', { 'req.graphreq': 'GET /v23.0/me?fields=id\n' }, dirs);
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ prod: { baseUrl: withPassword } }));
    const env = { GRAPHREQ_ACCESS_TOKEN: 'CANARY-token-1f2e', GRAPHREQ_CONFIG_DIR: path.join(dir, 'config') };
    for (const args of [['--base-url', withPassword], ['--env', 'prod']]) {
      const run = await runCli(['send', 'req.graphreq', ...args], dir, env);
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.equal(run.stderr, `graphreq send: the base URL gives a user name or password before its host (…@127.0.0.1:${port}): graphreq sends the access token itself; remove them from the base URL\n`);
      assert.doesNotMatch(run.stdout, new RegExp(PASSWORD));
    }
    for (const [f, text] of filesOf(dir)) if (f !== 'graphreq.env.json') assert.doesNotMatch(text, new RegExp(PASSWORD), f);
    assert.deepEqual(suite.recorder.requests, []);
  });

  it('not a valid URL, or with a token in its query: refused in one line that quotes it without the secret, nothing received', async () => {
    const port = new URL(suite.recorder.url).port;
    const dir = workspaceOf('graphreq-userinfo-', { 'req.graphreq': 'GET /v23.0/me?fields=id\n' }, dirs);
    const cases: Array<[string, string]> = [
      // A port past 65535: `new URL` refuses it, and the message quoted the text whole.
      [`http://bob:${PASSWORD}@127.0.0.1:99999/x`, 'graphreq send: the base URL `http://[REDACTED]@127.0.0.1:99999/x` is not a valid URL\n'],
      [`http://127.0.0.1:${port}/ x?access_token=${PASSWORD}`, `graphreq send: the base URL has a query (?…) (http://127.0.0.1:${port}/%20x?access_token=[REDACTED]): the request's path is appended to it, and graphreq sends the access token itself; remove it from the base URL\n`],
      [`http://127.0.0.1:${port}/#${PASSWORD}`, `graphreq send: the base URL has a fragment (#…) (http://127.0.0.1:${port}/): the request's path is appended to it, and graphreq sends the access token itself; remove it from the base URL\n`],
      [`http://127.0.0.1:${port}?key=${PASSWORD}`, `graphreq send: the base URL has a query (?…) (http://127.0.0.1:${port}?key=[REDACTED]): the request's path is appended to it, and graphreq sends the access token itself; remove it from the base URL\n`],
    ];
    const env = { GRAPHREQ_ACCESS_TOKEN: 'CANARY-token-1f2e', GRAPHREQ_CONFIG_DIR: path.join(dir, 'config') };
    for (const [baseUrl, message] of cases) {
      fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ prod: { baseUrl } }));
      // Typed, named, and from the file unnamed (--trust-origin: the check comes before any trust).
      for (const args of [['--base-url', baseUrl], ['--env', 'prod'], ['--trust-origin']]) {
        const run = await runCli(['send', 'req.graphreq', ...args], dir, { ...env, GRAPHREQ_ENV: 'prod' });
        assert.equal(run.code, 2, run.stdout + run.stderr);
        assert.equal(run.stderr, message, `${baseUrl} ${args.join(' ')}`);
        assert.doesNotMatch(run.stdout, new RegExp(PASSWORD));
      }
    }
    for (const [f, text] of filesOf(dir)) if (f !== 'graphreq.env.json') assert.doesNotMatch(text, new RegExp(PASSWORD), f);
    assert.deepEqual(suite.recorder.requests, []);
  });
});
