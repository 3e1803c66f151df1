/**
 * `graphreq check [PATH...] [--format text|json] [--env NAME] [--env-file FILE] [--fix]`
 * Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { getApiModel, parseDocument, positionAt, validateDocument, type Finding, type TextEdit } from '../core';
import { withHostInputs } from '../files/hostInputs';
import { collectFiles, findEnvFile, loadEnvironment, readText, UsageError } from './files';

export const checkHelp = `Usage: graphreq check [PATH...] [options]
Checks .graphreq files (folders are searched recursively) against the documented API rules.
  --format text|json   output format (default text: file:line:col: severity RULE-ID message)
  --env NAME           environment of graphreq.env.json to use
  --env-file FILE      environment file (default: the nearest graphreq.env.json)
  --fix                apply the fixes that are safe to apply without review, then report what is left
Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error.`;

export async function runCheck(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
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
  const files = collectFiles(inputs);
  const envFile = findEnvFile(values['env-file'], inputs[0]);
  const env = loadEnvironment(envFile, values.env ?? process.env.GRAPHREQ_ENV);
  // The workspace as `graphreq send` sees it: the folder of graphreq.env.json, else the working folder.
  const workspace = envFile ? path.dirname(path.resolve(envFile)) : process.cwd();
  env.today ??= new Date().toISOString().slice(0, 10);
  const json: unknown[] = [];
  let errors = 0;
  let warnings = 0;
  for (const file of files) {
    let text = readText(file);
    let doc = parseDocument(text);
    // `$processEnv`, `$dotenv` and `< path` bodies read as `graphreq send` reads them.
    const fileEnv = withHostInputs(env, file, { stopAt: workspace });
    let findings = validateDocument(doc, { env: fileEnv, model: getApiModel() });
    if (values.fix) {
      const fixed = applySafeFixes(text, findings);
      if (fixed !== text) {
        fs.writeFileSync(file, fixed);
        text = fixed;
        doc = parseDocument(text);
        findings = validateDocument(doc, { env: fileEnv, model: getApiModel() });
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
        // The long form (allowed values, parameters, the document reference) rides along for tools.
        json.push({ file, range: { start, end }, severity: f.severity, code: f.code, message: f.message, ...(f.detail ? { detail: f.detail } : {}) });
      } else {
        io.out(`${file}:${start.line + 1}:${start.character + 1}: ${f.severity} ${f.code} ${f.message}\n`);
      }
    }
  }
  if (values.format === 'json') io.out(JSON.stringify(json, null, 2) + '\n');
  else io.err(`${files.length} file${files.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  return errors > 0 ? 1 : 0;
}

/** Applies every fix marked safe for "fix all", skipping edits that overlap an earlier one. */
export function applySafeFixes(text: string, findings: Finding[]): string {
  const edits: TextEdit[] = [];
  for (const f of findings) {
    const fix = f.fixes?.find((x) => x.fixAll);
    if (!fix) continue;
    if (fix.edits.some((e) => edits.some((o) => e.span.start < o.span.end && o.span.start < e.span.end))) continue;
    edits.push(...fix.edits);
  }
  edits.sort((a, b) => b.span.start - a.span.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}
