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

import { randomBytes } from 'node:crypto';

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

/**
 * A colour is written as a mark, not as its escape sequence: NUL, a key drawn once per process, the
 * SGR number, NUL. `visibleText` turns marks into colour codes and shows every other control
 * character as an escape, so text from a file or a service that holds `\u001b[31m` (or a NUL) is
 * shown, never taken for graphreq's own colours: it cannot hold the key, which is never written out.
 */
const MARK_KEY = randomBytes(6).toString('hex');
const mark = (code: number): string => `\u0000${MARK_KEY}${code}\u0000`;
const MARK_RE = new RegExp(`\u0000${MARK_KEY}(\\d{1,2})\u0000`, 'g');

export function createStyle(enabled: boolean): Style {
  const wrap =
    ([open, close]: readonly [number, number]) =>
    (s: string): string =>
      enabled && s !== '' ? `${mark(open)}${s}${mark(close)}` : s;
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

/** Removes colours (for measuring a line's width on the terminal). */
export function stripColour(s: string): string {
  return s.replace(MARK_RE, '');
}

/**
 * Control characters (C0 but tab and line feed, a carriage return not before a line feed, DEL, C1) and
 * bidirectional overrides, which a request file, a title or a service's answer may hold and which a
 * terminal would obey (a title change, a clipboard write, text hidden or reordered), as visible
 * `\u001b` escapes. The colours of `createStyle` (its marks) become colour codes when `colours` is
 * on and vanish when it is off; any escape sequence of the text itself, a colour code included, keeps
 * its text but loses its ESC, colours on or off. JSON output stays JSON with the same meaning: the only
 * such characters it can hold raw (C1, bidi) stand inside strings, where `\u0085` is their escape.
 */
export function visibleText(s: string, colours: boolean): string {
  return s.replace(VISIBLE_RE, (m, code: string | undefined) => {
    if (code !== undefined) return colours ? `\u001b[${code}m` : '';
    if (m === '\r\n') return m;
    return `\\u${m.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

const VISIBLE_RE = new RegExp(`${MARK_RE.source}|\\r\\n|[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]`, 'g');

/**
 * A file name as output shows it: its control characters, line breaks and tabs included, as escapes.
 * A name is one item of a line; a line feed in it (a file may be named so) would otherwise start a
 * line of its own that reads like graphreq's (`x.graphreq\n1 file checked: 0 errors`).
 */
export function shownFile(name: string): string {
  if (name !== lastName) {
    lastShown = name.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (m) => `\\u${m.charCodeAt(0).toString(16).padStart(4, '0')}`);
    lastName = name;
  }
  return lastShown;
}

/** The last name shown, and as what: `check` shows a file's name on each of its findings' lines (19,000 of them). */
let lastName: string | undefined;
let lastShown = '';
