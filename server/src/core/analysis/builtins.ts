/**
 * Built-in variables: `{{$guid}}`, `{{$timestamp}}`, `{{$isoTimestamp}}`, `{{$randomInt MIN MAX}}`,
 * `{{$processEnv NAME}}` and `{{$dotenv NAME}}`, as REST Client and httpYac write them. One module
 * reads them for check, completion, hover and send, so that all four give them one meaning.
 *
 * The core stays pure: the values of `$processEnv` and `$dotenv` come from the host in the
 * environment (`Environment.processEnv`, `Environment.dotenv`), and the values decided at send time
 * (`$guid`, the timestamps, `$randomInt`) come from a `BuiltinRuntime` the sender passes in. The
 * checker has no runtime: those values stay opaque (decided at send time, not checked).
 */
import { readableVariableProblem } from '../environment';
import { own } from '../own';
import { closest } from '../rules/suggest';
import type { Environment } from '../types';

export type BuiltinName = 'guid' | 'timestamp' | 'isoTimestamp' | 'randomInt' | 'processEnv' | 'dotenv';

export interface BuiltinSpec {
  /** How it is written, arguments included. */
  usage: string;
  /** What it gives, one or two sentences (completion and hover). */
  doc: string;
}

export const BUILTINS: Record<BuiltinName, BuiltinSpec> = {
  guid: { usage: '$guid', doc: 'A new random UUID (version 4) each time the request is sent.' },
  timestamp: {
    usage: '$timestamp [OFFSET UNIT]',
    doc: 'Seconds since 1970-01-01 UTC when the request is sent. An offset moves it: `{{$timestamp 7 d}}` is a week later (units `y`, `M`, `w`, `d`, `h`, `m`, `s`, `ms`).',
  },
  isoTimestamp: {
    usage: '$isoTimestamp [OFFSET UNIT]',
    doc: 'The send time in ISO 8601, UTC (`2026-01-31T12:00:00.000Z`), with the same offsets as `$timestamp`.',
  },
  randomInt: { usage: '$randomInt MIN MAX', doc: 'A random integer from MIN (included) to MAX (excluded), drawn each time the request is sent.' },
  processEnv: { usage: '$processEnv NAME', doc: 'The value of the environment variable NAME of the process that checks and sends (the shell of `graphreq`, or the editor that started the language server).' },
  dotenv: { usage: '$dotenv NAME', doc: 'The value of NAME in the `.env` file of the request file\'s folder, or of the nearest folder above it within the project.' },
};

/** Names other tools use for what graphreq writes another way: "did you mean" goes to graphreq's name. */
const OTHER_SPELLINGS: Record<string, BuiltinName> = {
  uuid: 'guid',
  datetime: 'isoTimestamp',
  localDatetime: 'isoTimestamp',
  'random.integer': 'randomInt',
  randomint: 'randomInt',
  env: 'processEnv',
};

export interface BuiltinCall {
  name: BuiltinName;
  args: string[];
  /** The expression as written, without the braces. */
  text: string;
}

export type BuiltinParse = { ok: true; call: BuiltinCall } | { ok: false; message: string; detail?: string; suggestion?: string };


