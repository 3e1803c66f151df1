/**
 * One request's check as data, for a host that runs it elsewhere (the desktop language server checks
 * a request of megabytes on a worker thread, so that its messages are answered meanwhile; issue 20).
 *
 * `blockJob` turns a block and its file context into values a thread can receive (a structured
 * clone): the block's text and index, and the parts of the context the block's check reads. The
 * other side parses the text again and runs `validateBlock` (`checkJob`); its findings come back
 * as plain data, and `blockResultOf` makes them a `BlockResult` again: the same findings, in the
 * same order. Fixes are not carried: a finding whose fixes were deferred gets them, when they are
 * read, from the same check made again on this side (fixes are asked for one code action, not for
 * diagnostics), which gives the same findings in the same order.
 *
 * A hover inside such a request (`hoverJob`) and its findings' fixes (`fixesJob`) are answered
 * there too (`JobChecker`, which keeps the last request it checked): a hover builds the request's
 * call and the tree of its body, and a fix checks it again, each hundreds of milliseconds on a body
 * of megabytes.
 *
 * What the context holds that a clone would change is carried exactly: objects without a prototype
 * (lookups by names users write, own.ts) stay without one. What cannot be carried (the workspace's
 * index of names, the host's functions) is replaced by what the block asks of it, answered ahead; a
 * question not answered ahead throws, and the job's result is then an error: the host checks the
 * block itself (`NotPortable`).
 */
import { blockNames } from '../analysis/names';
import { bodyFilePath, type FileContext } from '../analysis/fileContext';
import type { WorkspaceNames } from '../analysis/workspaceNames';
import type { ApiModel } from '../model/apiModel';
import type { RequestBlock } from '../syntax/ast';
import { parseBlock } from '../syntax/parseBlock';
import type { Finding, Fix } from '../types';
import { deferFixes, fixesDeferred } from './deferredFixes';
import { getHover, type Hover } from './hover';
import { validateBlock, type BlockResult } from './validation';

/** A value as a structured clone carries it, with what the clone would lose marked. */
type Carried = unknown;

/** A request to check elsewhere: what `checkJob` needs, all of it clonable. */
export interface BlockJob {
  text: string;
  index: number;
  /** The file context, as `carry` gives it. */
  context: Carried;
}

/** A finding as data: its fixes left out when they are computed on demand (`deferred`). */
interface CarriedFinding {
  finding: Finding;
  deferred: boolean;
}

export type JobResult = { ok: true; findings: CarriedFinding[]; urlReads?: Array<{ url: string; expected?: boolean; finding?: Finding }> } | { ok: false; message: string };

/** A hover at `offset` in the job's block (relative), with the findings under it (fixes left out: a hover shows none). */
export interface HoverJob extends BlockJob {
  offset: number;
  findings: Finding[];
}

/** The fixes of the findings at `indices` of the job's check (its findings in their order). */
export interface FixesJob extends BlockJob {
  indices: number[];
}

export type HoverResult = { ok: true; hover?: Hover } | { ok: false; message: string };
export type FixesResult = { ok: true; fixes: Array<Fix[] | undefined> } | { ok: false; message: string };

/** Thrown on the other side when the block asks its context something that was not carried. */
export class NotPortable extends Error {}

/** The job for `block` checked in `ctx`. */
export function blockJob(block: RequestBlock, ctx: FileContext): BlockJob {
  const bodyFile = block.parsed.request?.body?.file;
  const path = bodyFile ? bodyFilePath(bodyFile.path.text, ctx) : undefined;
  const files = new Map(path !== undefined && ctx.files.has(path) ? [[path, ctx.files.get(path)!]] : []);
  // The workspace's index answers two questions about the names the block uses: asked now.
  let workspace: { file: string; complete: boolean; producers: Map<string, number> } | undefined;
  if (ctx.workspace) {
    const producers = new Map<string, number>();
    for (const use of blockNames(block).uses) {
      for (const name of [use.name, use.expr.split('.')[0]]) if (!producers.has(name)) producers.set(name, ctx.workspace.names.producerCount(name));
    }
    workspace = { file: ctx.workspace.file, complete: ctx.workspace.names.complete, producers };
  }
  // NamedRequest.doc is another file's whole parse: the messages read its label and line only.
  const elsewhere = ctx.elsewhere && new Map([...ctx.elsewhere].map(([name, list]) => [name, list.map((r) => ({ ...r, doc: undefined }))]));
  const context = { variables: ctx.variables, names: ctx.names, getPaths: ctx.getPaths, env: ctx.env, files, duplicates: ctx.duplicates, elsewhere, signature: ctx.signature, workspace };
  return { text: block.text, index: block.index, context: carry(context) };
}

/** Checks a job (on the other side): the findings as data, or why it could not be checked there. */
export function checkJob(job: BlockJob, model: ApiModel): JobResult {
  return new JobChecker(model).check(job);
}

/**
 * The other side of the jobs: checks, hovers and fixes. It keeps the result of the last request it
 * checked, in its context: a hover or a fix asked of that request then costs no check again.
 */
export class JobChecker {
  private last: { text: string; signature: string; result: BlockResult } | undefined;

  constructor(private readonly model: ApiModel) {}

