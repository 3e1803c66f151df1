/**
 * Splits pasted shell text into commands and their words, the way the shells people copy curl
 * commands for would: POSIX shells (`'...'`, `"..."`, `$'...'`, `\` escapes and `\` line
 * continuations), Windows cmd (Chrome's "Copy as cURL (cmd)": `^` escapes and `^` continuations,
 * then `"` quotes with `\"` inside) and PowerShell's backtick continuations. Pure: text in, words out.
 *
 * Variables are marked where the shell would expand them: bash's `$NAME` and `${NAME}`, PowerShell's
 * `$env:NAME` (and its own `$NAME`), cmd's `%NAME%`.
 */

/**
 * Marks a variable the shell would expand: `$NAME` and `${NAME}`, unquoted or inside double quotes,
 * become `\u0000NAME\u0000` in the word (a character no pasted command holds), for the importer
 * to replace with the value the text sets, or with a graphreq variable.
 */
export const VARIABLE_MARK = '\u0000';

/**
 * The text with typographic quotes made plain, when they stand where a shell's quotes do: a page
 * that renders its commands with ‘…’ and “…” (the API's batch requests page does) pastes words a
 * shell would keep whole, quotes and all, so `‘access_token=…’` would be no token field. Undefined
 * when no word opens with one (an apostrophe in `It’s` alone is left as it is).
 */
export function straightenQuotes(text: string): string | undefined {
  if (!/(^|[\s=])[‘“”]/m.test(text)) return undefined;
  return text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
}

/** `$NAME`, `${NAME}` or PowerShell's `$env:NAME` at `i` (which holds `$`): the name and the length written, if it is one. */
function variableAt(text: string, i: number): { name: string; length: number } | undefined {
  const m = /^\$(?:env:([A-Za-z_]\w*)|([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})/i.exec(text.slice(i, i + 256));
  return m ? { name: m[1] ?? m[2] ?? m[3], length: m[0].length } : undefined;
}

/**
 * cmd's `%NAME%`, marked as the shell's variables are. In a cmd command (Chrome's cmd flavour) any
 * name; elsewhere (a one-line command without cmd's escapes) only a name that cannot be a URL's
 * percent-escapes: upper case, three characters or more, with a letter past F or an underscore
 * (`%PAGE_ID%`, `%ACCESS_TOKEN%`, not `%E2%` of `%E2%80%99`). A `^%`, cmd's escaped percent, is left.
 */
function markCmdVariables(text: string, cmd: boolean): string {
  const name = cmd ? /(^|[^^])%([A-Za-z_]\w*)%/g : /(^|[^^])%([A-Z0-9_]*[G-Z_][A-Z0-9_]*)%/g;
  return text.replace(name, (all, before: string, n: string) => (cmd || n.length >= 3 ? `${before}${VARIABLE_MARK}${n}${VARIABLE_MARK}` : all));
}

/** One command: its words, and the line (0-based) it starts on, for notes. */
export interface ShellCommand {
  words: string[];
  line: number;
}

/** Chrome's cmd flavour escapes with `^`; a bash command never ends a line with `^` or writes `^"`. */
function isCmdFlavour(text: string): boolean {
  return /\^\r?\n|\^"/.test(text);
}

/** cmd's own pass: `^X` is X, `^` at a line's end continues the line; what is left is split as a program's arguments. */
function undoCmdEscapes(text: string): string {
  return text.replace(/\^\r?\n/g, '').replace(/\^([\s\S])/g, '$1');
}

/**
 * The commands of a text: a line break outside quotes ends a command unless it is continued
 * (`\`, `` ` ``, or cmd's `^`). Empty lines and `#` comment lines are skipped.
 */
export function splitCommands(input: string): ShellCommand[] {
  const cmd = isCmdFlavour(input);
  const marked = input.includes('%') ? markCmdVariables(input, cmd) : input;
  const text = cmd ? undoCmdEscapes(marked) : marked;
  const commands: ShellCommand[] = [];
  let words: string[] = [];
  let word: string | undefined;
  let line = 0;
  let start = 0;
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push({ words, line: start });
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      endCommand();
      line++;
      start = line;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      continue;
    }
    if (word === undefined && c === '#' && (!words.length || !cmd)) {
      // A comment, to the line's end: a line of its own, or (in a POSIX shell) after a command's words (`PAGE_ID=1 # our page`).
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
      continue;
    }
    // Continuations: `\`, or PowerShell's backtick, at the end of a line.
    const rest = /^(?:\\|`)[ \t]*\r?\n/.exec(text.slice(i, i + 4));
    if (rest && (!cmd || c === '`')) {
      endWord();
      i += rest[0].length - 1;
      line++;
      continue;
    }
    word ??= '';
    if (cmd) {
      if (c === '"') {
        i = readCmdQuoted(text, i + 1, (s) => (word += s));
      } else if (c === '\\' && text[i + 1] === '"') {
        word += '"';
        i++;
      } else word += c;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end < 0 ? text.length : end;
      word += text.slice(i + 1, stop);
      line += countNewlines(text.slice(i + 1, stop));
      i = stop;
    } else if (c === '$' && text[i + 1] === "'") {
      i = readAnsiC(text, i + 2, (s) => (word += s));
    } else if (c === '$' && variableAt(text, i)) {
      const v = variableAt(text, i)!;
      word += `${VARIABLE_MARK}${v.name}${VARIABLE_MARK}`;
      i += v.length - 1;
    } else if (c === '"') {
      i = readDoubleQuoted(text, i + 1, (s) => (word += s), () => line++);
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[i + 1];
      i++;
    } else word += c;
  }
  endCommand();
  return commands;
}

function countNewlines(s: string): number {
  return s.split('\n').length - 1;
}

/** A cmd-flavour quoted part: `\"` is a quote, `\\` a backslash; ends at the next bare `"`. Returns the index of the closing quote. */
function readCmdQuoted(text: string, from: number, add: (s: string) => void): number {
  let i = from;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return i;
    if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) {
      add(text[i + 1]);
      i++;
    } else add(c);
  }
  return i;
}

/** `"..."`: `\` escapes only `"`, `\`, `$`, `` ` `` and a line break (which it removes). */
function readDoubleQuoted(text: string, from: number, add: (s: string) => void, newline: () => void): number {
  let i = from;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return i;
    if (c === '\\' && i + 1 < text.length) {
      const next = text[i + 1];
      if (next === '\n') {
        newline();
        i++;
        continue;
      }
      if ('"\\$`'.includes(next)) {
        add(next);
        i++;
        continue;
      }
    }
    const v = c === '$' ? variableAt(text, i) : undefined;
    if (v) {
      add(`${VARIABLE_MARK}${v.name}${VARIABLE_MARK}`);
      i += v.length - 1;
      continue;
    }
    if (c === '\n') newline();
    add(c);
  }
  return i;
}

const ANSI_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v' };

/** Bash's `$'...'` (Chrome writes a body with special characters this way): C escapes, `\xHH`, `\uHHHH`. */
function readAnsiC(text: string, from: number, add: (s: string) => void): number {
  let i = from;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === "'") return i;
    if (c !== '\\' || i + 1 >= text.length) {
      add(c);
      continue;
    }
    const next = text[i + 1];
    const hex = next === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2)) : next === 'u' ? /^[0-9a-fA-F]{4}/.exec(text.slice(i + 2)) : null;
    if (hex) {
      add(String.fromCharCode(parseInt(hex[0], 16)));
      i += 1 + hex[0].length;
    } else {
      add(ANSI_ESCAPES[next] ?? `\\${next}`);
      i++;
    }
  }
  return i;
}
