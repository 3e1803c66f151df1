/**
 * The named requests of a workspace's files, for `graphreq send --with-deps` when a request reads a
 * response (`{{summer.response.body.id}}`) whose producer is in another file: named responses are
 * kept for the workspace (by environment and name), so a request may read one produced anywhere in it.
 *
 * The workspace is searched once, and only when a name is not found in the file that reads it.
 */
import * as path from 'node:path';
import { buildFileContext, parseDocument, type EnvironmentSettings, type GraphreqDocument } from '../core';
import { collectFiles } from './files';
import { readTextFile } from '../files/textFile';
import type { PlannedSource } from './sendPlan';

/**
 * `producersNamed(name)`: the requests named `name` in the given files (parsed already, reused so a
 * request is recognised as the same one) and in every .graphreq file under `workspace`.
 */
export function workspaceProducers(workspace: string, given: Array<{ file: string; doc: GraphreqDocument }>, env: EnvironmentSettings): (name: string) => PlannedSource[] {
  let byName: Map<string, PlannedSource[]> | undefined;
  return (name) => (byName ??= indexNames(workspace, given, env)).get(name) ?? [];
}

function indexNames(workspace: string, given: Array<{ file: string; doc: GraphreqDocument }>, env: EnvironmentSettings): Map<string, PlannedSource[]> {
  const byName = new Map<string, PlannedSource[]>();
  const seen = new Set<string>();
  const add = (file: string, doc: GraphreqDocument): void => {
    const key = path.resolve(file);
    if (seen.has(key)) return;
    seen.add(key);
    for (const [name, index] of buildFileContext(doc, env).names) {
      const list = byName.get(name) ?? [];
      list.push({ file, doc, index });
      byName.set(name, list);
    }
  };
  for (const g of given) add(g.file, g.doc);
  let files: string[] = [];
  try {
    // Folders that cannot be read are skipped quietly: they hold nothing this run can send.
    files = collectFiles([workspace], []);
  } catch {
    // A workspace without any .graphreq file: the given files are all there is.
  }
  for (const file of files) {
    const shown = path.relative(process.cwd(), file) || file;
    let text: string;
    try {
      text = readTextFile(file);
    } catch {
      // Unreadable, or not UTF-8 (files/textFile.ts): nothing this run can send.
      continue;
    }
    add(shown, parseDocument(text));
  }
  return byName;
}
