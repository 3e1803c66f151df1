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
import { localServer } from './send/sendHelpers';

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

/** The links of issue 20 (`responses.json -> ~/.bashrc` was overwritten with JSON). */
export const HOSTILE_LINKS = ['.graphreq/responses.json', '.graphreq/test-results.json', '.graphreq/emulator-state.json', '.graphreq-history', 'req.snap.json'] as const;

export const CANARY_TOKEN = 'CANARY-token-e3b0c44298fc1c149afbf4c8996fb924';

export interface HostileOptions {
  /** The attacker's server the lock names. */
  lockUrl: string;
  /** Commit the files with git (a clone); false: the same files without git (a downloaded archive). */
  git?: boolean;
  /**
   * Symbolic links in the workspace to `outside/` (default: all of HOSTILE_LINKS); a folder name
   * (no `.json`) links to the folder `outside/history`, a file name to the file `outside/bashrc`.
   */
  links?: readonly string[];
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
  for (const name of o.links ?? HOSTILE_LINKS) fs.symlinkSync(path.join(outside, name.endsWith('.json') ? 'bashrc' : 'history'), path.join(dir, name));
  for (const [name, text] of Object.entries(o.files ?? { 'req.graphreq': '# @name read\nGET /v23.0/t_100200300?fields=id\n# @expect status 200\n' })) fs.writeFileSync(path.join(dir, name), text);
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

/** The attacker's server: a recording server on loopback that answers every request with a JSON object. */
export function recordingServer(): ReturnType<typeof localServer> {
  return localServer((_req, _body, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"id":"1"}');
  });
}

/** A request file in `dir` that `fmt` would indent and `check --fix` would fix, made read-only (0444); returns its path and text. */
export function readOnlyRequestFile(dir: string): { file: string; text: string } {
  const file = path.join(dir, 'ro.graphreq');
  // Formattable (indentation) and fixable (a misspelt enum value of REQ-ENUM has a quick fix).
  const text = 'POST /v23.0/act_1234567890/adsets\n\n{"name":"x","status":"paused"}\n';
  fs.writeFileSync(file, text);
  fs.chmodSync(file, 0o444);
  return { file, text };
}
