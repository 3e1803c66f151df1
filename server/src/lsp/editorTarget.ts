/**
 * The editor's side of "where the token goes" (send/tokenChoice.ts), for the send commands of every
 * host (sendTarget.ts on the desktop, web/webSend.ts in the browser worker): the document's
 * environment, the environment the client named, the base URL it typed or read from the workspace,
 * and the origin the user confirmed. In an untrusted workspace nothing is sent.
 */
import { DEFAULT_TOKEN_VARIABLE, type EnvironmentSettings } from '../core';
import { decideSendTarget, targetAddress, type SendFailure, type SendTarget } from '../core/send';
import { chooseToken, type TrustRecords } from '../send/tokenChoice';
import { EMBEDDED_TOKEN_TARGET, type SendCommandArgs, type ServerSettings } from './protocol';

export interface EditorTarget {
  ok: true;
  env: EnvironmentSettings;
  /** Where the send goes (core/send/sendTarget.ts). */
  target: SendTarget;
  baseUrl?: string;
  token?: string;
  tokenEnvName: string;
}

export interface TargetDeps {
  trust: TrustRecords;
  processEnv: Record<string, string | undefined>;
  /** The workspace root (the trust records' key). */
  root: string;
  /** The document's environment `name` of its graphreq.env.json (`$shared` alone for undefined); throws a one-line error. */
  readEnvironment(name: string | undefined): EnvironmentSettings;
  /**
   * The client renders sends itself (VS Code's, `showsSendResults`): it has the environment picker and
   * asks "Trust and Send", so a refusal names those; another editor's names the command's arguments.
   */
  showsSendResults?: boolean;
}

/**
 * How each kind of editor confirms an (origin, token) pair, in a refusal (tokenChoice.ts `hints`).
 * Choosing the environment (the picker, the `environment` argument) is no remedy: it selects, it
 * does not confirm what the repository put in it.
 */
const REMEDIES = {
  vscode: { confirm: 'confirm it once (Trust and Send)' },
  other: { confirm: 'confirm it once ("trustOrigin" and "trustTokenVariable" in the send command\'s arguments, or graphreq send --trust-origin in this folder)' },
};

export async function chooseTarget(args: Omit<SendCommandArgs, 'index'>, given: ServerSettings | undefined, deps: TargetDeps): Promise<EditorTarget | { ok: false; failure: SendFailure }> {
  const settings = given ?? {};
  const fail = (kind: SendFailure['kind'], message: string, trust: { origin?: string; from?: SendFailure['trustFrom']; tokenVariable?: string } = {}): { ok: false; failure: SendFailure } => ({
    ok: false,
    failure: { kind, message, retryAt: null, ...(trust.origin ? { trustOrigin: trust.origin, ...(trust.from ? { trustFrom: trust.from } : {}), ...(trust.tokenVariable ? { trustTokenVariable: trust.tokenVariable } : {}) } : {}) },
  });
  if (settings.workspaceTrusted === false) return fail('untrusted', 'sending is off in a workspace you have not trusted (Restricted Mode): trust the workspace to send requests');

  const name = args.environment ?? settings.environment;
  let env: EnvironmentSettings;
  try {
    env = deps.readEnvironment(name || undefined);
  } catch (e) {
    return fail('build', (e as Error).message);
  }
  if (!env.defaultVersion && settings.defaultVersion) env.defaultVersion = settings.defaultVersion;

  // A base URL of the command's arguments was typed by the user, unless the client says it comes
  // from the workspace's settings file; the settings the server reads (workspace/configuration,
  // initializationOptions) may be the repository's, so they count as the workspace's.
  const fromWorkspace = args.baseUrlFromWorkspace === true;
  const target = decideSendTarget({
    typedBaseUrl: fromWorkspace ? undefined : args.baseUrl,
    workspaceBaseUrl: fromWorkspace ? args.baseUrl : settings.baseUrl,
    environment: name,
    // An environment named in the settings the server reads may be the repository's choice: only the
    // command's own arguments (or a client that says so) name it for the user. Named or not, its base
    // URL gets the token only for a confirmed pair (core/send/sendTarget.ts `needsConsent`).
    environmentNamed: args.environmentNamed ?? args.environment !== undefined,
    envBaseUrl: env.baseUrl,
    accessTokenEnv: env.accessTokenEnv,
  });
  // The client's token was asked for one address: it goes nowhere else.
  if (args.token !== undefined && args.tokenFor !== undefined && args.tokenFor !== (target.origin ?? EMBEDDED_TOKEN_TARGET)) {
    return fail('untrusted', `the token was given for ${args.tokenFor === EMBEDDED_TOKEN_TARGET ? 'the embedded emulator' : args.tokenFor}, but the request would go to ${targetAddress(target)}`);
  }
  const choice = await chooseToken({
    target,
    root: deps.root,
    trust: deps.trust,
    clientToken: args.token,
    processEnv: deps.processEnv,
    // The confirmation covers the origin and the token: the client's own, or the variable it names
    // (without a name, GRAPHREQ_ACCESS_TOKEN only, as an origin-only trust record: files/trustStore.ts).
    confirm: async (origin, token) => args.trustOrigin === origin && ('editor' in token || token.variable === (args.trustTokenVariable ?? DEFAULT_TOKEN_VARIABLE)),
    // VS Code offers "Trust and Send"; another editor passes `trustOrigin` (and `trustTokenVariable`) in the send command's arguments.
    hints: deps.showsSendResults ? REMEDIES.vscode : REMEDIES.other,
  });
  if (!choice.ok) {
    const kind = choice.kind === 'untrusted' ? 'untrusted' : choice.kind === 'insecure' ? 'insecure' : 'no-token';
    return fail(kind, choice.message, { origin: choice.origin, from: choice.from, tokenVariable: choice.tokenVariable });
  }
  return { ok: true, env, target, baseUrl: choice.baseUrl, token: choice.token, tokenEnvName: choice.tokenEnvName };
}
