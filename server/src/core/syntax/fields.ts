/**
 * The small grammar of a `fields=` value:
 *
 *   list     := item (',' item)*
 *   item     := name ('.' modifier)* ('{' list '}')? ('.' modifier)*
 *   modifier := name '(' argument? ')'
 *
 * for example `id,messages.source(PARTICIPANTS).limit(10)` or `engagement,og_object{title,type}`.
 * A `{{variable}}` stands for items decided at send time and is kept as an opaque item.
 * The parser never throws; it records errors and goes on after the next comma at the same depth.
 */
import type { Span } from '../types';
import { MAX_NESTING } from './limits';

export interface FieldModifier {
  name: string;
  nameSpan: Span;
  /** Argument text as written, without the parentheses. */
  arg?: string;
  argSpan?: Span;
  span: Span;
}

export interface FieldItem {
  name: string;
  nameSpan: Span;
  modifiers: FieldModifier[];
  /** Sub-selection `{...}`; `selectionSpan` covers the braces. */
  selection?: FieldItem[];
  selectionSpan?: Span;
  /** `{{...}}`: not checked. */
  opaque?: boolean;
  span: Span;
}

export interface FieldListError {
  message: string;
  span: Span;
  /** The rule to report it under, when not the field list's syntax rule (REQ-CHECK-LIMIT). */
  rule?: string;
}

export interface FieldList {
  items: FieldItem[];
  errors: FieldListError[];
}

const NAME_CHAR = /[A-Za-z0-9_]/;

export function parseFieldList(text: string, base: number): FieldList {
  const p = new FieldParser(text, base);
  const items = p.list(false);
  if (p.pos < text.length) {
    // An unmatched '}' at the top level.
    p.error(`Unexpected \`${text[p.pos]}\` in the field list: braces must come in pairs, as in \`og_object{title,type}\`.`, p.pos, p.pos + 1);
  }
  return { items, errors: p.errors };
}

class FieldParser {
  pos = 0;
  errors: FieldListError[] = [];
  /** Selections open around the item being read. */
  private depth = 0;
  constructor(private readonly text: string, private readonly base: number) {}

  error(message: string, start: number, end: number): void {
    this.errors.push({ message, span: { start: this.base + start, end: this.base + Math.max(end, start) } });
  }

  private skipSpaces(): void {
    while (this.pos < this.text.length && (this.text[this.pos] === ' ' || this.text[this.pos] === '\t')) this.pos++;
  }

  list(nested: boolean): FieldItem[] {
    const items: FieldItem[] = [];
    for (;;) {
      this.skipSpaces();
      const c = this.text[this.pos];
      if (c === undefined || (nested && c === '}')) {
        if (items.length === 0 || this.text[this.pos - 1] === ',') {
          const at = this.pos;
          this.error(items.length === 0 ? 'Empty field list: name at least one field.' : 'A field name is missing after the comma.', Math.max(0, at - 1), at);
        }
        return items;
      }
      if (c === '}') return items;
      if (c === ',') {
        this.error('A field name is missing before the comma.', this.pos, this.pos + 1);
        this.pos++;
        continue;
      }
      const item = this.item();
      if (item) items.push(item);
      this.skipSpaces();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      if (this.pos >= this.text.length || (nested && this.text[this.pos] === '}')) return items;
      if (this.text[this.pos] === '}') return items;
      this.error(`Unexpected \`${this.text[this.pos]}\` after \`${item?.name ?? ''}\`: separate fields with commas; modifiers are written \`.name(value)\`.`, this.pos, this.pos + 1);
      this.recover();
    }
  }

