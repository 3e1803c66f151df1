/**
 * The layout of a JSON body without comments, printed straight from its items: the same text as
 * `printDoc` of the document `jsonLayout.ts` builds, without building it. Almost every body is
 * without comments, and the general printer's commands, look-aheads and flat texts of every group
 * were most of the time of formatting a whole document (bench/README.md, "Formatting").
 *
 * What the document printer does for such a body, which this follows rule by rule:
 * - a group prints flat when it is not broken (a line break its author put after `{`, a blank line
 *   between members, a list of objects one a line, or any of these inside it) and its flat text fits
 *   before the next place a line may break: after the comma that follows it (one column), or at the
 *   line break that closes its container (none);
 * - a member whose value does not fit breaks that value: its key and `: ` stay on the member's line;
 * - a list of two or more numbers that does not fit fills its lines: a number and its comma go on the
 *   line when they fit, with the next one after a space when both fit, else the line breaks.
 *
 * A body with a comment anywhere gives `undefined`: comments move to line ends and break groups in
 * ways only the document printer models. `test/core/jsonPlainPrint.test.ts` holds the two to the same
 * bytes on generated bodies.
 */
import { textWidth } from './docPrinter';
import { oneALine, type Container, type Item, type Value } from './jsonLayout';

export interface PlainPrintOptions {
  printWidth: number;
  indent: string;
  indentWidth: number;
}

/** What a value prints as on one line, and whether it may. */
interface Measure {
  /** Its flat text; null when it never prints flat (broken, or wider than the print width). */
  flat: string | null;
  /** Its flat text's width (any value past the print width when `flat` is null). */
  width: number;
  /** Breaks every container around it (Prettier's breakParent). */
  breaks: boolean;
  /** A container's items' measures. */
  items: Measure[] | null;
  /** A list of two or more numbers: it fills its lines when broken. */
  fills: boolean;
}

/** The body's text laid out, or undefined when it holds a comment. */
export function printPlain(root: Item, options: PlainPrintOptions): string | undefined {
  if (root.leading.length || root.trailing.length || root.valueComments.length) return undefined;
  const m = measure(root.value, options.printWidth);
  if (!m) return undefined;
  const printer = new PlainPrinter(options);
  printer.value(root.value, m, 0, 0);
  return printer.out.join('');
}

/** Measures `v` and everything in it; undefined when a comment is found. */
function measure(v: Value, printWidth: number): Measure | undefined {
  if (v.type === 'atom') return { flat: v.text, width: textWidth(v.text), breaks: false, items: null, fills: false };
  if (v.dangling.length) return undefined;
  const n = v.items.length;
  if (n === 0) return { flat: v.type === 'object' ? '{}' : '[]', width: 2, breaks: false, items: [], fills: false };
  const items: Measure[] = new Array(n);
  let breaks = false;
  let width = 2 + (n - 1) * 2;
  let tooWide = false;
  let numbers = v.type === 'array' && n > 1;
  for (let k = 0; k < n; k++) {
    const item = v.items[k];
    if (item.leading.length || item.trailing.length || item.valueComments.length) return undefined;
    const m = measure(item.value, printWidth);
    if (!m) return undefined;
    items[k] = m;
    breaks ||= m.breaks;
    if (m.flat === null) tooWide = true;
    else width += m.width + (item.key !== undefined ? textWidth(item.key) + 2 : 0);
    if (numbers && !(item.value.type === 'atom' && item.value.number)) numbers = false;
  }
  if (v.type === 'object') {
    width += 2; // the spaces inside the braces
    if (v.authorBroken) breaks = true;
    for (let k = 0; k < n - 1 && !breaks; k++) if (v.items[k].blankAfter) breaks = true;
  } else if (numbers) {
    for (let k = 0; k < n - 1 && !breaks; k++) if (v.items[k].blankAfter) breaks = true;
  } else if (oneALine(v)) breaks = true;
  if (breaks || tooWide || width > printWidth) return { flat: null, width: printWidth + 1, breaks, items, fills: numbers };
  return { flat: flatText(v, items), width, breaks: false, items, fills: numbers };
}

function flatText(v: Container, items: Measure[]): string {
  let s = v.type === 'object' ? '{ ' : '[';
  for (let k = 0; k < items.length; k++) {
    if (k > 0) s += ', ';
    const key = v.items[k].key;
    if (key !== undefined) s += key + ': ';
    s += items[k].flat;
  }
  return s + (v.type === 'object' ? ' }' : ']');
}

class PlainPrinter {
  readonly out: string[] = [];
  private pos = 0;
  private readonly width: number;
  constructor(private readonly options: PlainPrintOptions) {
    this.width = options.printWidth;
  }

  /** Prints `v` at the current column, `rest` columns before the next place a line may break after it. */
  value(v: Value, m: Measure, level: number, rest: number): void {
    // An atom, or an empty container, is one text wherever it is.
    if (m.flat !== null && (m.items === null || m.items.length === 0 || this.pos + m.width + rest <= this.width)) {
      this.text(m.flat, m.width);
      return;
    }
    const c = v as Container;
    const items = m.items!;
    const n = items.length;
    if (c.type === 'object') {
      this.text('{', 1);
      for (let k = 0; k < n; k++) {
        this.newline(level + 1);
        const item = c.items[k];
        this.text(item.key!, textWidth(item.key!));
        this.text(': ', 2);
        this.value(item.value, items[k], level + 1, k < n - 1 ? 1 : 0);
        if (k < n - 1) {
          this.text(',', 1);
          if (item.blankAfter) this.out.push('\n');
        }
      }
      this.newline(level);
      this.text('}', 1);
      return;
    }
    this.text('[', 1);
    this.newline(level + 1);
    if (m.fills) this.fill(c, items, level + 1);
    else {
      for (let k = 0; k < n; k++) {
        if (k > 0) this.newline(level + 1);
        this.value(c.items[k].value, items[k], level + 1, k < n - 1 ? 1 : 0);
        if (k < n - 1) {
          this.text(',', 1);
          if (c.items[k].blankAfter) this.out.push('\n');
        }
      }
    }
    this.newline(level);
    this.text(']', 1);
  }

  /** A list of numbers, as the document printer's `fill` lays it out. */
  private fill(c: Container, items: Measure[], level: number): void {
    const n = items.length;
    for (let k = 0; k < n; k++) {
      const last = k === n - 1;
      const w = items[k].width + (last ? 0 : 1);
      this.text(items[k].flat!, items[k].width);
      if (last) return;
      this.text(',', 1);
      if (c.items[k].blankAfter) {
        this.out.push('\n');
        this.newline(level);
        continue;
      }
      // The number fits where it is (its column was measured before it was printed): the next one
      // follows after a space when it fits too, else the line breaks.
      const rem = this.width - (this.pos - w);
      const next = items[k + 1].width + (k + 1 === n - 1 ? 0 : 1);
      if (w + 1 + next <= rem) this.text(' ', 1);
      else this.newline(level);
    }
  }

  private text(s: string, width: number): void {
    this.out.push(s);
    this.pos += width;
  }

  private newline(level: number): void {
    this.out.push('\n' + this.options.indent.repeat(level));
    this.pos = level * this.options.indentWidth;
  }
}
