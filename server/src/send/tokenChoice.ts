/**
 * Whether the token may go where core/send/sendTarget.ts sends, and which token, decided once for
 * the CLI and the language server by the rules of docs/sending.md ("Where the token goes"):
 *
 * 1. A base URL the user chose (typed, loopback, of an environment they named) is used as it is;
 *    one the repository chose (`needsConsent`) only once the user confirmed its origin for this
 *    workspace (asked through `confirm`, remembered in the TrustStore).
 * 2. The token is the client's (VS Code's secret storage) or comes from the process environment:
 *    the variable the environment names in `accessTokenEnv` (only a graphreq token variable or one
 *    the user allowed in GRAPHREQ_TOKEN_VARIABLES), else GRAPHREQ_ACCESS_TOKEN. A variable named by
 *    the environment but not set is an error, never a reason to send GRAPHREQ_ACCESS_TOKEN instead.
 * 3. Plain http only to loopback (tokenTransportProblem).
 */
import { baseUrlTrust, tokenTransportProblem, type SendTarget } from '../core/send';
import { tokenVariableProblem } from '../core';
import type { TrustStore } from '../files/trustStore';

export interface TokenChoiceInput {
  /** Where the send goes, as core/send/sendTarget.ts decided it (the same decision in every front end). */
  target: SendTarget;
  /** The workspace root, for the trust records. */
  root: string;
  trust: TrustRecords;
  /** The token the client gave (VS Code's secret storage); without one, the token comes from `processEnv`. */
  clientToken?: string;
  processEnv: Record<string, string | undefined>;
  /** Asks the user whether the token may go to `origin`; true is remembered for the workspace. */
  confirm: (origin: string) => Promise<boolean>;
  /** How this front end names an environment and confirms an origin, for the messages. */
  hints: { name: string; confirm: string };
}

/** The origins the user confirmed per workspace: files/trustStore.ts on the desktop, the worker's memory on the web. */
export type TrustRecords = Pick<TrustStore, 'origins' | 'trust' | 'file'>;

export type TokenChoice =
  | {
      ok: true;
      /** Undefined: the embedded emulator. */
      baseUrl?: string;
      /** Undefined: none set (the embedded emulator then takes its demo token). */
      token?: string;
      /** The variable the token comes from (and curl commands read). */
      tokenEnvName: string;
      /** Something the user should hear although the send goes on (a confirmation that could not be remembered). */
      note?: string;
    }
  | { ok: false; kind: 'untrusted' | 'no-token' | 'insecure' | 'token-variable'; message: string; origin?: string; from?: 'environment' | 'workspace-settings' };

export async function chooseToken(input: TokenChoiceInput): Promise<TokenChoice> {
  const { target } = input;
  const tokenEnvName = target.tokenVariable;
  if (input.clientToken === undefined) {
    const problem = tokenVariableProblem(tokenEnvName, allowedVariables(input.processEnv));
    if (problem) return { ok: false, kind: 'token-variable', message: `${problem} (graphreq.env.json)` };
  }
  const token = input.clientToken ?? (input.processEnv[tokenEnvName] || undefined);
  const baseUrl = target.baseUrl;
  if (!baseUrl) return { ok: true, token, tokenEnvName };

  const unsafe = tokenTransportProblem(baseUrl);
  if (unsafe) return { ok: false, kind: 'insecure', message: unsafe };
  let note: string | undefined;
  const trust = baseUrlTrust({ baseUrl, source: target.needsConsent ? 'workspace-file' : 'user', environmentNamed: false, trustedOrigins: input.trust.origins(input.root) });
  if (!trust.ok) {
    if (!(await input.confirm(trust.origin))) {
      return {
        ok: false,
        kind: 'untrusted',
        origin: trust.origin,
        from: target.from === 'workspace-settings' ? 'workspace-settings' : 'environment',
        message: `${target.from === 'workspace-settings' ? "the workspace's settings send" : 'graphreq.env.json of the workspace sends'} to ${trust.origin}, which you have not chosen; ${input.hints.name}, or ${input.hints.confirm}`,
      };
    }
    try {
      input.trust.trust(input.root, trust.origin);
    } catch (e) {
      // The user confirmed this send; only remembering it failed (no writable configuration folder): send, and say so.
      note = `${trust.origin} is trusted for this send only: the choice could not be saved in ${input.trust.file} (${(e as NodeJS.ErrnoException).code ?? 'error'}); set GRAPHREQ_CONFIG_DIR to a folder you can write to keep it`;
    }
  }
  if (!token) {
    const where = input.clientToken === undefined ? `set ${tokenEnvName}` : 'set one';
    return { ok: false, kind: 'no-token', message: `no access token for ${trust.origin}: ${where} (REQ-TOKEN-REQUIRED)` };
  }
  return { ok: true, baseUrl, token, tokenEnvName, ...(note ? { note } : {}) };
}

/** GRAPHREQ_TOKEN_VARIABLES: the variables the user allows `accessTokenEnv` to name, comma- or space-separated. */
export function allowedVariables(processEnv: Record<string, string | undefined>): string[] {
  return (processEnv.GRAPHREQ_TOKEN_VARIABLES ?? '').split(/[\s,]+/).filter((v) => v !== '');
}
