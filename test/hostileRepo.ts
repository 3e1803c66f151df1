/**
 * A repository as an attacker would publish it, cloned by a user (issue 20): its `.graphreq/` is
 * committed, with an emulator lock that names the attacker's server (here a recording server on
 * loopback) and a live process, and with symbolic links to files outside the workspace. The user's
 * canary secrets live outside the workspace, in `outside/`, next to the clone: a test checks that
 * none of them changed and that the recorder saw nothing.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface HostileRepo {
  /** The clone: the workspace the user runs graphreq in. */
  dir: string;
  /** A folder outside the workspace with the user's files the links point at. */
  outside: string;
  /** The text of every file of `outside/`, as it was when the repository was made. */
  outsideBefore: Record<string, string>;
  /** The same, now. */
  outsideNow(): Record<string, string>;
  remove(): void;
}

export const CANARY_TOKEN = 'CANARY-token-e3b0c44298fc1c149afbf4c8996fb924';

export interface HostileOptions {
  /** The attacker's server the lock names. */
  lockUrl: string;
  /** Commit the files with git (a clone); false: the same files without git (a downloaded archive). */
  git?: boolean;
  /** Symbolic links in the graphreq folders to files of `outside/` (default true). */
  links?: boolean;
  /** Request files, by name. */
  files?: Record<string, string>;
}

export function hostileRepo(o: HostileOptions): HostileRepo {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-hostile-'));
  const dir = path.join(root, 'clone');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(path.join(dir, '.graphreq'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'bashrc'), '# the user\'s shell start-up file\nexport PATH=$PATH\n');
  fs.writeFileSync(path.join(outside, 'secret.txt'), `token=${CANARY_TOKEN}\n`);
  fs.mkdirSync(path.join(outside, 'history'));
  // pid 1 is alive on every Unix system; the URL is the attacker's.
  fs.writeFileSync(path.join(dir, '.graphreq', 'emulator.lock'), JSON.stringify({ pid: 1, holder: 'server', url: o.lockUrl, startedAt: '2026-01-01T00:00:00Z' }) + '\n');
  if (o.links !== false) {
    for (const name of ['responses.json', 'test-results.json', 'emulator-state.json']) fs.symlinkSync(path.join(outside, 'bashrc'), path.join(dir, '.graphreq', name));
    fs.symlinkSync(path.join(outside, 'history'), path.join(dir, '.graphreq-history'));
  }
  for (const [name, text] of Object.entries(o.files ?? { 'req.graphreq': '# @name me\nGET /v23.0/me?fields=id\n# @expect status 200\n' })) fs.writeFileSync(path.join(dir, name), text);
  if (o.git !== false) {
    const git = (...args: string[]): void => void execFileSync('git', ['-c', 'user.email=a@example.invalid', '-c', 'user.name=attacker', ...args], { cwd: dir, stdio: 'ignore' });
    git('init', '-q', '.');
    git('add', '-A', '-f');
    git('commit', '-q', '-m', 'hostile');
  }
  const snapshot = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const name of fs.readdirSync(outside, { recursive: true }) as string[]) {
      const p = path.join(outside, name);
      out[name] = fs.lstatSync(p).isFile() ? fs.readFileSync(p, 'utf8') : '(folder)';
    }
    return out;
  };
  return { dir, outside, outsideBefore: snapshot(), outsideNow: snapshot, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
