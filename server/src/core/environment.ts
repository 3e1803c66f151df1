/**
 * graphreq.env.json: a `$shared` section and one section per environment. Reserved keys configure
 * graphreq; every other key is a variable for `{{name}}`. Access tokens never go in this file.
 *
 *   { "$shared": { "version": "v23.0", "account": "1234567890" },
 *     "local":   { "baseUrl": "http://127.0.0.1:8990" },
 *     "prod":    { "baseUrl": "https://graph.example.com", "accessTokenEnv": "GRAPHREQ_PROD_TOKEN",
 *                  "default_dsa_payor": "Acme Ltd", "default_dsa_beneficiary": "Acme Ltd" } }
 *
 * The file is data from the repository, not the user's choice: its `baseUrl` and `accessTokenEnv`
 * are obeyed only within limits (docs/sending.md, "Where the token goes"). `accessTokenEnv` may name
 * only a variable made for graphreq (TOKEN_VARIABLE_PATTERN) or one the user allowed outside the
 * repository, so that a planted file cannot send `GITHUB_TOKEN` or any other secret of the shell.
 */
import { own } from './own';
import type { Environment } from './types';
import type { JsonSchema } from './model/schemaTypes';
import envSchema from '../../../schemas/graphreq.env.schema.json';

type SettingType = 'string' | 'number' | 'object';

/**
 * The range of a whole-number setting, as the schema bounds it (`timeoutMs`: 1 to 2147483647). Out
 * of it the setting is left out as a mistyped one is: a timeout of -5 or 10^12 ms failed every send
 * at once, "no answer … within -5 ms" (a timer past 2^31 - 1 ms fires after 1 ms in Node and browsers).
 */
const SETTING_RANGES: Record<string, { minimum?: number; maximum?: number }> = {};

/**
 * The settings of a section and the JSON type each takes, as schemas/graphreq.env.schema.json types
 * them (an integer is read as any number; the keys it forbids, `access_token` and the like, type none).
 */
const SETTING_TYPES: Record<string, SettingType> = (() => {
  const { definitions } = envSchema as JsonSchema;
  const out: Record<string, SettingType> = {};
  for (const [key, prop] of Object.entries((definitions!.section as JsonSchema).properties!)) {
    const ref = typeof prop.$ref === 'string' ? definitions![prop.$ref.replace('#/definitions/', '')] : undefined;
    const type = prop.type ?? ref?.type;
    if (type === 'string' || type === 'object') out[key] = type;
    else if (type === 'integer' || type === 'number') out[key] = 'number';
    if (type === 'integer') SETTING_RANGES[key] = { minimum: prop.minimum, maximum: prop.maximum };
  }
  return out;
})();

const RESERVED = new Set(Object.keys(SETTING_TYPES));

