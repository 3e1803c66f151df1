/**
 * Rename of file variables, environment variables and named requests, with the check that comes
 * first (`prepareRename`). A file variable is renamed in its file; an environment variable in every
 * section of graphreq.env.json and in every request file that reads it (the host hands those in); a
 * named request in its `# @name` and every `{{NAME.response...}}`.
 *
 * A rename is refused when the new name is not one the format reads (docs/format.md, "Variables"),
 * or when it would clash: the new name is already defined, or already used, so that the renamed
 * name would capture or be hidden by another one.
 */
import { envKeys } from '../analysis/envFileNames';
import { nameIndex, REQUEST_NAME_RE, VARIABLE_NAME_RE } from '../analysis/names';
import type { GraphreqDocument } from '../syntax/ast';
import type { Span, TextEdit } from '../types';
import { placesOf } from '../analysis/workspaceNames';
import { nameAt, requestSitesElsewhere, sitesOf, type NavigationContext, type ResolvedName } from './navigation';

export type RenameKind = 'fileVariable' | 'envVariable' | 'request';

export type PrepareRenameResult = { ok: true; kind: RenameKind; name: string; span: Span } | { ok: false; message: string };

export function prepareRename(ctx: NavigationContext, offset: number): PrepareRenameResult {
  const resolved = nameAt(ctx, offset);
  if (!resolved) return { ok: false, message: 'Only variables and named requests can be renamed here.' };
  switch (resolved.kind) {
    case 'builtin':
      return { ok: false, message: `\`${resolved.name}\` is a built-in variable: its name cannot change.` };
    case 'unknown':
      return { ok: false, message: `\`${resolved.name}\` is not defined in the file or in graphreq.env.json: define it before renaming it.` };
    case 'envVariable':
      if (!ctx.envFile || envKeys(ctx.envFile, resolved.name).length === 0) return { ok: false, message: `\`${resolved.name}\` is not a key of a graphreq.env.json found for this file, so it cannot be renamed there.` };
      break;
    default:
      break;
  }
  return { ok: true, kind: resolved.kind as RenameKind, name: resolved.name, span: resolved.site.span };
}

/** The edits of a rename: in the document, and (for an environment variable) in graphreq.env.json. */
export interface RenameEdits {
  kind: RenameKind;
  oldName: string;
  document: TextEdit[];
  envFile: TextEdit[];
  /** Edits in other files of the workspace (a named request's readers there), by the host's file id. */
  files: Array<{ file: string; edits: TextEdit[] }>;
}

export type RenameResult = ({ ok: true } & RenameEdits) | { ok: false; message: string };

export function getRenameEdits(ctx: NavigationContext, offset: number, newName: string): RenameResult {
  const prepared = prepareRename(ctx, offset);
  if (!prepared.ok) return prepared;
  const { kind, name } = prepared;
  const resolved = nameAt(ctx, offset)!;
  newName = newName.trim();
  const invalid = nameProblem(kind, newName);
  if (invalid) return { ok: false, message: invalid };
  if (newName === name) return { ok: true, kind, oldName: name, document: [], envFile: [], files: [] };
  const clash = kind === 'request' ? requestClash(ctx.doc, newName) ?? workspaceClash(ctx, name, newName) : variableClash(ctx, kind, newName);
  if (clash) return { ok: false, message: clash };
  const files = kind === 'request' ? requestSitesElsewhere(ctx, name).map((o) => ({ file: o.file, edits: o.sites.map((s) => ({ span: s.span, newText: newName })) })) : [];
  return { ok: true, kind, oldName: name, document: documentEdits(ctx, resolved, newName), envFile: kind === 'envVariable' ? envFileEdits(ctx, name, newName) : [], files };
}

/**
 * A request rename that the workspace refuses: the name is given in more than one file (which one
 * is meant cannot be told), or another file already names or reads `newName`.
 */
function workspaceClash(ctx: NavigationContext, name: string, newName: string): string | undefined {
  const w = ctx.workspace;
  if (!w) return undefined;
  const named = w.names.requestsNamed(name);
  if (new Set(named.map((r) => r.file)).size > 1) return `\`${name}\` names a request in more than one file (${placesOf(named)}): rename all but one first, then rename it.`;
  for (const file of w.names.filesWriting('request', newName)) {
    if (file === w.file) continue;
    const other = w.names.requestsNamed(newName).find((r) => r.file === file);
    const label = w.names.label(file);
    return other ? `A request is already named \`${newName}\` in ${label}:${other.line}. Choose another name.` : `\`{{${newName}.response...}}\` is already used in ${label}: the renamed request would answer it. Choose another name.`;
  }
  return undefined;
}

