/**
 * The secrets of a request file and its environment, resolved. A send redacts them in everything it
 * shows and writes (send/sendSession.ts), the checker keeps them out of its findings
 * (core/features/validation.ts), and hover, inlay hints and completion mask them
 * (core/features/secretMask.ts).
 *
 * A secret: a variable of graphreq.env.json or of the file whose name or value says so
 * (redact.ts `secretValuesOf`), resolved (`@auth = Bearer {{$dotenv GRAPHREQ_VAR_SESSION}}` is the
 * text sent); and what `$processEnv` and `$dotenv` read: for redaction every value (the user allowed
 * it to be read, often to pass a secret), for the editor's display only those secret by name, by
 * shape or as the token's variable (`GRAPHREQ_VAR_BUDGET` = 2000 is worth seeing while writing).
 */
import { resolveText, type FileContext } from '../analysis/fileContext';
import { DEFAULT_TOKEN_VARIABLE, type EnvironmentSettings } from '../environment';
import type { Environment } from '../types';
import { secretValuesOf, secretVariableValues } from './redact';

/** The process variable the token is read from in this environment: its `accessTokenEnv`, else GRAPHREQ_ACCESS_TOKEN. */
export function tokenVariableOf(env: Environment): string {
  return (env as EnvironmentSettings).accessTokenEnv || DEFAULT_TOKEN_VARIABLE;
}

/** `everyReadValue`: every value `$processEnv` and `$dotenv` read is a secret (redaction), else only those that say so (display). */
export function fileSecrets(ctx: FileContext, everyReadValue: boolean): string[] {
  const env = ctx.env;
  const token = tokenVariableOf(env);
  const read = everyReadValue
    ? secretVariableValues([env.processEnv, env.dotenv])
    : [...secretValuesOf(Object.entries(env.processEnv ?? {}), token), ...secretValuesOf(Object.entries(env.dotenv ?? {}), token)];
  const written = [...secretValuesOf(Object.entries(env.variables)), ...secretValuesOf([...ctx.variables].map(([name, v]) => [name, v.value]))];
  return [...read, ...written.map((v) => resolveText(v, ctx).text)];
}

/**
 * The secrets of an environment alone, before any file is read (the list the embedded emulator is
 * told, redact.ts `redactHeaderValue`): every value `$processEnv` and `$dotenv` read, and
 * graphreq.env.json's secret variables as written.
 */
export function environmentSecrets(env: Environment): string[] {
  return [...secretVariableValues([env.processEnv, env.dotenv]), ...secretValuesOf(Object.entries(env.variables ?? {}))];
}
