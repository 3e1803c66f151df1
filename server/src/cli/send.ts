/**
 * `graphreq send FILE [--name NAME | --line N | --all] [options]`, `graphreq send --history`,
 * `graphreq send --show ID`. See sendHelp and docs/sending.md.
 * Exit codes: 0 every response 2xx, 1 any error response (or a send held back by a known rate
 * limit), 2 usage, I/O or network error.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { getApiModel, parseDocument, positionAt, type GraphreqDocument } from '../core';
import { formatResultText, tokenTransportProblem, type SendResult } from '../core/send';
import { writeFileAtomicSync } from '../files/atomicWrite';
import { HistoryStore, type HistoryEntry } from '../send/history';
import { DEFAULT_TIMEOUT_MS, SendSession, succeeded } from '../send/sendSession';
import { DEMO_TOKEN, openTarget } from '../send/target';
import { withHostInputs } from '../files/hostInputs';
import { collectFiles, findEnvFile, loadEnvironment, readText, UsageError } from './files';

export const sendHelp = `Usage: graphreq send FILE [--name NAME | --line N | --all] [options]
       graphreq send FILE|FOLDER... --all [options]
       graphreq send --history [--format text|json]
       graphreq send --show ID [--format text|json]
Sends requests of a .graphreq file and prints the responses, decoded errors and usage.
  --name NAME        the request named NAME (# @name NAME)
  --line N           the request written at line N (1-based)
  --all              every request in order, named responses feeding later ones
                     (several files or folders: each file in turn, to the same service)
  --keep-going       with --all: go on after a failed request
  --env NAME         environment of graphreq.env.json (default: $GRAPHREQ_ENV, else $shared only)
  --env-file FILE    environment file (default: the nearest graphreq.env.json)
  --base-url URL     where to send (default: the environment's baseUrl; none: the embedded emulator)
  --format text|json output format (default text)
  --out DIR          also write each result as DIR/<n>-<name>.json
  --timeout MS       time allowed for each attempt (default: the environment's timeoutMs, else ${DEFAULT_TIMEOUT_MS})
  --wait             wait for a known rate-limit block to pass, then send (also once after a rate-limit error)
  --force            send although the client knows a rate limit will refuse the call
  --no-history       do not save results in .graphreq-history/ (also: GRAPHREQ_HISTORY=off)
  --history          list the saved results of the workspace, newest first
  --show ID          print a saved result again
The token comes from $GRAPHREQ_ACCESS_TOKEN (or the variable named by the environment's
accessTokenEnv); the embedded emulator takes its demo token when none is set. It is never printed.
Exit codes: 0 all responses 2xx, 1 any error response, 2 usage, I/O or network error.`;

type Io = { out: (s: string) => void; err: (s: string) => void };

const TOKEN_VARIABLE = 'GRAPHREQ_ACCESS_TOKEN';
const NETWORK_FAILURES = new Set(['build', 'insecure', 'no-token', 'timeout', 'refused', 'reset', 'network', 'cancelled']);

export async function runSend(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      line: { type: 'string' },
      all: { type: 'boolean', default: false },
      'keep-going': { type: 'boolean', default: false },
      env: { type: 'string' },
      'env-file': { type: 'string' },
      'base-url': { type: 'string' },
      format: { type: 'string', default: 'text' },
      out: { type: 'string' },
      timeout: { type: 'string' },
      wait: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      'no-history': { type: 'boolean', default: false },
      history: { type: 'boolean', default: false },
      show: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(sendHelp + '\n');
    return 0;
  }
  const format = values.format;
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
  // Several files (or folders) are sent one after the other with --all, to one service.
  const files = positionals.length ? collectFiles(positionals) : [];
  const file = files[0];
  const envFile = findEnvFile(values['env-file'], positionals[0] ?? '.');
  // The workspace: the folder of graphreq.env.json, else the working folder. History lives there.
  const workspace = envFile ? path.dirname(path.resolve(envFile)) : process.cwd();

  if (values.history || values.show !== undefined) return showHistory(new HistoryStore(workspace), values.show, format, io);
  if (!file) throw new UsageError(positionals.length ? `no .graphreq file in ${positionals.join(' ')}` : 'which file? graphreq send FILE [--name NAME | --line N | --all]');
  if ([values.name !== undefined, values.line !== undefined, values.all].filter(Boolean).length > 1) throw new UsageError('choose one of --name, --line and --all');
  if (files.length > 1 && !values.all) throw new UsageError(`${files.length} files: send them all with --all, or name one file`);

  const parsed = files.map((f) => {
    const text = readText(f);
    const doc = parseDocument(text);
    return { file: f, doc, indexes: selectRequests(doc, values) };
  });
  const env = loadEnvironment(envFile, values.env ?? process.env.GRAPHREQ_ENV);
  const timeoutMs = values.timeout !== undefined ? positiveInt(values.timeout, '--timeout') : env.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = values['base-url'] ?? env.baseUrl;
  const tokenEnvName = env.accessTokenEnv ?? TOKEN_VARIABLE;
  const userToken = process.env[tokenEnvName] || (env.accessTokenEnv ? process.env[TOKEN_VARIABLE] : undefined) || undefined;
  if (baseUrl) {
    if (!userToken) throw new UsageError(`no access token: set ${tokenEnvName} (REQ-TOKEN-REQUIRED)`);
    const unsafe = tokenTransportProblem(baseUrl);
    if (unsafe) throw new UsageError(unsafe);
  }
  const historyOff = values['no-history'] || /^(0|off|false|no)$/i.test(process.env.GRAPHREQ_HISTORY ?? '');
  const history = historyOff ? null : new HistoryStore(workspace, historySize());

  const target = await openTarget(baseUrl);
  try {
    if (target.embedded) io.err(`sending to the embedded emulator at ${target.baseUrl}${userToken ? '' : ' with its demo token'} (set a base URL to send elsewhere)\n`);
    const all: SendResult[] = [];
    let code = 0;
    for (const { file: f, doc, indexes } of parsed) {
      const session = new SendSession({
        model: getApiModel(),
        // `$processEnv`, `$dotenv` and `< path` bodies read as `graphreq check` reads them.
        env: withHostInputs(env, f, { stopAt: workspace }),
        baseUrl: target.baseUrl,
        token: userToken ?? DEMO_TOKEN,
        tokenEnvName,
        timeoutMs,
        history,
        file: path.relative(workspace, path.resolve(f)).split(path.sep).join('/'),
        log: (line) => io.err(`graphreq send: ${line}\n`),
      });
      const options = { wait: values.wait, force: values.force };
      const results = values.all ? await session.sendAll(doc, { ...options, keepGoing: values['keep-going'] }) : [await session.send(doc, indexes[0], options)];
      if (results.length === 0) throw new UsageError(`${f}: no request to send`);
      if (format === 'text' && parsed.length > 1) io.out(`${all.length ? '\n' : ''}=== ${f}\n\n`);
      if (format === 'text') report(results, format, io, (s) => session.redactor.text(s));
      all.push(...results);
      code = Math.max(code, exitCode(results));
      if (code !== 0 && !values['keep-going']) break;
    }
    if (format === 'json') io.out(JSON.stringify(all.map(jsonItem), null, 2) + '\n');
    if (values.out) writeOut(values.out, all);
    return code;
  } finally {
    await target.close();
  }
}

function selectRequests(doc: GraphreqDocument, v: { name?: string; line?: string; all?: boolean }): number[] {
  const requests = doc.blocks.filter((b) => b.parsed.request);
  if (v.all) return requests.map((b) => b.index);
  if (v.name !== undefined) {
    const found = requests.find((b) => b.parsed.directives.some((d) => d.name.text === 'name' && d.value?.text.split(/\s/)[0] === v.name));
    if (!found) throw new UsageError(`no request named "${v.name}" (# @name ${v.name})`);
    return [found.index];
  }
  if (v.line !== undefined) {
    const line = positiveInt(v.line, '--line');
    const found = requests.find((b) => {
      const first = positionAt(doc, b.offset).line + 1;
      const last = positionAt(doc, b.offset + Math.max(0, b.text.replace(/\s+$/, '').length - 1)).line + 1;
      return line >= first && line <= last;
    });
    if (!found) throw new UsageError(`no request at line ${line}`);
    return [found.index];
  }
  if (requests.length === 1) return [requests[0].index];
  if (requests.length === 0) throw new UsageError('the file holds no request');
  throw new UsageError(`the file holds ${requests.length} requests: choose one with --name or --line, or send them all with --all`);
}

function report(results: SendResult[], format: 'text' | 'json', io: Io, redact: (s: string) => string): void {
  if (format === 'json') io.out(JSON.stringify(results.map(jsonItem), null, 2) + '\n');
  else io.out(results.map(formatResultText).join('\n'));
  for (const r of results) {
    if (r.failure && NETWORK_FAILURES.has(r.failure.kind)) io.err(`graphreq send: ${r.name ?? r.title ?? `request ${r.number ?? r.index + 1}`}: ${redact(r.failure.message)}\n`);
  }
}

/** One element of `--format json`: the documented fields first, then the rest of the model. */
function jsonItem(r: SendResult): Record<string, unknown> {
  return {
    name: r.name,
    title: r.title,
    method: r.request.method,
    url: r.request.url,
    status: r.status,
    statusText: r.statusText,
    durationMs: r.durationMs,
    size: r.size,
    attempts: r.attempts,
    headers: r.headers,
    body: r.body,
    error: r.error ? { code: r.error.code, subcode: r.error.subcode, title: r.error.title, explanation: r.error.explanation, action: r.error.action } : null,
    usage: r.usage,
    version: r.version,
    warnings: r.warnings,
    failure: r.failure,
  };
}

