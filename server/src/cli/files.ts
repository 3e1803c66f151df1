/** File-system helpers of the CLI: collecting .graphreq files and finding graphreq.env.json. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readEnvironmentFile, resolveEnvironment, type EnvironmentSettings } from '../core';

export class UsageError extends Error {}

/** Expands files and folders into the .graphreq files they hold (folders recursively, sorted). */
export function collectFiles(inputs: string[]): string[] {
  const out: string[] = [];
  for (const input of inputs) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(input);
    } catch {
      throw new UsageError(`${input}: no such file or folder`);
    }
    if (stat.isDirectory()) {
      const before = out.length;
      walk(input, out);
      // A folder with nothing to check is a mistake (a mistyped path must not pass CI).
      if (out.length === before) throw new UsageError(`no .graphreq files under ${input.endsWith('/') || input.endsWith(path.sep) ? input : `${input}/`}`);
    } else out.push(input);
  }
  return out;
}

function walk(dir: string, out: string[]): void {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && e.name.endsWith('.graphreq')) out.push(p);
  }
}

export function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** graphreq.env.json: `--env-file`, else the nearest one from the first input (or the working folder) upwards. */
export function findEnvFile(explicit: string | undefined, from: string): string | undefined {
  if (explicit) {
    if (!fs.existsSync(explicit)) throw new UsageError(`${explicit}: no such environment file`);
    return explicit;
  }
  let dir = path.resolve(from);
  if (fs.existsSync(dir) && fs.statSync(dir).isFile()) dir = path.dirname(dir);
  for (;;) {
    const candidate = path.join(dir, 'graphreq.env.json');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function loadEnvironment(envFile: string | undefined, name: string | undefined): EnvironmentSettings {
  if (!envFile) {
    if (name) throw new UsageError(`--env ${name}: no graphreq.env.json found`);
    return { variables: {} };
  }
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(envFile, 'utf8'));
  } catch (e) {
    throw new UsageError(`${envFile}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  try {
    return resolveEnvironment(readEnvironmentFile(json), name);
  } catch (e) {
    throw new UsageError(`${envFile}: ${(e as Error).message}`);
  }
}
