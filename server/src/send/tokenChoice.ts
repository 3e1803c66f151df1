/**
 * Whether the token may go where core/send/sendTarget.ts sends, and which token, decided once for
 * the CLI and the language server by the rules of docs/sending.md ("Where the token goes"):
 *
 * 1. A base URL the user typed is used as it is; one the repository gives (`needsConsent`: its
 *    graphreq.env.json or settings file, loopback included, the environment named or not) only once
 *    the user confirmed, for this workspace, its origin together with the token that goes there
 *    (asked through `confirm`, remembered in the TrustStore): the variable's name, or the editor's
 *    own token. Naming the environment selects it and confirms nothing, since a commit can change
 *    what the name resolves to: a commit that changes `baseUrl`, `accessTokenEnv` or the `$shared`
 *    base URL an environment inherits makes another pair, asked about again, and the question and
 *    the refusal say what the records hold instead (`changed`).
 * 2. The token is the client's (VS Code's secret storage) or comes from the process environment:
 *    the variable the environment names in `accessTokenEnv` (only a graphreq token variable or one
 *    the user allowed in GRAPHREQ_TOKEN_VARIABLES), else GRAPHREQ_ACCESS_TOKEN. A variable named by
 *    the environment but not set is an error, never a reason to send GRAPHREQ_ACCESS_TOKEN instead.
 * 3. Plain http only to loopback (tokenTransportProblem).
 */
import { originOf, tokenTransportProblem, type SendTarget } from '../core/send';
import { tokenVariableProblem } from '../core';
import { sameToken, tokenWords, type TrustedToken, type TrustRecord, type TrustRecords } from './trustRecords';

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
  confirm: (origin: string, token: TrustedToken, words: ConsentWords) => Promise<boolean>;
  /** How this front end confirms an (origin, token) pair, for the refusal. */
  hints: { confirm: string };
}

/** What a question and a refusal say of a pair not yet confirmed. */
export interface ConsentWords {
  /** Who sends: `environment prod of graphreq.env.json sends`, `the workspace's settings send`. */
  says: string;
  /** What the records hold instead, when they hold something near (the origin with another token, the token at another origin): `, where you confirmed GRAPHREQ_ACCESS_TOKEN only`. */
  changed?: string;
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
    const words: ConsentWords = {
      says: target.from === 'workspace-settings' ? "the workspace's settings send" : `${target.environment ? `environment ${target.environment} of ` : ''}graphreq.env.json sends`,
      changed: whatChanged(input.trust.records(input.root), origin, sent),
    };
    if (!(await input.confirm(origin, sent, words))) {
      return {
        ok: false,
        kind: 'untrusted',
        origin,
        from: target.from === 'workspace-settings' ? 'workspace-settings' : 'environment',
        ...('variable' in sent ? { tokenVariable: sent.variable } : {}),
        message: `${words.says} ${tokenWords(sent)} to ${origin}${words.changed ?? ', which you have not confirmed for this workspace'}; ${input.hints.confirm}`,
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

/**
 * What the workspace's records say near the pair asked about, so that the user hears why they are
 * asked again after a commit: the origin was confirmed with another token (`accessTokenEnv` changed),
 * or the token was confirmed for another origin (`baseUrl` changed). Undefined when neither.
 */
function whatChanged(records: readonly TrustRecord[], origin: string, sent: TrustedToken): string | undefined {
  const here = [...new Set(records.filter((r) => r.origin === origin).map((r) => tokenWords(r.token, "the editor's token")))];
  const elsewhere = [...new Set(records.filter((r) => r.origin !== origin && sameToken(r.token, sent)).map((r) => r.origin))];
  const there = elsewhere.length ? `${tokenWords(sent, "the editor's token")} for ${elsewhere.join(' and ')} only` : undefined;
  if (here.length) return `, where you confirmed ${here.join(' and ')} only${there ? ` (and ${there})` : ''}`;
  return there ? `, which you have not confirmed (you confirmed ${there})` : undefined;
}

/** GRAPHREQ_TOKEN_VARIABLES: the variables the user allows `accessTokenEnv` to name, comma- or space-separated. */
export function allowedVariables(processEnv: Record<string, string | undefined>): string[] {
  return (processEnv.GRAPHREQ_TOKEN_VARIABLES ?? '').split(/[\s,]+/).filter((v) => v !== '');
}
