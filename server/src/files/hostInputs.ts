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
import { readableVariableProblem, type BodyFileResult, type EnvironmentSettings } from '../core';
import { allowedVariables } from '../send/tokenChoice';
import { isWithin } from './envFile';
import { NotRegularFileError, readRegularFileAtMost } from './regularFile';
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
  return hostInputsByFolder(env, options)(requestFile);
}

/**
 * withHostInputs for the many request files of one run (`graphreq check` of a folder, `send` of
 * several files): the process's variables are read once, and each folder's `.env` search and file
 * once, so the files of one folder share one environment. A check of 1,000 files in 10 folders
 * looked for `.env` 1,000 times (a sixth of its time) where 10 give the same answers.
 */
export function hostInputsByFolder<T extends EnvironmentSettings>(env: T, options: HostInputOptions = {}): (requestFile: string | null) => T {
  const source = options.processEnv ?? process.env;
  const readable = allowedVariables(source);
  const base: T = { ...env, processEnv: onlyReadable(processVariables(source), readable), readableVariables: readable };
  const byFolder = new Map<string, T>();
  return (requestFile) => {
    if (!requestFile) return { ...base };
    const dir = path.dirname(path.resolve(requestFile));
    let out = byFolder.get(dir);
    if (out) return out;
    const found = findDotenv(dir, options.stopAt ?? null);
    const dotenv = readDotenv(found, options.stopAt ?? null);
    out = { ...base, dotenv: onlyReadable(dotenv.variables, readable), ...(dotenv.refused ? { dotenvRefused: dotenv.refused } : {}) };
    // Without a workspace folder (a document outside every folder), the request file's folder is its workspace.
    const root = options.stopAt ?? dir;
    out.readFile = (p: string) => readBodyFile(dir, p, root);
    byFolder.set(dir, out);
    return out;
  };
}

/**
 * Only the variables `$processEnv` and `$dotenv` may read (core readableVariableProblem): the values
 * of the others never reach the core, so nothing the core does can show or send them.
 */
function onlyReadable(all: Record<string, string>, readable: readonly string[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(all)) if (readableVariableProblem(k, readable) === null) out[k] = v;
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

/**
 * The variables of a `.env` file; none when there is no file (every `$dotenv` name is then unknown).
 * The file comes with the repository and may be a link to anything: a link to a file of the user's
 * elsewhere (`.env -> ~/work/other/.env`, `~/.aws/credentials`) would lend its values to the
 * repository's requests, so a `.env` that is a symbolic link, or whose real path leaves the
 * workspace `root` (through a linked folder), is not read, and `refused` says why (the `$dotenv`
 * finding quotes it), as graphreq.env.json is refused (files/envFile.ts). Without a workspace (a
 * document outside every folder) only the link itself is refused. The file is opened without
 * blocking, read only when regular, and at most DOTENV_LIMIT bytes counted as read
 * (`.env -> /proc/self/pagemap`, 0 bytes by its size, kept `graphreq check` and the language server
 * reading for good). A larger file is as good as none.
 */
export function readDotenv(file: string | undefined, root: string | null = null): { variables: Record<string, string>; refused?: string } {
  const variables: Record<string, string> = Object.create(null);
  if (!file) return { variables };
  const refused = dotenvRefusal(file, root);
  if (refused) return { variables, refused };
  try {
    const bytes = readRegularFileAtMost(file, DOTENV_LIMIT);
    if (bytes) Object.assign(variables, parseDotenv(bytes));
  } catch {
    // An unreadable .env (or one that is not a regular file) is as good as none: the names it should hold are reported missing.
  }
  return { variables };
}

/** Why the `.env` at `file` is not read (a symbolic link, or outside `root` once links are followed), or undefined. */
function dotenvRefusal(file: string, root: string | null): string | undefined {
  const shown = root ? path.relative(root, file) || file : file;
  try {
    if (fs.lstatSync(file).isSymbolicLink()) return `${shown} is a symbolic link, which graphreq does not follow (it could name a file of yours outside the repository)`;
    if (!root) return undefined;
    const top = realOrResolved(root);
    if (!isWithin(fs.realpathSync(file), top)) return `${shown} lies outside the workspace (${top}) through a linked folder`;
  } catch {
    return undefined; // Gone since it was found: read as none below.
  }
  return undefined;
}

/** A `.env` file of more than this is not read: far more than any list of variables. */
export const DOTENV_LIMIT = 1024 * 1024;

/**
 * Reads a `< path` body relative to the request file's folder, with a one-line reason when it
 * cannot. The body is data of the repository, so its path is too: the file must resolve inside the
 * workspace `root` (symbolic links followed, then checked: `< /proc/self/environ` sent the whole
 * environment), not be hidden (`< .env` sent every variable of the user's .env), be a regular file, and hold at most BODY_FILE_LIMIT bytes, counted as they are read
 * (`stat` says 0 bytes for `/proc/self/pagemap`, whose reading took gigabytes).
 */
export function readBodyFile(dir: string, written: string, root: string): BodyFileResult {
  const file = path.resolve(dir, written);
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return { ok: false, reason: `there is no file ${file}` };
  }
  const top = realOrResolved(root);
  const rel = path.relative(top, real);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return { ok: false, reason: `${file} is outside the workspace (${top}): a body file must be inside it` };
  // What a workspace keeps hidden is not the repository's to send: `.env` holds every variable (where
  // `{{$dotenv NAME}}` reads only those allowed), `.git/config` credentials in remote URLs, `.npmrc` a registry token.
  if (rel.split(path.sep).some((part) => part.startsWith('.'))) return { ok: false, reason: `${file} is hidden (${rel}): a body file may not be a hidden file or inside a hidden folder, where secrets are kept (.env, .git/config)` };
  let bytes: Buffer;
  try {
    // Opened without blocking (a FIFO would wait for a writer) and read only when regular: regularFile.ts.
    const read = readRegularFileAtMost(real, BODY_FILE_LIMIT);
    if (read === undefined) return { ok: false, reason: `it is larger than 1 MiB` };
    bytes = read;
  } catch (e) {
    if (e instanceof NotRegularFileError) return { ok: false, reason: `${file} is not a file` };
    return { ok: false, reason: `it cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    return { ok: true, text: decodeUtf8(bytes) };
  } catch (e) {
    // Sent with replacement characters, a Latin-1 "Café" would reach the service as "Caf�".
    return { ok: false, reason: `it is ${(e as Error).message}` };
  }
}

function realOrResolved(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
