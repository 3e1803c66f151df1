/**
 * curl commands (as the documents write them and as browsers' "Copy as cURL" does) into `.graphreq`
 * requests: method, path and query, the headers worth keeping, and the data as the JSON body the
 * documents accept. Credentials (`Authorization`, `access_token`, `-u`, cookies) are dropped with a note.
 */
import { splitCommands, straightenQuotes, VARIABLE_MARK } from './shellWords';
import { dropToken, keepHeader, placeholderValue, safeDecode, targetOf, writeRequest, type ImportedRequest } from './requestText';
import { adviceFor, OTHER_SECRET_ADVICE, STORE_TOKEN_ADVICE, TOKEN_PARAMETER, type ImportResult } from './notes';
import { credentialOf, splitCluster, takesValue } from './curlOptions';

const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--data-urlencode', '--json']);
const FORM = new Set(['-F', '--form', '--form-string']);
/** Options that take a value and change nothing graphreq sends. */
const IGNORED_WITH_VALUE = new Set(['-o', '--output', '-A', '--user-agent', '-e', '--referer', '-m', '--max-time', '--connect-timeout', '-x', '--proxy', '-w', '--write-out', '--retry', '-c', '--cookie-jar', '--cacert', '--key', '--resolve', '--limit-rate', '-T', '--upload-file']);
/**
 * A value the documents write for the reader to fill in (`-F 'campaign_id=<CAMPAIGN_ID>'`): curl
 * would read `<file` as a file's content, and fail to open `CAMPAIGN_ID>`; the value meant is the
 * placeholder, kept as written.
 */
const PLACEHOLDER = /^<[^<>]+>$/;
/** `NAME=value`: a shell variable set for the commands after it. */
const ASSIGNMENT = /^([A-Za-z_]\w*)=([\s\S]*)$/;
/** PowerShell's `$NAME = value` (shellWords.ts marks `$NAME` and `$env:NAME` as variables): the name, and the value when written in the same word. */
const POWERSHELL_ASSIGNMENT = new RegExp(`^${VARIABLE_MARK}(\\w+)${VARIABLE_MARK}=([\\s\\S]*)$`);
/** Names of shell variables that hold credentials: their values are never copied. */
const SECRET_VARIABLE = /token|secret|password/i;
/** Headers a browser or curl adds by itself: they say nothing about the call. */
const BROWSER_HEADER = /^(sec-|user-agent$|referer$|origin$|priority$|accept-encoding$|connection$|content-length$|host$|dnt$|pragma$|cache-control$|upgrade-insecure-requests$)/i;

interface Parsed {
  method?: string;
  url?: string;
  headers: Array<[string, string]>;
  data: Array<{ text: string; urlencode: boolean }>;
  form: Array<[string, string]>;
  /** `--url-query` values, added to the URL's query as curl adds them. */
  urlQuery: string[];
  get: boolean;
  json: boolean;
}

/** Is this text curl commands? (for `--from auto`) */
export function looksLikeCurl(text: string): boolean {
  return /^\s*(?:\$\s*)?curl(?:\.exe)?\s/im.test(text);
}

export function importCurl(input: string): ImportResult {
  const notes: string[] = [];
  const parts: string[] = [];
  const straight = straightenQuotes(input);
  if (straight !== undefined) notes.push('typographic quotes (‘ ’ “ ”) read as the shell\'s \' and "');
  const shell = new ShellVariables();
  for (const command of splitCommands(straight ?? input)) {
    const given = command.words[0] === '$' ? command.words.slice(1) : command.words;
    // `NAME=value` (or `export NAME=value`) lines set what the later commands read as $NAME.
    if (shell.assign(given)) continue;
    // `NAME=value curl …`: variables set for that command only (bash expands its words before the
    // assignment applies, so they do not change what it reads).
    let start = 0;
    while (start < given.length - 1 && ASSIGNMENT.test(given[start]) && !given[start].startsWith('-')) start++;
    const words = given.slice(start).map((w) => shell.expand(w));
    if (!/^curl(\.exe)?$/i.test(words[0] ?? '')) {
      // Named without its value: `TOKEN=EAAB…` alone is an assignment, but `TOKEN=EAAB… other` is not.
      notes.push(`line ${command.line + 1}: not a curl command (${(words[0] ?? '').split('=')[0]}); skipped`);
      continue;
    }
    const where = `line ${command.line + 1}`;
    const local: string[] = [];
    const parsed = parseArgs(words.slice(1), local);
    if (!parsed.url) {
      notes.push(`${where}: a curl command without a URL; skipped`);
      continue;
    }
    const request = toRequest(parsed, local);
    notes.push(...local.map((n) => `${where}: ${n}`));
    parts.push(writeRequest(request, `${request.method} ${request.target.split('?')[0]}`));
  }
  const text = parts.join('\n');
  notes.push(...shell.notesFor(text));
  if (!parts.length) notes.push('no curl command found');
  return { text, notes };
}

