/**
 * `graphreq check [PATH...] [--format text|json] [--env NAME] [--env-file FILE] [--fix] [--no-color]`
 * Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error (a path with no .graphreq file
 * under it is one: a mistyped path must not pass CI).
 */
import * as path from 'node:path';
import { getApiModel, parseDocument, positionAt, validateDocument, type Finding, type GraphreqDocument, type TextEdit } from '../core';
import { Redactor } from '../core/send';
import { writeFileAtomic } from '../files/atomicWrite';
import { withHostInputs } from '../files/hostInputs';
import { parseCommandArgs } from './args';
import { collectFiles, findEnvFile, loadEnvironment, readText, UsageError } from './files';
import { checkSummary, findingLine, fixLine, type AppliedFixLine } from './render/check';
import { Output, type Terminal } from './render/output';

export const checkHelp = `Usage: graphreq check [PATH...] [options]
Checks .graphreq files (folders are searched recursively; default: the current folder) against the
documented API rules.
  --format text|json   output format (default text: file:line:col: severity RULE-ID message)
  --env NAME           environment of graphreq.env.json to use
  --env-file FILE      environment file (default: the nearest graphreq.env.json)
  --fix                apply the fixes that are safe without review; each one is listed
                       (file:line: fixed RULE-ID before -> after), then what is left is reported
  --no-color           no colours (also NO_COLOR=1; FORCE_COLOR=1 forces them)
Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error (also: a PATH with no .graphreq file).`;

export async function runCheck(argv: string[], terminal: Terminal): Promise<number> {
  const { values, positionals } = parseCommandArgs('check', {
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'text' },
      env: { type: 'string' },
      'env-file': { type: 'string' },
      fix: { type: 'boolean', default: false },
      'no-color': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const output = new Output(terminal, { noColor: values['no-color'] });
  if (values.help) {
    output.out(checkHelp + '\n');
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
  const counts = { files: files.length, errors: 0, warnings: 0, fixes: 0 };
  for (const file of files) {
    let text = readText(file);
    let doc = parseDocument(text);
    // `$processEnv`, `$dotenv` and `< path` bodies read as `graphreq send` reads them.
    const fileEnv = withHostInputs(env, file, { stopAt: workspace });
    let findings = validateDocument(doc, { env: fileEnv, model: getApiModel() });
    if (values.fix) {
      const fixed = applySafeFixes(text, findings);
      if (fixed.text !== text) {
        try {
          await writeFileAtomic(file, fixed.text);
        } catch (e) {
          throw new UsageError(`${file}: cannot write the fixes (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
        }
        // The list goes with the primary output in text; JSON keeps its array of findings clean.
        const say = (line: string): void => (values.format === 'json' ? output.err(line) : output.out(line));
        for (const applied of describeFixes(file, doc, text, fixed.applied)) say(fixLine(values.format === 'json' ? output.errStyle : output.style, applied));
        counts.fixes += fixed.applied.length;
        text = fixed.text;
        doc = parseDocument(text);
        findings = validateDocument(doc, { env: fileEnv, model: getApiModel() });
      }
    }
    findings.sort((a, b) => a.span.start - b.span.start);
    for (const f of findings) {
      if (f.severity === 'error') counts.errors++;
      else if (f.severity === 'warning') counts.warnings++;
      // Positions come from the parse (line starts per block, built for the blocks that need them).
      const start = positionAt(doc, f.span.start);
      const end = positionAt(doc, f.span.end);
      if (values.format === 'json') {
        // The long form (allowed values, parameters, the document reference) rides along for tools.
        json.push({ file, range: { start, end }, severity: f.severity, code: f.code, message: f.message, ...(f.detail ? { detail: f.detail } : {}) });
      } else {
        output.out(findingLine(output.style, { file, line: start.line + 1, column: start.character + 1, severity: f.severity, code: f.code, message: f.message }));
      }
    }
  }
  if (values.format === 'json') output.out(JSON.stringify(json, null, 2) + '\n');
  else output.err(checkSummary(output.errStyle, counts));
  return counts.errors > 0 ? 1 : 0;
}

/** One fix that was applied: the finding's rule and the edits it made (offsets in the text before). */
export interface AppliedFix {
  code: string;
  edits: TextEdit[];
}

/** Applies every fix marked safe for "fix all", skipping edits that overlap an earlier one. */
export function applySafeFixes(text: string, findings: Finding[]): { text: string; applied: AppliedFix[] } {
  const edits: TextEdit[] = [];
  const applied: AppliedFix[] = [];
  for (const f of findings) {
    const fix = f.fixes?.find((x) => x.fixAll);
    if (!fix) continue;
    if (fix.edits.some((e) => edits.some((o) => e.span.start < o.span.end && o.span.start < e.span.end))) continue;
    edits.push(...fix.edits);
    applied.push({ code: f.code, edits: fix.edits });
  }
  edits.sort((a, b) => b.span.start - a.span.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  applied.sort((a, b) => firstOffset(a) - firstOffset(b));
  return { text: out, applied };
}

function firstOffset(f: AppliedFix): number {
  return Math.min(...f.edits.map((e) => e.span.start));
}

/**
 * Each applied fix as `file:line`, rule, the text it replaced and the text it wrote. A fix that
 * removes a token from the file must not print it: both sides go through the redactor.
 */
function describeFixes(file: string, doc: GraphreqDocument, text: string, applied: AppliedFix[]): AppliedFixLine[] {
  const redactor = new Redactor();
  return applied.map((f) => {
    const edits = [...f.edits].sort((a, b) => a.span.start - b.span.start);
    const before = edits.map((e) => text.slice(e.span.start, e.span.end)).join(' … ');
    const after = edits.map((e) => e.newText).join(' … ');
    return { file, line: positionAt(doc, edits[0].span.start).line + 1, code: f.code, before: redactor.text(before), after: redactor.text(after) };
  });
}