/** Whether `value` has the JSON type of setting `key` (a list or null is no object). */
function ofType(key: string, value: unknown): boolean {
  const want = own(SETTING_TYPES, key);
  if (want === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
  return typeof value === want && (typeof value !== 'number' || inRange(key, value));
}

function inRange(key: string, value: number): boolean {
  const range = own(SETTING_RANGES, key);
  return !range || (Number.isInteger(value) && (range.minimum === undefined || value >= range.minimum) && (range.maximum === undefined || value <= range.maximum));
}

/** The longest timeout graphreq takes: the longest timer Node and browsers keep (2^31 - 1 ms, about 24 days). */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** A timeout given elsewhere than graphreq.env.json (an editor's setting or command argument), when usable as timeoutMs. */
export function usableTimeout(value: unknown): number | undefined {
  return typeof value === 'number' && inRange('timeoutMs', value) ? value : undefined;
}

/** What a whole-number setting must be, in words (`a whole number from 1 to 2147483647`). */
function rangeWords(key: string): string {
  const range = own(SETTING_RANGES, key)!;
  if (range.minimum !== undefined && range.maximum !== undefined) return `a whole number from ${range.minimum} to ${range.maximum}`;
  return range.minimum !== undefined ? `a whole number from ${range.minimum}` : range.maximum !== undefined ? `a whole number up to ${range.maximum}` : 'a whole number';
}

export interface EnvironmentFile {
  names: string[];
  sections: Record<string, Record<string, unknown>>;
}

/** Reads the parsed JSON of graphreq.env.json; throws a one-line Error for a malformed file. */
export function readEnvironmentFile(json: unknown): EnvironmentFile {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Error('graphreq.env.json must hold an object of environments');
  // Without a prototype: a section named `__proto__` is a section (it became the object's prototype,
  // and `--env constructor` found Object), and only the file's own names are environments.
  const sections: Record<string, Record<string, unknown>> = Object.create(null);
  for (const [name, value] of Object.entries(json as Record<string, unknown>)) {
    if (name.startsWith('$schema')) continue;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`graphreq.env.json: "${name}" must be an object`);
    sections[name] = value as Record<string, unknown>;
  }
  return { names: Object.keys(sections).filter((n) => n !== '$shared'), sections };
}

export interface EnvironmentSettings extends Environment {
  baseUrl?: string;
  /** Name of the process environment variable holding this environment's token (CLI). */
  accessTokenEnv?: string;
  timeoutMs?: number;
  /** graphreq.env.json's `context`: calls an hour and time to live of the environment's account context. */
  contextLimits?: { callsPerHour?: number; ttlMinutes?: number };
}

/** `$shared` merged with one environment (the environment's keys win). */
export function resolveEnvironment(file: EnvironmentFile | undefined, name: string | undefined): EnvironmentSettings {
  // Copied member by member into an object without a prototype: Object.assign of a section holding
  // `"__proto__": {"baseUrl": …}` made that member merged's prototype, so its baseUrl applied while
  // misTypedSettings said the member was ignored.
  const merged: Record<string, unknown> = Object.create(null);
  const shared = file ? own(file.sections, '$shared') : undefined;
  for (const [k, v] of Object.entries(shared ?? {})) merged[k] = v;
  if (name) {
    const section = file ? own(file.sections, name) : undefined;
    if (!section) throw new Error(`no environment "${name}" in graphreq.env.json${file ? ` (it has: ${file.names.join(', ') || 'none'})` : ''}`);
    for (const [k, v] of Object.entries(section)) merged[k] = v;
  }
  const variables: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(merged)) {
    if (RESERVED.has(k) || k.startsWith('$')) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') variables[k] = String(v);
  }
  // A setting of another type than the schema's is left out (misTypedSettings says which).
  const setting = <T>(k: string): T | undefined => (ofType(k, merged[k]) ? (merged[k] as T) : undefined);
  const str = (k: string): string | undefined => setting<string>(k);
  const currency = str('currency');
  return {
    name,
    variables,
    baseUrl: str('baseUrl'),
    defaultVersion: str('defaultVersion'),
    latestVersion: str('latestVersion'),
    releases: ofType('releases', merged.releases) && isStringMap(merged.releases) ? merged.releases : undefined,
    defaultDsaPayor: str('default_dsa_payor'),
    defaultDsaBeneficiary: str('default_dsa_beneficiary'),
    accounts: setting<Environment['accounts']>('accounts'),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    limits: setting<Environment['limits']>('limits'),
    contextLimits: setting<EnvironmentSettings['contextLimits']>('context'),
    accessTokenEnv: str('accessTokenEnv'),
    timeoutMs: setting<number>('timeoutMs'),
  };
}

/**
 * The settings of the sections `resolveEnvironment` merges (`$shared`, then `name`) that are not of
 * their JSON type, each as one line (`` `timeoutMs` of "$shared" is ignored: it must be a number, not
 * a string ``): resolveEnvironment leaves them out, and the hosts say so rather than send to the
 * emulator without a word when `"baseUrl": 8990` was meant.
 */
