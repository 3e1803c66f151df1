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

/** The colour codes this module writes, and nothing else: the only escape sequences output may carry. */
const ownCodes = new Set<string>(Object.values(codes).flatMap(([open, close]) => [`\u001b[${open}m`, `\u001b[${close}m`]));

/**
 * Control characters (C0 but tab and line feed, a carriage return not before a line feed, DEL, C1) and
 * bidirectional overrides, which a request file, a title or a service's answer may hold and which a
 * terminal would obey (a title change, a clipboard write, text hidden or reordered), as visible
 * `\u001b` escapes. The colour codes of `createStyle` are kept when `colours` is on; another escape
 * sequence keeps its text but loses its ESC. JSON output stays JSON with the same meaning: the only
 * such characters it can hold raw (C1, bidi) stand inside strings, where `\u0085` is their escape.
 */
export function visibleText(s: string, colours: boolean): string {
  return s.replace(/\r\n|\u001b\[\d{1,2}m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (m) => {
    if (m === '\r\n' || (colours && ownCodes.has(m))) return m;
    return `\\u${m.charCodeAt(0).toString(16).padStart(4, '0')}${m.slice(1)}`;
  });
}
