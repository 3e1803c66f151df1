/**
 * `graphreq import FOLDER... [--out DIR] [--force]`: every .http/.rest file of the folders (their
 * subfolders too) converted to a .graphreq file of the same name, beside it or at the same place
 * under DIR. A file that exists is never replaced without --force; each one kept is named on stderr.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { importText, type ImportSource } from '../core/import';
import { checkWithin, writeFileAtomicSync } from '../files/atomicWrite';
import { readText, UsageError } from './files';
import { importNote, type FolderImportCounts } from './render/import';
import type { Output } from './render/output';

const HTTP_FILE = /\.(http|rest)$/i;

/** One file to convert: where it is read, where its .graphreq goes, and the folder that write stays inside. */
export interface ImportJob {
  input: string;
  output: string;
  root: string;
}

/**
 * The jobs of folder inputs (and of files named beside them): `out` is the folder the results go
 * into, keeping each file's place below the folder it was found in; without it, each goes beside its input.
 */
export function folderJobs(inputs: string[], out: string | undefined): ImportJob[] {
  const jobs: ImportJob[] = [];
  if (out && fs.existsSync(out) && !fs.statSync(out).isDirectory()) throw new UsageError(`${out} is not a folder; a folder import writes into a folder`);
  if (inputs.includes('-')) throw new UsageError('- (standard input) cannot be imported together with a folder; import it on its own');
  for (const input of inputs) {
    const st = statInput(input);
    const found = st.isDirectory() ? httpFilesUnder(input) : [input];
    if (st.isDirectory() && !found.length) throw new UsageError(`no .http or .rest files under ${input}`);
    for (const file of found) {
      const rel = st.isDirectory() ? path.relative(input, file) : path.basename(file);
      const name = rel.replace(HTTP_FILE, '') + '.graphreq';
      jobs.push(out ? { input: file, output: path.join(out, name), root: out } : { input: file, output: path.join(path.dirname(file), path.basename(name)), root: path.dirname(file) });
    }
  }
  return jobs;
}

/** Converts each job's file; returns what was done, for the summary. */
export function runImportJobs(jobs: ImportJob[], from: ImportSource, force: boolean, output: Output): FolderImportCounts {
  const counts: FolderImportCounts = { files: 0, requests: 0, notes: 0, kept: 0, empty: 0 };
  for (const job of jobs) {
    const result = importText(readText(job.input), from === 'auto' ? 'http' : from);
    for (const note of result.notes) output.err(importNote(output.errStyle, job.input, note));
    counts.notes += result.notes.length;
    if (!result.text.trim()) {
      output.err(importNote(output.errStyle, job.input, 'no request found; nothing written'));
      counts.empty++;
      continue;
    }
    // lstat: a dangling link counts as there.
    if (!force && fs.lstatSync(job.output, { throwIfNoEntry: false })) {
      output.err(importNote(output.errStyle, job.input, `${job.output} exists; kept as it is (--force replaces it)`));
      counts.kept++;
      continue;
    }
    write(job, result.text, force);
    counts.files++;
    counts.requests += result.requests;
  }
  return counts;
}

function write(job: ImportJob, text: string, force: boolean): void {
  const root = path.resolve(job.root);
  const target = path.resolve(job.output);
  try {
    fs.mkdirSync(root, { recursive: true });
    // The folders below the root are made as any the user makes, and none may be a link (checked before and after).
    const below = path.relative(root, path.dirname(target));
    if (below) {
      checkWithin(root, below);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      checkWithin(root, below);
    }
    // `expect: null` refuses a file that appeared since it was looked at; 0o666 less the umask, as any file the user makes.
    writeFileAtomicSync(target, text, { within: root, mode: 0o666, ...(force ? {} : { expect: null }) });
  } catch (e) {
    throw new UsageError(`${job.output}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

function statInput(input: string): fs.Stats {
  try {
    return fs.statSync(input);
  } catch {
    throw new UsageError(`${input}: no such file or folder`);
  }
}

/** The .http and .rest files below `dir`, sorted; dot folders and node_modules are skipped, links are not followed. */
function httpFilesUnder(dir: string): string[] {
  const out: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  } catch (e) {
    throw new UsageError(`${dir}: cannot read the folder (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...httpFilesUnder(p));
    else if (e.isFile() && HTTP_FILE.test(e.name)) out.push(p);
  }
  return out;
}
