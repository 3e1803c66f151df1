/**
 * REST Client and httpYac `.http`/`.rest` files into `.graphreq`: variables, `# @name`, `###`
 * separators, request lines (the API's host left to the environment), headers and bodies are kept;
 * chaining references are rewritten to graphreq's `{{name.response.body.PATH}}`; httpYac's `??`
 * assertions become `# @expect` lines. Scripts, response handlers, other protocols and directives
 * graphreq does not know are kept as `#` comments, with a note.
 */
import { dropToken, isApiHost, keepHeader, safeDecode, targetOf } from './requestText';
import { adviceFor, OTHER_SECRET_ADVICE, TOKEN_PARAMETER, type ImportResult } from './notes';
import { isSecretName, looksLikeToken, Redactor } from '../send/redact';
import { startsJson } from '../syntax/expectation';

/** The patterns of redaction alone (a token's shape, `Bearer …`), to tell a value that holds a token. */
const TOKEN_SHAPES = new Redactor();

/**
 * A line of the input as a comment or a note quotes it (a script kept as a comment, a line that is
 * no header, another protocol's request): a script's `exports.token = "EAAB…"` was copied into the
 * file as it stood. A token's shape is redacted, and a quoted value given to a name that says secret
 * (docs/format.md's masks: token, secret, password, key, session…).
 */
function shown(text: string): string {
  return TOKEN_SHAPES.text(text).replace(/([A-Za-z_$][\w$]*)(["']?\s*[:=,]\s*)(["'])([^"'\n]*)\3/g, (whole, name: string, between: string, quote: string, value: string) =>
    isSecretName(name) && value && !/^\{\{[^{}]*\}\}$/.test(value) ? `${name}${between}${quote}[REDACTED]${quote}` : whole,
  );
}

const METHOD = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|CONNECT)\s+(\S.*?)(?:\s+HTTP\/[\d.]+)?\s*$/i;
const OTHER_PROTOCOL = /^(GRPC|WS|SSE|MQTT|AMQP|GRAPHQL|WEBSOCKET|RPC)\s+\S/i;
const BARE_URL = /^(https?:\/\/|\{\{[^}]+\}\}\/)\S*$/i;
/** httpYac assertion: `?? subject [path] operator [value]`. */
const ASSERTION = /^\?\?\s*(\w+)(?:\s+(.*?))?\s*$/;
const OPERATORS = ['==', '!=', '<=', '>=', '<', '>', 'contains', 'includes', 'exists', 'isFalse', 'isTrue', 'startsWith', 'endsWith', 'matches', 'isNumber', 'isString', 'isBoolean', 'isArray', 'sha256', 'md5', 'sha512'];

interface State {
  out: string[];
  notes: string[];
  names: Set<string>;
  /** Variables that hold the API's host, each with the path written after the host (`/v14.0`), or ''. */
  hostVariables: Map<string, string>;
}

export function importHttp(text: string): ImportResult {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const state: State = { out: [], notes: [], names: collectNames(lines), hostVariables: new Map() };
  let block: string[] = [];
  let blockLine = 0;
  const flush = () => {
    convertBlock(block, blockLine, state);
    block = [];
  };
  lines.forEach((line, i) => {
    if (/^###/.test(line)) {
      flush();
      blockLine = i;
    }
    block.push(line);
  });
  flush();
  return { text: state.out.join('\n').replace(/\n{3,}/g, '\n\n').replace(/\s*$/, '\n'), notes: state.notes };
}

