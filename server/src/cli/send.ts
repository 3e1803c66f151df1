/**
 * `graphreq send FILE [--name NAME | --line N | --all] [options]`, `graphreq send --history`,
 * `graphreq send --show ID`. See sendHelp and docs/sending.md.
 *
 * Results are printed as each one completes (render/send.ts), the run ends with a summary on
 * stderr, and Ctrl+C stops it cleanly: the request in flight is cancelled, what finished is printed
 * and saved, and the exit code is 130 (143 for SIGTERM, stopped the same way).
 * Exit codes: 0 every response 2xx, 1 any error response (or a send held back by a known rate
 * limit), 2 usage, I/O or network error, 130 interrupted, 143 terminated (SIGTERM).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseDocument } from '../core';
import { OUTPUT_LEVELS, type OutputLevel, type SendResult } from '../core/send';
import { checkWithin, UnsafePathError, writeFileAtomic } from '../files/atomicWrite';
import { GRAPHREQ_FOLDER } from '../send/graphreqFolder';
import { HistoryStore, type HistoryEntry } from '../send/history';
import { answeredAsExpected, runRequests, type RunOutcome } from '../send/sendRun';
import { DEFAULT_TIMEOUT_MS, isRateLimitNote } from '../send/sendSession';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../send/transport';
import { parseCommandArgs } from './args';
import { collectFiles, readText, UsageError } from './files';
import { Output, type Terminal } from './render/output';
import { countRun, failureLine, historyEntryText, historyListLine, jsonItem, JsonArrayWriter, progressText, resultSeparator, resultText, runSummary, stopMessage } from './render/send';
import { plural } from './render/check';
import { interruptedExit, openSendContext, withInterrupt, workspaceOf } from './sendContext';
import { planRun, selectRequests } from './sendPlan';
import { dryRun } from './sendDryRun';
import { workspaceOfRun } from './workspaceRequests';
import { environmentOptionsHelp } from './sendTrust';

export const sendHelp = `Usage: graphreq send FILE [--name NAME | --line N | --all] [options]
       graphreq send FILE|FOLDER... --all [options]
       graphreq send --history [--format text|json]
       graphreq send --show ID [--format text|json]
Sends requests of .graphreq files and prints each response (decoded error, usage, body) as soon as
it comes, then a summary on stderr: sent, failed, held back, not sent.
  --name NAME        the request named NAME (# @name NAME)
  --line N           the request written at line N (1-based)
  --all              every request in order, named responses feeding later ones
                     (several files or folders: each file in turn, to the same service)
  --with-deps        first send the requests whose responses the chosen ones read
                     ({{create.response.body.id}}), producers first, from any file of the workspace
  --dry-run          send nothing: print the forecast of the run (calls per scope, the share of each
                     documented rate limit given the usage last seen, a warning for a limit it crosses)
  --bail             stop at the first request that does not succeed (default: go on)
${environmentOptionsHelp}
  --fresh            start the embedded emulator from its seed data and forget the saved responses
                     of the environment (the session lives in ${GRAPHREQ_FOLDER}/ of the workspace)
  --format FORMAT    text (default), json (one array) or jsonl (one object per line, as they come)
  --output LEVEL     how much of each result text shows: short (one line: status, time, size, name,
                     and the highest usage from 50%), headers (status and response headers), body
                     (the body alone), exchange (request and response with headers), full (default;
                     also GRAPHREQ_OUTPUT)
  --out DIR          also write each result as DIR/<n>-<name>.json
  --timeout MS       time allowed for each attempt (default: the environment's timeoutMs, else ${DEFAULT_TIMEOUT_MS})
  --max-bytes N      bytes of a response body kept at most; a longer body is cut (default ${DEFAULT_MAX_RESPONSE_BYTES},
                     also GRAPHREQ_MAX_RESPONSE_BYTES)
  --wait             wait for a known rate-limit block to pass, then send (also once after a rate-limit error)
  --force            send although the client knows a rate limit will refuse the call
  --no-history       do not save results in .graphreq-history/ (also: GRAPHREQ_HISTORY=off)
  --history          list the saved results of the workspace, newest first
  --show ID          print a saved result again
  --no-color         no colours (also NO_COLOR=1; FORCE_COLOR=1 forces them)
A rate limit stops the run (calls made while blocked lengthen the block); Ctrl+C stops it too:
the request in flight is cancelled, what finished is printed and saved.
The token comes from $GRAPHREQ_ACCESS_TOKEN, or from the variable the environment names in
accessTokenEnv (GRAPHREQ_<NAME>_TOKEN, or one listed in $GRAPHREQ_TOKEN_VARIABLES); the embedded
emulator takes its demo token when none is set. It is never printed, and goes only where you chose:
see docs/sending.md, "Where the token goes".
A request whose expectations call for an error answer (# @expect refused RULE-ID, error.code ...,
status 4xx) counts as sent when refused, and is sent even when a rate limit it tests would hold it.
Exit codes: 0 all responses 2xx (or the error expected), 1 any other error response or held back,
2 usage, I/O or network error, 130 interrupted (Ctrl+C), 143 terminated (SIGTERM).`;

const NETWORK_FAILURES = new Set(['build', 'insecure', 'no-token', 'timeout', 'refused', 'reset', 'network', 'cancelled']);
const FORMATS = ['text', 'json', 'jsonl'] as const;
type Format = (typeof FORMATS)[number];

export async function runSend(argv: string[], terminal: Terminal): Promise<number> {
  const { values, positionals } = parseCommandArgs('send', {
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      line: { type: 'string' },
      all: { type: 'boolean', default: false },
      'with-deps': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      bail: { type: 'boolean', default: false },
      env: { type: 'string' },
      'env-file': { type: 'string' },
      'base-url': { type: 'string' },
      'trust-origin': { type: 'boolean', default: false },
      'max-bytes': { type: 'string' },
      fresh: { type: 'boolean', default: false },
      format: { type: 'string', default: 'text' },
      output: { type: 'string' },
      out: { type: 'string' },
      timeout: { type: 'string' },
      wait: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      'no-history': { type: 'boolean', default: false },
      history: { type: 'boolean', default: false },
      show: { type: 'string' },
      'no-color': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const output = new Output(terminal, { noColor: values['no-color'] });
  if (values.help) {
    output.out(sendHelp + '\n');
    return 0;
  }
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be text, json or jsonl, not "${values.format}"`);
  const level = outputLevel(values.output);
  // Several files (or folders) are sent one after the other with --all, to one service.
  const skipped: string[] = [];
  const files = positionals.length ? collectFiles(positionals, skipped) : [];
  for (const line of skipped) output.err(`graphreq send: ${line}\n`);
  const from = positionals[0] ?? '.';

  if (values.history || values.show !== undefined) return showHistory(new HistoryStore(workspaceOf({ command: 'send', from, envFile: values['env-file'] }, output).workspace), values.show, format === 'text' ? 'text' : 'json', output);
  if (files.length === 0) throw new UsageError('which file? graphreq send FILE [--name NAME | --line N | --all]');
  if ([values.name !== undefined, values.line !== undefined, values.all].filter(Boolean).length > 1) throw new UsageError('choose one of --name, --line and --all');
  if (files.length > 1 && !values.all) throw new UsageError(`${files.length} files: send them all with --all, or name one file`);

  const parsed = files.map((f) => {
    const doc = parseDocument(readText(f));
    return { file: f, doc, indexes: selectRequests(f, doc, values) };
  });
  if (values['dry-run']) return dryRun({ from, parsed, env: values.env, envFile: values['env-file'], baseUrl: values['base-url'], withDeps: values['with-deps'], all: values.all, noHistory: values['no-history'] }, output);
  const context = await openSendContext(
    {
      command: 'send',
      from,
      env: values.env,
      envFile: values['env-file'],
      baseUrl: values['base-url'],
      trustOrigin: values['trust-origin'],
      maxBytes: values['max-bytes'],
      fresh: values.fresh,
      timeout: values.timeout,
      noHistory: values['no-history'],
      // With --with-deps, a producer still missing is one that no file of the workspace names.
      dependencyHint: values['with-deps'] ? (name, workspace) => `name a request \`# @name ${name}\` in a .graphreq file of the workspace (${workspace}) for --with-deps to send it first` : undefined,
      beforeTarget: () => {
        if (values.out) makeOutFolder(values.out);
      },
    },
    terminal,
    output,
  );
  try {
    return await withInterrupt('send', terminal, output, async (signal) => {
      const producersNamed = workspaceOfRun(context.workspace, parsed).producersNamed;
      const plan = planRun(parsed, { env: context.env, withDeps: values['with-deps'], all: values.all, producersNamed }, (f) => context.sessionFor(f));
      const started = Date.now();
      const json = format === 'json' ? new JsonArrayWriter((s) => output.out(s)) : undefined;
      let lastFile: string | undefined;
      // A file heading whenever the run spans files (several given, or a producer from another file with --with-deps).
      const severalFiles = new Set(plan.map((p) => path.resolve(p.file))).size > 1;
      let written = 0;
      const outcome: RunOutcome = await runRequests(plan, {
        signal,
        bail: values.bail,
        wait: values.wait,
        force: values.force,
        onStart: (request, position, total) => output.progress(progressText(output.errStyle, position, total, request)),
        onResult: async (request, result) => {
          if (format === 'text') {
            output.out(resultSeparator(output.style, request.file, lastFile, severalFiles, level));
            lastFile = request.file;
            output.out(resultText(output.style, result, values.force ? undefined : isRateLimitNote, level));
          } else if (json) json.item(jsonItem(result));
          else output.out(JSON.stringify(jsonItem(result)) + '\n');
          // The failure in one line on stderr, unless the text on the terminal just said it.
          const shownAbove = format === 'text' && terminal.outIsTTY && level !== 'body';
          if (result.failure && NETWORK_FAILURES.has(result.failure.kind) && result.failure.kind !== 'cancelled' && !shownAbove) {
            output.err(failureLine(result, (t) => request.session.redactor.text(t)));
          }
          if (values.out) await writeOut(values.out, ++written, result, output);
        },
      });
      output.clearProgress();
      json?.end();
      // Counted as the summary counts them: the requests refused before leaving are not sent either.
      const notSent = countRun(outcome).notSent;
      const stopped = stopMessage(outcome.stop, notSent ? `${plural(notSent, 'request')} not sent` : undefined, Date.now(), context.target.embedded, signal.reason, outcome.held.length);
      if (stopped) output.err(output.errStyle.yellow(stopped.trimEnd()) + '\n');
      output.err(runSummary(output.errStyle, outcome, Date.now() - started));
      if (outcome.stop?.kind === 'cancelled') return interruptedExit(signal);
      return exitCode(outcome.done);
    });
  } finally {
    output.clearProgress();
    await context.close();
  }
}

/** `--output`, else GRAPHREQ_OUTPUT, else full. */
export function outputLevel(flag: string | undefined): OutputLevel {
  const fromEnv = process.env.GRAPHREQ_OUTPUT?.trim() || undefined;
  const value = flag ?? fromEnv ?? 'full';
  if (!(OUTPUT_LEVELS as readonly string[]).includes(value)) {
    throw new UsageError(`${flag !== undefined ? '--output' : 'GRAPHREQ_OUTPUT'} must be ${OUTPUT_LEVELS.slice(0, -1).join(', ')} or ${OUTPUT_LEVELS[OUTPUT_LEVELS.length - 1]}, not "${value}"`);
  }
  return value as OutputLevel;
}