function writeOut(dir: string, results: SendResult[]): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const r of results) {
      const label = (r.name ?? r.title ?? 'request').replace(/[^\w.-]+/g, '-').slice(0, 60);
      writeFileAtomicSync(path.join(dir, `${String(r.index).padStart(2, '0')}-${label}.json`), JSON.stringify(r, null, 2) + '\n');
    }
  } catch (e) {
    throw new UsageError(`--out ${dir}: cannot write (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

export function exitCode(results: SendResult[]): number {
  if (results.some((r) => r.failure && NETWORK_FAILURES.has(r.failure.kind))) return 2;
  return results.every(succeeded) ? 0 : 1;
}

function showHistory(history: HistoryStore, id: string | undefined, format: 'text' | 'json', io: Io): number {
  if (id !== undefined) {
    const entry: HistoryEntry | undefined = history.read(id);
    if (!entry) throw new UsageError(`no saved result "${id}" in ${history.dir} (list them with --history)`);
    io.out(format === 'json' ? JSON.stringify(entry, null, 2) + '\n' : `saved ${entry.savedAt}${entry.file ? ` from ${entry.file}` : ''}\n${formatResultText(entry.result)}`);
    return 0;
  }
  const list = history.list();
  if (format === 'json') io.out(JSON.stringify(list, null, 2) + '\n');
  else if (list.length === 0) io.err(`no saved results in ${history.dir}\n`);
  else for (const s of list) io.out(`${s.id}  ${s.status ?? s.failure ?? '-'}  ${s.method} ${s.url}${s.name ? `  [${s.name}]` : ''}${s.file ? `  ${s.file}` : ''}\n`);
  return 0;
}

function positiveInt(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} takes a whole number from 1, not "${text}"`);
  return Number(text);
}

function historySize(): number {
  const v = process.env.GRAPHREQ_HISTORY_SIZE;
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : 50;
}
