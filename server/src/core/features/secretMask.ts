/**
 * What hover, inlay hints and completion show of a variable's value. Anyone who sees the screen sees
 * it (a shared screen, a recording, a pairing session), so a secret is masked, as REST Client,
 * httpYac and Postman mask theirs: only its length is shown (`•••• (secret, 40 characters)`).
 *
 * A value is a secret when its variable's name says so (`token`, `app_secret`, `api_key`,
 * `GRAPHREQ_VAR_SESSION`: core/send/redact.ts `isSecretName`), when it is the variable the token is
 * read from (the environment's `accessTokenEnv`, else GRAPHREQ_ACCESS_TOKEN), when it looks like a
 * token whatever its name (`looksLikeToken`: `EAAB...`, `Bearer ...`, a long random string), or when
 * it holds one of those, in any encoding: `@auth = Bearer {{$dotenv GRAPHREQ_VAR_SESSION}}` is masked
 * wherever `{{auth}}` is shown (the Redactor, which knows every spelling).
 */
import type { FileContext } from '../analysis/fileContext';
import { fileSecrets, tokenVariableOf } from '../send/fileSecrets';
import { Redactor, isSecretName, looksLikeToken } from '../send/redact';

export const MASK = '••••';

/** The secrets of a file's variables and of its environment (send/fileSecrets.ts): one Redactor per file context. */
const knownSecrets = new WeakMap<FileContext, Redactor>();

function secretsOf(file: FileContext): Redactor {
  let redactor = knownSecrets.get(file);
  if (!redactor) knownSecrets.set(file, (redactor = new Redactor(fileSecrets(file, false))));
  return redactor;
}

/** Whether the variable `name` (a file or environment variable, or what `$processEnv`/`$dotenv` read), whose value resolves to `value`, is a secret. */
export function isSecretValue(name: string, value: string, file: FileContext): boolean {
  return isSecretName(name) || name === tokenVariableOf(file.env) || looksLikeToken(value) || secretsOf(file).text(value) !== value;
}

/** A secret as it is shown: its length, never a character of it. */
export function maskedValue(value: string): string {
  return `${MASK} (secret, ${value.length} character${value.length === 1 ? '' : 's'})`;
}

/** `value` as hover and completion show it: itself, or masked when it is a secret. */
export function shownValue(name: string, value: string, file: FileContext): string {
  return isSecretValue(name, value, file) ? maskedValue(value) : value;
}
