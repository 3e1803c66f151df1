/**
 * Running the built CLI (bin/graphreq.js → dist/cli.js) as a user does: in a subprocess, with a
 * clean environment (no GRAPHREQ_* of the developer, no colour settings), and watching its output
 * as it comes. Also a service whose answers the test releases one by one, which is how the tests
 * prove streaming and Ctrl+C without timing anything.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before } from 'node:test';
import { cleanEnv } from '../cleanEnv';
import { copyExamples } from '../examples';
import { localServer, recordingServer } from '../send/sendHelpers';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const bin = path.join(repoRoot, 'bin', 'graphreq.js');
/**
 * A copy of the example request files (without their environment file), so that a run's workspace
 * is the folder the test runs in and nothing is ever written into the repository.
 */
export const examples = copyExamples();
process.on('exit', () => fs.rmSync(examples, { recursive: true, force: true }));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export { cleanEnv };

export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, env: cleanEnv(env), timeout: 60_000 }, (error, stdout, stderr) => {
      const e = error as (Error & { code?: number | string; signal?: NodeJS.Signals }) | null;
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : null) : 0, signal: e?.signal ?? null, stdout, stderr });
    });
  });
}

/** A CLI process whose output the test can wait on while it runs. */
export class LiveCli {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exit: Promise<CliRun>;
  private waiters: Array<() => void> = [];

  constructor(args: string[], cwd: string, env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [bin, ...args], { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (d: Buffer) => {
      this.stdout += d.toString();
      this.wake();
    });
    this.child.stderr!.on('data', (d: Buffer) => {
      this.stderr += d.toString();
      this.wake();
    });
    this.exit = new Promise((resolve) => this.child.on('close', (code, signal) => resolve({ code, signal, stdout: this.stdout, stderr: this.stderr })));
  }

  /** Resolves once stdout matches; rejects if the process ends first. */
  stdoutMatches(re: RegExp): Promise<void> {
    return this.matches(re, () => this.stdout);
  }

  /** Resolves once stderr matches; rejects if the process ends first. */
  stderrMatches(re: RegExp): Promise<void> {
    return this.matches(re, () => this.stderr);
  }

  private async matches(re: RegExp, text: () => string): Promise<void> {
    let ended = false;
    void this.exit.then(() => {
      ended = true;
      this.wake();
    });
    while (!re.test(text())) {
      if (ended) throw new Error(`the CLI ended before its output matched ${re}:\n${this.stdout}\n${this.stderr}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

/**
 * A service that holds every request until the test releases it: `arrived(n)` resolves when the
 * n-th request (from 1) came in, `release(n, status, body)` answers it.
 */
export async function gatedService() {
  const pending: Array<{ res: ServerResponse; url: string }> = [];
  const arrivals: Array<() => void> = [];
  const srv = await localServer((req, _body, res) => {
    pending.push({ res, url: req.url ?? '' });
    for (const a of arrivals.splice(0)) a();
  });
  return {
    url: srv.url,
    requests: srv.requests,
    async arrived(n: number): Promise<void> {
      while (pending.length < n) await new Promise<void>((resolve) => arrivals.push(resolve));
    },
    release(n: number, status = 200, body: unknown = { id: String(n) }, headers: Record<string, string> = {}): void {
      const p = pending[n - 1];
      p.res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      p.res.end(JSON.stringify(body));
    },
    /** Whether the n-th request has been answered. */
    answered(n: number): boolean {
      return !!pending[n - 1]?.res.writableEnded;
    },
    close: srv.close,
  };
}

export function tempWorkspace(prefix = 'graphreq-cli-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A temporary workspace with an empty graphreq.env.json and the given files (paths relative to it); its folder is pushed to `dirs` for cleanup. */
export function workspaceOf(prefix: string, files: Record<string, string>, dirs: string[]): string {
  const dir = tempWorkspace(prefix);
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'graphreq.env.json'), '{ "$shared": {} }\n');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** Runs a command line inside a pseudo-terminal (util-linux `script`), for what only a terminal gets. */
export function runInTerminal(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, bin, ...args].map(quote).join(' ');
  return new Promise((resolve) => {
    execFile('script', ['-qfec', command, '/dev/null'], { cwd, env: cleanEnv({ TERM: 'xterm-256color', ...env }), timeout: 60_000 }, (error, stdout, stderr) => {
      const e = error as (Error & { code?: number | string }) | null;
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : null) : 0, signal: null, stdout, stderr });
    });
  });
}

/** The CLI, killed with SIGKILL after 30 s: a process blocked or busy in a read ignores SIGTERM. Its configuration folder is `../config` beside `cwd`. */
export function runCliKilled(args: string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, env: cleanEnv({ GRAPHREQ_CONFIG_DIR: path.join(cwd, '..', 'config') }), timeout: 30_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      const e = error as (Error & { code?: number | string; signal?: NodeJS.Signals }) | null;
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : null) : 0, signal: e?.signal ?? null, stdout, stderr });
    });
  });
}

/** Whether `p` settles within `ms` (a server blocked in a read answers nothing, ever). */
export function answersWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([p.then(() => true), late]).finally(() => clearTimeout(timer));
}

/** Ends a process a test started if it is still there (a server that answers nothing more does not shut down). */
export function killIfRunning(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* ended */
  }
}


/**
 * A repository's symbolic links, seen from the workspace `dir`: a file outside it holding `text`, linked
 * as `linked/link.graphreq`, and its folder linked as `linkedFolder`. `names` are the two ways to reach
 * the file from `dir` (the file a link, a folder on the way a link); `remove` takes it all away.
 */
export function linksOutside(dir: string, text: string): { real: string; names: string[]; remove: () => void } {
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-outside-'));
  const real = path.join(outside, 'real.graphreq');
  fs.writeFileSync(real, text);
  fs.mkdirSync(path.join(dir, 'linked'), { recursive: true });
  fs.symlinkSync(real, path.join(dir, 'linked', 'link.graphreq'));
  fs.symlinkSync(outside, path.join(dir, 'linkedFolder'));
  return {
    real,
    names: ['linked/link.graphreq', 'linkedFolder/real.graphreq'],
    remove: () => {
      fs.rmSync(path.join(dir, 'linked'), { recursive: true, force: true });
      fs.rmSync(path.join(dir, 'linkedFolder'), { force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir` with its text (path, text), for tests that grep everything a run wrote. */
export function filesUnder(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else out.push([p, fs.readFileSync(p, 'utf8')]);
  }
  return out;
}

/**
 * A suite's recording server (test/send/sendHelpers.ts) and the folders its tests make, started before
 * the suite's tests and closed and removed after them.
 */
export function recorderAndFolders(): { dirs: string[]; readonly recorder: Recorder } {
  const dirs: string[] = [];
  let recorder: Recorder | undefined;
  before(async () => {
    recorder = await recordingServer();
  });
  after(async () => {
    await recorder?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  return {
    dirs,
    get recorder() {
      if (!recorder) throw new Error('the recording server starts before the suite\'s tests');
      return recorder;
    },
  };
}

type Recorder = Awaited<ReturnType<typeof recordingServer>>;
