/**
 * `graphreq check [PATH...] [--format text|json] [--env NAME] [--env-json FILE] [--fix] [--no-color]`
 * Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error (a path with no .graphreq file
 * under it is one: a mistyped path must not pass CI).
 */
import * as path from 'node:path';
import { allFindings, applyEdits, buildFileContext, contextNeeds, eachFindingInOrder, fixAllChoice, getApiModel, parseDocument, type ContextNeeds, type DocumentValidation, type Environment, type EnvironmentSettings, positionAt, positionWalker, validateByBlock, type Finding, type GraphreqDocument, type TextEdit } from '../core';
import type { WorkspaceScope } from '../core/analysis/workspaceNames';
import { environmentSecrets, Redactor } from '../core/send';
import { readForUpdate, type FileStamp } from '../files/atomicWrite';
import { writeInPlace } from './writeInPlace';
import { hostInputsByFolder } from '../files/hostInputs';
import { checkContext } from '../account/checkContext';
import { parseCommandArgs } from './args';
import { chooseCliToken } from './sendTrust';
import { readTextFile } from '../files/textFile';
import { cliSessionFolder, collectFiles, findEnvFile, ignoredEnvFileNote, loadEnvironment, unreadable, UsageError } from './files';
import { CliWorkspace } from './workspaceRequests';
import { EditShift } from './editShift';
import { WALK_LIMITS, type WalkLimits } from '../files/workspaceWalk';
import { checkSummary, findingLine, fixLine, type AppliedFixLine } from './render/check';
import { Output, type Terminal } from './render/output';

export const checkHelp = `Usage: graphreq check [PATH...] [options]
Checks .graphreq files (folders are searched recursively; default: the current folder) against the
documented API rules.
  --format text|json   output format (default text: file:line:col: severity RULE-ID message)
  --env NAME           environment of graphreq.env.json to use
  --env-json FILE      environment file (default: the nearest graphreq.env.json); --env-file FILE
                       names it too, but Node reads that option itself first (docs/sending.md)
  --context            with an environment that has a base URL: first read the account context the
                       files need from its service (GET reads with ids=, counted, at most the
                       environment's context.callsPerHour an hour, cached in .graphreq/; the token
                       goes where a send's would; docs/format.md)
  --no-context         do not use what graphreq knows of the account (the embedded emulator's state,
                       or the environment's context): only the files' directives
  --trust-origin       with --context: as for graphreq send
  --fix                apply the fixes that are safe without review, in rounds until none is left
                       (at most 10); each one is listed (file:line: fixed RULE-ID before -> after,
                       at its line in the file as written), then what is left is reported; each
                       file is replaced atomically, only if nobody changed it meanwhile, and never
                       through a symbolic link
  --max-files N        read at most N .graphreq files under each folder, the workspace's included
                       (default 10000); a walk stopped there is told in one line, and exits 2
  --no-color           no colours (also NO_COLOR=1; FORCE_COLOR=1 forces them)
Folders are walked without following symbolic links, skipping node_modules and hidden folders, at
most 32 folders deep and 200,000 entries (docs/format.md, "Files of a workspace").
Exit codes: 0 no errors, 1 errors found, 2 usage or I/O error (also: a PATH with no .graphreq file;
a file or folder that could not be read or fixed, or a walk stopped at a limit, is reported in one
line, the others are checked).`;

export interface CheckHooks {
  /** Called with --fix between computing a file's fixes and writing them; tests change the file there, as an editor saving meanwhile would. */
  beforeWrite?: (file: string) => void;
}

