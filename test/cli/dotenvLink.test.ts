/**
 * A repository's `.env` that is a symbolic link to a file of the user's elsewhere (`.env ->
 * ~/other-project/.env`) lent that file's values to the repository's requests: `{{$dotenv
 * GRAPHREQ_VAR_KEY}}` in a header sent them to whatever the request named. Now such a `.env` is not
 * read, and `check`, the language server's diagnostics and `send` say why in the `$dotenv` finding.
 * A regular `.env` in the repository reads as before. The CLI as a subprocess, a recording server.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { EnvironmentSettings } from '../../server/src/core';
import { withHostInputs } from '../../server/src/files/hostInputs';
import { recorderAndFolders, runCli, workspaceOf } from './cliHelpers';

const SECRET = 'CANARYdotenv5c1f';
const REQUEST = 'GET /v23.0/me?fields=id\nX-Key: {{$dotenv GRAPHREQ_VAR_KEY}}\n';
const suite = recorderAndFolders();
const dirs = suite.dirs;

/** The user's file outside the workspace, holding the secret. */
function usersFile(): string {
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-users-'));
  dirs.push(outside);
  fs.writeFileSync(path.join(outside, '.env'), `GRAPHREQ_VAR_KEY=${SECRET}\n`);
  return outside;
}

describe('a .env linked outside the workspace', () => {
  it('check and send: not read, the finding says why, and nothing of it reaches the service', async () => {
    const dir = workspaceOf('graphreq-dotenv-link-', { 'req.graphreq': REQUEST, '.git/HEAD': 'ref: refs/heads/main\n' }, dirs);
    fs.symlinkSync(path.join(usersFile(), '.env'), path.join(dir, '.env'));
    const env = { GRAPHREQ_ACCESS_TOKEN: 'CANARY-token-77aa', GRAPHREQ_CONFIG_DIR: path.join(dir, '..', `${path.basename(dir)}-config`) };
    dirs.push(env.GRAPHREQ_CONFIG_DIR);
    const check = await runCli(['check', 'req.graphreq'], dir, env);
    assert.match(check.stdout + check.stderr, /the \.env file is not read: \.env is a symbolic link, which graphreq does not follow/);
    const send = await runCli(['send', 'req.graphreq', '--base-url', suite.recorder.url, '--no-history'], dir, env);
    assert.notEqual(send.code, 0, send.stdout + send.stderr);
    assert.match(send.stdout + send.stderr, /the \.env file is not read: \.env is a symbolic link/);
    for (const out of [check.stdout, check.stderr, send.stdout, send.stderr]) assert.doesNotMatch(out, new RegExp(SECRET));
    assert.equal(suite.recorder.requests.length, 0);

    // The control: the same file copied into the repository is read and sent.
    fs.rmSync(path.join(dir, '.env'));
    fs.writeFileSync(path.join(dir, '.env'), `GRAPHREQ_VAR_KEY=${SECRET}\n`);
    const sent = await runCli(['send', 'req.graphreq', '--base-url', suite.recorder.url, '--no-history'], dir, env);
    assert.equal(sent.code, 0, sent.stdout + sent.stderr);
    assert.equal(suite.recorder.requests.length, 1);
    assert.equal(suite.recorder.requests[0].headers['x-key'], SECRET);
  });

  it('host inputs: a .env reached through a folder linked outside is refused too; a link without a workspace is refused', () => {
    const EMPTY: EnvironmentSettings = { variables: {} };
    const dir = workspaceOf('graphreq-dotenv-folder-', {}, dirs);
    fs.symlinkSync(usersFile(), path.join(dir, 'reqs'));
    const viaFolder = withHostInputs(EMPTY, path.join(dir, 'reqs', 'x.graphreq'), { stopAt: dir, processEnv: {} });
    assert.deepEqual({ ...viaFolder.dotenv }, {});
    assert.match(viaFolder.dotenvRefused ?? '', /^reqs\/\.env lies outside the workspace \(.*\) through a linked folder$/);
    // Without a workspace folder (a document outside every folder): the link itself is still refused.
    const alone = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-dotenv-alone-'));
    dirs.push(alone);
    fs.symlinkSync(path.join(usersFile(), '.env'), path.join(alone, '.env'));
    const noWorkspace = withHostInputs(EMPTY, path.join(alone, 'x.graphreq'), { stopAt: null, processEnv: {} });
    assert.deepEqual({ ...noWorkspace.dotenv }, {});
    assert.match(noWorkspace.dotenvRefused ?? '', /\.env is a symbolic link/);
    // A regular .env inside: read.
    fs.rmSync(path.join(alone, '.env'));
    fs.writeFileSync(path.join(alone, '.env'), 'GRAPHREQ_VAR_KEY=mine\n');
    assert.deepEqual({ ...withHostInputs(EMPTY, path.join(alone, 'y.graphreq'), { stopAt: null, processEnv: {} }).dotenv }, { GRAPHREQ_VAR_KEY: 'mine' });
  });
});
