/**
 * What a `graphreq send` run will send, in order: the request chosen in each file (`--name`,
 * `--line`, `--all`), preceded with `--with-deps` by the requests whose responses it reads
 * (core/send/dependencies.ts), each with the label and line the user recognises it by.
 */
import { buildFileContext, positionAt, type EnvironmentSettings, type GraphreqDocument, type RequestBlock } from '../core';
import { requestDependencies } from '../core/send';
import type { PlannedRequest } from '../send/sendRun';
import type { SendSession } from '../send/sendSession';
import { UsageError } from './files';

export interface Selection {
  name?: string;
  line?: string;
  all?: boolean;
}

/** Block indexes of the requests chosen in one file; a choice that finds nothing is a usage error. */
export function selectRequests(file: string, doc: GraphreqDocument, v: Selection): number[] {
  const requests = doc.blocks.filter((b) => b.parsed.request);
  if (v.all) {
    if (requests.length === 0) throw new UsageError(`${file}: no request to send`);
    return requests.map((b) => b.index);
  }
  if (v.name !== undefined) {
    const found = requests.find((b) => b.parsed.directives.some((d) => d.name.text === 'name' && d.value?.text.split(/\s/)[0] === v.name));
    if (!found) throw new UsageError(`no request named "${v.name}" (# @name ${v.name})`);
    return [found.index];
  }
  if (v.line !== undefined) {
    const line = positiveInt(v.line, '--line');
    const found = requests.find((b) => {
      const first = positionAt(doc, b.offset).line + 1;
      const last = positionAt(doc, b.offset + Math.max(0, b.text.replace(/\s+$/, '').length - 1)).line + 1;
      return line >= first && line <= last;
    });
    if (!found) throw new UsageError(`no request at line ${line}`);
    return [found.index];
  }
  if (requests.length === 1) return [requests[0].index];
  if (requests.length === 0) throw new UsageError('the file holds no request');
  throw new UsageError(`the file holds ${requests.length} requests: choose one with --name or --line, or send them all with --all`);
}

export interface PlanContext {
  env: EnvironmentSettings;
  withDeps: boolean;
  all: boolean;
}

/** The requests to send, in order: each file's selection, preceded by what it reads with --with-deps. */
export function planRun(parsed: Array<{ file: string; doc: GraphreqDocument; indexes: number[] }>, c: PlanContext, sessionFor: (file: string) => SendSession): PlannedRequest[] {
  const plan: PlannedRequest[] = [];
  for (const { file, doc, indexes } of parsed) {
    const session = sessionFor(file);
    const planned = (index: number, dependency: boolean): PlannedRequest => ({ session, doc, index, file, line: requestLine(doc, doc.blocks[index]), label: labelOf(doc.blocks[index]), dependency });
    if (c.withDeps && !c.all) {
      const deps = requestDependencies(doc, indexes[0], buildFileContext(doc, c.env));
      if (deps.cycle.length) throw new UsageError(`--with-deps: the requests read each other's responses in a circle (${deps.cycle.join(' -> ')}), so none can go first`);
      for (const i of deps.before) plan.push(planned(i, true));
    }
    for (const i of indexes) plan.push(planned(i, false));
  }
  return plan;
}

function requestLine(doc: GraphreqDocument, block: RequestBlock): number {
  return positionAt(doc, block.offset + (block.parsed.request?.span.start ?? 0)).line + 1;
}

/** How the user recognises a request: its `###` title, else its name, else its request line. */
function labelOf(block: RequestBlock): string {
  const title = block.parsed.separator?.title?.text;
  const name = block.parsed.directives.find((d) => d.name.text === 'name')?.value?.text.split(/\s/)[0];
  if (title) return name ? `${title} [${name}]` : title;
  if (name) return `[${name}]`;
  const r = block.parsed.request;
  const line = r ? `${r.method?.text ?? 'GET'} ${r.target.raw}` : `request ${block.index + 1}`;
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

export function positiveInt(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} takes a whole number from 1, not "${text}"`);
  return Number(text);
}
