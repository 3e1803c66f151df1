/**
 * Which object a key typed at the start of a line belongs to, when the body above the cursor is
 * broken (`"daily_budget": {{` half typed, a value not written yet). jsonc-parser's recovery reads
 * such a body its own way (the `{{` opens two objects; the key on the next line becomes the missing
 * value), and completion would offer nothing. This reads the brackets alone, line by line: strings
 * and `{{variables}}` are skipped, a `{{` not closed on its line ends that line, and each object
 * remembers its keys. Used by completion (`cursor.ts`) only where the tree cannot be trusted.
 */
import type { JsonPath } from '../syntax/jsonBody';

interface Frame {
  type: 'object' | 'array';
  /** The key or index this container sits under in its parent (none for the body itself). */
  at?: string | number;
  keys: string[];
  /** In a list: the index of the item being read. */
  index: number;
}

/** The path and present keys of the object open at `offset` of `text` (comments already blanked), or undefined when none is. */
export function openObjectAt(text: string, offset: number): { path: JsonPath; present: string[] } | undefined {
  const stack: Frame[] = [];
  let i = 0;
  while (i < offset) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = i + 1;
      while (j < offset && text.charCodeAt(j) !== 34 && text.charCodeAt(j) !== 10) j += text.charCodeAt(j) === 92 ? 2 : 1;
      const value = text.slice(i + 1, j);
      i = j + 1;
      let k = i;
      while (k < offset && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
      const top = stack[stack.length - 1];
      if (text.charCodeAt(k) === 58 && top?.type === 'object') top.keys.push(value);
      continue;
    }
    if (c === 123 && text.charCodeAt(i + 1) === 123) {
      // A `{{` whose `}}` is not on its line is being typed: the rest of the line is its value.
      const close = text.indexOf('}}', i + 2);
      const nl = text.indexOf('\n', i);
      i = close >= 0 && (nl < 0 || close < nl) ? close + 2 : nl < 0 ? offset : nl;
      continue;
    }
    if (c === 123 || c === 91) {
      const top = stack[stack.length - 1];
      const at = top === undefined ? undefined : top.type === 'object' ? top.keys[top.keys.length - 1] : top.index;
      stack.push({ type: c === 123 ? 'object' : 'array', at, keys: [], index: 0 });
    } else if (c === 125 || c === 93) stack.pop();
    else if (c === 44) {
      const top = stack[stack.length - 1];
      if (top?.type === 'array') top.index++;
    }
    i++;
  }
  const top = stack[stack.length - 1];
  if (!top || top.type !== 'object') return undefined;
  const path: JsonPath = [];
  for (const f of stack.slice(1)) {
    if (f.at === undefined) return undefined;
    path.push(f.at);
  }
  return { path, present: top.keys };
}