export function misTypedSettings(file: EnvironmentFile, name: string | undefined): string[] {
  const out: string[] = [];
  for (const section of ['$shared', ...(name ? [name] : [])]) {
    for (const [key, value] of Object.entries(own(file.sections, section) ?? {})) {
      const want = own(SETTING_TYPES, key);
      if (!want || ofType(key, value)) continue;
      if (typeof value === 'number' && want === 'number') {
        out.push(`\`${key}\` of "${section}" is ignored: it must be ${rangeWords(key)}, not ${value}`);
        continue;
      }
      const got = value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
      out.push(`\`${key}\` of "${section}" is ignored: it must be ${want === 'object' ? 'an object' : `a ${want}`}, not ${got}`);
    }
  }
  return out;
}

/** Whether a key of an environment section is a variable for `{{name}}` (not a setting of graphreq). */
export function isEnvironmentVariableKey(key: string): boolean {
  return !RESERVED.has(key) && !key.startsWith('$');
}

function isStringMap(v: unknown): v is Record<string, string> {
  return typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string');
}

/** The variable the token is read from when the environment names none. */
export const DEFAULT_TOKEN_VARIABLE = 'GRAPHREQ_ACCESS_TOKEN';

/**
 * Variables `accessTokenEnv` may name without being allowed explicitly: `GRAPHREQ_` followed by
 * anything ending in `TOKEN` (`GRAPHREQ_ACCESS_TOKEN`, `GRAPHREQ_PROD_TOKEN`). Only the user names
 * variables like that, for graphreq; `*_ACCESS_TOKEN` alone would also match other services' secrets.
 */
export const TOKEN_VARIABLE_PATTERN = /^GRAPHREQ_[A-Z0-9_]*TOKEN$/;

/**
 * Variables `{{$processEnv NAME}}` and `{{$dotenv NAME}}` may read without being allowed explicitly:
 * `GRAPHREQ_VAR_` followed by a name. A request file is data of the repository; without this rule
 * it could put any variable of the user's shell (`AWS_SECRET_ACCESS_KEY`) in a request.
 */
export const READABLE_VARIABLE_PATTERN = /^GRAPHREQ_VAR_[A-Za-z0-9_]+$/;

/**
 * Why `$processEnv` / `$dotenv` may not read `name` (null when they may; the sentence goes on from
 * their name: "$dotenv may not read ..."): the same rule as
 * `accessTokenEnv`'s, with its own pattern: READABLE_VARIABLE_PATTERN, or a name in `allowed` (the
 * user's own list, outside the repository: GRAPHREQ_TOKEN_VARIABLES).
 */
export function readableVariableProblem(name: string, allowed: readonly string[] = []): string | null {
  if (READABLE_VARIABLE_PATTERN.test(name) || allowed.includes(name)) return null;
  return `may not read ${name}: name it GRAPHREQ_VAR_${name.replace(/^GRAPHREQ_(VAR_)?/, '')}, or list it in GRAPHREQ_TOKEN_VARIABLES`;
}

/**
 * Why `accessTokenEnv` may not name `name` (null when it may): it must follow TOKEN_VARIABLE_PATTERN
 * or be in `allowed` (the user's own list, kept outside the repository: GRAPHREQ_TOKEN_VARIABLES).
 */
export function tokenVariableProblem(name: string, allowed: readonly string[] = []): string | null {
  if (TOKEN_VARIABLE_PATTERN.test(name) || allowed.includes(name)) return null;
  const shown = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) ? name : JSON.stringify(name.slice(0, 64));
  return `accessTokenEnv names ${shown}, which is not a graphreq token variable: name a variable GRAPHREQ_<NAME>_TOKEN, or allow it with GRAPHREQ_TOKEN_VARIABLES=${/^\w+$/.test(name) ? name : 'NAME'}`;
}
