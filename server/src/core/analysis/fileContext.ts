/**
 * What a file declares for all its requests: file variables (`@name = value`) and named requests
 * (`# @name create`), read from the name index (names.ts) with the environment the file is checked
 * in. Built from the blocks' cached names, so it costs little even on large files.
 */
import type { GraphreqDocument, RequestBlock, VariableDef } from '../syntax/ast';
import type { BodyFileResult, Environment } from '../types';
import { digest } from '../digest';
import { own } from '../own';
import { resolveBuiltin } from './builtins';
import { blockNames, readExpr, REFERENCE_RE } from './names';

export interface FileContext {
  /** File variables; a later definition overrides an earlier one, as in REST Client. */
  variables: Map<string, { value: string; def?: VariableDef; block?: number }>;
  /** Named requests: name -> block index (-1 when the request is in another part of a file checked in parts). */
  names: Map<string, number>;
  env: Environment;
  /**
   * The `< path` bodies of the file, read through the host (`env.readFile`), by the path as
   * written with its variables resolved. Read once per context, so check and send see one text.
   */
  files: Map<string, BodyFileResult>;
  /** Changes whenever anything above changes: the key of per-block result caches. */
  signature: string;
}

export function buildFileContext(doc: GraphreqDocument, env: Environment): FileContext {
  const variables: FileContext['variables'] = new Map();
  const names = new Map<string, number>();
  const sig: string[] = [];
  for (const block of doc.blocks) {
    const declared = blockNames(block);
    for (const v of declared.variables) {
      variables.set(v.name.text, { value: v.value.text, def: v, block: block.index });
      sig.push(`${v.name.text}=${v.value.text}`);
    }
    const name = declared.requestName?.name;
    if (name && !names.has(name)) {
      names.set(name, block.index);
      sig.push(`#${name}:${block.index}`);
    }
  }
  sig.push(envSignature(env));
  const ctx: FileContext = { variables, names, env, files: new Map(), signature: '' };
  readBodyFiles(doc, ctx, sig);
  ctx.signature = sig.join('\n');
  return ctx;
}

/**
 * Reads the `< path` bodies through the host, once per context. Their texts join the signature, so
 * a changed body file is checked again when the context is next built.
 */
function readBodyFiles(doc: GraphreqDocument, ctx: FileContext, sig: string[]): void {
  for (const block of doc.blocks) {
    const file = block.parsed.request?.body?.file;
    if (!file) continue;
    const path = bodyFilePath(file.path.text, ctx);
    if (path === undefined || ctx.files.has(path)) continue;
    const read: BodyFileResult = ctx.env.readFile ? ctx.env.readFile(path) : { ok: false, reason: 'this document is not a file on disk, so there is no folder to read it from' };
    ctx.files.set(path, read);
    sig.push(`<${path}:${read.ok ? `${read.text.length}:${digest(read.text)}` : read.reason}`);
  }
}

/** The path of a `< path` body with its variables resolved; undefined while some stay unresolved. */
export function bodyFilePath(written: string, ctx: FileContext): string | undefined {
  const r = resolveText(written, ctx);
  return r.opaque ? undefined : r.text.trim();
}

export function requestName(block: RequestBlock): string | undefined {
  return blockNames(block).requestName?.name;
}

export function directiveValue(block: RequestBlock, name: string): string | undefined {
  for (const d of block.parsed.directives) if (d.name.text === name) return d.value?.text ?? '';
  return undefined;
}

export interface Resolved {
  text: string;
  /** Some reference stays unresolved until send time (a named response, an unknown variable). */
  opaque: boolean;
  /** References to variables that are defined nowhere. */
  unknown: string[];
}

/**
 * Replaces `{{name}}` with file variables, then environment variables. References to named responses
 * (`{{create.response.body.id}}`) and unknown names stay as written and make the result opaque.
 */
export function resolveText(text: string, ctx: FileContext, depth = 0): Resolved {
  if (text.indexOf('{{') < 0) return { text, opaque: false, unknown: [] };
  let opaque = false;
  const unknown: string[] = [];
  const out = text.replace(REFERENCE_RE, (whole, expr: string) => {
    const value = lookupVariable(expr, ctx);
    if (value === undefined || depth > 8) {
      opaque = true;
      if (!isResponseRef(expr, ctx) && !expr.startsWith('$')) unknown.push(expr);
      return whole;
    }
    const inner = resolveText(value, ctx, depth + 1);
    if (inner.opaque) opaque = true;
    unknown.push(...inner.unknown);
    return inner.text;
  });
  return { text: out, opaque, unknown };
}

export function lookupVariable(name: string, ctx: FileContext): string | undefined {
  // A built-in: its value when it is known now (`$processEnv`, `$dotenv`), else decided at send time.
  if (name.charCodeAt(0) === 36 /* $ */) {
    const b = resolveBuiltin(name, ctx.env);
    return b.kind === 'value' ? b.value : undefined;
  }
  const v = ctx.variables.get(name)?.value;
  if (v !== undefined) return v;
  // Own properties only: `{{constructor}}` is not a variable.
  return own(ctx.env.variables, name);
}

/** `{{create.response.body.id}}`: a value from the response of a request of the file. */
export function isResponseRef(expr: string, ctx: FileContext): boolean {
  const use = readExpr(expr);
  return use.kind === 'response' && ctx.names.has(use.name);
}

/** What one part of a file declares, as plain data (for checking a large file in parts, in workers). */
export interface FileContextParts {
  variables: Array<[string, string]>;
  names: string[];
}

export function contextParts(ctx: FileContext): FileContextParts {
  return { variables: [...ctx.variables].map(([k, v]) => [k, v.value]), names: [...ctx.names.keys()] };
}

/** The context of a whole file from its parts in document order: a later variable wins, the first name wins. */
export function contextFromParts(parts: FileContextParts[], env: Environment): FileContext {
  const variables: FileContext['variables'] = new Map();
  const names = new Map<string, number>();
  const sig: string[] = [];
  for (const p of parts) {
    for (const [name, value] of p.variables) {
      variables.set(name, { value });
      sig.push(`${name}=${value}`);
    }
    for (const name of p.names) {
      if (names.has(name)) continue;
      names.set(name, -1);
      sig.push(`#${name}`);
    }
  }
  sig.push(envSignature(env));
  return { variables, names, env, files: new Map(), signature: sig.join('\n') };
}

/** The environment in a context's signature: the account context by its key, not its whole content (read on every edit). */
function envSignature(env: Environment): string {
  return JSON.stringify(env, function (this: unknown, k: string, v: unknown) {
    return this === env && k === 'context' && v ? (v as { key: string }).key : v;
  });
}
