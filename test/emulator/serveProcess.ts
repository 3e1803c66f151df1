/**
 * `graphreq serve` in a child process, as a user runs it: the bundled CLI, its printed URL, its exit.
 * Children still running when the test file ends are killed by `killServers` (each suite's after()).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const bin = path.join(root, 'bin', 'graphreq.js');
const children: ChildProcess[] = [];

export interface ServeRun {
  child: ChildProcess;
  /** The printed URL, once it listens; rejects if it exits first. */
  url: Promise<string>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>;
}

export function serve(args: string[]): ServeRun {
  const child = spawn(process.execPath, [bin, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', () => reject(new Error(`serve exited before listening: ${out}${err}`)));
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, out, err })));
  url.catch(() => undefined);
  return { child, url, exit };
}

export function portOf(url: string): number {
  return Number(new URL(url).port);
}

export function killServers(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
