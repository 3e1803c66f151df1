/**
 * `graphreq send FILE [--name NAME | --line N | --all] [options]`, `graphreq send --history`,
 * `graphreq send --show ID`. See sendHelp and docs/sending.md.
 *
 * Results are printed as each one completes (render/send.ts), the run ends with a summary on
 * stderr, and Ctrl+C stops it cleanly: the request in flight is cancelled, what finished is printed
 * and saved, and the exit code is 130.
 * Exit codes: 0 every response 2xx, 1 any error response (or a send held back by a known rate
 * limit), 2 usage, I/O or network error, 130 interrupted.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getApiModel, parseDocument } from '../core';
import { forgetOrigin, type SendResult } from '../core/send';
import { writeFileAtomic } from '../files/atomicWrite';
import { GRAPHREQ_FOLDER } from '../send/graphreqFolder';
import { DEFAULT_HISTORY_MAX_BYTES, HistoryStore, type HistoryEntry } from '../send/history';
import { MemoryRateStore } from '../send/rateStore';
import { ResponseStore } from '../send/responseStore';
import { SavedResponses } from '../send/savedResponses';
import { runRequests, type RunOutcome } from '../send/sendRun';
import { DEFAULT_TIMEOUT_MS, isRateLimitNote, SendSession, succeeded } from '../send/sendSession';
import { DEMO_TOKEN, EMBEDDED_RATE_ORIGIN, openTarget, type Target } from '../send/target';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../send/transport';
import { openWorkspaceEmulator, WorkspaceEmulatorError } from '../send/workspaceEmulator';
import { withHostInputs } from '../files/hostInputs';
import { parseCommandArgs } from './args';
import { cliSessionFolder, collectFiles, findEnvFile, ignoredEnvFileNote, loadEnvironment, readText, UsageError } from './files';
import { Output, type Terminal } from './render/output';
import { failureLine, historyEntryText, historyListLine, jsonItem, JsonArrayWriter, progressText, resultSeparator, resultText, runSummary, stopMessage, targetLine } from './render/send';
import { planRun, positiveInt, selectRequests } from './sendPlan';
import { workspaceProducers } from './workspaceRequests';
import { chooseCliToken, trustOriginHelp } from './sendTrust';

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
  --bail             stop at the first request that does not succeed (default: go on)
  --env NAME         environment of graphreq.env.json (default: $GRAPHREQ_ENV, else $shared only)
  --env-file FILE    environment file (default: the nearest graphreq.env.json)
  --base-url URL     where to send (default: the environment's baseUrl; none: the embedded emulator)
${trustOriginHelp}
  --fresh            start the embedded emulator from its seed data and forget the saved responses
                     of the environment (the session lives in ${GRAPHREQ_FOLDER}/ of the workspace)
  --format FORMAT    text (default), json (one array) or jsonl (one object per line, as they come)
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
Exit codes: 0 all responses 2xx, 1 any error response or held back, 2 usage, I/O or network error,
130 interrupted (Ctrl+C).`;

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
      bail: { type: 'boolean', default: false },
      env: { type: 'string' },
      'env-file': { type: 'string' },
      'base-url': { type: 'string' },
      'trust-origin': { type: 'boolean', default: false },
      'max-bytes': { type: 'string' },
      fresh: { type: 'boolean', default: false },
      format: { type: 'string', default: 'text' },
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
  // Several files (or folders) are sent one after the other with --all, to one service.
  const skipped: string[] = [];
  const files = positionals.length ? collectFiles(positionals, skipped) : [];
  for (const line of skipped) output.err(`graphreq send: ${line}\n`);
  const envFile = findEnvFile(values['env-file'], positionals[0] ?? '.', (f, root) => output.err(ignoredEnvFileNote('send', f, root)));
  // The workspace (files.ts cliSessionFolder): the folder of graphreq.env.json, else the repository around the working folder, else the working folder. History and the session live there.
  const workspace = cliSessionFolder(envFile, positionals[0] ?? '.');

  if (values.history || values.show !== undefined) return showHistory(new HistoryStore(workspace), values.show, format === 'text' ? 'text' : 'json', output);
  if (files.length === 0) throw new UsageError('which file? graphreq send FILE [--name NAME | --line N | --all]');
  if ([values.name !== undefined, values.line !== undefined, values.all].filter(Boolean).length > 1) throw new UsageError('choose one of --name, --line and --all');
  if (files.length > 1 && !values.all) throw new UsageError(`${files.length} files: send them all with --all, or name one file`);

  const parsed = files.map((f) => {
    const doc = parseDocument(readText(f));
    return { file: f, doc, indexes: selectRequests(f, doc, values) };
  });
  const environmentName = values.env ?? (process.env.GRAPHREQ_ENV || undefined);
  const env = loadEnvironment(envFile, environmentName);
  const timeoutMs = values.timeout !== undefined ? positiveInt(values.timeout, '--timeout') : env.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Where the token goes and which one: the trust rules of docs/sending.md (cli/sendTrust.ts).
  const { baseUrl, token: userToken, tokenEnvName } = await chooseCliToken(values, env, positionals[0] ?? '.', { err: (s) => output.err(s), confirm: terminal.confirm });
  const historyOff = values['no-history'] || /^(0|off|false|no)$/i.test(process.env.GRAPHREQ_HISTORY ?? '');
  const history = historyOff ? null : new HistoryStore(workspace, historySize(), byteSize(process.env.GRAPHREQ_HISTORY_MAX_BYTES, 'GRAPHREQ_HISTORY_MAX_BYTES') ?? DEFAULT_HISTORY_MAX_BYTES);
  const maxResponseBytes = byteSize(values['max-bytes'], '--max-bytes') ?? byteSize(process.env.GRAPHREQ_MAX_RESPONSE_BYTES, 'GRAPHREQ_MAX_RESPONSE_BYTES');
  const rate = history?.rateStore() ?? new MemoryRateStore();

  if (values.out) makeOutFolder(values.out);

  const target = await openSendTarget(baseUrl, workspace, values.fresh, output);
  // One store for the run: a response received from one file feeds the files after it.
  const saved = new SavedResponses(workspace);
  // With --with-deps, a producer still missing is one that no file of the workspace names.
  const dependencyHint = values['with-deps'] ? (name: string) => `name a request \`# @name ${name}\` in a .graphreq file of the workspace (${workspace}) for --with-deps to send it first` : undefined;
  const responses = new ResponseStore({ saved, environment: environmentName, dependencyHint });
  if (values.fresh) {
    // Nothing saved can be forgotten in a workspace where nothing can be written: that is fine.
    await saved.forget(responses.environment).catch(() => undefined);
    if (target.embedded) rate.save(forgetOrigin(rate.load(), EMBEDDED_RATE_ORIGIN));
  }

  // The run can be interrupted: the first Ctrl+C cancels cleanly, a second one leaves at once.
  const controller = new AbortController();
  const onSigint = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
    // Someone at a terminal hears at once what happens next.
    if (terminal.errIsTTY) output.err('graphreq send: cancelling (Ctrl+C again leaves at once)\n');
  };
  process.on('SIGINT', onSigint);
  try {
    if (target.embedded) output.err(targetLine(target, !userToken));
    const producersNamed = workspaceProducers(workspace, parsed, env);
    const plan = planRun(parsed, { env, withDeps: values['with-deps'], all: values.all, producersNamed }, (f) => new SendSession({
      model: getApiModel(),
      // `$processEnv`, `$dotenv` and `< path` bodies read as `graphreq check` reads them.
      env: withHostInputs(env, f, { stopAt: workspace }),
      baseUrl: target.baseUrl,
      token: userToken ?? DEMO_TOKEN,
      tokenEnvName,
      timeoutMs,
      maxResponseBytes,
      history,
      rate,
      rateOrigin: target.rateOrigin,
      responses,
      file: path.relative(workspace, path.resolve(f)).split(path.sep).join('/'),
      log: (line) => output.err(`graphreq send: ${line}\n`),
      // The run's stop message says how to go on, once.
      holdHint: '',
    }));

    const started = Date.now();
    const json = format === 'json' ? new JsonArrayWriter((s) => output.out(s)) : undefined;
    let lastFile: string | undefined;
    // A file heading whenever the run spans files (several given, or a producer from another file with --with-deps).
    const severalFiles = new Set(plan.map((p) => path.resolve(p.file))).size > 1;
    let written = 0;
    const outcome: RunOutcome = await runRequests(plan, {
      signal: controller.signal,
      bail: values.bail,
      wait: values.wait,
      force: values.force,
      onStart: (request, position, total) => output.progress(progressText(output.errStyle, position, total, request)),
      onResult: async (request, result) => {
        if (format === 'text') {
          output.out(resultSeparator(output.style, request.file, lastFile, severalFiles));
          lastFile = request.file;
          output.out(resultText(output.style, result, values.force ? undefined : isRateLimitNote));
        } else if (json) json.item(jsonItem(result));
        else output.out(JSON.stringify(jsonItem(result)) + '\n');
        // The failure in one line on stderr, unless the text on the terminal just said it.
        const shownAbove = format === 'text' && terminal.outIsTTY;
        if (result.failure && NETWORK_FAILURES.has(result.failure.kind) && result.failure.kind !== 'cancelled' && !shownAbove) {
          output.err(failureLine(result, (t) => request.session.redactor.text(t)));
        }
        if (values.out) await writeOut(values.out, ++written, result, output);
      },
    });
    output.clearProgress();
    json?.end();
    const stopped = stopMessage(outcome.stop, outcome.notSent.length, Date.now(), target.embedded);
    if (stopped) output.err(output.errStyle.yellow(stopped.trimEnd()) + '\n');
    output.err(runSummary(output.errStyle, outcome, Date.now() - started));
    if (outcome.stop?.kind === 'cancelled') return 130;
    return exitCode(outcome.done.map((d) => d.result));
  } finally {
    process.removeListener('SIGINT', onSigint);
    output.clearProgress();
    await target.close();
  }
}

/**
 * The configured base URL, else the workspace's embedded emulator (its state kept in .graphreq/).
 * A workspace where nothing can be written still gets an emulator, one that forgets at the end.
 */
