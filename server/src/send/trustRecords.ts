/**
 * What a confirmation of "where the token goes" covers (docs/sending.md): an origin together with
 * the token that goes there, a process variable's value or the token the editor holds for that
 * origin. Host-neutral (no Node module): the desktop keeps records in files/trustStore.ts, the web
 * worker in memory (`memoryTrust`), and send/tokenChoice.ts asks either.
 */

/** The token a confirmation covers: a process variable's value, or the token the editor holds for the origin. */
export type TrustedToken = { variable: string } | { editor: true };

export interface TrustRecord {
  origin: string;
  token: TrustedToken;
}

export function sameToken(a: TrustedToken, b: TrustedToken): boolean {
  return 'variable' in a ? 'variable' in b && a.variable === b.variable : !('variable' in b);
}

/** Whether `records` hold the confirmation of `token` to `origin`. */
export function recordsTrust(records: readonly TrustRecord[], origin: string, token: TrustedToken): boolean {
  return records.some((r) => r.origin === origin && sameToken(r.token, token));
}

/** The token in words, for questions and refusals: the variable's name, or the editor's token. */
export function tokenWords(token: TrustedToken, editor = 'your access token'): string {
  return 'variable' in token ? token.variable : editor;
}

/** What the user confirmed per workspace: files/trustStore.ts on the desktop, `memoryTrust` on the web. */
export interface TrustRecords {
  /** Where the records are kept, for a message when they cannot be written. */
  readonly file: string;
  records(root: string): TrustRecord[];
  trusts(root: string, origin: string, token: TrustedToken): boolean;
  trust(root: string, origin: string, token: TrustedToken): void;
}

/** Records kept for the process's life (the web worker has no configuration folder). */
export function memoryTrust(): TrustRecords {
  const byRoot = new Map<string, TrustRecord[]>();
  const records = (root: string): TrustRecord[] => byRoot.get(root) ?? [];
  return {
    file: "the editor's memory",
    records,
    trusts: (root, origin, token) => recordsTrust(records(root), origin, token),
    trust(root, origin, token) {
      if (!recordsTrust(records(root), origin, token)) byRoot.set(root, [...records(root), { origin, token }]);
    },
  };
}
