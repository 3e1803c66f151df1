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
import { blockNames, changedBlocks, readExpr, REFERENCE_RE, sameNames, writtenNames } from './names';
import type { NamedRequest, WorkspaceScope } from './workspaceNames';
import { positionAt } from '../syntax/positions';

export interface FileContext {
  /** File variables; a later definition overrides an earlier one, as in REST Client. */
  variables: Map<string, { value: string; def?: VariableDef; block?: number }>;
  /** Named requests: name -> block index (-1 when the request is in another part of a file checked in parts). */
  names: Map<string, number>;
  /** The path of each named request of the file that is a GET, as written: the node its response's `id` is (blockCall.ts, `readNode`). */
  getPaths?: Map<string, string>;
  env: Environment;
  /**
   * The `< path` bodies of the file, read through the host (`env.readFile`), by the path as
   * written with its variables resolved. Read once per context, so check and send see one text.
   */
  files: Map<string, BodyFileResult>;
  /**
   * The request names this file writes that are named more than once in it: every `# @name` of
   * each, in document order, with its 1-based line (REQ-DUPLICATE-NAME).
   */
  duplicates?: Map<string, Array<{ block: number; line: number }>>;
  /** The workspace the file is part of, when the host has one (check, the language server, send). */
  workspace?: WorkspaceScope;
  /**
   * The requests of other files of the workspace named as a request this file names or reads
   * (names without one are absent): readers find their producer there, and duplicates are told.
   */
  elsewhere?: Map<string, NamedRequest[]>;
  /** Changes whenever anything above changes: the key of per-block result caches. */
  signature: string;
}

export function buildFileContext(doc: GraphreqDocument, env: Environment, workspace?: WorkspaceScope): FileContext {
  const variables: FileContext['variables'] = new Map();
  const names = new Map<string, number>();
  let duplicates: FileContext['duplicates'];
  let getPaths: FileContext['getPaths'];
  const sig: string[] = [];
  for (const block of doc.blocks) {
    const declared = blockNames(block);
    for (const v of declared.variables) {
      variables.set(v.name.text, { value: v.value.text, def: v, block: block.index });
      sig.push(`${v.name.text}=${v.value.text}`);
    }
    const name = declared.requestName?.name;
    if (!name) continue;
    if (!names.has(name)) {
      names.set(name, block.index);
      const getPath = declared.requestName!.getPath;
      if (getPath === undefined) sig.push(`#${name}:${block.index}`);
      else {
        (getPaths ??= new Map()).set(name, getPath);
        sig.push(`#${name}:${block.index} GET ${getPath}`);
      }
      continue;
    }
    // A second `# @name` of the same name: both places are reported, with each other's line.
    duplicates ??= new Map();
    let list = duplicates.get(name);
    if (!list) {
      const first = names.get(name)!;
      duplicates.set(name, (list = [{ block: first, line: requestNameLine(doc, first) }]));
    }
    list.push({ block: block.index, line: requestNameLine(doc, block.index) });
    sig.push(`#${name}:${block.index}:${list.map((d) => d.line).join(',')}`);
  }
  sig.push(envSignature(env));
  const ctx: FileContext = { variables, names, getPaths, env, files: new Map(), signature: '', duplicates };
  if (workspace) readWorkspace(doc, ctx, workspace, sig);
  readBodyFiles(doc, ctx, sig);
  ctx.signature = sig.join('\n');
  return ctx;
}

/**
 * The context of `doc` when `previous` is the context of an earlier parse of the same file, read in
 * the same environment and workspace (at the same generation of its names: the caller knows), and
 * the edit between them changed no name and no `< path` body: that context itself, so the blocks'
 * cached results stay valid (the same signature). Else one built anew. A keystroke in a request of a
 * file of ten thousand no longer rebuilds the context from every block (issue 26).
 */
export function fileContextAfterEdit(previous: { doc: GraphreqDocument; ctx: FileContext }, doc: GraphreqDocument, env: Environment, workspace?: WorkspaceScope): FileContext {
  const { ctx } = previous;
  // Duplicate names carry their lines, and body files their texts read from the disk at each build.
  if (ctx.env === env && ctx.workspace?.names === workspace?.names && ctx.workspace?.file === workspace?.file && !ctx.duplicates && !ctx.files.size && !bodyFileChanged(previous.doc, doc) && sameNames(previous.doc, doc)) return ctx;
  return buildFileContext(doc, env, workspace);
}

/** Whether a block that differs between the two parses has a `< path` body in either. */
function bodyFileChanged(a: GraphreqDocument, b: GraphreqDocument): boolean {
  const changed = changedBlocks(a, b);
  if (!changed) return true;
  for (let i = changed.from; i <= changed.to; i++) if (a.blocks[i].parsed.request?.body?.file || b.blocks[i].parsed.request?.body?.file) return true;
  return false;
}

function requestNameLine(doc: GraphreqDocument, block: number): number {
  const b = doc.blocks[block];
  return positionAt(doc, b.offset + (blockNames(b).requestName?.span.start ?? 0)).line + 1;
}

/**
 * The requests of other files that this file's request names meet: the producers of the names it
 * reads, and the other files that name a request as it does. Only the names the file writes are
 * looked up, so a large workspace costs a file what it reads. They join the signature, so a
 * producer that appears, moves or goes away elsewhere checks the readers here again.
 */
function readWorkspace(doc: GraphreqDocument, ctx: FileContext, workspace: WorkspaceScope, sig: string[]): void {
  ctx.workspace = workspace;
  const requests = writtenNames(doc).requests;
  // A file that names no request and reads no response asks the workspace nothing: the host may not
  // even read it (the CLI's index is read on first use, cli/workspaceRequests.ts).
  if (requests.size === 0) return;
  const { names, file } = workspace;
  if (!names.complete) sig.push('?workspace');
  for (const name of requests) {
    const found = names.requestsNamedElsewhere(file, name);
    if (!found.length) continue;
    (ctx.elsewhere ??= new Map()).set(name, found);
    sig.push(`^${name}:${found.map((r) => `${r.label}:${r.line}${r.getPath === undefined ? '' : ` GET ${r.getPath}`}`).join(',')}`);
  }
}

/**
 * Whether `name` names a request the file may read the response of: in the file, in another file of
 * the workspace, or (while the host is still reading the workspace) possibly in a file not read yet.
 */
export function namesRequest(ctx: FileContext, name: string): boolean {
  if (ctx.names.has(name) || ctx.elsewhere?.has(name)) return true;
  return !!ctx.workspace && !ctx.workspace.names.complete;
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
  return use.kind === 'response' && namesRequest(ctx, use.name);
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
