/**
 * Go to definition, find references and document highlight for the names of a file: file variables
 * (`@x`), environment variables (into graphreq.env.json, per environment), named requests
 * (`# @name create`) and their uses (`{{create.response.body.id}}`). A response path
 * (`body.id`) leads to the request that produces it. Every answer comes from the name index.
 */
import { envDefinitions, envKeys, type EnvFileNames } from '../analysis/envFileNames';
import { nameIndex, type NameIndex, type NameSite } from '../analysis/names';
import type { WorkspaceScope } from '../analysis/workspaceNames';
import type { GraphreqDocument } from '../syntax/ast';
import type { Environment, Span } from '../types';

/** What navigation needs besides the document: the environment it is checked in, and graphreq.env.json's names. */
export interface NavigationContext {
  doc: GraphreqDocument;
  env: Environment;
  /** The names of the environment file the host found for this document, if any. */
  envFile?: EnvFileNames;
  /** The workspace's names: requests named in other files, and the files that read them. */
  workspace?: WorkspaceScope;
}

/** A place to go: in the document itself, in its graphreq.env.json, or in another file of the workspace (by the host's id). */
export type Place = { in: 'document' | 'envFile'; span: Span } | { in: 'file'; file: string; span: Span };

/** What the name at a position is, once the file and the environment are taken into account. */
export type ResolvedName =
  | { kind: 'fileVariable'; name: string; site: NameSite }
  | { kind: 'envVariable'; name: string; site: NameSite }
  | { kind: 'request'; name: string; site: NameSite }
  | { kind: 'builtin'; name: string; site: NameSite }
  /** A variable that nothing defines (REQ-UNKNOWN-VARIABLE), or a response of a request that no `# @name` names. */
  | { kind: 'unknown'; name: string; site: NameSite };

export function nameAt(ctx: NavigationContext, offset: number): ResolvedName | undefined {
  const index = nameIndex(ctx.doc);
  const site = index.siteAt(offset);
  if (!site) return undefined;
  return resolveSite(ctx, index, site);
}

function resolveSite(ctx: NavigationContext, index: NameIndex, site: NameSite): ResolvedName {
  const name = site.name;
  if (site.kind === 'builtin') return { kind: 'builtin', name, site };
  if (site.kind === 'request') {
    // A variable whose name has the shape of a response reference is still that variable.
    if (site.use && isVariable(ctx, index, site.use.expr)) return resolveSite(ctx, index, { ...site, kind: 'variable', name: site.use.expr });
    return index.requestDefinitions(name).length || namedElsewhere(ctx, name) ? { kind: 'request', name, site } : { kind: 'unknown', name, site };
  }
  if (index.variableDefinitions(name).length) return { kind: 'fileVariable', name, site };
  if (isEnvVariable(ctx, name)) return { kind: 'envVariable', name, site };
  return { kind: 'unknown', name, site };
}

function namedElsewhere(ctx: NavigationContext, name: string): boolean {
  return !!ctx.workspace && ctx.workspace.names.namedElsewhere(ctx.workspace.file, name);
}

function isVariable(ctx: NavigationContext, index: NameIndex, name: string): boolean {
  return index.variableDefinitions(name).length > 0 || isEnvVariable(ctx, name);
}

function isEnvVariable(ctx: NavigationContext, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(ctx.env.variables, name) || envKeys(ctx.envFile, name).length > 0;
}

/** Where the name at `offset` is defined, and the span of the name the request was made on. */
export function getDefinition(ctx: NavigationContext, offset: number): { origin: Span; targets: Place[] } | undefined {
  const resolved = nameAt(ctx, offset);
  if (!resolved) return undefined;
  const index = nameIndex(ctx.doc);
  const { site } = resolved;
  switch (resolved.kind) {
    case 'fileVariable': {
      // A later definition overrides an earlier one: the one that gives the value is the last.
      const defs = index.variableDefinitions(resolved.name);
      return { origin: site.span, targets: [{ in: 'document', span: defs[defs.length - 1].span }] };
    }
    case 'envVariable':
      return { origin: site.span, targets: envDefinitions(ctx.envFile, resolved.name, ctx.env.name).map((k) => ({ in: 'envFile', span: k.span })) };
    case 'request': {
      const path = site.use?.path;
      const onPath = !!path && offset >= blockOffset(ctx, site) + path.span.start;
      const origin = onPath ? shift(path!.span, blockOffset(ctx, site)) : site.span;
      // On `body.id`: the request that produces the response; on the name: its `# @name`.
      const target = (doc: GraphreqDocument, block: number, nameSpan: Span): Span => {
        const r = doc.blocks[block].parsed.request;
        return onPath && r ? { start: doc.blocks[block].offset + r.span.start, end: doc.blocks[block].offset + r.target.span.end } : nameSpan;
      };
      const local = index.requestDefinitions(resolved.name)[0];
      if (local) return { origin, targets: [{ in: 'document', span: target(ctx.doc, local.block, local.span) }] };
      // Named in another file of the workspace (all of them when several do: the editor lists them).
      const elsewhere = ctx.workspace!.names.requestsNamedElsewhere(ctx.workspace!.file, resolved.name);
      return { origin, targets: elsewhere.map((r) => ({ in: 'file' as const, file: r.file, span: target(r.doc, r.block, r.span) })) };
    }
    default:
      return undefined;
  }
}