/** The names given with `# @name x` (or `// @name x`, `# @name=x`): the requests a reference may chain from. */
function collectNames(lines: string[]): Set<string> {
  const names = new Set<string>();
  for (const line of lines) {
    const m = /^\s*(?:#|\/\/)\s*@name\s*[= ]\s*([\w-]+)/.exec(line);
    if (m) names.add(m[1]);
  }
  return names;
}

type Phase = 'before' | 'headers' | 'body';

function convertBlock(lines: string[], first: number, state: State): void {
  const { out, notes } = state;
  const comments: string[] = [];
  const headers: Array<[string, string]> = [];
  const body: string[] = [];
  /** The line of the input each body line comes from (1-based), for the notes. */
  const bodyAt: number[] = [];
  // The notes of this request, put in the order of the lines they name once it is read.
  const noted = notes.length;
  const after: string[] = [];
  const head: string[] = [];
  let phase: Phase = 'before';
  let requestLine: string | undefined;
  let skipUntil: RegExp | undefined;
  let commentedOut = false;
  for (let k = 0; k < lines.length; k++) {
    const raw = lines[k];
    const line = raw.trimEnd();
    const at = `line ${first + k + 1}`;
    if (skipUntil) {
      (phase === 'before' ? head : after).push(`# ${shown(raw)}`);
      if (skipUntil.test(line)) skipUntil = undefined;
      continue;
    }
    if (k === 0 && line.startsWith('###')) {
      head.push(line);
      continue;
    }
    if (commentedOut) {
      head.push(line ? `# ${shown(raw)}` : '');
      continue;
    }
    // Scripts: httpYac's `{{ ... }}` blocks and REST Client / JetBrains `> {% ... %}` handlers.
    if (/^\{\{\s*$/.test(line) || /^\{\{(?!.*\}\}\s*$)/.test(line)) {
      notes.push(`${at}: a script block ({{ ... }}) is not carried over: graphreq runs no scripts; kept as a comment`);
      (phase === 'before' ? head : after).push(`# not carried over (script): ${shown(raw)}`);
      if (!/\}\}\s*$/.test(line.slice(2))) skipUntil = /^\}\}\s*$/;
      continue;
    }
    if (/^[<>]\s*\{%/.test(line)) {
      notes.push(`${at}: a response handler ({% ... %}) is not carried over: graphreq runs no scripts; kept as a comment`);
      (phase === 'body' ? after : head).push(`# not carried over (script): ${shown(raw)}`);
      if (!/%\}\s*$/.test(line)) skipUntil = /%\}\s*$/;
      if (phase === 'body') phase = 'body';
      continue;
    }
    if (/^[<>]\s+\S+\.js\s*$/.test(line) || /^[<>]\?\s/.test(line)) {
      notes.push(`${at}: a script (${shown(line)}) is not carried over; kept as a comment`);
      (phase === 'body' ? after : head).push(`# not carried over (script): ${shown(raw)}`);
      continue;
    }
    const assertion = ASSERTION.exec(line);
    if (assertion) {
      const expect = expectationOf(assertion[1], assertion[2] ?? '', state);
      // An assertion that compares with a token is not made an expectation: its value would be
      // written in the file (importText redacts the comment kept instead).
      if (expect && TOKEN_SHAPES.text(expect) !== expect) {
        notes.push(`${at}: the assertion compares with a token, which a request file never holds; kept as a comment`);
        (phase === 'before' ? head : after).push(`# not carried over (assertion): ${shown(line)}`);
      } else if (expect) (phase === 'before' ? head : after).push(`# @expect ${expect}`);
      else {
        notes.push(`${at}: the assertion "${shown(line)}" has no graphreq expectation; kept as a comment`);
        (phase === 'before' ? head : after).push(`# not carried over (assertion): ${shown(line)}`);
      }
      continue;
    }
    if (phase === 'before') {
      if (!line.trim()) {
        head.push('');
        continue;
      }
      const comment = /^\s*(#|\/\/)\s?(.*)$/.exec(line);
      if (comment) {
        head.push(directive(comment[2], at, state));
        continue;
      }
      const variable = /^@([\w.-]+)\s*=\s*(.*)$/.exec(line);
      if (variable) {
        head.push(fileVariable(variable[1], variable[2], at, state));
        continue;
      }
      if (OTHER_PROTOCOL.test(line)) {
        notes.push(`${at}: ${line.split(/\s/)[0].toUpperCase()} requests are not carried over (graphreq sends HTTP requests to the API); the request is kept as comments`);
        head.push(`# not carried over (other protocol): ${shown(raw)}`);
        commentedOut = true;
        continue;
      }
      const m = METHOD.exec(line);
      if (m || BARE_URL.test(line)) {
        const method = m ? m[1].toUpperCase() : 'GET';
        const url = m ? m[2] : line.trim();
        requestLine = `${method} ${requestTarget(rewriteReferences(url, state), state, comments, at)}`;
        phase = 'headers';
        continue;
      }
      notes.push(`${at}: "${shown(line)}" is not a request line; kept as a comment`);
      head.push(`# ${shown(raw)}`);
      continue;
    }
    if (phase === 'headers') {
      if (!line.trim()) {
        phase = 'body';
        continue;
      }
      if (/^\s*[?&]/.test(line)) {
        const kept = queryLine(line, comments, notes, at);
        if (kept !== undefined) headers.push(['', kept]);
        continue;
      }
      const comment = /^\s*(#|\/\/)\s?(.*)$/.exec(line);
      if (comment) {
        headers.push(['', directive(comment[2], at, state)]);
        continue;
      }
      const h = /^([^:\s]+)\s*:\s*(.*)$/.exec(line);
      // graphreq sets the Content-Type itself (REQ-HEADER-DROPPED), and the Host: the API's (`GET /v21.0/... HTTP/1.1` then `Host: graph.facebook.com`, as the documents write a request) is the environment's base URL.
      if (h && (/^content-type$/i.test(h[1]) || (/^host$/i.test(h[1]) && isApiHost(h[2].trim().replace(/:\d+$/, ''))))) continue;
      if (h) {
        const kept: Array<[string, string]> = [];
        const local: string[] = [];
        keepHeader(h[1], rewriteReferences(h[2], state), kept, local, comments);
        notes.push(...local.map((n) => `${at}: ${n}`));
        headers.push(...kept);
        continue;
      }
      notes.push(`${at}: "${shown(line)}" is not a header; kept as a comment`);
      headers.push(['', `# ${shown(raw)}`]);
      continue;
    }
    body.push(rewriteReferences(raw, state));
    bodyAt.push(first + k + 1);
  }
  out.push(...trimBlank(head));
  if (requestLine) {
    const text = trimBlank(bodyWithoutToken(body, comments, notes, (i) => `line ${bodyAt[i]}`));
    out.push(...comments, requestLine);
    for (const [name, value] of headers) out.push(name ? `${name}: ${value}` : value);
    if (text.length) out.push('', ...text);
  }
  sortByLine(notes, noted);
  if (after.length) out.push(...after);
  out.push('');
}

