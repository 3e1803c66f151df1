/**
 * A document printer in the manner of Wadler's "prettier printer", as Prettier implements it
 * (`printDocToString` with its `fits` and `fill`): groups that print on one line when they fit in the
 * print width and break every line of theirs otherwise, indentation, soft and hard lines, fills
 * (as many items on a line as fit: lists of numbers) and line suffixes (a trailing `// comment`
 * printed after the comma that follows it). The JSON layout (`jsonLayout.ts`) builds its documents;
 * the printer knows nothing of JSON. Iterative, so deep documents cannot overflow the stack.
 */

export type Doc = string | Doc[] | Group | Indent | Line | Fill | LineSuffix;

export interface Group {
  kind: 'group';
  contents: Doc;
  /** Printed broken whatever the width: the author's line break, a comment, or a broken child. */
  broken: boolean;
  /**
   * Its flat text and width once asked (flatOf), for the print width it was asked for (TOO_WIDE
   * depends on it); null when it cannot print as one flat text.
   */
  flat?: { printWidth: number; value: FlatText | null | typeof TOO_WIDE };
}

interface FlatText {
  text: string;
  width: number;
}
interface Indent {
  kind: 'indent';
  contents: Doc;
}
interface Line {
  kind: 'line';
  /** Nothing when flat (a space otherwise). */
  soft: boolean;
  /** A line break in every mode. */
  hard: boolean;
}
interface Fill {
  kind: 'fill';
  /** Content, separator, content, separator, ..., content. */
  parts: Doc[];
}
interface LineSuffix {
  kind: 'lineSuffix';
  contents: Doc;
}

export const line: Line = { kind: 'line', soft: false, hard: false };
export const softline: Line = { kind: 'line', soft: true, hard: false };
export const hardline: Line = { kind: 'line', soft: false, hard: true };
export const group = (contents: Doc, broken = false): Group => ({ kind: 'group', contents, broken });
export const indent = (contents: Doc): Indent => ({ kind: 'indent', contents });
export const fill = (parts: Doc[]): Fill => ({ kind: 'fill', parts });
export const lineSuffix = (contents: Doc): LineSuffix => ({ kind: 'lineSuffix', contents });

export interface PrintOptions {
  /** The width lines are kept within where they can be. */
  printWidth: number;
  /** One level of indentation (spaces or a tab). */
  indent: string;
  /** The columns one level of indentation takes (a tab counts as the tab size). */
  indentWidth: number;
}

const FLAT = 0;
const BREAK = 1;
type Mode = typeof FLAT | typeof BREAK;
type Command = [level: number, mode: Mode, doc: Doc];

/** The text of `doc`, lines separated by `\n`, without trailing spaces on any line. */
export function printDoc(doc: Doc, options: PrintOptions): string {
  const { printWidth } = options;
  const out: string[] = [];
  let pos = 0;
  let suffixes: Command[] = [];
  const cmds: Command[] = [[0, BREAK, doc]];
  while (cmds.length > 0 || suffixes.length > 0) {
    if (cmds.length === 0) {
      cmds.push(...suffixes.reverse());
      suffixes = [];
      continue;
    }
    const [level, mode, d] = cmds.pop()!;
    if (typeof d === 'string') {
      out.push(d);
      pos += textWidth(d);
      continue;
    }
    if (Array.isArray(d)) {
      for (let i = d.length - 1; i >= 0; i--) cmds.push([level, mode, d[i]]);
      continue;
    }
    switch (d.kind) {
      case 'indent':
        cmds.push([level + 1, mode, d.contents]);
        break;
      case 'group': {
        // Most groups are leaves of a few atoms, or print flat: their flat text is made once, and a
        // group printed flat is that text, without a command for each part (nor a look-ahead through them).
        const f = d.broken ? null : flatOf(d, printWidth);
        if (f === TOO_WIDE) {
          // Wider than any line: it cannot fit where it is (inside a group printed flat, it prints flat as before).
          cmds.push([level, mode, d.contents]);
          break;
        }
        if (f && (mode === FLAT || fits(EMPTY, cmds, printWidth - pos - f.width, false))) {
          out.push(f.text);
          pos += f.width;
          break;
        }
        if (mode === FLAT && !d.broken) {
          cmds.push([level, FLAT, d.contents]);
          break;
        }
        if (f) {
          cmds.push([level, BREAK, d.contents]);
          break;
        }
        const flat: Command = [level, FLAT, d.contents];
        cmds.push(!d.broken && fits(flat, cmds, printWidth - pos, false) ? flat : [level, BREAK, d.contents]);
        break;
      }
      case 'fill': {
        const rem = printWidth - pos;
        const parts = d.parts;
        if (parts.length === 0) break;
        const content = parts[0];
        const contentFlat: Command = [level, FLAT, content];
        const contentBreak: Command = [level, BREAK, content];
        const contentFits = fits(contentFlat, [], rem, true);
        if (parts.length === 1) {
          cmds.push(contentFits ? contentFlat : contentBreak);
          break;
        }
        const whitespaceFlat: Command = [level, FLAT, parts[1]];
        const whitespaceBreak: Command = [level, BREAK, parts[1]];
        if (parts.length === 2) {
          if (contentFits) cmds.push(whitespaceFlat, contentFlat);
          else cmds.push(whitespaceBreak, contentBreak);
          break;
        }
        const remaining: Command = [level, mode, fill(parts.slice(2))];
        const bothFit = fits([level, FLAT, [content, parts[1], parts[2]]], [], rem, true);
        if (bothFit) cmds.push(remaining, whitespaceFlat, contentFlat);
        else if (contentFits) cmds.push(remaining, whitespaceBreak, contentFlat);
        else cmds.push(remaining, whitespaceBreak, contentBreak);
        break;
      }
      case 'lineSuffix':
        suffixes.push([level, mode, d.contents]);
        break;
      case 'line':
        if (mode === FLAT && !d.hard) {
          if (!d.soft) {
            out.push(' ');
            pos += 1;
          }
          break;
        }
        if (suffixes.length > 0) {
          // What waits for the end of the line (a trailing comment) goes before the break.
          cmds.push([level, mode, d], ...suffixes.reverse());
          suffixes = [];
          break;
        }
        trimEnd(out);
        out.push('\n' + options.indent.repeat(level));
        pos = level * options.indentWidth;
        break;
    }
  }
  trimEnd(out);
  return out.join('');
}

