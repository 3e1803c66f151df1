/** File-system helpers of the CLI: collecting .graphreq files and finding graphreq.env.json. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { misTypedSettings, readEnvironmentFile, resolveEnvironment, type EnvironmentSettings } from '../core';
import { findWorkspaceEnvFile, folderOf, repositoryRoot } from '../files/envFile';
import { NotUtf8Error, readTextFile } from '../files/textFile';
import { NotRegularFileError, readRegularText } from '../files/regularFile';
import { walkRequestFiles, WALK_LIMITS, type WalkLimits } from '../files/workspaceWalk';

/** Marks a usage error, whichever bundle's copy of this class made it. */
const USAGE_ERROR = Symbol.for('graphreq.UsageError');

/**
 * A mistake in the command line: one line on stderr and exit code 2 (main.ts). The commands other
 * than `check` are another bundle (dist/cli-commands.js) with its own copy of this class, so
 * `instanceof` recognises the errors of every copy by their mark.
 */
export class UsageError extends Error {
  readonly [USAGE_ERROR] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && (value as { [USAGE_ERROR]?: boolean })[USAGE_ERROR] === true;
  }
}

/**
 * Expands files and folders into the .graphreq files they hold (folders recursively, sorted, through
 * the bounded walk of files/workspaceWalk.ts: `limits.files` at most under each folder). What cannot
 * be checked does not stop the rest: a FIFO, socket or device given by name (reading it would block),
 * a folder that cannot be listed, or a walk stopped at a limit, is told in one line in `skipped`.
 * A name that does not exist is a usage error.
 */
export function collectFiles(inputs: string[], skipped: string[] = [], limits: WalkLimits = WALK_LIMITS): string[] {
  const out: string[] = [];
  for (const input of inputs) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(input);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') throw new UsageError(`${input}: no such file or folder`);
      skipped.push(`${input}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'}); skipped`);
      continue;
    }
    if (stat.isDirectory()) {
      const walked = walkRequestFiles(input, limits);
      out.push(...walked.files);
      skipped.push(...walked.skipped);
      if (walked.stopped) skipped.push(walked.stopped);
      // A folder with nothing to check is a mistake (a mistyped path must not pass CI); one that could not be read was reported.
      if (walked.files.length === 0 && walked.skipped.length === 0 && !walked.stopped) throw new UsageError(`no .graphreq files under ${input.endsWith('/') || input.endsWith(path.sep) ? input : `${input}/`}`);
    } else if (stat.isFile()) out.push(input);
    else skipped.push(`${input}: not a regular file; skipped`);
  }
  return out;
}

/** A request file's text, strictly UTF-8 (files/textFile.ts); one usage line when it cannot be read or is not UTF-8. */
export function readText(file: string): string {
  try {
    return readTextFile(file);
  } catch (e) {
    throw new UsageError(unreadable(file, e));
  }
}

/** Why a file could not be read, as one line: `x.graphreq: cannot read (EACCES)`, `x.graphreq: not UTF-8 text (...)`. */
export function unreadable(file: string, e: unknown): string {
  if (e instanceof NotUtf8Error) return `${file}: ${e.message}`;
  return `${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`;
}

/**
 * graphreq.env.json: `--env-json` (or `--env-file`), else the nearest one from the first input (or the working folder)
 * up to the workspace root and never above it (files/envFile.ts). An environment file above the root
 * is not used; `onIgnored` hears of it, so the user can be told why.
 */
export function findEnvFile(explicit: string | undefined, from: string, onIgnored?: (file: string, root: string) => void): string | undefined {
  if (explicit) {
    if (!fs.existsSync(explicit)) throw new UsageError(`${explicit}: no such environment file`);
    return explicit;
  }
  const lookup = findWorkspaceEnvFile(folderOf(from), cliWorkspaceRoot(from));
  if (lookup.ignoredOutside) onIgnored?.(lookup.ignoredOutside, lookup.root);
  return lookup.file;
}

/** The line that says why an environment file was not used. */
export function ignoredEnvFileNote(command: string, file: string, root: string): string {
  return `graphreq ${command}: ${file} is not used: it is outside the workspace ${root} (pass --env-json to use it)\n`;
}

/** The workspace of the CLI: the repository holding `input` (the nearest folder with .git), else the working folder. */
export function cliWorkspaceRoot(input: string): string {
  return repositoryRoot(folderOf(input)) ?? process.cwd();
}

/**
 * The folder a CLI run keeps its session and history in: the folder of graphreq.env.json; without
 * one, the repository holding `input` when the working folder is inside it (so that runs from the
 * repository's subfolders share one session), else the working folder.
 */
export function cliSessionFolder(envFile: string | undefined, input: string): string {
  if (envFile) return path.dirname(path.resolve(envFile));
  const cwd = process.cwd();
  const repo = repositoryRoot(folderOf(input));
  return repo && (cwd === repo || cwd.startsWith(repo + path.sep)) ? repo : cwd;
}

/** The environment `name` of `envFile`; `onIgnored` hears, one line each, of the settings it leaves out for their type. */
export function loadEnvironment(envFile: string | undefined, name: string | undefined, onIgnored?: (line: string) => void): EnvironmentSettings {
  if (!envFile) {
    if (name) throw new UsageError(`--env ${name}: no graphreq.env.json found`);
    return { variables: {} };
  }
  let json: unknown;
  try {
    json = JSON.parse(readRegularText(envFile));
  } catch (e) {
    if (e instanceof NotRegularFileError) throw new UsageError(e.message);
    throw new UsageError(`${envFile}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  try {
    const file = readEnvironmentFile(json);
    const env = resolveEnvironment(file, name);
    for (const line of misTypedSettings(file, name)) onIgnored?.(`${envFile}: ${line}`);
    return env;
  } catch (e) {
    throw new UsageError(`${envFile}: ${(e as Error).message}`);
  }
}