export async function runCheck(argv: string[], terminal: Terminal, hooks: CheckHooks = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs('check', {
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'text' },
      env: { type: 'string' },
      'env-file': { type: 'string' },
      fix: { type: 'boolean', default: false },
      context: { type: 'boolean', default: false },
      'trust-origin': { type: 'boolean', default: false },
      'no-context': { type: 'boolean', default: false },
      'no-color': { type: 'boolean', default: false },
      'max-files': { type: 'string' },
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
  const limits = walkLimits(values['max-files']);
  const skipped: string[] = [];
  const files = collectFiles(inputs, skipped, limits);
  const envFile = findEnvFile(values['env-file'], inputs[0], (f, root) => output.err(ignoredEnvFileNote('check', f, root)));
  const env = loadEnvironment(envFile, values.env ?? process.env.GRAPHREQ_ENV, (line) => output.err(`graphreq check: ${line}\n`));
  // The workspace as `graphreq send` sees it (files.ts cliSessionFolder).
  const workspace = cliSessionFolder(envFile, inputs[0]);
  env.today ??= new Date().toISOString().slice(0, 10);
  // What the editor knows of the account, read the same way here (account/checkContext.ts).
  if (values.context && values['no-context']) throw new UsageError('--context and --no-context cannot go together');
  if (!values['no-context']) {
    const read = await checkContext({
      env,
      workspace,
      read: values.context,
      needs: () => filesNeeds(files, env, workspace),
      target: () => chooseCliToken({ env: values.env, 'env-file': values['env-file'], 'trust-origin': values['trust-origin'] }, env, inputs[0], { err: (s) => output.err(s.replace(/^graphreq send:/, 'graphreq check:')) }),
    });
    env.context = read.context;
    for (const line of read.notes) output.err(`graphreq check: ${line}\n`);
  }
  // Files that could not be read, fixed or listed: each is reported in one line, the rest is still checked, and the exit code is 2.
  for (const line of skipped) output.err(`graphreq check: ${line}\n`);
  const json: unknown[] = [];
  const counts = { files: 0, errors: 0, warnings: 0, fixes: 0, problems: skipped.length };
  // Every file is read first, into the index of the workspace's names: a file reads the responses
  // of requests named in other files, and a name given in two files is reported at both.
  const names = new CliWorkspace(workspace, limits);
  const reads: Array<{ file: string; text: string; stamp: FileStamp; doc: GraphreqDocument }> = [];
  for (const file of files) {
    try {
      // With --fix, the stamp (and content hash) of the version read: the fixed text replaces that version only.
      const read = readForUpdate(file, { hash: values.fix });
      // Read as strict UTF-8, so it holds no lone surrogate (REQ-LONE-SURROGATE need not look).
      const doc = parseDocument(read.text, undefined, { fromUtf8: true });
      names.add(file, doc);
      reads.push({ file, text: read.text, stamp: read.stamp, doc });
    } catch (e) {
      output.err(`graphreq check: ${unreadable(file, e)}; skipped\n`);
      counts.problems++;
    }
  }
  // `$processEnv`, `$dotenv` and `< path` bodies read as `graphreq send` reads them, each folder's once.
  const hostInputs = hostInputsByFolder(env, { stopAt: workspace });
  const redactors = new Map<object, Redactor>();
  for (const read of reads) {
    const file = read.file;
    counts.files++;
    let text = read.text;
    let doc = read.doc;
    const scope = names.scopeOf(file);
    const fileEnv = hostInputs(file);
    // Without --fix the findings need no fixes, not even deferred ones.
    let checked = checkDocument(doc, fileEnv, scope, values.fix);
    // A finding may quote a value read through `$processEnv` or `$dotenv`, or a secret of graphreq.env.json: it is not printed.
    let known = redactors.get(fileEnv);
    if (!known) redactors.set(fileEnv, (known = new Redactor(environmentSecrets(fileEnv))));
    const redactor = known;
    if (values.fix) {
      const rounds = fixInRounds(file, text, doc, checked, (d) => {
        names.add(file, d);
        return checkDocument(d, fileEnv, scope, true);
      });
      if (rounds.text !== text) {
        hooks.beforeWrite?.(file);
        const written = writeFixes(file, rounds.text, read.stamp, workspace);
        if (written === true) {
          // The list goes with the primary output in text; JSON keeps its array of findings clean.
          const say = (line: string): void => (values.format === 'json' ? output.err(line) : output.out(line));
          for (const applied of rounds.applied) say(fixLine(values.format === 'json' ? output.errStyle : output.style, applied));
          counts.fixes += rounds.applied.length;
          text = rounds.text;
          doc = rounds.doc;
          // The last round's check, unless the rounds stopped at their bound with fixes still to make.
          checked = rounds.settled ?? checkDocument(doc, fileEnv, scope, false);
        } else {
          // The file keeps its text: the workspace's names go back to those of the version read.
          names.add(file, read.doc);
          output.err(`graphreq check: ${written}\n`);
          counts.problems++;
        }
      }
    }
    // One write per file: a write per line was a twentieth of the check of a file with 19,000 findings.
    const lines: string[] = [];
    // Positions come from the parse: the findings come in order, so the lines are counted on from the last one.
    const at = positionWalker(doc);
    eachFindingInOrder(checked, (f, by) => {
      if (f.severity === 'error') counts.errors++;
      else if (f.severity === 'warning') counts.warnings++;
      const start = at(by + f.span.start);
      if (values.format === 'json') {
        const end = positionAt(doc, by + f.span.end);
        // The long form (allowed values, parameters, the document reference) rides along for tools.
        json.push({ file, range: { start, end }, severity: f.severity, code: f.code, message: redactor.text(f.message), ...(f.detail ? { detail: redactor.text(f.detail) } : {}) });
      } else {
        lines.push(findingLine(output.style, { file, line: start.line + 1, column: start.character + 1, severity: f.severity, code: f.code, message: redactor.text(f.message) }));
      }
    });
    if (lines.length) output.out(lines.join(''));
  }
  // The workspace's walk (done only when a file asks for the names of others) stopped at a limit: its names are partly known (told once: not again after a given folder's walk stopped).
  if (names.stopped && !skipped.some((line) => line.startsWith('stopped '))) output.err(`graphreq check: ${names.stopped} (the names of the other files are not known)\n`);
  if (values.format === 'json') output.out(JSON.stringify(json, null, 2) + '\n');
  else output.err(checkSummary(output.errStyle, counts));
  return counts.problems > 0 ? 2 : counts.errors > 0 ? 1 : 0;
}

/** A file's findings, kept per request (validateByBlock); with `fixes` false, without their fixes. */
function checkDocument(doc: GraphreqDocument, env: Environment, workspace: WorkspaceScope | undefined, fixes: boolean): DocumentValidation {
  return validateByBlock(doc, buildFileContext(doc, env, workspace), { env, model: getApiModel(), workspace, fixes });
}

/** `--max-files N`: the most .graphreq files read under each folder (files/workspaceWalk.ts). */
function walkLimits(value: string | undefined): WalkLimits {
  if (value === undefined) return WALK_LIMITS;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new UsageError(`--max-files must be a whole number of files, 1 or more, not "${value}"`);
  return { ...WALK_LIMITS, files: n };
}

/** The campaigns and accounts the files ask the account context about (a file that cannot be read is skipped here, and reported by the check). */
function filesNeeds(files: string[], env: EnvironmentSettings, workspace: string): ContextNeeds {
  const campaigns = new Set<string>();
  const accounts = new Set<string>();
  const versions: string[] = [];
  const hostInputs = hostInputsByFolder(env, { stopAt: workspace });
  for (const file of files) {
    let text: string;
    try {
      text = readTextFile(file);
    } catch {
      continue;
    }
    const doc = parseDocument(text);
    const needs = contextNeeds(doc, buildFileContext(doc, hostInputs(file)), getApiModel());
    for (const c of needs.campaigns) campaigns.add(c);
    for (const a of needs.accounts) accounts.add(a);
    versions.push(...(needs.versions ?? []));
  }
  return { campaigns: [...campaigns], accounts: [...accounts], versions };
}

/**
 * Writes the fixed text over the version that was read, atomically (a kill leaves the old text or
 * the new one). Returns true, or the one-line reason it was not written: the file changed since it
 * was read (an editor saved it meanwhile; its edit wins), it is reached through a symbolic link
 * (writeInPlace.ts), or the write failed.
 */
function writeFixes(file: string, fixed: string, stamp: FileStamp, workspace: string): true | string {
  const written = writeInPlace(file, fixed, stamp, workspace);
  if (written === true) return true;
  switch (written.why) {
    case 'changed':
      return `${file}: changed while it was checked; the fixes were not written (run check --fix again)`;
    case 'read-only':
      return `${file}: read-only; the fixes were not written (make it writable to fix it)`;
    case 'link':
      return `${file}: a symbolic link is on its path; the fixes were not written (graphreq writes only real files; fix the file it links to)`;
    case 'io':
      return `${file}: cannot write the fixes (${written.code}); the file is unchanged`;
  }
}

/** At most this many rounds of fixes per file (ESLint's bound): fixes that undo each other cannot loop. */
export const FIX_ROUNDS = 10;

interface FixRounds {
  text: string;
  doc: GraphreqDocument;
  applied: AppliedFixLine[];
  /** The findings of the final text, when the last round found nothing more to fix; undefined when the bound stopped the rounds. */
  settled?: DocumentValidation;
}

/**
 * Applies the safe fixes in rounds, each on the text the round before left, until a round changes
 * nothing (or FIX_ROUNDS): a fix can make another possible (adding \`scrape=true\` makes the URL in
 * \`id\` one that must be encoded), and of two overlapping fixes the second is made in the next round.
 * Nothing is written here. Each fix is reported at its line in the final text, the file the user
 * opens afterwards (the findings left are reported there too): where a fix wrote is carried
 * through the edits of its own round and of the rounds after it, which may add or remove lines
 * above it (a removed \`Authorization\` header).
 */
export function fixInRounds(file: string, text: string, doc: GraphreqDocument, first: DocumentValidation, check: (doc: GraphreqDocument) => DocumentValidation): FixRounds {
  const made: Array<{ fix: Omit<AppliedFixLine, 'line'>; at: number }> = [];
  let checked = first;
  let settled: DocumentValidation | undefined;
  for (let round = 0; ; round++) {
    const fixed = applySafeFixes(text, allFindings(checked));
    if (fixed.text === text) {
      settled = checked;
      break;
    }
    if (round === FIX_ROUNDS) break;
    const shift = new EditShift(fixed.applied.flatMap((f) => f.edits));
    for (const m of made) m.at = shift.after(m.at);
    for (const f of fixed.applied) made.push({ fix: describeFix(file, text, f), at: shift.start(firstOffset(f)) });
    text = fixed.text;
    doc = parseDocument(text);
    checked = check(doc);
  }
  const applied = made.map((m) => ({ ...m.fix, line: positionAt(doc, m.at).line + 1 }));
  return { text, doc, applied, settled };
}

/** One fix that was applied: the finding's rule and the edits it made (offsets in the text before). */
export interface AppliedFix {
  code: string;
  edits: TextEdit[];
}

/**
 * Applies every fix marked safe for "fix all", skipping fixes that overlap an earlier one, in one
 * pass: O(n log n) in the number of fixes (core/features/fixAll.ts).
 */
export function applySafeFixes(text: string, findings: Finding[]): { text: string; applied: AppliedFix[] } {
  const chosen = fixAllChoice(findings);
  const applied: AppliedFix[] = chosen.map((c) => ({ code: c.finding.code, edits: c.edits }));
  applied.sort((a, b) => firstOffset(a) - firstOffset(b));
  return { text: applyEdits(text, chosen.flatMap((c) => c.edits)), applied };
}

function firstOffset(f: AppliedFix): number {
  let min = Infinity;
  for (const e of f.edits) if (e.span.start < min) min = e.span.start;
  return min;
}

/**
 * An applied fix's rule, the text it replaced and the text it wrote (its line is found once the
 * rounds end). A fix that removes a token from the file must not print it: both sides go through
 * the redactor.
 */
function describeFix(file: string, text: string, f: AppliedFix): Omit<AppliedFixLine, 'line'> {
  const redactor = new Redactor();
  const edits = [...f.edits].sort((a, b) => a.span.start - b.span.start);
  const before = edits.map((e) => text.slice(e.span.start, e.span.end)).join(' … ');
  const after = edits.map((e) => e.newText).join(' … ');
  return { file, code: f.code, before: redactor.text(before), after: redactor.text(after) };
}
