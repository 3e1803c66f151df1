/**
 * Option parsing for every subcommand: Node's `parseArgs`, with its errors turned into one line a
 * person can act on ("unknown option --bogsu (did you mean --bail?); see graphreq send --help")
 * instead of Node's parser message.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest } from '../core/rules/suggest';
import { UsageError } from './files';

export function parseCommandArgs<T extends ParseArgsConfig>(command: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (e) {
    throw new UsageError(describeParseError(command, e as Error & { code?: string }, config));
  }
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
