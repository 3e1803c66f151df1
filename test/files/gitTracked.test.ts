/**
 * Whether git tracks a folder, read from the index file without running git (files/gitTracked.ts):
 * every index version git writes (2, 3 with an extended flag, 4 with compressed paths), a worktree
 * whose `.git` is a file, a folder that is only ignored, and files that are not an index.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { trackedByGit } from '../../server/src/files/gitTracked';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-gittracked-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]): void => void execFileSync('git', ['-c', 'user.email=a@example.invalid', '-c', 'user.name=a', ...args], { cwd, stdio: 'ignore' });

function repository(name: string, files: string[]): string {
  const dir = path.join(root, name);
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), f);
  }
  git(dir, 'init', '-q', '.');
  git(dir, 'add', '-A', '-f');
  git(dir, 'commit', '-q', '-m', 'x');
  return dir;
}

describe('trackedByGit', () => {
  for (const version of ['2', '3', '4']) {
    it(`reads index version ${version}`, () => {
      const dir = repository(`v${version}`, ['a.graphreq', 'sub/.graphreq/emulator.lock', 'sub/.graphreq-history-not/x', 'zz/deep/path/that/is/long/file.txt']);
      git(dir, 'update-index', '--index-version', version);
      if (version === '3') {
        // An intent-to-add entry carries the extended flag (2 more bytes before its path).
        fs.writeFileSync(path.join(dir, 'new.graphreq'), '');
        git(dir, 'add', '-N', 'new.graphreq');
      }
      fs.mkdirSync(path.join(dir, '.graphreq'));
      assert.equal(trackedByGit(path.join(dir, 'sub', '.graphreq')), true);
      assert.equal(trackedByGit(path.join(dir, 'zz', 'deep')), true);
      assert.equal(trackedByGit(path.join(dir, '.graphreq')), false, 'present but not tracked');
      assert.equal(trackedByGit(path.join(dir, 'sub', '.graphreq-history')), false, 'a prefix of a tracked name is not the folder');
    });
  }

  it('follows a worktree whose .git is a file', () => {
    const main = repository('main', ['x.txt']);
    git(main, 'worktree', 'add', '-q', path.join(root, 'wt'));
    fs.mkdirSync(path.join(root, 'wt', '.graphreq'));
    fs.writeFileSync(path.join(root, 'wt', '.graphreq', 'emulator.lock'), '{}');
    assert.equal(trackedByGit(path.join(root, 'wt', '.graphreq')), false);
    git(path.join(root, 'wt'), 'add', '-f', '.graphreq/emulator.lock');
    assert.equal(trackedByGit(path.join(root, 'wt', '.graphreq')), true);
  });

  it('says no outside a repository and for an index that is not one', () => {
    const plain = path.join(root, 'plain');
    fs.mkdirSync(path.join(plain, '.git'), { recursive: true });
    assert.equal(trackedByGit(path.join(plain, '.graphreq')), false, 'no index');
    fs.writeFileSync(path.join(plain, '.git', 'index'), 'DIRC\0\0\0\x02\0\0\0\x05garbage');
    assert.equal(trackedByGit(path.join(plain, '.graphreq')), false, 'cut short');
  });
});