/** Why `name` cannot be the new name of a variable or request (undefined when it can). */
export function nameProblem(kind: RenameKind, name: string): string | undefined {
  if (kind === 'request') {
    return REQUEST_NAME_RE.test(name) ? undefined : `\`${name}\` cannot name a request: use one word of letters, digits, \`_\` and \`-\`.`;
  }
  if (!VARIABLE_NAME_RE.test(name)) return `\`${name}\` cannot name a variable: start with a letter or \`_\`, then letters, digits, \`_\`, \`-\` or \`.\`.`;
  if (/^[\w-]+\.response\./.test(name)) return `\`${name}\` reads as a response reference (\`NAME.response...\`): choose another name.`;
  return undefined;
}

/** Where a request file reads the environment variable `name`: none when it defines its own `@name`, which hides it. */
export function envVariableUses(doc: GraphreqDocument, name: string): Span[] {
  const index = nameIndex(doc);
  if (index.variableDefinitions(name).length) return [];
  return index.sites('variable', name).map((s) => s.span);
}

/**
 * Edits and clashes of an environment-variable rename in one more request file that shares the
 * graphreq.env.json: its uses of `name` (unless it hides the variable with its own `@name`). It
 * clashes when it uses the variable and defines or uses the new name, or when it uses the new name
 * without defining it (the renamed variable would answer that use).
 */
export function renameEnvVariableIn(doc: GraphreqDocument, name: string, newName: string): { edits: TextEdit[]; clash?: string } {
  const index = nameIndex(doc);
  const uses = envVariableUses(doc, name);
  const definesNew = index.variableDefinitions(newName).length > 0;
  const usesNew = index.sites('variable', newName).length > 0;
  if ((uses.length && (definesNew || usesNew)) || (usesNew && !definesNew)) return { edits: [], clash: documentClash(doc, newName) };
  return { edits: uses.map((span) => ({ span, newText: newName })) };
}

function documentEdits(ctx: NavigationContext, resolved: ResolvedName, newName: string): TextEdit[] {
  return sitesOf(ctx, resolved).map((s) => {
    // A use written `{{create.response.body.id}}` keeps its path: only the name changes.
    return { span: s.span, newText: resolved.kind === 'request' || !s.use || s.use.kind === 'variable' ? newName : newName + s.use.expr.slice(resolved.name.length) };
  });
}

function envFileEdits(ctx: NavigationContext, name: string, newName: string): TextEdit[] {
  const text = JSON.stringify(newName).slice(1, -1);
  return envKeys(ctx.envFile, name).map((k) => ({ span: k.span, newText: text }));
}

function variableClash(ctx: NavigationContext, kind: RenameKind, newName: string): string | undefined {
  if (nameIndex(ctx.doc).variableDefinitions(newName).length === 0 && (Object.prototype.hasOwnProperty.call(ctx.env.variables, newName) || envKeys(ctx.envFile, newName).length)) {
    return kind === 'fileVariable'
      ? `\`${newName}\` is a variable of graphreq.env.json: a file variable of that name would hide it. Choose another name.`
      : `\`${newName}\` is already a variable of graphreq.env.json. Choose another name.`;
  }
  return documentClash(ctx.doc, newName);
}

/** A variable named `newName` would clash with the document: defined there already, or used there. */
function documentClash(doc: GraphreqDocument, newName: string): string | undefined {
  const index = nameIndex(doc);
  if (index.variableDefinitions(newName).length) return `\`${newName}\` is already a file variable (\`@${newName}\`). Choose another name.`;
  if (index.sites('variable', newName).length) return `\`{{${newName}}}\` is already used in the file: the renamed variable would take its place. Choose another name.`;
  return undefined;
}

function requestClash(doc: GraphreqDocument, newName: string): string | undefined {
  const index = nameIndex(doc);
  if (index.requestDefinitions(newName).length) return `A request is already named \`${newName}\` (\`# @name ${newName}\`). Choose another name.`;
  if (index.sites('request', newName).length) return `\`{{${newName}.response...}}\` is already used in the file: the renamed request would answer it. Choose another name.`;
  return undefined;
}
