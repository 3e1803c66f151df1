/**
 * What `graphreq send` and `graphreq test` share before the first request goes out: the environment
 * (graphreq.env.json and `--env`), the workspace and its session (`.graphreq/`: the embedded
 * emulator's state, saved named responses), the token (from the process environment, never
 * printed), history, the target, one send session per file, and Ctrl+C handling.
 */
import { contextLearner } from '../account/responseLearning';
import * as path from 'node:path';
import { getApiModel, type EnvironmentSettings } from '../core';
import { MAX_TIMEOUT_MS } from '../core/environment';
import { forgetOrigin } from '../core/send';
import { withHostInputs } from '../files/hostInputs';
import { nodePhases } from '../send/exchangeTimings';
import { ForeignFolderError, GRAPHREQ_FOLDER } from '../send/graphreqFolder';
import { DEFAULT_HISTORY_MAX_BYTES, HistoryStore } from '../send/history';
import { MemoryRateStore } from '../send/rateStore';
import { ResponseStore } from '../send/responseStore';
import { SavedResponses } from '../send/savedResponses';
import { DEFAULT_TIMEOUT_MS, SendSession } from '../send/sendSession';
import { DEMO_TOKEN, EMBEDDED_RATE_ORIGIN, openTarget, type Target } from '../send/target';
import { openWorkspaceEmulator, WorkspaceEmulatorError } from '../send/workspaceEmulator';
import { cliSessionFolder, findEnvFile, ignoredEnvFileNote, loadEnvironment, UsageError } from './files';
import type { Output, Terminal } from './render/output';
import { targetLine } from './render/send';
import { positiveInt } from './sendPlan';
import { chooseCliToken } from './sendTrust';

export interface SendContextOptions {
  /** `send` or `test`, for messages. */
  command: string;
  /** The first path given (graphreq.env.json is looked for from there), or `.`. */
  from: string;
  env?: string;
  envFile?: string;
  baseUrl?: string;
  /** `--trust-origin`: confirm the (origin, token variable) pair of graphreq.env.json's base URL for the workspace. */
  trustOrigin?: boolean;
  /** `--max-bytes`. */
  maxBytes?: string;
  fresh: boolean;
  timeout?: string;
  noHistory: boolean;
  /** What to say of a named response that is missing (given the workspace), instead of the store's default. */
  dependencyHint?: (name: string, workspace: string) => string;
  /** Checks to make once the token is chosen and before the target is opened (an output folder). */
  beforeTarget?: () => void;
}

export interface SendContext {
  /** The folder of graphreq.env.json, else the repository around the working folder, else the working folder (files.ts cliSessionFolder): history and the session live there. */
  workspace: string;
  environmentName: string | undefined;
  env: EnvironmentSettings;
  target: Target;
  /** A token was found in the process environment (else the embedded emulator's demo token is used). */
  userToken: boolean;
  history: HistoryStore | null;
  responses: ResponseStore;
  /** One session per file, all sending to the same target with the same token and named responses. */
  sessionFor(file: string): SendSession;
  /** Stops the embedded emulator (if this process started it). */
  close(): Promise<void>;
}

/** The workspace and its environment file only (history listing needs no target). */
export function workspaceOf(o: Pick<SendContextOptions, 'command' | 'from' | 'envFile'>, output: Output): { envFile: string | undefined; workspace: string } {
  const envFile = findEnvFile(o.envFile, o.from, (f, root) => output.err(ignoredEnvFileNote(o.command, f, root)));
  return { envFile, workspace: cliSessionFolder(envFile, o.from) };
}

