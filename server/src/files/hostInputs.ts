/**
 * What the pure core needs from the disk and the process to read one request file, given to it in
 * the environment (core/types.ts): the process's environment variables (`{{$processEnv NAME}}`),
 * the `.env` file's variables (`{{$dotenv NAME}}`), and a reader of `< path` bodies. The CLI (check
 * and send) and the language server (diagnostics, completion, hover and send) all call this, so a
 * request means the same thing in each of them.
 *
 * The `.env` file: the one in the request file's folder, else the nearest one above it, without
 * leaving the project: the search stops at the workspace folder, and at the first folder holding
 * graphreq.env.json, `.git` or package.json (after looking for `.env` there). It is read with the
 * dotenv package's parser (`KEY=value`, quotes, `#` comments).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import type { BodyFileResult, EnvironmentSettings } from '../core';
import { decodeUtf8 } from './textFile';

/** `< path` bodies larger than this are refused: a request body of the API is a few kilobytes. */
export const BODY_FILE_LIMIT = 1024 * 1024;

const PROJECT_MARKERS = ['graphreq.env.json', '.git', 'package.json'];

export interface HostInputOptions {
  /** The workspace folder: the `.env` search never goes above it. */
  stopAt?: string | null;
  /** The process environment; the real one by default. */
  processEnv?: NodeJS.ProcessEnv;
}

/**
 * `env` with the host's inputs for the request file at `requestFile` (a file-system path; null for
 * a document that is not on disk, which has neither a `.env` file nor a folder to read bodies from).
 */
export function withHostInputs<T extends EnvironmentSettings>(env: T, requestFile: string | null, options: HostInputOptions = {}): T {
  const out: T = { ...env, processEnv: processVariables(options.processEnv ?? process.env) };
  if (!requestFile) return out;
  const dir = path.dirname(path.resolve(requestFile));
  out.dotenv = readDotenv(findDotenv(dir, options.stopAt ?? null));
  out.readFile = (p: string) => readBodyFile(dir, p);
  return out;
}

function processVariables(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(source)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The `.env` file for a request file in `dir`, or undefined. */
export function findDotenv(dir: string, stopAt: string | null): string | undefined {
  const stop = stopAt ? path.resolve(stopAt) : undefined;
  let current = dir;
  for (let i = 0; i < 64; i++) {
    const candidate = path.join(current, '.env');
    if (isFile(candidate)) return candidate;
    if (current === stop || PROJECT_MARKERS.some((m) => fs.existsSync(path.join(current, m)))) return undefined;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

/** The variables of a `.env` file; none when there is no file (every `$dotenv` name is then unknown). */
export function readDotenv(file: string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (!file) return out;
  try {
    Object.assign(out, parseDotenv(fs.readFileSync(file)));
  } catch {
    // An unreadable .env is as good as none: the names it should hold are reported missing.
  }
  return out;
}

/** Reads a `< path` body relative to the request file's folder, with a one-line reason when it cannot. */
export function readBodyFile(dir: string, written: string): BodyFileResult {
  const file = path.resolve(dir, written);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return { ok: false, reason: `there is no file ${file}` };
  }
  if (!stat.isFile()) return { ok: false, reason: `${file} is not a file` };
  if (stat.size > BODY_FILE_LIMIT) return { ok: false, reason: `it is larger than 1 MiB (${stat.size} bytes)` };
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    return { ok: false, reason: `it cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    return { ok: true, text: decodeUtf8(bytes) };
  } catch (e) {
    // Sent with replacement characters, a Latin-1 "Café" would reach the service as "Caf�".
    return { ok: false, reason: `it is ${(e as Error).message}` };
  }
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
