/**
 * What `graphreq send` and `graphreq test` share before the first request goes out: the environment
 * (graphreq.env.json and `--env`), the workspace and its session (`.graphreq/`: the embedded
 * emulator's state, saved named responses), the token (from the process environment, never
 * printed), history, the target, one send session per file, and Ctrl+C handling.
 */
import * as path from 'node:path';
import { getApiModel, type EnvironmentSettings } from '../core';
import { forgetOrigin, tokenTransportProblem } from '../core/send';
import { GRAPHREQ_FOLDER } from '../send/graphreqFolder';
import { HistoryStore } from '../send/history';
import { MemoryRateStore } from '../send/rateStore';
import { ResponseStore } from '../send/responseStore';
import { SavedResponses } from '../send/savedResponses';
import { DEFAULT_TIMEOUT_MS, SendSession } from '../send/sendSession';
import { DEMO_TOKEN, EMBEDDED_RATE_ORIGIN, openTarget, type Target } from '../send/target';
import { openWorkspaceEmulator, WorkspaceEmulatorError } from '../send/workspaceEmulator';
import { findEnvFile, loadEnvironment, UsageError } from './files';
import type { Output, Terminal } from './render/output';
import { targetLine } from './render/send';
import { positiveInt } from './sendPlan';

const TOKEN_VARIABLE = 'GRAPHREQ_ACCESS_TOKEN';

export interface SendContextOptions {
  /** `send` or `test`, for messages. */
  command: string;
  /** The first path given (graphreq.env.json is looked for from there), or `.`. */
  from: string;
  env?: string;
  envFile?: string;
  baseUrl?: string;
  fresh: boolean;
  timeout?: string;
  noHistory: boolean;
}

export interface SendContext {
  /** The folder of graphreq.env.json, else the working folder: history and the session live there. */
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

/** The workspace and environment only (history listing needs no target). */
export function workspaceOf(o: Pick<SendContextOptions, 'from' | 'envFile'>): { envFile: string | undefined; workspace: string } {
  const envFile = findEnvFile(o.envFile, o.from);
  return { envFile, workspace: envFile ? path.dirname(path.resolve(envFile)) : process.cwd() };
}

export async function openSendContext(o: SendContextOptions, output: Output): Promise<SendContext> {
  const { envFile, workspace } = workspaceOf(o);
  const environmentName = o.env ?? (process.env.GRAPHREQ_ENV || undefined);
  const env = loadEnvironment(envFile, environmentName);
  const timeoutMs = o.timeout !== undefined ? positiveInt(o.timeout, '--timeout') : env.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = o.baseUrl ?? env.baseUrl;
  const tokenEnvName = env.accessTokenEnv ?? TOKEN_VARIABLE;
  const userToken = process.env[tokenEnvName] || (env.accessTokenEnv ? process.env[TOKEN_VARIABLE] : undefined) || undefined;
  if (baseUrl) {
    if (!userToken) throw new UsageError(`no access token: set ${tokenEnvName} (REQ-TOKEN-REQUIRED)`);
    const unsafe = tokenTransportProblem(baseUrl);
    if (unsafe) throw new UsageError(unsafe);
  }
  const historyOff = o.noHistory || /^(0|off|false|no)$/i.test(process.env.GRAPHREQ_HISTORY ?? '');
  const history = historyOff ? null : new HistoryStore(workspace, historySize());
  const rate = history?.rateStore() ?? new MemoryRateStore();

  const target = await openSendTarget(baseUrl, workspace, o.fresh, o.command, output);
  // One store for the run: a response received from one file feeds the files after it.
  const saved = new SavedResponses(workspace);
  const responses = new ResponseStore({ saved, environment: environmentName });
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
        env,
        baseUrl: target.baseUrl,
        token: userToken ?? DEMO_TOKEN,
        tokenEnvName,
        timeoutMs,
        history,
        rate,
        rateOrigin: target.rateOrigin,
        responses,
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
    return await openWorkspaceEmulator(workspace, { fresh });
  } catch (e) {
    if (e instanceof WorkspaceEmulatorError) throw new UsageError(e.message);
    output.err(`graphreq ${command}: the emulator's state cannot be kept in ${path.join(workspace, GRAPHREQ_FOLDER)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): it starts from its seed data and forgets at the end\n`);
    return openTarget(undefined);
  }
}

/**
 * Runs `fn` with Ctrl+C handled: the first one cancels cleanly (the signal passed to `fn` aborts),
 * a second one leaves at once (exit 130).
 */
export async function withInterrupt<T>(command: string, terminal: Terminal, output: Output, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
    // Someone at a terminal hears at once what happens next.
    if (terminal.errIsTTY) output.err(`graphreq ${command}: cancelling (Ctrl+C again leaves at once)\n`);
  };
  process.on('SIGINT', onSigint);
  try {
    return await fn(controller.signal);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

function historySize(): number {
  const v = process.env.GRAPHREQ_HISTORY_SIZE;
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : 50;
}