  /** Skips to the next comma or closing brace at this depth. */
  private recover(): void {
    let depth = 0;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos];
      if (c === '{' || c === '(') depth++;
      else if (c === ')' ) depth = Math.max(0, depth - 1);
      else if (c === '}') {
        if (depth === 0) return;
        depth--;
      } else if (c === ',' && depth === 0) return;
      this.pos++;
    }
  }

  private item(): FieldItem | undefined {
    const start = this.pos;
    if (this.text.startsWith('{{', this.pos)) {
      const close = this.text.indexOf('}}', this.pos);
      const end = close < 0 ? this.text.length : close + 2;
      this.pos = end;
      const span = { start: this.base + start, end: this.base + end };
      return { name: this.text.slice(start, end), nameSpan: span, modifiers: [], opaque: true, span };
    }
    const name = this.name();
    if (!name) {
      const ch = String.fromCodePoint(this.text.codePointAt(this.pos) ?? 63);
      this.error(`Expected a field name, found \`${ch}\`.`, this.pos, this.pos + ch.length);
      this.recover();
      return undefined;
    }
    const item: FieldItem = {
      name,
      nameSpan: { start: this.base + start, end: this.base + start + name.length },
      modifiers: [],
      span: { start: this.base + start, end: this.base + this.pos },
    };
    for (;;) {
      const c = this.text[this.pos];
      if (c === '.') {
        this.pos++;
        const m = this.modifier();
        if (m) item.modifiers.push(m);
        else return this.finish(item);
      } else if (c === '{') {
        if (item.selection) {
          this.error('Only one `{...}` selection per field.', this.pos, this.pos + 1);
        }
        const open = this.pos;
        if (this.depth >= MAX_NESTING) {
          // Every walk over the items recurses: a selection this deep is skipped, not read (REQ-CHECK-LIMIT).
          this.errors.push({ message: `The field list nests more than ${MAX_NESTING} levels deep: graphreq does not read it further; flatten it.`, span: { start: this.base + open, end: this.base + open + 1 }, rule: 'REQ-CHECK-LIMIT' });
          this.pos = this.matchingBrace(open);
          return this.finish(item);
        }
        this.pos++;
        this.depth++;
        const selection = this.list(true);
        this.depth--;
        if (this.text[this.pos] === '}') {
          this.pos++;
        } else {
          this.error(`\`{\` after \`${name}\` is not closed: write \`${name}{a,b}\`.`, open, open + 1);
        }
        item.selection = selection;
        item.selectionSpan = { start: this.base + open, end: this.base + this.pos };
      } else {
        return this.finish(item);
      }
    }
  }

  private finish(item: FieldItem): FieldItem {
    item.span = { start: item.span.start, end: this.base + this.pos };
    return item;
  }

  private name(): string {
    const start = this.pos;
    while (this.pos < this.text.length && NAME_CHAR.test(this.text[this.pos])) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private modifier(): FieldModifier | undefined {
    const start = this.pos;
    const name = this.name();
    if (!name) {
      this.error('A modifier name is missing after `.`: write `.limit(10)` or `.source(PARTICIPANTS)`.', start - 1, start);
      return undefined;
    }
    const nameSpan = { start: this.base + start, end: this.base + this.pos };
    if (this.text[this.pos] !== '(') {
      this.error(`Modifier \`${name}\` needs an argument in parentheses, as in \`.${name}(...)\`.`, start, this.pos);
      return { name, nameSpan, span: nameSpan };
    }
    const open = this.pos;
    const close = this.text.indexOf(')', open);
    // A comma before the closing parenthesis is part of the argument (`.source(PARTICIPANTS,ADMINS)`
    // names two sources, which THREAD-SOURCE-VALUE refuses); only a parenthesis never closed ends at it.
    const blocked = this.nextStop(open + 1, false);
    if (close < 0 || (blocked >= 0 && blocked < close)) {
      this.error(`\`(\` after \`${name}\` is not closed: write \`.${name}(value)\`.`, open, open + 1);
      const stop = this.nextStop(open + 1, true);
      const end = stop >= 0 ? stop : this.text.length;
      const arg = this.text.slice(open + 1, end);
      this.pos = end;
      return { name, nameSpan, arg, argSpan: { start: this.base + open + 1, end: this.base + end }, span: { start: this.base + start, end: this.base + end } };
    }
    const arg = this.text.slice(open + 1, close);
    this.pos = close + 1;
    return {
      name,
      nameSpan,
      arg,
      argSpan: { start: this.base + open + 1, end: this.base + close },
      span: { start: this.base + start, end: this.base + close + 1 },
    };
  }

  /** The position after the `}` that closes the `{` at `open`, or the end of the text. */
  private matchingBrace(open: number): number {
    let depth = 0;
    for (let i = open; i < this.text.length; i++) {
      const c = this.text[i];
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return i + 1;
    }
    return this.text.length;
  }

  /** The next character that cannot be inside a modifier argument (a comma too, with `comma`: where an unclosed one is cut). */
  private nextStop(from: number, comma: boolean): number {
    for (let i = from; i < this.text.length; i++) {
      const c = this.text[i];
      // A `{{variable}}` may stand for an argument (`.limit({{n}})`): step over it.
      if (c === '{' && this.text[i + 1] === '{') {
        const close = this.text.indexOf('}}', i + 2);
        if (close >= 0) {
          i = close + 1;
          continue;
        }
      }
      if ((comma && c === ',') || c === '{' || c === '}' || c === '(') return i;
    }
    return -1;
  }
}

/** Visits every item of a field list, depth first, with the names of its parents. */
export function forEachField(items: FieldItem[], visit: (item: FieldItem, parents: FieldItem[]) => void, parents: FieldItem[] = []): void {
  for (const item of items) {
    visit(item, parents);
    if (item.selection) forEachField(item.selection, visit, [...parents, item]);
  }
}
