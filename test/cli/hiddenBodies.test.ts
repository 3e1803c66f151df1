/**
 * `< path` bodies may not read what a workspace keeps hidden. A repository's request file with
 * `< ./.env` sent every variable of the user's own `.env` as form fields (where `{{$dotenv NAME}}`
 * reads only the names the user allows), and `< .git/config` the credentials of a remote's URL:
 * to the service, into the printed exchange and into history, unredacted. Check and send now refuse
 * both, and a visible link to them, in REQ-BODY-FILE's sentence, quoting nothing of the file.
 * The CLI as a subprocess.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, tempWorkspace } from './cliHelpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const REQUESTS = ['# @name dotenv\nPOST /v23.0/act_1/adsets\n\n< ./.env\n', '# @name gitconfig\nPOST /v23.0/act_1/adsets\n\n< .git/config\n', '# @name linked\nPOST /v23.0/act_1/adsets\n\n< ./form.txt\n'].join('\n###\n');

function workspace(): string {
  const root = tempWorkspace('graphreq-hidden-body-');
  dirs.push(root);
  const dir = path.join(root, 'ws');
  fs.mkdirSync(path.join(dir, '.git'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.env'), 'AWS_SECRET_ACCESS_KEY=CANARY-dotenv-secret\n');
  fs.writeFileSync(path.join(dir, '.git', 'config'), '[remote "origin"]\n\turl = https://me:CANARY-git-secret@example.invalid/r.git\n');
  fs.symlinkSync('.env', path.join(dir, 'form.txt'));
  fs.writeFileSync(path.join(dir, 'req.graphreq'), REQUESTS);
  return dir;
}

/** Every file of `dir` but the user's own secrets, as text. */
function written(dir: string): string {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => !f.startsWith('.git') && f !== '.env' && f !== 'form.txt' && fs.statSync(path.join(dir, f)).isFile())
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

describe('a body file may not be hidden', () => {
  it('check reports each in REQ-BODY-FILE, quoting nothing of the file', async () => {
    const dir = workspace();
    const run = await runCli(['check', 'req.graphreq'], dir, { GRAPHREQ_CONFIG_DIR: path.join(dir, '..', 'config') });
    assert.doesNotMatch(run.stdout + run.stderr, /CANARY|AWS_SECRET/, run.stdout);
    const refused = run.stdout.split('\n').filter((l) => /error REQ-BODY-FILE .*is hidden/.test(l));
    assert.equal(refused.length, 3, run.stdout);
  });

  it('send --all --output exchange sends none of them: nothing of the secrets on the output, in history or in the emulator state', async () => {
    const dir = workspace();
    const run = await runCli(['send', 'req.graphreq', '--all', '--output', 'exchange'], dir, { GRAPHREQ_CONFIG_DIR: path.join(dir, '..', 'config') });
    assert.doesNotMatch(run.stdout + run.stderr, /CANARY|AWS_SECRET/, run.stdout + run.stderr);
    assert.doesNotMatch(written(dir), /CANARY|AWS_SECRET/);
    assert.match(run.stderr, /\.env is hidden/);
    assert.equal(run.code, 2, run.stderr);
  });
});