/** The notes from `from` on, in the order of the lines they name (`line N: ...`), as the user reads the file. */
function sortByLine(notes: string[], from: number): void {
  const lineOf = (n: string): number => Number(/^line (\d+)/.exec(n)?.[1] ?? 0);
  const sorted = notes.slice(from).sort((a, b) => lineOf(a) - lineOf(b));
  notes.splice(from, sorted.length, ...sorted);
}

function trimBlank(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && !lines[a].trim()) a++;
  while (b > a && !lines[b - 1].trim()) b--;
  return lines.slice(a, b);
}

/** A comment line before or among the headers: `@name` kept, other directives of the peers kept as plain comments. */
function directive(text: string, at: string, state: State): string {
  const name = /^@name\s*[= ]\s*([\w-]+)/.exec(text);
  if (name) return `# @name ${name[1]}`;
  const other = /^@([\w-]+)/.exec(text);
  if (other && other[1] !== 'expect') {
    state.notes.push(`${at}: the directive @${other[1]} has no graphreq equivalent; kept as a comment`);
    return `# not carried over (directive): ${text}`;
  }
  return `# ${shown(text)}`;
}

/** `@name = value`: kept; a token's value dropped; a variable holding the API's host is left to the environment. */
function fileVariable(name: string, value: string, at: string, state: State): string {
  const v = value.trim();
  // A credential by its name (as the editor masks one: `@apiKey`, `@session`, `@client_secret`) or its
  // value's shape (`Bearer …`, `EAA…`), unless the value only reads another variable.
  if ((isSecretName(name) || looksLikeToken(v) || TOKEN_PARAMETER.test(name)) && !/^\{\{[^{}]*\}\}$/.test(v)) {
    const comments: string[] = [];
    const local: string[] = [];
    dropToken(`the variable @${name}`, local, comments, /token/i.test(name) ? undefined : OTHER_SECRET_ADVICE);
    state.notes.push(...local.map((n) => `${at}: ${n}`));
    return comments[0];
  }
  // The API's host, and maybe a version after it (`https://graph.facebook.com/v14.0`): the path stays in each request.
  const host = /^https?:\/\/([^/\s?#]+)(\/[^\s?#]*?)?\/?$/i.exec(v);
  if (host && isApiHost(host[1])) {
    const path = host[2] ?? '';
    state.hostVariables.set(name, path);
    const kept = path ? `; the path after it, ${path}, is kept in each request` : '';
    state.notes.push(`${at}: @${name} = ${v} is the API's host: requests use the environment's base URL instead (graphreq.env.json baseUrl, or --base-url)${kept}`);
    return `# ${name} = ${v} (the API's host: the environment's base URL is used instead${kept})`;
  }
  // `https://user:password@host`: the user information is dropped, the rest kept.
  const withUser = /^(https?:\/\/)[^/\s?#@]*@/i.exec(v);
  if (withUser) {
    const comments: string[] = [];
    const local: string[] = [];
    dropToken(`the user information of @${name}`, local, comments, OTHER_SECRET_ADVICE);
    state.notes.push(...local.map((n) => `${at}: ${n}`));
    return `${comments[0]}\n${fileVariable(name, withUser[1] + v.slice(withUser[0].length), at, state)}`;
  }
  return `@${name} = ${rewriteReferences(v, state)}`;
}

/** The request target: `{{host}}/v23.0/me` and `https://graph.facebook.com/v23.0/me` both become `/v23.0/me`. */
function requestTarget(url: string, state: State, comments: string[], at: string): string {
  const local: string[] = [];
  const viaVariable = /^\{\{\s*([\w.-]+)\s*\}\}(\/.*)$/.exec(url);
  const hostVariable = viaVariable && (state.hostVariables.has(viaVariable[1]) || /^(base_?url|host|graph_?url|api_?url|url|baseUri)$/i.test(viaVariable[1]));
  const target = targetOf(hostVariable ? `${state.hostVariables.get(viaVariable[1]) ?? ''}${viaVariable[2]}` : url, local, comments);
  state.notes.push(...local.map((n) => `${at}: ${n}`));
  return target;
}

/** A `?a=1` / `&b=2` continuation line, without an access_token. */
function queryLine(line: string, comments: string[], notes: string[], at: string): string | undefined {
  const m = /^(\s*[?&])\s*([^=\s]+)/.exec(line);
  if (m && TOKEN_PARAMETER.test(m[2])) {
    const local: string[] = [];
    dropToken(`the ${m[2]} query parameter`, local, comments, adviceFor(m[2]));
    notes.push(...local.map((n) => `${at}: ${n}`));
    return undefined;
  }
  return line.trim();
}

/** A JSON body's top-level members that hold credentials (access_token, a secret), dropped; a form body's too. */
function bodyWithoutToken(lines: string[], comments: string[], notes: string[], at: (index: number) => string): string[] {
  const local: string[] = [];
  const kept = lines.filter((l, i) => {
    const m = /^\s*"?(\w+)"?\s*[:=]/.exec(l);
    const secret = !!m && TOKEN_PARAMETER.test(m[1]);
    if (secret) {
      const dropped: string[] = [];
      dropToken(`the ${m[1]} field`, dropped, comments, adviceFor(m[1]));
      local.push(...dropped.map((n) => `${at(i)}: ${n}`));
    }
    return !secret;
  });
  const drop = (what: string, i: number): void => {
    const dropped: string[] = [];
    dropToken(what, dropped, comments, adviceFor(what.split(' ')[1]));
    local.push(...dropped.map((n) => `${at(i)}: ${n}`));
  };
  // A form body on one line (`name=x&access_token=…`): each pair is read, as a query's is.
  for (let i = 0; i < kept.length; i++) {
    if (!FORM_LINE.test(kept[i].trim())) continue;
    const pairs = kept[i].trim().split('&');
    const left = pairs.filter((pair) => {
      const name = safeDecode(pair.slice(0, pair.indexOf('=')).replace(/\+/g, ' '));
      if (!TOKEN_PARAMETER.test(name)) return true;
      drop(`the ${name} field`, lines.indexOf(kept[i]));
      return false;
    });
    if (left.length !== pairs.length) kept[i] = left.join('&');
  }
  // A JSON body whose secrets are not each on a line of their own (`{"client_secret": …}` on one
  // line, or inside another member): written again without them.
  const json = parseObject(kept.join('\n'));
  if (json !== undefined) {
    const found: string[] = [];
    const cleaned = withoutSecretMembers(json, found);
    if (found.length) {
      for (const name of found) drop(`the ${name} field`, lines.findIndex((l) => l.includes(`"${name}"`)));
      notes.push(...local);
      return JSON.stringify(cleaned, null, 2).split('\n');
    }
  }
  notes.push(...local);
  // A member removed before the closing brace leaves a trailing comma: JSONC allows it, but keep strict JSON tidy.
  for (let i = kept.length - 1; i > 0; i--) {
    if (/^\s*[}\]]/.test(kept[i])) {
      let j = i - 1;
      while (j >= 0 && !kept[j].trim()) j--;
      if (j >= 0 && local.length) kept[j] = kept[j].replace(/,\s*$/, '');
      break;
    }
  }
  return kept;
}

/** `a=1&b=2`: a form body's line (no JSON, no spaces in names). */
const FORM_LINE = /^[^\s=&{}"[\]]+=[^&]*(?:&[^\s=&{}"[\]]+=[^&]*)*$/;

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A copy of a JSON value without the members whose names say credential, at any depth; their names in `found`. */
function withoutSecretMembers(value: unknown, found: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutSecretMembers(v, found));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (TOKEN_PARAMETER.test(k)) found.push(k);
    // Defined as an own data property: a member called `__proto__` stays a member.
    else Object.defineProperty(out, k, { value: withoutSecretMembers(v, found), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Chaining references into graphreq's form: REST Client's `{{name.response.body.$.id}}` (JSONPath)
 * and httpYac's `{{name.id}}` become `{{name.response.body.id}}`; `{{$dotenv X}}` and `{{$processEnv X}}` stay.
 */
export function rewriteReferences(text: string, state: Pick<State, 'names'>): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, inner: string) => {
    const rc = /^([\w-]+)\.response\.body\.\$\.?(.*)$/.exec(inner);
    if (rc) return `{{${rc[1]}.response.body.${rc[2]}}}`;
    const yac = /^([\w-]+)((?:\.[\w-]+|\[\d+\])+)$/.exec(inner);
    if (yac && state.names.has(yac[1]) && !/^\.(response|request)\b/.test(yac[2])) return `{{${yac[1]}.response.body${yac[2]}}}`;
    return whole;
  });
}

