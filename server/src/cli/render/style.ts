/**
 * Colours of the CLI, decided once per stream as clig.dev and no-color.org ask:
 *
 * - `--no-color` turns them off;
 * - `FORCE_COLOR` (any value but `0` or `false`) turns them on, even into a pipe or a file, and wins
 *   over `NO_COLOR`, as in Node itself (a CI log that renders colours sets it on purpose);
 * - `NO_COLOR` (any non-empty value) or `TERM=dumb` turns them off;
 * - otherwise a stream has colours only when it is a terminal.
 *
 * A Style with colours off returns every text unchanged, so renderers call it without checking.
 */

/** Where the decision reads from: the stream's terminal flag and the process environment. */
export interface ColourInputs {
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** `--no-color` was given. */
  noColorFlag?: boolean;
}

export function colourEnabled(i: ColourInputs): boolean {
  if (i.noColorFlag) return false;
  const force = i.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (i.env.NO_COLOR) return false;
  if (i.env.TERM === 'dumb') return false;
  return i.isTTY;
}

export interface Style {
  readonly enabled: boolean;
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

/** SGR codes: each colour closes with its own reset, so styles nest (`bold(red(x))`). */
const codes = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;

export function createStyle(enabled: boolean): Style {
  const wrap =
    ([open, close]: readonly [number, number]) =>
    (s: string): string =>
      enabled && s !== '' ? `\u001b[${open}m${s}\u001b[${close}m` : s;
  return {
    enabled,
    bold: wrap(codes.bold),
    dim: wrap(codes.dim),
    red: wrap(codes.red),
    green: wrap(codes.green),
    yellow: wrap(codes.yellow),
    cyan: wrap(codes.cyan),
  };
}

/** Removes colour codes (for measuring a line's width on the terminal). */
export function stripColour(s: string): string {
  return s.replace(/\u001b\[[0-9;]*m/g, '');
}