/**
 * The shell variables of a pasted script: `PAGE_ID="123"` set before the curl commands that read
 * `${PAGE_ID}` (unquoted or in double quotes) gives them its value, as the shell would. A variable
 * the text does not set (it comes from the user's environment), or one named like a credential,
 * becomes a graphreq variable, `{{NAME}}`, with one note each: its value is the environment's to give.
 */
class ShellVariables {
  private readonly values = new Map<string, string>();
  /** The names written as `{{NAME}}`, and why. */
  private readonly written = new Map<string, string>();

  /**
   * Takes a command of assignments only; false for any other command. bash's `NAME=value` (and
   * `export`), cmd's `set NAME=value`, PowerShell's `$NAME = "value"` and `$env:NAME = "value"`.
   */
  assign(words: string[]): boolean {
    const ps = POWERSHELL_ASSIGNMENT.exec(words.length === 3 && words[1] === '=' ? `${words[0]}=` : words.length === 1 ? words[0] : '');
    if (ps) {
      this.values.set(ps[1], this.expand(words.length === 3 ? words[2] : ps[2]));
      return true;
    }
    const list = words[0] === 'export' || /^set$/i.test(words[0] ?? '') ? words.slice(1) : words;
    if (!list.length || !list.every((w) => ASSIGNMENT.test(w))) return false;
    for (const w of list) {
      const [, name, value] = ASSIGNMENT.exec(w)!;
      this.values.set(name, this.expand(value));
    }
    return true;
  }

  /** A word with each `$NAME` the shell would expand replaced (shellWords.ts marks them). */
  expand(word: string): string {
    if (!word.includes(VARIABLE_MARK)) return word;
    return word.replace(new RegExp(`${VARIABLE_MARK}(\\w+)${VARIABLE_MARK}`, 'g'), (_, name: string) => {
      const value = this.values.get(name);
      if (value !== undefined && !SECRET_VARIABLE.test(name)) return value;
      if (!this.written.has(name)) this.written.set(name, value === undefined ? 'is not set in the commands' : 'holds a credential');
      return `{{${name}}}`;
    });
  }

  /** One note for each variable the requests still read (one read only where a token was, and dropped with it, needs none). */
  notesFor(text: string): string[] {
    return [...this.written].filter(([name]) => text.includes(`{{${name}}}`)).map(([name, why]) => `$${name} ${why}: written {{${name}}}, a variable to give a value in graphreq.env.json`);
  }
}

