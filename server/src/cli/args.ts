/**
 * Option parsing for every subcommand: Node's `parseArgs`, with its errors turned into one line a
 * person can act on ("unknown option --bogsu (did you mean --bail?); see graphreq send --help")
 * instead of Node's parser message.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest } from '../core/rules/suggest';
import { UsageError } from './files';

export function parseCommandArgs<T extends ParseArgsConfig>(command: string, config: T): ReturnType<typeof parseArgs<T>> {
  const options = config.options ?? {};
  const withAlias = Object.hasOwn(options, 'env-file') ? { ...config, options: { ...options, [ENV_JSON]: { type: 'string' as const } } } : config;
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(withAlias) as ReturnType<typeof parseArgs<T>>;
  } catch (e) {
    throw new UsageError(describeParseError(command, e as Error & { code?: string }, withAlias));
  }
  if (withAlias !== config) takeEnvJson(parsed.values as Record<string, unknown>);
  return parsed;
}

/**
 * `--env-json FILE` names graphreq.env.json as `--env-file FILE` does, where Node cannot read it:
 * Node reads `--env-file` wherever it stands on its command line, after the script too
 * (nodejs/node#54232), as a `.env` file, before graphreq starts, and applies a `NODE_OPTIONS` line
 * of it (`--require ./x.js` runs that code). The commands read it as `values['env-file']`.
 */
const ENV_JSON = 'env-json';

function takeEnvJson(values: Record<string, unknown>): void {
  if (values[ENV_JSON] === undefined) return;
  if (values['env-file'] !== undefined) throw new UsageError('--env-json and --env-file name the same file: give one');
  values['env-file'] = values[ENV_JSON];
  delete values[ENV_JSON];
}

/**
 * The line for a command line holding `--env-file`: Node has read the file as a `.env` file before
 * graphreq ran (and stopped with its own line, exit code 9, when it does not exist).
 */
export function nodeReadEnvFileNote(command: string, argv: readonly string[]): string | undefined {
  if (!argv.some((a) => a === '--env-file' || a.startsWith('--env-file='))) return undefined;
  return `graphreq ${command}: Node reads --env-file itself, before graphreq starts, as a .env file (a NODE_OPTIONS line in it runs code): name graphreq.env.json with --env-json FILE\n`;
}

/** "did you mean" for a name the user typed, among the names a command knows. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const near = closest(input, candidates);
  return near ? ` (did you mean ${near}?)` : '';
}

function describeParseError(command: string, e: Error & { code?: string }, config: ParseArgsConfig): string {
  const help = `see graphreq ${command} --help`;
  const quoted = /'([^']+)'/.exec(e.message)?.[1] ?? '';
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const names = Object.entries(config.options ?? {}).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
      const typed = quoted.split('=')[0];
      return `unknown option ${typed}${didYouMean(typed, names)}; ${help}`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const option = quoted.split(' ')[0];
      if (/does not take an argument/.test(e.message)) return `${option} takes no value; ${help}`;
      // `--timeout -5`: parseArgs will not take a value that starts with a dash unless it is joined with `=`.
      if (/argument is ambiguous/.test(e.message)) return `${option} needs a value; a value that starts with "-" is written ${option}=VALUE; ${help}`;
      return `${option} needs a value; ${help}`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted}": graphreq ${command} takes options only; ${help}`;
    default:
      return `${e.message.split('\n')[0]}; ${help}`;
  }
}
