/**
 * JSON bodies laid out as Prettier lays out JSON (its `json` parser; docs/format.md, "Formatting"):
 *
 * - an object or list goes on one line when it fits in the print width (`{ "a": 1 }`, `["US", "CA"]`),
 *   else one member or item a line;
 * - an object stays expanded when its author put a line break between `{` and its first key;
 * - a list of two or more objects (or lists) with more than one member each is always expanded;
 * - a list of numbers fills its lines (as many numbers a line as fit);
 * - one blank line between members is kept, runs of them become one;
 * - comments (`//`, `/* *\/`, and the `#` lines of .graphreq bodies) stay where Prettier attaches them: on
 *   their own line before the member they precede, or after the member (and its comma) they follow.
 *
 * Strings, numbers and `{{variables}}` are copied as written: only the spaces between tokens change, so
 * what is sent never does. A body this layout does not read (broken JSON, a trailing comma, a comment
 * between a key and its colon) gets `undefined`: the caller keeps it; one nested deeper than
 * `MAX_DEPTH` is kept as written (only trailing spaces go), whatever lays it out.
 * `test/core/format.test.ts` holds the result to Prettier's own on generated and real bodies.
 */
import { fill, group, hardline, indent, line, lineSuffix, printDoc, softline, type Doc } from './docPrinter';
import { printPlain } from './jsonPlainPrint';

export interface JsonLayoutOptions {
  /** Default 80, as Prettier. */
  printWidth?: number;
  /** One indentation level: spaces, or a tab. Default two spaces. */
  indent?: string;
  /** The columns one level takes (a tab's size). Default the indent's length. */
  indentWidth?: number;
}

/** Deeper bodies are left as written (format.ts's MAX_FORMAT_DEPTH, the emulator's limit too). */
export const MAX_DEPTH = 64;

/** The body laid out (lines separated by `\n`, no line break at the end), or undefined when it is not read. */
export function layoutJsonBody(text: string, options: JsonLayoutOptions = {}): string | undefined {
  return layout(text, options, 'either');
}

/**
 * The layout through one printer, for tests (the two must agree): `document` for every body, `plain`
 * undefined for a body with a comment.
 */
export function layoutJsonBodyBy(printer: 'plain' | 'document', text: string, options: JsonLayoutOptions = {}): string | undefined {
  return layout(text, options, printer);
}

function layout(text: string, options: JsonLayoutOptions, printer: 'plain' | 'document' | 'either'): string | undefined {
  const reader = new Reader(text);
  let root: Item | undefined;
  try {
    root = reader.readRoot();
  } catch (e) {
    if (e === NOT_READ) return undefined;
    if (e === TOO_DEEP) return text.split(/\r?\n/).map((l) => l.replace(/[ \t]+$/, '')).join('\n');
    throw e;
  }
  if (!root) return undefined;
  const unit = options.indent ?? '  ';
  const printOptions = { printWidth: options.printWidth ?? 80, indent: unit, indentWidth: options.indentWidth ?? unit.length };
  // A body without comments (almost all) is printed from its items; the document is built for the rest.
  const plain = printer === 'document' ? undefined : printPlain(root, printOptions);
  return plain !== undefined || printer === 'plain' ? plain : printDoc(printItem(root, text), printOptions);
}

export interface Comment {
  text: string;
  start: number;
  end: number;
  block: boolean;
  /** Only spaces before it on its line. */
  ownLine: boolean;
  /** A line break after it before the next token. */
  endOfLine: boolean;
  /** A blank line after it (a leading comment keeps one between itself and what it precedes). */
  blankAfter: boolean;
}

export interface Atom {
  type: 'atom';
  text: string;
  number: boolean;
}

export interface Container {
  type: 'object' | 'array';
  start: number;
  items: Item[];
  /** Comments in an empty container. */
  dangling: Comment[];
  /** An object whose author put a line break between `{` and its first key. */
  authorBroken: boolean;
}

export type Value = Atom | Container;

export interface Item {
  key?: string;
  /** Block comments between the colon and the value, printed before the value. */
  valueComments: Comment[];
  value: Value;
  leading: Comment[];
  trailing: Comment[];
  end: number;
  /** A blank line after the item (and its comma), as Prettier's `isNextLineEmpty` reads it. */
  blankAfter: boolean;
}

const NOT_READ = new Error('not read');

/**
 * No comments: shared by every item and gap without one (almost all), so reading a body makes no
 * empty list for each. Never pushed to: `addComment` gives an item its own list first.
 */
const NONE = Object.freeze([]) as unknown as Comment[];
const NO_PENDING = Object.freeze([]) as unknown as Pending[];

