/**
 * Which requests a request needs sent first: the producers of the named responses it reads
 * (`{{create.response.body.id}}`), directly or through file variables (`@adset = {{create.response.body.id}}`),
 * and theirs in turn. The CLI's `send --with-deps` and the editors' "send with dependencies" both
 * ask this one function, so they send the same requests in the same order.
 *
 * Pure: a parsed document and its file context in, block indexes out.
 */
import { lookupVariable, type FileContext } from '../analysis/fileContext';
import { blockNames, usesIn, type NameUse } from '../analysis/names';
import type { WorkspaceNames } from '../analysis/workspaceNames';
import type { GraphreqDocument, RequestBlock } from '../syntax/ast';
import { positionAt } from '../syntax/positions';

export interface RequestDependencies {
  /**
   * Block indexes of the requests to send before the request asked for, producers before the
   * requests that read them, and otherwise in file order. Empty when it reads no named response.
   */
  before: number[];
  /** Names read as `NAME.response...` for which no request of the file is named (the reference cannot be met). */
  unknown: string[];
  /** Names that read each other's responses in a circle (`a` reads `b`, `b` reads `a`); empty when none. */
  cycle: string[];
}

/**
 * The named requests a request reads directly: `{{NAME.response...}}` in its request line, headers
 * and body, in the values of its expectations (`# @expect body.id {{create.response.body.id}}`), or
 * in the variables they use.
 */
export function namesRead(block: RequestBlock, ctx: FileContext): { known: string[]; unknown: string[] } {
  const request = block.parsed.request;
  const known = new Set<string>();
  const unknown = new Set<string>();
  if (!request) return { known: [], unknown: [] };
  const seenVariables = new Set<string>();
  const visit = (uses: NameUse[]): void => {
    for (const use of uses) {
      const value = lookupVariable(use.expr, ctx);
      if (value !== undefined) {
        // A variable that holds a reference carries it along; each variable is read once (and a self-reference ends).
        if (!seenVariables.has(use.expr)) {
          seenVariables.add(use.expr);
          visit(usesIn(value));
        }
        continue;
      }
      if (use.kind !== 'response') continue;
      if (ctx.names.has(use.name)) known.add(use.name);
      else unknown.add(use.name);
    }
  };
  // The request and the values of its expectations (`# @expect body.id {{create.response.body.id}}`).
  visit(blockNames(block).uses.filter((u) => u.place !== 'variable'));
  return { known: [...known], unknown: [...unknown] };
}

export function requestDependencies(doc: GraphreqDocument, index: number, ctx: FileContext): RequestDependencies {
  const before: number[] = [];
  const unknown = new Set<string>();
  const state = new Map<number, 'visiting' | 'done'>();
  let cycle: string[] = [];
  const path: string[] = [];

  // Depth-first, producers first: a block is listed once all the blocks it reads are.
  const visit = (blockIndex: number, name: string | null): void => {
    const seen = state.get(blockIndex);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      if (cycle.length === 0 && name) cycle = [...path.slice(path.indexOf(name)), name];
      return;
    }
    const block = doc.blocks[blockIndex];
    if (!block) return;
    state.set(blockIndex, 'visiting');
    if (name) path.push(name);
    const reads = namesRead(block, ctx);
    for (const u of reads.unknown) unknown.add(u);
    const producers = reads.known.map((n) => ({ n, i: ctx.names.get(n) ?? -1 })).filter((p) => p.i >= 0 && p.i !== blockIndex);
    producers.sort((a, b) => a.i - b.i);
    for (const p of producers) visit(p.i, p.n);
    if (name) path.pop();
    state.set(blockIndex, 'done');
    if (blockIndex !== index) before.push(blockIndex);
  };
  visit(index, nameOf(ctx, index));
  return { before, unknown: [...unknown], cycle };
}

function nameOf(ctx: FileContext, index: number): string | null {
  for (const [name, i] of ctx.names) if (i === index) return name;
  return null;
}

/** A request of some file of the workspace: the file's id (path or URI), the name messages give it, its parse, the block. */
export interface WorkspaceRequest {
  id: string;
  label: string;
  doc: GraphreqDocument;
  index: number;
}

/** What to send before a request, from any file of the workspace, or why nothing can go first. */
export type WorkspaceDependencies = { ok: true; before: WorkspaceRequest[] } | { ok: false; message: string };

/**
 * The requests to send before `start`, producers first, from its own file or from another file of
 * the workspace: a name its file does not give is looked up with `producersNamed` (named responses
 * are the workspace's, not a file's), then what that producer reads in turn, each listed once. A
 * name two files give, or requests that read each other's responses in a circle, leave nothing to
 * send first, and the message says why; a name no file gives is left to the saved response (the
 * send says so when there is none). `graphreq send --with-deps` and the editors' `withDeps` both ask
 * this one function, so they send the same requests in the same order.
 */
export function workspaceDependencies(start: WorkspaceRequest, o: { contextOf: (doc: GraphreqDocument) => FileContext; producersNamed: (name: string) => WorkspaceRequest[] }): WorkspaceDependencies {
  const before: WorkspaceRequest[] = [];
  const key = (r: WorkspaceRequest): string => `${r.id}\u0000${r.index}`;
  const listed = new Set<string>([key(start)]);
  const add = (r: WorkspaceRequest): void => {
    if (listed.has(key(r))) return;
    listed.add(key(r));
    before.push(r);
  };
  // Depth first; `visiting` holds the requests on the way here, across files.
  const visit = (r: WorkspaceRequest, visiting: string[]): string | undefined => {
    const deps = requestDependencies(r.doc, r.index, o.contextOf(r.doc));
    if (deps.cycle.length) return `the requests read each other's responses in a circle (${deps.cycle.join(' -> ')}), so none can go first`;
    for (const name of deps.unknown) {
      const found = o.producersNamed(name);
      if (found.length === 0) continue;
      if (found.length > 1) return `\`${name}\` names a request in ${found.length} files (${found.map(requestPlace).join(', ')}): send the one you mean first`;
      const p = found[0];
      if (visiting.includes(key(p))) return `the requests read each other's responses in a circle (through \`${name}\` in ${p.label}), so none can go first`;
      const problem = visit(p, [...visiting, key(p)]);
      if (problem) return problem;
      add(p);
    }
    for (const i of deps.before) add({ ...r, index: i });
    return undefined;
  };
  const problem = visit(start, [key(start)]);
  return problem ? { ok: false, message: problem } : { ok: true, before };
}

/** The first request named `name` in each file of the index, by file: what can be sent before a request that reads it. */
export function producersIn(names: WorkspaceNames, name: string): WorkspaceRequest[] {
  const out: WorkspaceRequest[] = [];
  const seen = new Set<string>();
  for (const r of names.requestsNamed(name)) {
    if (seen.has(r.file)) continue;
    seen.add(r.file);
    out.push({ id: r.file, label: r.label, doc: r.doc, index: r.block });
  }
  return out;
}

/** `file:line` of a request, its request line counted from 1. */
export function requestPlace(r: WorkspaceRequest): string {
  const block = r.doc.blocks[r.index];
  return `${r.label}:${positionAt(r.doc, block.offset + (block.parsed.request?.span.start ?? 0)).line + 1}`;
}
