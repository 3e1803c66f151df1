/**
 * `{{$processEnv NAME}}` and `{{$dotenv NAME}}` in a request's URL (REQ-ENV-IN-URL): a value of the
 * machine's environment or of a `.env` file is a secret as often as not, and a URL is what proxies,
 * server logs, browser history and graphreq's own history keep. So such a value may go in a header
 * or a body (where it is redacted in every output), never in the URL: the checker reports it and
 * send refuses the request, both from here.
 *
 * Found written directly on the request line (or a query continuation line), or through variables
 * (a file variable or an environment variable whose value uses one, at any depth).
 */
import type { RequestBlock } from '../syntax/ast';
import type { Span } from '../types';
import { own } from '../own';
import type { FileContext } from './fileContext';
import { blockNames } from './names';

const ENV_BUILTIN_RE = /\{\{\s*\$(?:processEnv|dotenv)\b/;
const REFERENCE_RE = /\{\{\s*([^{}\s$][^{}\s]*)\s*\}\}/g;

export interface EnvInUrl {
  /** The `{{...}}` on the request line (block-relative). */
  span: Span;
  /** What it is: the built-in itself, or the variable that leads to one. */
  text: string;
}

/** The uses on the request's URL that put an environment value in it. */
export function envValuesInUrl(block: RequestBlock, ctx: FileContext): EnvInUrl[] {
  const request = block.parsed.request;
  if (!request) return [];
  const urlSpans = [request.target.span, ...request.continuationLines];
  const out: EnvInUrl[] = [];
  for (const use of blockNames(block).uses) {
    if (use.place !== 'request' || !urlSpans.some((s) => use.span.start >= s.start && use.span.end <= s.end)) continue;
    if (use.kind === 'builtin' ? use.name === '$processEnv' || use.name === '$dotenv' : use.kind === 'variable' && variableLeadsToEnv(use.name, ctx)) {
      out.push({ span: use.span, text: block.text.slice(use.span.start, use.span.end) });
    }
  }
  return out;
}

/**
 * `leadsToEnv` once per variable and file context (whose variables do not change): every request of
 * a file writes the same `{{version}}` and `{{account}}` on its line.
 */
const leadsByContext = new WeakMap<FileContext, Map<string, boolean>>();
function variableLeadsToEnv(name: string, ctx: FileContext): boolean {
  let known = leadsByContext.get(ctx);
  if (!known) leadsByContext.set(ctx, (known = new Map()));
  let leads = known.get(name);
  if (leads === undefined) known.set(name, (leads = leadsToEnv(name, ctx, new Set())));
  return leads;
}

/** Whether variable `name`'s value uses `$processEnv` or `$dotenv`, directly or through other variables. */
function leadsToEnv(name: string, ctx: FileContext, seen: Set<string>): boolean {
  if (seen.has(name) || seen.size > 64) return false;
  seen.add(name);
  const value = ctx.variables.get(name)?.value ?? own(ctx.env.variables, name);
  if (value === undefined) return false;
  if (ENV_BUILTIN_RE.test(value)) return true;
  for (const m of value.matchAll(REFERENCE_RE)) if (leadsToEnv(m[1], ctx, seen)) return true;
  return false;
}

/** The one sentence of the finding and of send's refusal. */
export function envInUrlMessage(found: EnvInUrl): string {
  return `${found.text} puts an environment value in the URL, which proxies, logs and history keep: send it in a header or the body.`;
}