async function openSendTarget(baseUrl: string | undefined, workspace: string, fresh: boolean, output: Output): Promise<Target> {
  if (baseUrl) return openTarget(baseUrl);
  try {
    // A run closes its emulator when it is done, so it waits for another run rather than sending to that one's.
    const onWait = (pid: number): void => output.err(`graphreq send: waiting for graphreq process ${pid}, another send in this workspace, to finish (they share the emulator's state)\n`);
    return await openWorkspaceEmulator(workspace, { fresh, holder: 'run', onWait });
  } catch (e) {
    if (e instanceof WorkspaceEmulatorError) throw new UsageError(e.message);
    output.err(`graphreq send: the emulator's state cannot be kept in ${path.join(workspace, GRAPHREQ_FOLDER)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): it starts from its seed data and forgets at the end\n`);
    return openTarget(undefined);
  }
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
    await writeFileAtomic(file, JSON.stringify(r, null, 2) + '\n');
  } catch (e) {
    output.err(`graphreq send: --out: cannot write ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})\n`);
  }
}

export function exitCode(results: SendResult[]): number {
  if (results.some((r) => r.failure && NETWORK_FAILURES.has(r.failure.kind))) return 2;
  return results.every(succeeded) ? 0 : 1;
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

function historySize(): number {
  const v = process.env.GRAPHREQ_HISTORY_SIZE;
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : 50;
}

/** A byte count from a flag or a variable (undefined when not given). */
function byteSize(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  return positiveInt(text, name);
}