/** `--out DIR` is checked before anything is sent, so a mistyped folder never cuts a run in the middle. */
function makeOutFolder(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(`--out ${dir}: cannot write (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** `--out DIR`: the result model, redacted, written as it comes (n counts the results of the run); a failed write is said, the run goes on. */
async function writeOut(dir: string, n: number, r: SendResult, output: Output): Promise<void> {
  const label = (r.name ?? r.title ?? 'request').replace(/[^\w.-]+/g, '-').slice(0, 60);
  const file = path.join(dir, `${String(n).padStart(2, '0')}-${label}.json`);
  try {
    // The user chose the folder, not what a repository left in it: a `01-me.json -> ~/.bashrc` is refused, not followed.
    checkWithin(path.resolve(dir), path.resolve(file));
    await writeFileAtomic(file, JSON.stringify(r, null, 2) + '\n');
  } catch (e) {
    output.err(`graphreq send: --out: ${e instanceof UnsafePathError ? e.message : `cannot write ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})`}\n`);
  }
}

/** 2 for a network or build failure, 1 for an answer other than the one expected, else 0. */
export function exitCode(done: RunOutcome['done']): number {
  if (done.some((d) => d.result.failure && NETWORK_FAILURES.has(d.result.failure.kind))) return 2;
  return done.every((d) => answeredAsExpected(d.request, d.result)) ? 0 : 1;
}

function showHistory(history: HistoryStore, id: string | undefined, format: 'text' | 'json', output: Output): number {
  if (id !== undefined) {
    const entry: HistoryEntry | undefined = history.read(id);
    if (!entry) throw new UsageError(`no saved result "${id}" in ${history.dir} (list them with --history)`);
    output.out(format === 'json' ? JSON.stringify(entry, null, 2) + '\n' : historyEntryText(output.style, entry));
    return 0;
  }
  const list = history.list();
  if (format === 'json') output.out(JSON.stringify(list, null, 2) + '\n');
  else if (list.length === 0) output.err(`no saved results in ${history.dir}\n`);
  else for (const s of list) output.out(historyListLine(output.style, s));
  return 0;
}
