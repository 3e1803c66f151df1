/**
 * Whether the token may go where core/send/sendTarget.ts sends, and which token, decided once for
 * the CLI and the language server by the rules of docs/sending.md ("Where the token goes"):
 *
 * 1. A base URL the user chose (typed, of an environment they named) is used as it is; one the
 *    repository chose (`needsConsent`, loopback included) only once the user confirmed, for this
 *    workspace, its origin together with the token that goes there (asked through `confirm`,
 *    remembered in the TrustStore): the variable's name, or the editor's own token. A commit that
 *    changes `accessTokenEnv` asks again, naming the new variable.
 * 2. The token is the client's (VS Code's secret storage) or comes from the process environment:
 *    the variable the environment names in `accessTokenEnv` (only a graphreq token variable or one
 *    the user allowed in GRAPHREQ_TOKEN_VARIABLES), else GRAPHREQ_ACCESS_TOKEN. A variable named by
 *    the environment but not set is an error, never a reason to send GRAPHREQ_ACCESS_TOKEN instead.
 * 3. Plain http only to loopback (tokenTransportProblem).
 */
import { originOf, tokenTransportProblem, type SendTarget } from '../core/send';
import { tokenVariableProblem } from '../core';
import { tokenWords, type TrustedToken, type TrustRecords } from './trustRecords';

export interface TokenChoiceInput {
  /** Where the send goes, as core/send/sendTarget.ts decided it (the same decision in every front end). */
  target: SendTarget;
  /** The workspace root, for the trust records. */
  root: string;
  trust: TrustRecords;
  /** The token the client gave (VS Code's secret storage); without one, the token comes from `processEnv`. */
  clientToken?: string;
  processEnv: Record<string, string | undefined>;
  /** Asks the user whether `token` (a variable's value, or the editor's token) may go to `origin`; true is remembered for the workspace. */
  confirm: (origin: string, token: TrustedToken) => Promise<boolean>;
  /** How this front end names an environment and confirms an origin, for the messages. */
  hints: { name: string; confirm: string };
}

export type { TrustRecords } from './trustRecords';

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
  | {
      ok: false;
      kind: 'untrusted' | 'no-token' | 'insecure' | 'token-variable';
      message: string;
      origin?: string;
      from?: 'environment' | 'workspace-settings';
      /** With `origin`: the variable whose value would go there (none: the editor's token), which a confirmation names. */
      tokenVariable?: string;
    };

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
  const origin = target.origin ?? originOf({ baseUrl });
  // What goes there: the editor's token was given for this origin (editorTarget.ts checks `tokenFor`); a variable's value was not.
  const sent: TrustedToken = input.clientToken !== undefined ? { editor: true } : { variable: tokenEnvName };
  if (target.needsConsent && !input.trust.trusts(input.root, origin, sent)) {
    if (!(await input.confirm(origin, sent))) {
      const source = target.from === 'workspace-settings' ? "the workspace's settings send" : 'graphreq.env.json of the workspace sends';
      // The origin confirmed with another token: say so, as the user may wonder why they are asked again.
      const others = input.trust.records(input.root).filter((r) => r.origin === origin).map((r) => tokenWords(r.token, "the editor's token"));
      const before = others.length ? `, where you confirmed ${others.join(' and ')} only` : ', which you have not chosen';
      return {
        ok: false,
        kind: 'untrusted',
        origin,
        from: target.from === 'workspace-settings' ? 'workspace-settings' : 'environment',
        ...('variable' in sent ? { tokenVariable: sent.variable } : {}),
        message: `${source} ${tokenWords(sent)} to ${origin}${before}; ${input.hints.name}, or ${input.hints.confirm}`,
      };
    }
    try {
      input.trust.trust(input.root, origin, sent);
    } catch (e) {
      // The user confirmed this send; only remembering it failed (no writable configuration folder): send, and say so.
      note = `${origin} is trusted for this send only: the choice could not be saved in ${input.trust.file} (${(e as NodeJS.ErrnoException).code ?? 'error'}); set GRAPHREQ_CONFIG_DIR to a folder you can write to keep it`;
    }
  }
  if (!token) {
    const where = input.clientToken === undefined ? `set ${tokenEnvName}` : 'set one';
    return { ok: false, kind: 'no-token', message: `no access token for ${origin}: ${where} (REQ-TOKEN-REQUIRED)` };
  }
  return { ok: true, baseUrl, token, tokenEnvName, ...(note ? { note } : {}) };
}

/** GRAPHREQ_TOKEN_VARIABLES: the variables the user allows `accessTokenEnv` to name, comma- or space-separated. */
export function allowedVariables(processEnv: Record<string, string | undefined>): string[] {
  return (processEnv.GRAPHREQ_TOKEN_VARIABLES ?? '').split(/[\s,]+/).filter((v) => v !== '');
}
