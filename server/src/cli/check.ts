/**
 * `graphreq check [PATH...] [--format text|json] [--env NAME] [--env-file FILE] [--fix]`
 * Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error.
 */
import { parseArgs } from 'node:util';
import { applyEdits, fixAllEdits, getApiModel, parseDocument, positionAt, validateDocument } from '../core';
import { FileChangedError, readForUpdate, writeFileAtomicSync, type FileStamp } from '../files/atomicWrite';
import { collectFiles, findEnvFile, ignoredEnvFileNote, loadEnvironment, UsageError } from './files';

export const checkHelp = `Usage: graphreq check [PATH...] [options]
Checks .graphreq files (folders are searched recursively) against the documented API rules.
  --format text|json   output format (default text: file:line:col: severity RULE-ID message)
  --env NAME           environment of graphreq.env.json to use
  --env-file FILE      environment file (default: the nearest graphreq.env.json)
  --fix                apply the fixes that are safe to apply without review, then report what is left
                       (each file is replaced atomically, and only if nobody changed it meanwhile)
Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error (a file or folder that could not be
read or fixed is reported in one line; the others are still checked).`;

export interface CheckIo {
  out: (s: string) => void;
  err: (s: string) => void;
  /** Called with --fix between computing a file's fixes and writing them; tests change the file there, as an editor saving meanwhile would. */
  beforeWrite?: (file: string) => void;
}

export async function runCheck(argv: string[], io: CheckIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { format: { type: 'string', default: 'text' }, env: { type: 'string' }, 'env-file': { type: 'string' }, fix: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(checkHelp + '\n');
    return 0;
  }
  if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be text or json, not "${values.format}"`);
  const inputs = positionals.length ? positionals : ['.'];
  const skipped: string[] = [];
  const files = collectFiles(inputs, skipped);
  const env = loadEnvironment(findEnvFile(values['env-file'], inputs[0], (f, root) => io.err(ignoredEnvFileNote('check', f, root))), values.env ?? process.env.GRAPHREQ_ENV);
  env.today ??= new Date().toISOString().slice(0, 10);
  // Files that could not be read, fixed or listed: each is reported in one line, the rest is still checked, and the exit code is 2.
  let problems = skipped.length;
  for (const line of skipped) io.err(`graphreq check: ${line}\n`);
  const json: unknown[] = [];
  let errors = 0;
  let warnings = 0;
  let checked = 0;
  for (const file of files) {
    let read: { text: string; stamp: FileStamp };
    try {
      // With --fix, the stamp (and content hash) of the version read: the fixed text replaces that version only.
      read = readForUpdate(file, { hash: values.fix });
    } catch (e) {
      io.err(`graphreq check: ${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'}); skipped\n`);
      problems++;
      continue;
    }
    checked++;
    let text = read.text;
    let doc = parseDocument(text);
    let findings = validateDocument(doc, { env, model: getApiModel() });
    if (values.fix) {
      const fixed = applyEdits(text, fixAllEdits(findings));
      if (fixed !== text) {
        io.beforeWrite?.(file);
        const written = writeFixes(file, fixed, read.stamp);
        if (written === true) {
          text = fixed;
          doc = parseDocument(text);
          findings = validateDocument(doc, { env, model: getApiModel() });
        } else {
          io.err(`graphreq check: ${written}\n`);
          problems++;
        }
      }
    }
    findings.sort((a, b) => a.span.start - b.span.start);
    for (const f of findings) {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
      // Positions come from the parse (line starts per block, built for the blocks that need them).
      const start = positionAt(doc, f.span.start);
      const end = positionAt(doc, f.span.end);
      if (values.format === 'json') {
        json.push({ file, range: { start, end }, severity: f.severity, code: f.code, message: f.message });
      } else {
        io.out(`${file}:${start.line + 1}:${start.character + 1}: ${f.severity} ${f.code} ${f.message}\n`);
      }
    }
  }
  if (values.format === 'json') io.out(JSON.stringify(json, null, 2) + '\n');
  else {
    const notChecked = problems ? `; ${problems} problem${problems === 1 ? '' : 's'} reported above` : '';
    io.err(`${checked} file${checked === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${notChecked}\n`);
  }
  return problems > 0 ? 2 : errors > 0 ? 1 : 0;
}

/**
 * Writes the fixed text over the version that was read, atomically (a kill leaves the old text or
 * the new one). Returns true, or the one-line reason it was not written: the file changed since it
 * was read (an editor saved it meanwhile; its edit wins), or the write failed.
 */
function writeFixes(file: string, fixed: string, stamp: FileStamp): true | string {
  try {
    writeFileAtomicSync(file, fixed, { expect: stamp });
    return true;
  } catch (e) {
    if (e instanceof FileChangedError) return `${file}: changed while it was checked; the fixes were not written (run check --fix again)`;
    return `${file}: cannot write the fixes (${(e as NodeJS.ErrnoException).code ?? 'error'}); the file is unchanged`;
  }
}