/** Every place the name at `offset` is written: in the document and, for environment variables, in graphreq.env.json. */
export function getReferences(ctx: NavigationContext, offset: number, includeDeclaration: boolean): Place[] {
  const resolved = nameAt(ctx, offset);
  if (!resolved || resolved.kind === 'builtin') return [];
  const out: Place[] = [];
  for (const s of sitesOf(ctx, resolved)) {
    if (s.role === 'definition' && !includeDeclaration) continue;
    out.push({ in: 'document', span: s.span });
  }
  if (resolved.kind === 'envVariable' && includeDeclaration) {
    for (const k of envKeys(ctx.envFile, resolved.name)) out.push({ in: 'envFile', span: k.span });
  }
  // A response no file names any more (its request renamed or deleted elsewhere): the other files reading it are the ones to fix.
  if (resolved.kind === 'request' || (resolved.kind === 'unknown' && resolved.site.kind === 'request')) {
    for (const other of requestSitesElsewhere(ctx, resolved.name)) {
      for (const s of other.sites) if (s.role === 'use' || includeDeclaration) out.push({ in: 'file', file: other.file, span: s.span });
    }
  }
  return out;
}

/**
 * The sites of request `name` in the other files of the workspace that write it: only those files
 * are visited (the index knows them), so a name read in 100 of 1,000 files costs 100.
 */
export function requestSitesElsewhere(ctx: NavigationContext, name: string): Array<{ file: string; doc: GraphreqDocument; sites: NameSite[] }> {
  const w = ctx.workspace;
  if (!w) return [];
  const out: Array<{ file: string; doc: GraphreqDocument; sites: NameSite[] }> = [];
  for (const file of w.names.filesWriting('request', name)) {
    if (file === w.file) continue;
    const doc = w.names.doc(file)!;
    const other = nameIndex(doc);
    // A use whose whole text is a variable of that file is that variable, not a response.
    const sites = other.sites('request', name).filter((s) => !(s.use && other.variableDefinitions(s.use.expr).length));
    if (sites.length) out.push({ file, doc, sites });
  }
  return out;
}

/** The occurrences of the name at `offset` in this document: definitions are writes, uses are reads. */
export function getHighlights(ctx: NavigationContext, offset: number): Array<{ span: Span; kind: 'read' | 'write' }> {
  const resolved = nameAt(ctx, offset);
  if (!resolved) return [];
  return sitesOf(ctx, resolved).map((s) => ({ span: s.span, kind: s.role === 'definition' ? 'write' : 'read' }));
}

/** The document's sites of a resolved name: the same kind and name, resolving to the same thing. */
export function sitesOf(ctx: NavigationContext, resolved: ResolvedName): NameSite[] {
  const index = nameIndex(ctx.doc);
  if (resolved.kind === 'request') return index.sites('request', resolved.name).filter((s) => !(s.use && isVariable(ctx, index, s.use.expr)));
  if (resolved.kind === 'builtin') return index.sites('builtin', resolved.name);
  if (resolved.kind === 'unknown' && resolved.site.kind === 'request') return index.sites('request', resolved.name);
  // Variables: written `{{name}}`, and also any response-shaped use whose whole text is this variable.
  const plain = index.sites('variable', resolved.name);
  const dotted = resolved.name.includes('.response.') ? index.sites('request', resolved.name.split('.')[0]).filter((s) => s.use?.expr === resolved.name).map((s) => ({ ...s, span: shift(s.use!.exprSpan, blockOffset(ctx, s)) })) : [];
  return [...plain, ...dotted].sort((a, b) => a.span.start - b.span.start);
}

function blockOffset(ctx: NavigationContext, site: NameSite): number {
  return ctx.doc.blocks[site.block].offset;
}

function shift(s: Span, by: number): Span {
  return { start: s.start + by, end: s.end + by };
}
