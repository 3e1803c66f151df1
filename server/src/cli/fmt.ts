/**
 * `graphreq fmt [PATH...] [--check] [--print-width N] [--tab-size N] [--use-tabs] [--keep-lines] [--no-color]`
 * Formats .graphreq files in place (core/features/format.ts: layout only, never what is sent), or
 * with --check lists the files that would change, for CI and pre-commit hooks.
 * Exit codes: 0 done (with --check: nothing would change), 1 with --check: some file would change,
 * 2 usage or I/O error (a file that cannot be read or written, or that changed while it was formatted).
 */
import * as path from 'node:path';
import { formatText, parseDocument, type FormatOptions } from '../core';
import { readForUpdate, type FileStamp } from '../files/atomicWrite';
import { editorConfigFor } from '../files/editorConfig';
import { parseCommandArgs } from './args';
import { cliSessionFolder, cliWorkspaceRoot, collectFiles, unreadable, UsageError } from './files';
import { writeInPlace } from './writeInPlace';
import { fmtSummary, formattedLine } from './render/fmt';
import { Output, type Terminal } from './render/output';

export const fmtHelp = `Usage: graphreq fmt [PATH...] [options]
Formats .graphreq files in place (folders are searched recursively; default: the current folder).
Only the layout changes, never what a request sends: \`###\` separators, request lines, query lines,
headers, variables and directives are normalised, JSON bodies are laid out as Prettier lays out JSON
(comments and {{variables}} kept), blank runs become one blank line. Formatting twice changes nothing more.
  --check          write nothing: list the files that would change and exit 1 if there are any
                   (for CI and pre-commit hooks)
  --print-width N  keep JSON bodies within N columns where they can be (default: .editorconfig's
                   max_line_length, else 80)
  --tab-size N     spaces per indentation level (default: .editorconfig's indent_size, else 2)
  --use-tabs       indent with tabs (default: .editorconfig's indent_style)
  --keep-lines     keep the line breaks of JSON bodies as written
  --no-color       no colours (also NO_COLOR=1; FORCE_COLOR=1 forces them)
Files are written atomically and never through a symbolic link; a file that changed while it was
formatted is left as it is.
Exit codes: 0 formatted (or, with --check, nothing to change), 1 with --check: some file would
change, 2 usage or I/O error (also: a PATH with no .graphreq file).`;

export async function runFmt(argv: string[], terminal: Terminal): Promise<number> {
  const { values, positionals } = parseCommandArgs('fmt', {
    args: argv,
    allowPositionals: true,
    options: {
      check: { type: 'boolean', default: false },
      'print-width': { type: 'string' },
      'tab-size': { type: 'string' },
      'use-tabs': { type: 'boolean', default: false },
      'keep-lines': { type: 'boolean', default: false },
      'no-color': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const output = new Output(terminal, { noColor: values['no-color'] });
  if (values.help) {
    output.out(fmtHelp + '\n');
    return 0;
  }
  const tabSize = wholeNumberFlag('--tab-size', values['tab-size'], 1, 16);
  const printWidth = wholeNumberFlag('--print-width', values['print-width'], 20, 1000);
  // What the flags say wins over each file's .editorconfig, which wins over the defaults.
  // The .editorconfig files apply per folder: read once for the files of one folder.
  const configs = new Map<string, ReturnType<typeof editorConfigFor>>();
  const optionsFor = (file: string): FormatOptions => {
    const folder = path.dirname(path.resolve(file));
    let config = configs.get(folder);
    if (!config) configs.set(folder, (config = editorConfigFor(file, cliWorkspaceRoot(file))));
    return {
      tabSize: tabSize ?? config.tabSize ?? 2,
      insertSpaces: values['use-tabs'] ? false : config.insertSpaces ?? true,
      printWidth: printWidth ?? config.printWidth,
      keepLines: values['keep-lines'],
    };
  };
  const inputs = positionals.length ? positionals : ['.'];
  const skipped: string[] = [];
  const files = collectFiles(inputs, skipped);
  const workspace = cliSessionFolder(undefined, inputs[0]);
  for (const line of skipped) output.err(`graphreq fmt: ${line}\n`);
  const counts = { files: 0, changed: 0, unwritten: 0, problems: skipped.length };
  for (const file of files) {
    let read: { text: string; stamp: FileStamp };
    try {
      read = readForUpdate(file, { hash: true });
    } catch (e) {
      output.err(`graphreq fmt: ${unreadable(file, e)}; skipped\n`);
      counts.problems++;
      continue;
    }
    counts.files++;
    const formatted = formatText(read.text, parseDocument(read.text), optionsFor(file));
    if (formatted === read.text) continue;
    if (!values.check) {
      const problem = write(file, formatted, read.stamp, workspace);
      if (problem) {
        output.err(`graphreq fmt: ${problem}\n`);
        counts.problems++;
        counts.unwritten++;
        continue;
      }
    }
    counts.changed++;
    output.out(formattedLine(output.style, file, values.check));
  }
  output.err(fmtSummary(output.errStyle, counts, values.check));
  if (counts.problems) return 2;
  return values.check && counts.changed ? 1 : 0;
}

/** A flag's whole number within bounds, or undefined when it is not given. */
function wholeNumberFlag(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new UsageError(`${flag} takes a whole number from ${min} to ${max}, not "${value}"`);
  return n;
}

/**
 * Writes over the version that was read, atomically, never through a symbolic link (writeInPlace.ts);
 * the one-line reason when it was not written.
 */
function write(file: string, text: string, stamp: FileStamp, workspace: string): string | undefined {
  const written = writeInPlace(file, text, stamp, workspace);
  if (written === true) return undefined;
  switch (written.why) {
    case 'changed':
      return `${file}: changed while it was formatted; not written (run graphreq fmt again)`;
    case 'read-only':
      return `${file}: read-only; not formatted (make it writable to format it)`;
    case 'link':
      return `${file}: a symbolic link is on its path; not formatted (graphreq writes only real files; format the file it links to)`;
    case 'io':
      return `${file}: cannot write (${written.code}); the file is unchanged`;
  }
}