const EMPTY: Command = [0, FLAT, ''];
/** A group whose flat text is wider than the print width (flatOf). */
const TOO_WIDE = 'too wide';

/** Past this depth of nested documents a group is printed part by part (flatOf recurses). */
const MAX_FLAT_DEPTH = 256;

/**
 * A group's text printed flat, when that is one text: no line break it must take (a hard line, a
 * broken group), nothing deferred to the line's end (a line suffix), and no fill (which measures its
 * parts one by one). Kept on the group: a nested group's is read, not made again.
 */
function flatOf(g: Group, printWidth: number, depth = 0): FlatText | null | typeof TOO_WIDE {
  if (g.flat?.printWidth === printWidth) return g.flat.value;
  if (depth > MAX_FLAT_DEPTH) return null;
  const acc: FlatText = { text: '', width: 0 };
  const ok = appendFlat(g.contents, acc, printWidth, depth);
  const value = ok ? acc : acc.width > printWidth ? TOO_WIDE : null;
  g.flat = { printWidth, value };
  return value;
}

/** Adds `d` printed flat to `acc`; false when it cannot be (flatOf), or once it is wider than `printWidth`. */
function appendFlat(d: Doc, acc: FlatText, printWidth: number, depth: number): boolean {
  if (typeof d === 'string') {
    acc.text += d;
    acc.width += textWidth(d);
    return acc.width <= printWidth;
  }
  // Deeper than this, the group is printed part by part, which needs no stack.
  if (depth > MAX_FLAT_DEPTH) return false;
  if (Array.isArray(d)) {
    for (let i = 0; i < d.length; i++) if (!appendFlat(d[i], acc, printWidth, depth + 1)) return false;
    return true;
  }
  switch (d.kind) {
    case 'group': {
      const f = d.broken ? null : flatOf(d, printWidth, depth + 1);
      if (f === TOO_WIDE) {
        acc.width = printWidth + 1;
        return false;
      }
      if (!f) return false;
      acc.text += f.text;
      acc.width += f.width;
      return true;
    }
    case 'indent':
      return appendFlat(d.contents, acc, printWidth, depth + 1);
    case 'line':
      if (d.hard) return false;
      if (!d.soft) {
        acc.text += ' ';
        acc.width += 1;
      }
      return acc.width <= printWidth;
    default:
      return false;
  }
}

/**
 * Whether `next` printed flat fits in `width` columns, with what follows it (`rest`, in the modes it
 * will print in) up to the first line break it may take.
 */
function fits(next: Command, rest: Command[], width: number, mustBeFlat: boolean): boolean {
  let restIdx = rest.length;
  const cmds: [Mode, Doc][] = [[next[1], next[2]]];
  while (width >= 0) {
    if (cmds.length === 0) {
      if (restIdx === 0) return true;
      const r = rest[--restIdx];
      cmds.push([r[1], r[2]]);
      continue;
    }
    const [mode, d] = cmds.pop()!;
    if (typeof d === 'string') {
      width -= textWidth(d);
      continue;
    }
    if (Array.isArray(d)) {
      for (let i = d.length - 1; i >= 0; i--) cmds.push([mode, d[i]]);
      continue;
    }
    switch (d.kind) {
      case 'indent':
        cmds.push([mode, d.contents]);
        break;
      case 'fill':
        for (let i = d.parts.length - 1; i >= 0; i--) cmds.push([mode, d.parts[i]]);
        break;
      case 'group':
        if (mustBeFlat && d.broken) return false;
        cmds.push([d.broken ? BREAK : mode, d.contents]);
        break;
      case 'line':
        if (mode === BREAK || d.hard) return true;
        if (!d.soft) width -= 1;
        break;
      // A line suffix (a comment after a value) is printed after the line's break: it takes no width here.
      case 'lineSuffix':
        break;
    }
  }
  return false;
}

function trimEnd(out: string[]): void {
  while (out.length > 0) {
    const last = out[out.length - 1];
    const trimmed = last.replace(/[ \t]+$/, '');
    if (trimmed.length > 0 || last.startsWith('\n')) {
      out[out.length - 1] = trimmed;
      return;
    }
    out.pop();
  }
}

/**
 * The columns a text takes on screen, as Prettier counts them: East Asian wide and full-width
 * characters take two, combining marks none.
 */
export function textWidth(text: string): number {
  // Most text is printable ASCII: one column a character.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x300 && c <= 0x36f) || (c >= 0x200b && c <= 0x200f) || (c >= 0xfe00 && c <= 0xfe0f)) continue;
    width += isWide(c) ? 2 : 1;
  }
  return width;
}

function isWide(c: number): boolean {
  return (
    (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0x303e) ||
    (c >= 0x3041 && c <= 0x33ff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xa000 && c <= 0xa4cf) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6) ||
    (c >= 0x1f300 && c <= 0x1f64f) ||
    (c >= 0x1f900 && c <= 0x1f9ff) ||
    (c >= 0x20000 && c <= 0x3fffd)
  );
}
