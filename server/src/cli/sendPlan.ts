/**
 * What a `graphreq send` run will send, in order: the request chosen in each file (`--name`,
 * `--line`, `--all`), preceded with `--with-deps` by the requests whose responses it reads
 * (core/send/dependencies.ts), each with the label and line the user recognises it by.
 */
import * as path from 'node:path';
import { buildFileContext, positionAt, requestName, type EnvironmentSettings, type GraphreqDocument, type RequestBlock } from '../core';
import { expectsError, namesRead, requestLabel, requestPlace, workspaceDependencies, type WorkspaceRequest } from '../core/send';
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
  /**
   * The requests named `name` in the workspace's files (`# @name NAME`), for `--with-deps` when the
   * producer is not in the file that reads it: named responses are the workspace's, not a file's.
   */
  producersNamed?: (name: string) => WorkspaceRequest[];
}

/**
 * The requests to send, in order: each file's selection, preceded with --with-deps by what it
 * reads, producers first (in its own file, or in another file of the workspace). A request is
 * planned once, however many requests need it.
 */
export function planRun(parsed: Array<{ file: string; doc: GraphreqDocument; indexes: number[] }>, c: PlanContext, sessionFor: (file: string) => SendSession): PlannedRequest[] {
  const plan: PlannedRequest[] = [];
  const sessions = new Map<string, SendSession>();
  const planned = new Set<string>();
  const keyOf = (file: string, index: number): string => `${path.resolve(file)}\u0000${index}`;
  const push = (file: string, doc: GraphreqDocument, index: number, dependency: boolean): void => {
    const key = keyOf(file, index);
    if (planned.has(key)) return;
    planned.add(key);
    let session = sessions.get(path.resolve(file));
    if (!session) sessions.set(path.resolve(file), (session = sessionFor(file)));
    refuseAmbiguous(doc, index);
    const name = requestName(doc.blocks[index]);
    if (name) supplied.add(name);
    plan.push({ session, doc, index, file, line: requestLine(doc, doc.blocks[index]), label: requestLabel(doc.blocks[index]), dependency, expectsError: expectsError(doc.blocks[index].parsed) });
  };
  // Names whose producer this run sends before their readers: the reader gets that response, whatever other files name.
  const supplied = new Set<string>();
  // A response read from a name that two files give: the saved one is whichever was sent last, so send does not guess.
  const refuseAmbiguous = (doc: GraphreqDocument, index: number): void => {
    if (!c.producersNamed) return;
    const reads = namesRead(doc.blocks[index], buildFileContext(doc, c.env));
    for (const name of [...reads.known, ...reads.unknown]) {
      if (supplied.has(name)) continue;
      const found = c.producersNamed(name);
      if (found.length > 1) throw new UsageError(`\`${name}\` names a request in ${found.length} files (${found.map(requestPlace).join(', ')}): which response this reads depends on which was sent last; rename all but one (REQ-AMBIGUOUS-NAME)`);
    }
  };
  // Producers of the request first, from its file or another of the workspace (core/send/dependencies.ts).
  const producersOf = (file: string, doc: GraphreqDocument, index: number): void => {
    const deps = workspaceDependencies({ id: path.resolve(file), label: file, doc, index }, { contextOf: (d) => buildFileContext(d, c.env), producersNamed: (name) => c.producersNamed?.(name) ?? [] });
    if (!deps.ok) throw new UsageError(`--with-deps: ${deps.message}`);
    for (const p of deps.before) push(p.label, p.doc, p.index, true);
  };
  for (const { file, doc, indexes } of parsed) {
    for (const i of indexes) {
      if (c.withDeps) producersOf(file, doc, i);
      push(file, doc, i, false);
    }
  }
  return plan;
}

function requestLine(doc: GraphreqDocument, block: RequestBlock): number {
  return positionAt(doc, block.offset + (block.parsed.request?.span.start ?? 0)).line + 1;
}

export function positiveInt(text: string, flag: string, maximum?: number): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || (maximum !== undefined && Number(text) > maximum)) throw new UsageError(`${flag} takes a whole number from 1${maximum !== undefined ? ` to ${maximum}` : ''}, not "${text}"`);
  return Number(text);
}