const UNITS: Record<string, number> = { y: 365 * 86_400_000, M: 30 * 86_400_000, w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
const INT_RE = /^[+-]?\d+$/;
const NAME_RE = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Reads `$name args...` (the expression inside `{{ }}`). Never throws. */
export function parseBuiltin(expr: string): BuiltinParse {
  const words = expr.trim().slice(1).split(/\s+/).filter((w) => w !== '');
  const name = words[0] ?? '';
  const args = words.slice(1);
  const text = expr.trim();
  if (!(name in BUILTINS)) {
    const other = own(OTHER_SPELLINGS, name);
    const suggestion = other ?? closest(name, Object.keys(BUILTINS));
    const fix = suggestion ? BUILTINS[suggestion as BuiltinName].usage.split(' ')[0] : undefined;
    return {
      ok: false,
      message: `\`{{${text}}}\` is not a built-in variable of graphreq: ${fix ? `did you mean \`{{${fix}}}\`?` : 'use one of its built-ins (hover lists them).'}`,
      detail: `The built-in variables of graphreq: ${Object.values(BUILTINS).map((b) => `\`{{${b.usage}}}\``).join(', ')}.`,
      suggestion: fix,
    };
  }
  const builtin = name as BuiltinName;
  const usage = `\`{{${BUILTINS[builtin].usage}}}\``;
  const wrong = (why: string): BuiltinParse => ({ ok: false, message: `\`{{${text}}}\`: ${why}; write ${usage}.` });
  switch (builtin) {
    case 'guid':
      if (args.length) return wrong('takes no arguments');
      break;
    case 'timestamp':
    case 'isoTimestamp':
      if (args.length === 0) break;
      if (args.length !== 2 || !INT_RE.test(args[0]) || !(args[1] in UNITS)) return wrong('the offset is a whole number and a unit (y, M, w, d, h, m, s or ms)');
      break;
    case 'randomInt':
      if (args.length !== 2 || !INT_RE.test(args[0]) || !INT_RE.test(args[1])) return wrong('it takes two whole numbers');
      if (Number(args[0]) >= Number(args[1])) return wrong('MIN must be below MAX (MAX itself is never drawn)');
      break;
    case 'processEnv':
    case 'dotenv':
      if (args.length !== 1 || !NAME_RE.test(args[0])) return wrong('it takes one variable name');
      break;
  }
  return { ok: true, call: { name: builtin, args, text } };
}

/** What the sender supplies for the values decided at send time. */
export interface BuiltinRuntime {
  /** The send time, in milliseconds since 1970. */
  now: number;
  /** Uniform in [0, 1). */
  random(): number;
  /** A new version 4 UUID. */
  uuid(): string;
}

export type BuiltinValue =
  /** Known now. */
  | { kind: 'value'; value: string }
  /** Decided at send time (no runtime given: the checker). */
  | { kind: 'later' }
  /** Cannot be given a value: the request cannot be sent as written (`notAllowed`: the name may never be read). */
  | { kind: 'missing'; message: string; notAllowed?: boolean };

/** `$processEnv` and `$dotenv` read only the variables the user allows (environment.ts, readableVariableProblem). */
function refusedName(call: BuiltinCall, env: Environment): BuiltinValue | undefined {
  const problem = readableVariableProblem(call.args[0], env.readableVariables);
  return problem ? { kind: 'missing', notAllowed: true, message: `\`$${call.name}\` ${problem}.` } : undefined;
}

/**
 * The value of a built-in. `$processEnv` and `$dotenv` read what the host put in the environment;
 * when the host gave nothing at all (a bare core caller), they are decided later like the others.
 */
export function builtinValue(call: BuiltinCall, env: Environment, runtime?: BuiltinRuntime): BuiltinValue {
  switch (call.name) {
    case 'processEnv': {
      if (!env.processEnv) return { kind: 'later' };
      const refused = refusedName(call, env);
      if (refused) return refused;
      const v = own(env.processEnv, call.args[0]);
      return v !== undefined ? { kind: 'value', value: v } : { kind: 'missing', message: `\`{{${call.text}}}\`: the environment variable ${call.args[0]} is not set where graphreq runs; set it, or use a file variable.` };
    }
    case 'dotenv': {
      if (!env.dotenv) return { kind: 'later' };
      const refused = refusedName(call, env);
      if (refused) return refused;
      const v = own(env.dotenv, call.args[0]);
      if (v === undefined && env.dotenvRefused) return { kind: 'missing', message: `\`{{${call.text}}}\`: the .env file is not read: ${env.dotenvRefused}.` };
      return v !== undefined ? { kind: 'value', value: v } : { kind: 'missing', message: `\`{{${call.text}}}\`: ${call.args[0]} is not in the .env file of the request's folder or above it; add \`${call.args[0]}=...\` there.` };
    }
    default:
      break;
  }
  if (!runtime) return { kind: 'later' };
  switch (call.name) {
    case 'guid':
      return { kind: 'value', value: runtime.uuid() };
    case 'timestamp':
      return { kind: 'value', value: String(Math.floor(shifted(call, runtime.now) / 1000)) };
    case 'isoTimestamp':
      return { kind: 'value', value: new Date(shifted(call, runtime.now)).toISOString() };
    case 'randomInt': {
      const min = Number(call.args[0]);
      const max = Number(call.args[1]);
      return { kind: 'value', value: String(min + Math.floor(runtime.random() * (max - min))) };
    }
  }
}

/**
 * Resolves a `$` expression in one step: its value, `undefined` when it is decided at send time,
 * or a problem (malformed, or a name the host does not have).
 */
export function resolveBuiltin(expr: string, env: Environment, runtime?: BuiltinRuntime): BuiltinValue {
  const parsed = parseBuiltin(expr);
  if (!parsed.ok) return { kind: 'missing', message: parsed.message };
  return builtinValue(parsed.call, env, runtime);
}

function shifted(call: BuiltinCall, now: number): number {
  return call.args.length === 2 ? now + Number(call.args[0]) * UNITS[call.args[1]] : now;
}
