/**
 * The editor's side of "where the token goes" (send/tokenChoice.ts), for the send commands: the
 * environment file of the document (within its workspace folder), the environment the client
 * named, the base URL it typed or read from the workspace, and the origin the user confirmed.
 * In an untrusted workspace nothing is sent.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EnvironmentSettings } from '../core';
import type { SendFailure } from '../core/send';
import { findWorkspaceEnvFile } from '../files/envFile';
import type { TrustStore } from '../files/trustStore';
import { chooseToken } from '../send/tokenChoice';
import type { SendCommandArgs, ServerSettings } from './protocol';
import { readWorkspaceEnvironment } from './workspaceEnvironment';

export interface EditorTarget {
  ok: true;
  env: EnvironmentSettings;
  baseUrl?: string;
  token?: string;
  tokenEnvName: string;
}

export async function chooseEditorTarget(
  args: Omit<SendCommandArgs, 'index'>,
  context: { workspaceFolder: string | null; settings: ServerSettings },
  deps: { trust: TrustStore; processEnv: NodeJS.ProcessEnv },
): Promise<EditorTarget | { ok: false; failure: SendFailure }> {
  const settings = context.settings ?? {};
  const fail = (kind: SendFailure['kind'], message: string, trustOrigin?: string): { ok: false; failure: SendFailure } => ({ ok: false, failure: { kind, message, retryAt: null, ...(trustOrigin ? { trustOrigin } : {}) } });
  if (settings.workspaceTrusted === false) return fail('untrusted', 'sending is off in a workspace you have not trusted (Restricted Mode): trust the workspace to send requests');

  const doc = documentPath(args.uri);
  const root = context.workspaceFolder ?? (doc ? path.dirname(doc) : undefined);
  const envFile = root ? findWorkspaceEnvFile(doc ? path.dirname(doc) : root, root).file : undefined;
  const name = args.environment ?? settings.environment;
  let env: EnvironmentSettings;
  try {
    env = readWorkspaceEnvironment(envFile, name || undefined);
  } catch (e) {
    return fail('build', (e as Error).message);
  }
  if (!env.defaultVersion && settings.defaultVersion) env.defaultVersion = settings.defaultVersion;

  const fromWorkspace = args.baseUrlFromWorkspace === true;
  const typed = args.baseUrl ?? settings.baseUrl;
  const choice = await chooseToken({
    userBaseUrl: fromWorkspace ? undefined : typed,
    env: fromWorkspace && typed ? { ...env, baseUrl: typed } : env,
    // A base URL from the workspace's settings file is not vouched for by naming an environment.
    environmentNamed: !fromWorkspace && (args.environmentNamed ?? (args.environment !== undefined || !!settings.environment)),
    root: root ?? process.cwd(),
    trust: deps.trust,
    clientToken: args.token,
    processEnv: deps.processEnv,
    confirm: async (origin) => args.trustOrigin === origin,
    hints: { name: 'choose its environment in the environment picker', confirm: 'confirm the origin once when asked' },
  });
  if (!choice.ok) {
    const kind = choice.kind === 'untrusted' ? 'untrusted' : choice.kind === 'insecure' ? 'insecure' : 'no-token';
    return fail(kind, choice.message, choice.origin);
  }
  return { ok: true, env, baseUrl: choice.baseUrl, token: choice.token, tokenEnvName: choice.tokenEnvName };
}

function documentPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
