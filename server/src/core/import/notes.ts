/** What an import could not carry over, and the words it uses for a dropped token (never the token itself). */
export interface ImportResult {
  /** The `.graphreq` text. */
  text: string;
  /** One line each: what was dropped or changed, for stderr. */
  notes: string[];
}

/**
 * Parameter names whose values are credentials, never copied into a file: the access token, and
 * any other name that says it holds a token, a secret, a password or a proof of one (an app secret,
 * a token to exchange or to inspect, `appsecret_proof`: the token signed with the app secret, which
 * with the token it goes with proves the app). Told by the name's form, as people name credentials,
 * not by a list of the API's names.
 */
export const TOKEN_PARAMETER = /(^|_)(token|secret|proof|password)$/i;
/** The parameter graphreq itself sends: the token it adds, so the advice is where to keep it. */
const ACCESS_TOKEN = /^access_token$/i;
export const SECRET_HEADER = /^(authorization|cookie|proxy-authorization|x-access-token)$/i;

export const STORE_TOKEN_ADVICE = "store the token in graphreq.env.json's accessTokenEnv variable or the editor's secret storage (docs/sending.md)";
/** For another credential: graphreq adds only the access token, so the value is the user's to give. */
export const OTHER_SECRET_ADVICE = 'a request file never holds a credential: give its value where you send it from (docs/import.md, "Tokens")';

/** What to say where a parameter named `name` was dropped. */
export function adviceFor(name: string): string {
  return ACCESS_TOKEN.test(name) ? STORE_TOKEN_ADVICE : OTHER_SECRET_ADVICE;
}

/** The comment a converted request carries where a token was dropped. */
export function tokenComment(what: string, advice = STORE_TOKEN_ADVICE): string {
  return `# ${what} dropped by the import: ${advice}`;
}