  check(job: BlockJob): JobResult {
    try {
      const result = this.resultOf(job);
      const findings = result.findings.map((f) => carriedFinding(f));
      const urlReads = result.urlReads?.map((r) => ({ url: r.url, expected: r.expected, finding: r.finding() && carriedFinding(r.finding()!).finding }));
      return { ok: true, findings, urlReads };
    } catch (e) {
      return failed(e);
    }
  }

  hover(job: HoverJob): HoverResult {
    try {
      const { block, ctx } = unpack(job);
      return { ok: true, hover: getHover(block, job.offset, { model: this.model, file: ctx, findings: job.findings }) };
    } catch (e) {
      return failed(e);
    }
  }

  fixes(job: FixesJob): FixesResult {
    try {
      const findings = this.resultOf(job).findings;
      return { ok: true, fixes: job.indices.map((i) => findings[i]?.fixes) };
    } catch (e) {
      return failed(e);
    }
  }

  private resultOf(job: BlockJob): BlockResult {
    const { block, ctx } = unpack(job);
    const last = this.last;
    if (last && last.signature === ctx.signature && last.text === job.text) return last.result;
    const result = validateBlock(block, ctx, this.model);
    this.last = { text: job.text, signature: ctx.signature, result };
    return result;
  }
}

function failed(e: unknown): { ok: false; message: string } {
  return { ok: false, message: e instanceof Error ? e.message : String(e) };
}

/** The job's block and file context, as the block is checked here. */
function unpack(job: BlockJob): { block: RequestBlock; ctx: FileContext } {
  const c = uncarry(job.context) as Omit<FileContext, 'workspace'> & { workspace?: { file: string; complete: boolean; producers: Map<string, number> } };
  const w = c.workspace;
  const names = w && {
    complete: w.complete,
    producerCount(name: string): number {
      const n = w.producers.get(name);
      if (n === undefined) throw new NotPortable(`the workspace was not asked about ${name}`);
      return n;
    },
  };
  const ctx: FileContext = { ...c, workspace: w && names ? { file: w.file, names: names as unknown as WorkspaceNames } : undefined };
  return { block: { offset: 0, text: job.text, parsed: parseBlock(job.text), index: job.index }, ctx };
}

/** A hover at `offset` (relative to the block) with the findings under it, as a job. */
export function hoverJob(block: RequestBlock, ctx: FileContext, offset: number, findings: Finding[]): HoverJob {
  const under = findings.filter((f) => f.span.start <= offset && offset <= f.span.end).map((f) => withoutFixes(f));
  return { ...blockJob(block, ctx), offset, findings: under };
}

/** The fixes of the findings at `indices` of the block's result, as a job. */
export function fixesJob(block: RequestBlock, ctx: FileContext, indices: number[]): FixesJob {
  return { ...blockJob(block, ctx), indices };
}

/**
 * The result of a job as the block's `BlockResult` here. Deferred fixes are computed, when read,
 * from the block checked again on this side (once for all its findings).
 */
export function blockResultOf(result: Extract<JobResult, { ok: true }>, block: RequestBlock, ctx: FileContext, model: ApiModel): BlockResult {
  let here: BlockResult | undefined;
  const again = (): BlockResult => (here ??= validateBlock(block, ctx, model));
  const findings = result.findings.map(({ finding, deferred }, i) => {
    if (deferred) deferFixes(finding, () => again().findings[i]?.fixes);
    return finding;
  });
  const urlReads = result.urlReads?.map((r) => ({ url: r.url, expected: r.expected, finding: () => r.finding }));
  return urlReads ? { findings, urlReads } : { findings };
}

function carriedFinding(f: Finding): CarriedFinding {
  const deferred = fixesDeferred(f);
  return { finding: deferred ? withoutFixes(f) : f, deferred };
}

/** A copy of `f` without its fixes, which are not read (a deferred computation is not run). */
function withoutFixes(f: Finding): Finding {
  const copy: Record<string, unknown> = {};
  const source = f as unknown as Record<string, unknown>;
  for (const k of Object.keys(f)) if (k !== 'fixes') copy[k] = source[k];
  return copy as unknown as Finding;
}

/**
 * A value as a structured clone keeps it: objects without a prototype marked (a clone gives them
 * Object's), functions replaced by a mark (a clone refuses them) that becomes a function throwing
 * NotPortable on the other side.
 */
function carry(value: unknown): Carried {
  if (typeof value === 'function') return { $function: true };
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(carry);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, carry(v)]));
  const entries: Array<[string, unknown]> = [];
  for (const k of Object.keys(value)) entries.push([k, carry((value as Record<string, unknown>)[k])]);
  return { $object: entries, $bare: Object.getPrototypeOf(value) === null };
}

function uncarry(value: Carried): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(uncarry);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, uncarry(v)]));
  const v = value as { $function?: true; $object?: Array<[string, unknown]>; $bare?: boolean };
  if (v.$function) {
    return () => {
      throw new NotPortable('a function of the host was called');
    };
  }
  const out: Record<string, unknown> = v.$bare ? Object.create(null) : {};
  // defineProperty: a key named `__proto__` stays a key.
  for (const [k, x] of v.$object ?? []) Object.defineProperty(out, k, { value: uncarry(x), enumerable: true, writable: true, configurable: true });
  return out;
}
