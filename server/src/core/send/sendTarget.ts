/**
 * Where a send goes, decided once for every front end: VS Code (its status bar, its token prompt,
 * the key its token is stored under), the language server and the CLI call this one function, so
 * the same inputs give the same target in all three (docs/sending.md, "Where the token goes").
 *
 * The base URL, first that is set:
 * 1. one the user typed (`--base-url`, an editor's command argument, VS Code's user-level setting);
 * 2. one the workspace's settings give (`.vscode/settings.json`, or any settings over LSP the client
 *    does not vouch for): repository data, trusted like graphreq.env.json;
 * 3. the environment's `baseUrl` in graphreq.env.json (`$shared` merged in);
 * 4. none: the workspace's embedded emulator.
 * A setting that is empty or blank is not set: VS Code's default `""` never means "no base URL here".
 * In an untrusted workspace (Restricted Mode) the repository chooses no base URL (2 and 3 are skipped).
 *
 * A base URL the user typed is theirs. One the repository gives (2 and 3, loopback included: the
 * repository chose the port, and on a shared machine another user's process may listen on it) is
 * data anyone with write access to the repository chose: the token goes there only for an (origin,
 * token) pair the user confirmed for this workspace (`needsConsent`). Naming the environment
 * (`--env`, the editor's picker) selects it, its variables and its base URL; it confirms nothing of
 * what the repository put in it, since a later commit can change what the name resolves to (its
 * `baseUrl`, its `accessTokenEnv`, a `$shared.baseUrl` it inherits). Only the embedded emulator
 * (no base URL, its lock signed with the user's key) needs no confirmation.
 *
 * Whether the token may then go there (the trust records, a question) and the token itself are the
 * hosts' part: send/tokenChoice.ts, and VS Code's secret storage keyed by workspace and origin.
 */
import { DEFAULT_TOKEN_VARIABLE } from '../environment';
import { originOf } from './rateLimits';

/** Where the base URL came from (`embedded`: there is none). */
export type BaseUrlFrom = 'typed' | 'workspace-settings' | 'environment' | 'embedded';

export interface SendTargetInput {
  /** A base URL the user typed. */
  typedBaseUrl?: string | null;
  /** A base URL from the workspace's settings. */
  workspaceBaseUrl?: string | null;
  /** The environment of graphreq.env.json in use (empty: `$shared` only). */
  environment?: string | null;
  /**
   * The user chose that environment (`--env`, an explicit `--env-file`, the editor's picker, the user's
   * own settings; not GRAPHREQ_ENV): its `accessTokenEnv` then also says which token goes to a base
   * URL typed by the user. It confirms nothing of the environment's own base URL.
   */
  environmentNamed: boolean;
  /**
   * The environment file is the user's own, not the repository's (the CLI's `--env-file` naming a
   * file outside every repository): its base URL counts as typed.
   */
  envFileIsUsers?: boolean;
  /** The environment's `baseUrl` and `accessTokenEnv` as graphreq.env.json gives them. */
  envBaseUrl?: string | null;
  accessTokenEnv?: string | null;
  /** False in a workspace the user has not trusted (VS Code's Restricted Mode). Default true. */
  workspaceTrusted?: boolean;
}

export interface SendTarget {
  /** The environment in use; undefined: `$shared` only. */
  environment?: string;
  /** Undefined: the embedded emulator. */
  baseUrl?: string;
  from: BaseUrlFrom;
  /** The origin (scheme, host, port) the token goes to; undefined for the embedded emulator. */
  origin?: string;
  /**
   * The repository chose the base URL (graphreq.env.json, a workspace's settings file; loopback
   * included, the environment named or not): the token goes there only for an (origin, token) pair
   * the user confirmed for this workspace.
   */
  needsConsent: boolean;
  /** The process variable a token comes from where tokens come from variables (the CLI, curl commands). */
  tokenVariable: string;
}

/** A setting's value, or undefined when it is not set (absent, null, empty or blank). */
export function settingValue(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function decideSendTarget(input: SendTargetInput): SendTarget {
  const repositoryMayChoose = input.workspaceTrusted !== false;
  const environment = settingValue(input.environment);
  const envTokenVariable = (repositoryMayChoose && settingValue(input.accessTokenEnv)) || undefined;
  const candidates: Array<[Exclude<BaseUrlFrom, 'embedded'>, string | undefined]> = [
    ['typed', settingValue(input.typedBaseUrl)],
    ['workspace-settings', repositoryMayChoose ? settingValue(input.workspaceBaseUrl) : undefined],
    // The user's own environment file (outside every repository): its base URL is as good as typed.
    [input.envFileIsUsers ? 'typed' : 'environment', repositoryMayChoose ? settingValue(input.envBaseUrl) : undefined],
  ];
  const chosen = candidates.find(([, url]) => url !== undefined);
  if (!chosen) return { environment, from: 'embedded', needsConsent: false, tokenVariable: envTokenVariable ?? DEFAULT_TOKEN_VARIABLE };
  const [from, baseUrl] = chosen as [Exclude<BaseUrlFrom, 'embedded'>, string];
  // The environment's accessTokenEnv says which token goes to *its* base URL. Sent elsewhere (a base URL
  // typed by the user, or a settings file's) with an environment the user did not name, it would let
  // the repository pick which of the user's tokens goes to that address (GRAPHREQ_PROD_TOKEN to the
  // staging host typed with --base-url): the default variable is read instead.
  const tokenVariable = (envTokenVariable && (from === 'environment' || input.environmentNamed || input.envFileIsUsers) ? envTokenVariable : undefined) ?? DEFAULT_TOKEN_VARIABLE;
  return { environment, baseUrl, from, origin: originOf({ baseUrl }), needsConsent: from !== 'typed', tokenVariable };
}

/** The address a target names, for status bars, logs and views: the base URL, or the embedded emulator. */
export function targetAddress(target: Pick<SendTarget, 'baseUrl'>): string {
  return target.baseUrl ?? 'the embedded emulator';
}