/** A comment read between two items, and whether the comma that ends the first came before it. */
interface Pending {
  comment: Comment;
  afterComma: boolean;
}

function pendingOf(comments: Comment[], afterComma: boolean): Pending[] {
  return comments.length ? comments.map((comment) => ({ comment, afterComma })) : NO_PENDING;
}

function addComment(item: Item, where: 'leading' | 'trailing', c: Comment): void {
  if (item[where] === NONE) item[where] = [];
  item[where].push(c);
}
const TOO_DEEP = new Error('nested too deep');

class Reader {
  private i = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

  readRoot(): Item | undefined {
    const before = this.gap();
    if (this.i >= this.text.length) return undefined;
    const value = this.value();
    const item: Item = { valueComments: NONE, value, leading: NONE, trailing: NONE, end: this.i, blankAfter: false };
    for (const c of before) if (c.endOfLine || c.ownLine) addComment(item, 'leading', c);
    else throw NOT_READ;
    const after = this.gap();
    if (this.i < this.text.length) throw NOT_READ;
    if (after.length) item.trailing = after;
    return item;
  }

  private value(): Value {
    const c = this.text.charCodeAt(this.i);
    // `{{variable}}` is a value, not an object.
    if ((c === 123 && this.text.charCodeAt(this.i + 1) !== 123) || c === 91) return this.container(c === 123);
    return this.atom();
  }

  private atom(): Atom {
    const t = this.text;
    const c = t.charCodeAt(this.i);
    if (c === 34) return { type: 'atom', text: this.string(), number: false };
    if (c === 123 && t.charCodeAt(this.i + 1) === 123) {
      const close = t.indexOf('}}', this.i + 2);
      const nl = t.indexOf('\n', this.i);
      if (close < 0 || (nl >= 0 && nl < close)) throw NOT_READ;
      const text = t.slice(this.i, close + 2);
      this.i = close + 2;
      return { type: 'atom', text, number: false };
    }
    WORD.lastIndex = this.i;
    const m = WORD.exec(t);
    if (!m) throw NOT_READ;
    this.i += m[0].length;
    // A word glued to what follows (`truex`, `1a`) is not one.
    if (isWordChar(t.charCodeAt(this.i))) throw NOT_READ;
    return { type: 'atom', text: m[0], number: m[1] !== undefined };
  }