function parseArgs(args: string[], notes: string[]): Parsed {
  const p: Parsed = { headers: [], data: [], form: [], urlQuery: [], get: false, json: false };
  for (let i = 0; i < args.length; i++) {
    for (const { option: arg, attached } of optionsOf(args[i])) {
      const value = () => attached ?? args[++i] ?? '';
      if (arg === '-X' || arg === '--request') p.method = value().toUpperCase();
      else if (arg === '-H' || arg === '--header') {
        const h = value();
        const colon = h.indexOf(':');
        if (colon > 0) p.headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
      } else if (DATA.has(arg)) {
        const v = value();
        if (arg === '--json') p.json = true;
        if (v.startsWith('@') && arg !== '--data-raw') notes.push(`${arg} ${v} reads a file: not carried over (put the file's content in the body)`);
        else p.data.push({ text: v, urlencode: arg === '--data-urlencode' });
      } else if (FORM.has(arg)) {
        const v = value();
        const eq = v.indexOf('=');
        if (eq < 0) continue;
        const fieldValue = v.slice(eq + 1);
        if (fieldValue.startsWith('@') || (fieldValue.startsWith('<') && !PLACEHOLDER.test(fieldValue))) notes.push(`${arg} ${v.slice(0, eq)}=${fieldValue.split(';')[0]} uploads a file: not carried over`);
        else p.form.push([v.slice(0, eq), fieldValue]);
      } else if (arg === '-G' || arg === '--get') p.get = true;
      else if (arg === '--url') p.url = oneLineUrl(value(), notes);
      else if (arg === '--url-query') p.urlQuery.push(value());
      else if (arg === '-u' || arg === '--user') {
        value();
        notes.push(`${arg} (user and password) ignored: the API takes an access token, which graphreq sends for you`);
      } else if (arg === '-b' || arg === '--cookie') {
        value();
        notes.push(`${arg} (cookies) dropped: cookies may hold credentials`);
      } else if (credentialOf(arg) !== undefined) {
        value();
        notes.push(`${arg} (${credentialOf(arg)}) dropped: ${arg === '--oauth2-bearer' ? STORE_TOKEN_ADVICE : OTHER_SECRET_ADVICE}`);
      } else if (IGNORED_WITH_VALUE.has(arg)) value();
      else if (takesValue(arg)) {
        value();
        notes.push(`curl option ${arg} ignored`);
      } else if (arg.startsWith('-') && arg.length > 1) {
        if (!/^-[sSkLiIvgfN#]$|^--(compressed|silent|show-error|insecure|location|include|verbose|fail|globoff|no-buffer|http[0-9.]+|progress-bar)$/.test(arg)) notes.push(`curl option ${arg} ignored`);
      } else if (!p.url) p.url = oneLineUrl(arg, notes);
    }
  }
  return p;
}

/**
 * The options of one word as curl reads them: a cluster of short options (`-sLo`, `-XPOST`,
 * `-H'A: b'`), `--data=x` (not curl's own syntax, but written), else the word itself.
 */
function optionsOf(word: string): Array<{ option: string; attached?: string }> {
  const cluster = splitCluster(word);
  if (cluster) return cluster;
  if (word.startsWith('--') && word.includes('=') && !DATA.has(word)) {
    const eq = word.indexOf('=');
    const name = word.slice(0, eq);
    // Any option that takes a value (`--oauth2-bearer=TOKEN`), or one graphreq does not know: its
    // value is never quoted in a note.
    if (takesValue(name)) return [{ option: name, attached: word.slice(eq + 1) }];
    return [{ option: name }];
  }
  return [{ option: word }];
}

/**
 * A URL the documents lay out over several lines for reading (the batch requests page: one JSON
 * member a line, `// comments` at line ends; the long-lived token page: a parameter a line): curl
 * refuses it as written, and the URL meant is its lines joined, without the spaces around the line
 * breaks and the comments at their ends.
 */
function oneLineUrl(url: string, notes: string[]): string {
  if (!/[\r\n]/.test(url)) return url;
  notes.push('the URL is written over several lines: joined into one, without the spaces around its line breaks nor the `//` comments at their ends');
  return url.replace(/[ \t]+\/\/[^\r\n]*/g, '').replace(/[ \t]*\r?\n[ \t]*/g, '').trim();
}

function toRequest(p: Parsed, notes: string[]): ImportedRequest {
  const comments: string[] = [];
  let url = p.url ?? '';
  // `--url-query name=value` is the query curl adds, the value encoded (not after `+`); the token's
  // taken out of it as of any query, by targetOf.
  for (const q of p.urlQuery) {
    if (q.startsWith('@') || q.includes('=@')) notes.push(`--url-query ${q.split('=')[0]} reads a file: not carried over`);
    else url += (url.includes('?') ? '&' : '?') + (q.startsWith('+') ? q.slice(1) : encodeUrlencodeArg(q));
  }
  const fields = p.form.length ? p.form : p.data.length ? formFields(p.data) : undefined;
  const jsonBody = !p.form.length && p.data.length === 1 && !p.data[0].urlencode ? parseJsonDocument(p.data[0].text) : undefined;
  let body: ImportedRequest['body'];
  // curl sends -F fields as a POST's multipart body; with -X GET it sends a GET (with -G it refuses
  // the command): a read, whose parameters the API takes from the query (docs/import.md).
  const formOfGet = p.form.length > 0 && (p.method === 'GET' || (p.get && p.method === undefined));
  if (p.get && p.data.length) {
    const query = p.data.map((d) => (d.urlencode ? encodeUrlencodeArg(d.text) : d.text)).join('&');
    url += (url.includes('?') ? '&' : '?') + query;
  } else if (formOfGet) {
    // The values as written (a query holds text), the token's left out as a body's would be.
    const kept = p.form.filter(([name]) => !TOKEN_PARAMETER.test(name) || void dropToken(`the ${name} field`, notes, comments, adviceFor(name)));
    if (kept.length) {
      url += (url.includes('?') ? '&' : '?') + kept.map(([name, value]) => `${name}=${queryValue(placeholderValue(value))}`).join('&');
      notes.push(`-F fields of a GET written in its query: ${kept.map(([name]) => name).join(', ')} (a GET sends no body; curl -F without -X GET is a POST)`);
    }
  } else if (jsonBody !== undefined) body = { json: withoutToken(jsonBody, notes, comments) };
  else if (fields) {
    const kept = withoutToken(fieldObject(fields.map(([name, value]) => [name, placeholderValue(value)])), notes, comments) as Record<string, unknown>;
    if (Object.keys(kept).length) body = { json: kept };
  }
  const method = formOfGet ? 'GET' : p.method ?? (body !== undefined || (fields && !p.get) ? 'POST' : 'GET');
  const target = targetOf(url, notes, comments);
  const headers: Array<[string, string]> = [];
  for (const [name, value] of p.headers) {
    if (BROWSER_HEADER.test(name)) continue;
    // The body is JSON now, whatever the command sent it as.
    if (/^content-type$/i.test(name) && body !== undefined) continue;
    keepHeader(name, value, headers, notes, comments);
  }
  return { comments, method, target, headers, body };
}

/** A value written into a query: as it is where it reads the same there, else percent-encoded. */
function queryValue(value: string): string {
  return /^[^\s&#%+=?]*$/.test(value) ? value : encodeURIComponent(value);
}

/** The text of `--data-urlencode` as curl sends it: `name=value` with the value encoded. */
function encodeUrlencodeArg(text: string): string {
  const eq = text.indexOf('=');
  return eq < 0 ? encodeURIComponent(text) : `${text.slice(0, eq + 1)}${encodeURIComponent(text.slice(eq + 1))}`;
}

function parseJsonDocument(text: string): unknown {
  const t = text.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

/** `-d a=1 -d b=2` and `-d 'a=1&b=2'`: form fields, decoded (`--data-urlencode` values are written unencoded). */
function formFields(data: Parsed['data']): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const d of data) {
    const pieces = d.urlencode ? [d.text] : d.text.split('&');
    for (const piece of pieces) {
      if (!piece) continue;
      const eq = piece.indexOf('=');
      const name = eq < 0 ? piece : piece.slice(0, eq);
      const value = eq < 0 ? '' : piece.slice(eq + 1);
      out.push(d.urlencode ? [name, value] : [safeDecode(name.replace(/\+/g, ' ')), safeDecode(value.replace(/\+/g, ' '))]);
    }
  }
  return out;
}

/** The fields as the JSON object the documents accept: numbers, booleans, objects and lists kept as JSON where they parse. */
function fieldObject(fields: Array<[string, string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of fields) out[name] = jsonValue(value);
  return out;
}

function jsonValue(value: string): unknown {
  const t = value.trim();
  // Ids and other long digit strings stay text: JSON numbers past 2^53 lose digits.
  if (/^-?\d{16,}$/.test(t)) return value;
  if (!/^[-\d[{"]|^(true|false|null)$/.test(t)) return value;
  try {
    return JSON.parse(t);
  } catch {
    return value;
  }
}

/** A body object without its access_token member. */
function withoutToken(value: unknown, notes: string[], comments: string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (TOKEN_PARAMETER.test(k)) dropToken(`the ${k} field`, notes, comments, adviceFor(k));
    else out[k] = v;
  }
  return out;
}
