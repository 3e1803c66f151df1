/**
 * `graphreq import [--from curl|http|auto] INPUT... [--out FILE] [--force]`
 * Converts curl commands and REST Client / httpYac `.http` files into `.graphreq` requests
 * (core/import/), printing them or writing one file; what could not be carried over is listed on stderr.
 * A folder converts each of its .http/.rest files to a .graphreq file (importFolder.ts).
 * Exit codes: 0 converted, 2 usage or I/O error (nothing to convert, an input that cannot be read,
 * an --out file that exists, a folder import that kept an existing file).
 */
import * as fs from 'node:fs';
import { importText, type ImportSource } from '../core/import';
import { writeFileAtomicSync } from '../files/atomicWrite';
import { parseCommandArgs } from './args';
import { readText, UsageError } from './files';
import { folderJobs, runImportJobs } from './importFolder';
import { folderImportSummary, importNote, importSummary } from './render/import';
import { Output, type Terminal } from './render/output';

export const importHelp = `Usage: graphreq import [--from curl|http|auto] INPUT... [--out FILE] [--force]
       graphreq import FOLDER... [--out DIR] [--force]
Converts curl commands (as the API's documents and browsers' "Copy as cURL" write them, bash or
cmd) and .http/.rest files of REST Client and httpYac into .graphreq requests. INPUT is a file, or
- for standard input (paste curl commands and end with Ctrl+D). A FOLDER converts every .http and
.rest file in it and its subfolders, each to a .graphreq file of the same name beside it (or at the
same place under --out DIR); a .graphreq file that exists is kept unless --force is given.
The API's host becomes the environment's base URL (request lines start /v23.0/...), bodies and form
fields become the JSON body the API takes, laid out as graphreq fmt does. Tokens are never copied:
an Authorization header or access_token parameter is dropped, with a note to store the token
(graphreq.env.json's accessTokenEnv, or the editor's secret storage).
  --from KIND      curl, http, or auto (default: curl when the input starts with a curl command)
  --out FILE       write the result to FILE (atomically) instead of standard output;
                   with a FOLDER, the folder the .graphreq files go into
  --force          replace FILE (or a folder import's .graphreq files) when it exists
  --no-color       no colours (also NO_COLOR=1; FORCE_COLOR=1 forces them)
What could not be carried over (scripts, other protocols, files to upload, options) is listed on
standard error, and kept as # comments where it was.
Exit codes: 0 converted, 2 usage or I/O error (nothing to convert, --out FILE exists, a folder
import kept a .graphreq file that exists).`;

const SOURCES: ImportSource[] = ['curl', 'http', 'auto'];

export async function runImport(argv: string[], terminal: Terminal): Promise<number> {
  const { values, positionals } = parseCommandArgs('import', {
    args: argv,
    allowPositionals: true,
    options: {
      from: { type: 'string', default: 'auto' },
      out: { type: 'string', short: 'o' },
      force: { type: 'boolean', default: false },
      'no-color': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const output = new Output(terminal, { noColor: values['no-color'] });
  if (values.help) {
    output.out(importHelp + '\n');
    return 0;
  }
  const from = values.from as ImportSource;
  if (!SOURCES.includes(from)) throw new UsageError(`--from takes curl, http or auto, not "${values.from}"`);
  if (!positionals.length) throw new UsageError('name what to import: a file, or - for standard input; see graphreq import --help');
  if (positionals.some(isFolder)) {
    // A folder's files go beside it unless --out names another folder, so --force needs no --out here.
    const jobs = folderJobs(positionals, values.out);
    const counts = runImportJobs(jobs, from, values.force, output);
    output.err(folderImportSummary(output.errStyle, counts, values.out));
    return counts.kept ? 2 : 0;
  }
  if (values.force && !values.out) throw new UsageError('--force goes with --out FILE or a folder');
  if (values.out) refuseOut(values.out, values.force);
  const parts: string[] = [];
  let noted = 0;
  let requests = 0;
  for (const input of positionals) {
    const text = input === '-' ? readStdin() : readInput(input);
    const result = importText(text, from);
    for (const note of result.notes) output.err(importNote(output.errStyle, input === '-' ? 'stdin' : input, note));
    noted += result.notes.length;
    requests += result.requests;
    if (result.text.trim()) parts.push(result.text);
  }
  if (!parts.length) throw new UsageError('nothing to import: no request found in the input');
  const text = parts.join('\n');
  if (values.out) {
    try {
      writeFileAtomicSync(values.out, text, values.force ? {} : { expect: null });
    } catch (e) {
      throw new UsageError(`${values.out}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  } else output.out(text);
  output.err(importSummary(output.errStyle, requests, noted, values.out));
  return 0;
}

/** An --out that exists is never replaced unasked, and never through a link. */
function refuseOut(out: string, force: boolean): void {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(out);
  } catch {
    return;
  }
  if (st.isSymbolicLink()) throw new UsageError(`${out} is a symbolic link; write to the file itself`);
  if (!st.isFile()) throw new UsageError(`${out} exists and is not a file`);
  if (!force) throw new UsageError(`${out} exists; add --force to replace it`);
}

function isFolder(input: string): boolean {
  try {
    return input !== '-' && fs.statSync(input).isDirectory();
  } catch {
    return false;
  }
}

function readInput(input: string): string {
  let st: fs.Stats;
  try {
    st = fs.statSync(input);
  } catch {
    throw new UsageError(`${input}: no such file`);
  }
  if (!st.isFile()) throw new UsageError(`${input}: not a file (name a .http, .rest or text file, or - for standard input)`);
  return readText(input);
}

function readStdin(): string {
  try {
    return fs.readFileSync(0, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read standard input (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