  private string(): string {
    const t = this.text;
    let j = this.i + 1;
    for (;;) {
      if (j >= t.length) throw NOT_READ;
      const d = t.charCodeAt(j);
      if (d === 34) break;
      // What JSON does not allow in a string (a control character, an unknown escape) is not read.
      if (d < 32) throw NOT_READ;
      if (d === 92) {
        const e = t[j + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(j + 2, j + 6))) throw NOT_READ;
          j += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j += 2;
        else throw NOT_READ;
        continue;
      }
      j++;
    }
    const s = t.slice(this.i, j + 1);
    this.i = j + 1;
    return s;
  }

  private container(isObject: boolean): Container {
    if (++this.depth > MAX_DEPTH) throw TOO_DEEP;
    const t = this.text;
    const start = this.i;
    const close = isObject ? 125 : 93;
    this.i++;
    const node: Container = { type: isObject ? 'object' : 'array', start, items: [], dangling: NONE, authorBroken: false };
    // Comments between the previous item (or the opening bracket) and the next one, in order, and
    // whether the comma that ends the previous item came before each.
    let pending = pendingOf(this.gap(), true);
    let prev: Item | undefined;
    for (;;) {
      if (this.i >= t.length) throw NOT_READ;
      if (t.charCodeAt(this.i) === close) {
        if (prev) this.attach(pending, prev, undefined);
        else if (pending.length) node.dangling = pending.map((p) => p.comment);
        this.i++;
        break;
      }
      if (prev) throw NOT_READ; // a missing comma
      const itemStart = this.i;
      let key: string | undefined;
      let valueComments = NONE;
      if (isObject) {
        const k = t.charCodeAt(this.i);
        if (k !== 34 && !(k === 123 && t.charCodeAt(this.i + 1) === 123)) throw NOT_READ;
        key = this.atom().text;
        if (this.gap().length) throw NOT_READ;
        if (t.charCodeAt(this.i) !== 58) throw NOT_READ;
        this.i++;
        for (const c of this.gap()) {
          // `"a": /* why */ 1` keeps its comment before the value; a line comment there is not read.
          if (!c.block || c.endOfLine) throw NOT_READ;
          if (valueComments === NONE) valueComments = [];
          valueComments.push(c);
        }
        if (node.items.length === 0 && hasLineBreak(t, start, itemStart)) node.authorBroken = true;
      }
      if (this.i >= t.length) throw NOT_READ;
      const value = this.value();
      const item: Item = { key, valueComments, value, leading: NONE, trailing: NONE, end: this.i, blankAfter: false };
      const last = node.items[node.items.length - 1];
      this.attach(pending, last, item);
      node.items.push(item);
      pending = pendingOf(this.gap(), false);
      if (t.charCodeAt(this.i) === 44) {
        const comma = this.i;
        this.i++;
        const more = this.gap();
        if (more.length) pending = [...pending, ...pendingOf(more, true)];
        // Prettier reads a list item's blank line after its comma, an object member's after the member.
        item.blankAfter = nextLineEmpty(t, isObject ? item.end : comma);
        // A comma before the closing bracket (a trailing comma) is not JSON: not read.
        if (t.charCodeAt(this.i) === close) throw NOT_READ;
        prev = undefined;
      } else prev = item;
    }
    this.depth--;
    return node;
  }

  /**
   * Gives the comments between `preceding` and `following` to one of them, as Prettier attaches
   * comments: a comment on its own line leads what follows; one that ends its line trails what it
   * follows; one with code on both sides leads what follows when it comes after the comma, else trails.
   */
  private attach(pending: Pending[], preceding: Item | undefined, following: Item | undefined): void {
    for (const { comment, afterComma } of pending) {
      if (comment.ownLine) {
        if (following) addComment(following, 'leading', comment);
        else if (preceding) addComment(preceding, 'trailing', comment);
        else throw NOT_READ;
      } else if (comment.endOfLine) {
        if (preceding) addComment(preceding, 'trailing', comment);
        else if (following) addComment(following, 'leading', comment);
        else throw NOT_READ;
      } else if (following && (afterComma || !preceding)) addComment(following, 'leading', comment);
      else if (preceding) addComment(preceding, 'trailing', comment);
      else throw NOT_READ;
    }
  }

  /** Skips spaces and comments; the comments read. */
  private gap(): Comment[] {
    const t = this.text;
    let comments = NONE;
    let lineHasCode = false;
    for (let k = this.i - 1; k >= 0; k--) {
      const b = t.charCodeAt(k);
      if (b === 10) break;
      if (b !== 32 && b !== 9 && b !== 13) {
        lineHasCode = true;
        break;
      }
    }
    for (;;) {
      const c = t.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 13) {
        this.i++;
        continue;
      }
      if (c === 10) {
        this.i++;
        lineHasCode = false;
        continue;
      }
      const start = this.i;
      let end: number;
      let block = false;
      if (c === 47 && t.charCodeAt(this.i + 1) === 47) end = lineEnd(t, this.i);
      else if (c === 47 && t.charCodeAt(this.i + 1) === 42) {
        const close = t.indexOf('*/', this.i + 2);
        if (close < 0) throw NOT_READ;
        end = close + 2;
        block = true;
      } else if (c === 35 && !lineHasCode) end = lineEnd(t, this.i);
      else return comments;
      const text = t.slice(start, end).replace(/[ \t\r]+$/, '');
      this.i = end;
      let k = end;
      while (t.charCodeAt(k) === 32 || t.charCodeAt(k) === 9 || t.charCodeAt(k) === 13) k++;
      const endOfLine = k >= t.length || t.charCodeAt(k) === 10;
      if (comments === NONE) comments = [];
      comments.push({ text, start, end, block, ownLine: !lineHasCode, endOfLine, blankAfter: endOfLine && nextLineEmptyAt(t, k) });
      lineHasCode = true;
    }
  }
}

const WORD = /true|false|null|(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/y;

function hasLineBreak(t: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (t.charCodeAt(k) === 10 || t.charCodeAt(k) === 13) return true;
  return false;
}

/** A letter, digit, `_`, `$` or `.`: what cannot follow a number or a literal. */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 46;
}

function lineEnd(t: string, from: number): number {
  const nl = t.indexOf('\n', from);
  return nl < 0 ? t.length : nl;
}

/** Prettier's `isNextLineEmpty` after `from`: past commas, block comments and spaces, a line comment and one line break, is the next line blank? */
function nextLineEmpty(t: string, from: number): boolean {
  let i = from;
  let old = -1;
  while (i !== old) {
    old = i;
    while (t.charCodeAt(i) === 44 || t.charCodeAt(i) === 32 || t.charCodeAt(i) === 9 || t.charCodeAt(i) === 13) i++;
    if (t.startsWith('/*', i)) {
      const close = t.indexOf('*/', i + 2);
      if (close >= 0 && !t.slice(i, close).includes('\n')) i = close + 2;
    }
  }
  if (t.startsWith('//', i)) i = lineEnd(t, i);
  if (t.charCodeAt(i) !== 10) return false;
  return nextLineEmptyAt(t, i);
}