export async function openSendContext(o: SendContextOptions, terminal: Terminal, output: Output): Promise<SendContext> {
  const { envFile, workspace } = workspaceOf(o, output);
  const environmentName = o.env ?? (process.env.GRAPHREQ_ENV || undefined);
  const env = loadEnvironment(envFile, environmentName, (line) => output.err(`graphreq ${o.command}: ${line}\n`));
  const timeoutMs = o.timeout !== undefined ? positiveInt(o.timeout, '--timeout', MAX_TIMEOUT_MS) : env.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Where the token goes and which one: the trust rules of docs/sending.md (cli/sendTrust.ts).
  const { baseUrl, token: userToken, tokenEnvName } = await chooseCliToken({ env: o.env, 'env-file': o.envFile, 'base-url': o.baseUrl, 'trust-origin': o.trustOrigin }, env, o.from, { err: (s) => output.err(s), confirm: terminal.confirm });
  const historyOff = o.noHistory || /^(0|off|false|no)$/i.test(process.env.GRAPHREQ_HISTORY ?? '');
  const history = historyOff ? null : new HistoryStore(workspace, historySize(), byteSize(process.env.GRAPHREQ_HISTORY_MAX_BYTES, 'GRAPHREQ_HISTORY_MAX_BYTES') ?? DEFAULT_HISTORY_MAX_BYTES);
  const maxResponseBytes = byteSize(o.maxBytes, '--max-bytes') ?? byteSize(process.env.GRAPHREQ_MAX_RESPONSE_BYTES, 'GRAPHREQ_MAX_RESPONSE_BYTES');
  const rate = history?.rateStore() ?? new MemoryRateStore();
  o.beforeTarget?.();

  const target = await openSendTarget(baseUrl, workspace, o.fresh, o.command, output);
  // One store for the run: a response received from one file feeds the files after it.
  const saved = new SavedResponses(workspace);
  const dependencyHint = o.dependencyHint;
  const responses = new ResponseStore({ saved, environment: environmentName, dependencyHint: dependencyHint && ((name: string) => dependencyHint(name, workspace)) });
  if (o.fresh) {
    // Nothing saved can be forgotten in a workspace where nothing can be written: that is fine.
    await saved.forget(responses.environment).catch(() => undefined);
    if (target.embedded) rate.save(forgetOrigin(rate.load(), EMBEDDED_RATE_ORIGIN));
  }
  if (target.embedded) output.err(targetLine(target, !userToken));
  return {
    workspace,
    environmentName,
    env,
    target,
    userToken: !!userToken,
    history,
    responses,
    close: () => target.close(),
    sessionFor: (f) =>
      new SendSession({
        model: getApiModel(),
        // `$processEnv`, `$dotenv` and `< path` bodies read as `graphreq check` reads them.
        env: withHostInputs(env, f, { stopAt: workspace }),
        baseUrl: target.baseUrl,
        token: userToken ?? DEMO_TOKEN,
        tokenEnvName,
        timeoutMs,
        maxResponseBytes,
        phases: nodePhases,
        history,
        rate,
        rateOrigin: target.rateOrigin,
        embedded: target.embedded,
        responses,
        // What an environment's responses show about its campaigns joins its account context (the embedded emulator's state is read directly).
        learn: target.embedded ? undefined : contextLearner({ workspace, environment: environmentName, baseUrl: target.baseUrl, now: Date.now }),
        file: path.relative(workspace, path.resolve(f)).split(path.sep).join('/'),
        log: (line) => output.err(`graphreq ${o.command}: ${line}\n`),
        // The run's stop message says how to go on, once.
        holdHint: '',
      }),
  };
}

/**
 * The configured base URL, else the workspace's embedded emulator (its state kept in .graphreq/).
 * A workspace where nothing can be written still gets an emulator, one that forgets at the end.
 */
async function openSendTarget(baseUrl: string | undefined, workspace: string, fresh: boolean, command: string, output: Output): Promise<Target> {
  if (baseUrl) return openTarget(baseUrl);
  try {
    // A run closes its emulator when it is done, so it waits for another run rather than sending to that one's.
    const onWait = (pid: number): void => output.err(`graphreq ${command}: waiting for graphreq process ${pid}, another ${command === 'send' ? 'send' : 'run'} in this workspace, to finish (they share the emulator's state)\n`);
    return await openWorkspaceEmulator(workspace, { fresh, holder: 'run', onWait });
  } catch (e) {
    if (e instanceof WorkspaceEmulatorError) throw new UsageError(e.message);
    if (e instanceof ForeignFolderError) {
      output.err(`graphreq ${command}: ${e.message}; the emulator starts from its seed data and forgets at the end\n`);
      return openTarget(undefined);
    }
    output.err(`graphreq ${command}: the emulator's state cannot be kept in ${path.join(workspace, GRAPHREQ_FOLDER)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): it starts from its seed data and forgets at the end\n`);
    return openTarget(undefined);
  }
}

/** The exit code of a run stopped by a signal: 128 + its number, as shells report it. */
export function interruptedExit(signal: AbortSignal): number {
  return signal.reason === 'SIGTERM' ? 143 : 130;
}

/**
 * Runs `fn` with Ctrl+C and SIGTERM handled alike: the first one cancels cleanly (the signal passed
 * to `fn` aborts, its reason the signal's name), a second one leaves at once (exit 130 or 143).
 */
export async function withInterrupt<T>(command: string, terminal: Terminal, output: Output, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const on = (name: 'SIGINT' | 'SIGTERM') => (): void => {
    if (controller.signal.aborted) process.exit(name === 'SIGTERM' ? 143 : 130);
    controller.abort(name);
    // Someone at a terminal hears at once what happens next.
    if (terminal.errIsTTY && name === 'SIGINT') output.err(`graphreq ${command}: cancelling (Ctrl+C again leaves at once)\n`);
  };
  const onSigint = on('SIGINT');
  const onSigterm = on('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  try {
    return await fn(controller.signal);
  } finally {
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigterm);
  }
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
