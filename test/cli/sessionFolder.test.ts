/**
 * Where a CLI run keeps its session (.graphreq/) and history when the repository has no
 * graphreq.env.json: runs started from different folders of one repository are one session, so a
 * request sent from `requests/adsets/` feeds one sent later from the repository's root.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { examples, runCli, tempWorkspace } from './cliHelpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('the session folder of a repository without graphreq.env.json', () => {
  it('is the repository root, whichever of its folders the run starts in', async () => {
    const repo = tempWorkspace('graphreq-repo-');
    dirs.push(repo);
    fs.mkdirSync(path.join(repo, '.git'));
    const sub = path.join(repo, 'requests', 'adsets');
    fs.mkdirSync(sub, { recursive: true });
    fs.copyFileSync(path.join(examples, 'adsets.graphreq'), path.join(sub, 'adsets.graphreq'));

    const create = await runCli(['send', 'adsets.graphreq', '--name', 'create'], sub);
    assert.equal(create.code, 0, create.stdout + create.stderr);
    // From the root, "Read it back" reads the response saved by the run in the subfolder.
    const read = await runCli(['send', path.join('requests', 'adsets', 'adsets.graphreq'), '--line', '24'], repo);
    assert.equal(read.code, 0, read.stdout + read.stderr);
    assert.equal(/"id": "(\d+)"/.exec(read.stdout)?.[1], /"id": "(\d+)"/.exec(create.stdout)?.[1]);
    assert.ok(fs.existsSync(path.join(repo, '.graphreq', 'responses.json')));
    assert.ok(!fs.existsSync(path.join(sub, '.graphreq')), 'no second session in the subfolder');
    assert.ok(!fs.existsSync(path.join(sub, '.graphreq-history')), 'no second history in the subfolder');
  });
});
