/**
 * Go to definition, find references and document highlight for the names of a file: file variables
 * (`@x`), environment variables (into graphreq.env.json, per environment), named requests
 * (`# @name create`) and their uses (`{{create.response.body.id}}`). A response path
 * (`body.id`) leads to the request that produces it. Every answer comes from the name index.
 */
import { envDefinitions, envKeys, type EnvFileNames } from '../analysis/envFileNames';
import { nameIndex, type NameIndex, type NameSite } from '../analysis/names';
import type { GraphreqDocument } from '../syntax/ast';
import type { Environment, Span } from '../types';

/** What navigation needs besides the document: the environment it is checked in, and graphreq.env.json's names. */
export interface NavigationContext {
  doc: GraphreqDocument;
  env: Environment;
  /** The names of the environment file the host found for this document, if any. */
  envFile?: EnvFileNames;
}

/** A place to go: in the document itself, or in its graphreq.env.json. */
export interface Place {
  in: 'document' | 'envFile';
  span: Span;
}

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
    return index.requestDefinitions(name).length ? { kind: 'request', name, site } : { kind: 'unknown', name, site };
  }
  if (index.variableDefinitions(name).length) return { kind: 'fileVariable', name, site };
  if (isEnvVariable(ctx, name)) return { kind: 'envVariable', name, site };
  return { kind: 'unknown', name, site };
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
      const producer = index.requestDefinitions(resolved.name)[0];
      const block = ctx.doc.blocks[producer.block];
      const path = site.use?.path;
      const onPath = path && offset >= blockOffset(ctx, site) + path.span.start;
      if (onPath && block.parsed.request) {
        // On `body.id`: the request that produces the response.
        const r = block.parsed.request;
        return { origin: shift(path.span, blockOffset(ctx, site)), targets: [{ in: 'document', span: { start: block.offset + r.span.start, end: block.offset + r.target.span.end } }] };
      }
      return { origin: site.span, targets: [{ in: 'document', span: producer.span }] };
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