/** At a line break (or the end): is the line after it blank? */
function nextLineEmptyAt(t: string, at: number): boolean {
  if (t.charCodeAt(at) !== 10) return false;
  let i = at + 1;
  while (t.charCodeAt(i) === 32 || t.charCodeAt(i) === 9 || t.charCodeAt(i) === 13) i++;
  return t.charCodeAt(i) === 10;
}

/** A list of two or more objects (or lists) of more than one member each, all of one kind: printed one a line. */
export function oneALine(v: Container): boolean {
  const first = v.items[0]?.value;
  if (v.items.length < 2 || first.type === 'atom') return false;
  for (const item of v.items) if (item.value.type !== first.type || item.value.items.length <= 1) return false;
  return true;
}

/** Whether a document must break its group: a line comment, or a comment on its own line. */
interface Printed {
  doc: Doc;
  /** Breaks the group around it (Prettier's breakParent). */
  breaks: boolean;
}

function printItem(item: Item, text: string): Doc {
  return printWithComments(item, text).doc;
}

function printWithComments(item: Item, text: string): Printed {
  const parts: Doc[] = [];
  let breaks = false;
  for (const c of item.leading) {
    parts.push(c.text);
    if (c.block && !c.endOfLine) parts.push(' ');
    else {
      parts.push(hardline);
      if (c.blankAfter) parts.push(hardline);
      breaks = true;
    }
  }
  if (item.key !== undefined) parts.push(item.key, ': ');
  for (const c of item.valueComments) parts.push(c.text, ' ');
  const value = printValue(item.value, text);
  parts.push(value.doc);
  breaks ||= value.breaks;
  for (const c of item.trailing) {
    if (c.ownLine) {
      parts.push(lineSuffix([hardline, c.text]));
      breaks = true;
    } else if (c.block) parts.push(' ', c.text);
    else {
      parts.push(lineSuffix([' ', c.text]));
      breaks = true;
    }
  }
  return { doc: parts, breaks };
}

function printValue(value: Value, text: string): Printed {
  if (value.type === 'atom') return { doc: value.text, breaks: false };
  const [open, close] = value.type === 'object' ? ['{', '}'] : ['[', ']'];
  if (value.items.length === 0) {
    if (value.dangling.length === 0) return { doc: open + close, breaks: false };
    const comments: Doc[] = [];
    value.dangling.forEach((c, k) => comments.push(k ? hardline : '', c.text));
    return { doc: group([open, indent([hardline, comments]), hardline, close], true), breaks: true };
  }
  const printed = value.items.map((item) => printWithComments(item, text));
  let broken = printed.some((p) => p.breaks);
  if (value.type === 'object') {
    const parts: Doc[] = [];
    printed.forEach((p, k) => {
      if (k > 0) {
        parts.push(',', line);
        if (value.items[k - 1].blankAfter) {
          parts.push(hardline);
          broken = true;
        }
      }
      parts.push(group(p.doc, p.breaks));
    });
    return { doc: group([open, indent([line, parts]), line, close], broken || value.authorBroken), breaks: broken || value.authorBroken };
  }
  const items = value.items;
  if (items.length > 1 && items.every((item) => item.value.type === 'atom' && item.value.number && !item.trailing.some((c) => !c.block))) {
    // A list of numbers fills its lines.
    const parts: Doc[] = [];
    printed.forEach((p, k) => {
      const last = k === items.length - 1;
      parts.push(last ? p.doc : [p.doc, ',']);
      if (last) return;
      if (items[k].blankAfter) {
        parts.push([hardline, hardline]);
        broken = true;
      } else if (items[k + 1].leading.some((c) => !c.block)) parts.push(hardline);
      else parts.push(line);
    });
    return { doc: group([open, indent([softline, fill(parts)]), softline, close], broken), breaks: broken };
  }
  // Two or more objects (or lists) of more than one member each, all of one kind: one a line.
  const first = items[0].value;
  const parts: Doc[] = [];
  printed.forEach((p, k) => {
    if (k > 0) parts.push(',', line, items[k - 1].blankAfter ? softline : '');
    parts.push(group(p.doc, p.breaks));
  });
  broken ||= oneALine(value);
  return { doc: group([open, indent([softline, parts]), softline, close], broken), breaks: broken };
}
