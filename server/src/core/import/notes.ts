/** What an import could not carry over, and the words it uses for a dropped token (never the token itself). */
export interface ImportResult {
  /** The `.graphreq` text. */
  text: string;
  /** One line each: what was dropped or changed, for stderr. */
  notes: string[];
}

/** Names whose values are credentials: never copied into a file. */
export const TOKEN_PARAMETER = /^access_token$/i;
export const SECRET_HEADER = /^(authorization|cookie|proxy-authorization|x-access-token)$/i;

export const STORE_TOKEN_ADVICE = "store the token in graphreq.env.json's accessTokenEnv variable or the editor's secret storage (docs/sending.md)";

/** The comment a converted request carries where a token was dropped. */
export function tokenComment(what: string): string {
  return `# ${what} dropped by the import: ${STORE_TOKEN_ADVICE}`;
}