/** httpYac's `?? status == 200`, `?? body name == x`, `?? duration < 500` as a graphreq expectation, or undefined. */
function expectationOf(subject: string, rest: string, state: State): string | undefined {
  const words = rest.trim();
  const opAt = findOperator(words);
  if (!opAt) return undefined;
  const path = words.slice(0, opAt.index).trim().replace(/^\$\.?/, '');
  const op = opAt.op;
  const value = expectedText(rewriteReferences(words.slice(opAt.index + op.length).trim(), state));
  let target: string;
  if (subject === 'status' && !path) target = 'status';
  else if (subject === 'duration' && !path) target = 'time';
  else if (subject === 'body') target = path ? `body.${path.replace(/^\./, '')}` : 'body';
  else if (subject === 'header' && path) target = `header.${path}`;
  else return undefined;
  switch (op) {
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return value ? `${target} ${op} ${value}` : undefined;
    case 'contains':
    case 'includes':
      return value ? `${target} contains ${value}` : undefined;
    case 'exists':
      return `${target} exists`;
    case 'isTrue':
      return `${target} true`;
    case 'isFalse':
      return `${target} false`;
    default:
      return undefined;
  }
}

/**
 * httpYac expects the rest of the line, spaces included (`?? body name == Spring sale` is the text
 * "Spring sale"); an expectation reads one word there, so text with spaces is written as JSON text.
 * A JSON object or list, and text already in double quotes, are kept as written.
 */
function expectedText(value: string): string {
  return /\s/.test(value) && !value.startsWith('"') && !startsJson(value, 0) ? JSON.stringify(value) : value;
}

function findOperator(words: string): { op: string; index: number } | undefined {
  let best: { op: string; index: number } | undefined;
  for (const op of OPERATORS) {
    const re = new RegExp(`(^|\\s)${op.replace(/[<>=!]/g, (c) => `\\${c}`)}(\\s|$)`);
    const m = re.exec(words);
    if (m && (!best || m.index < best.index)) best = { op, index: m.index + m[1].length };
  }
  return best;
}

