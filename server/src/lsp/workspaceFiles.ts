/**
 * Every .graphreq file of the workspace, opened or not, as its parse: for workspace symbols and for
 * renaming an environment variable in every file that reads it. Open documents are taken as the
 * editor has them; the others are read from disk and their parse is kept until their size or
 * modification time changes. The walk skips `node_modules` and hidden folders, like the CLI's.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GraphreqDocument, LanguageService } from '../core';
import { readTextFile } from '../files/textFile';
import type { DocumentStore } from './documentStore';

/** Enough for any real workspace; a walk stops there rather than read a whole disk. */
const MAX_FILES = 5000;
/** Files larger than this are skipped (10,000 requests are about 4 MB). */
const MAX_BYTES = 32 * 1024 * 1024;

export interface WorkspaceFile {
  uri: string;
  parse: GraphreqDocument;
}

export class WorkspaceFiles {
  private readonly parsed = new Map<string, { mtimeMs: number; size: number; parse: GraphreqDocument }>();

  constructor(
    private readonly ls: LanguageService,
    private readonly documents: DocumentStore,
    private readonly folders: () => readonly string[],
  ) {}

  /** The files of the workspace folders (and every open .graphreq document), each once. */
  list(): WorkspaceFile[] {
    const out: WorkspaceFile[] = [];
    const seen = new Set<string>();
    for (const [uri, state] of this.documents.all()) {
      if (state.languageId !== 'graphreq' && !uri.endsWith('.graphreq')) continue;
      seen.add(uri);
      out.push({ uri, parse: state.parse });
    }
    const files: string[] = [];
    for (const folder of this.folders()) walk(folder, files);
    for (const file of files) {
      const uri = pathToFileURL(file).href;
      if (seen.has(uri)) continue;
      seen.add(uri);
      const parse = this.read(file);
      if (parse) out.push({ uri, parse });
    }
    // Files that vanished are forgotten.
    const present = new Set(files);
    for (const key of this.parsed.keys()) if (!present.has(key)) this.parsed.delete(key);
    return out;
  }

  private read(file: string): GraphreqDocument | undefined {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile() || stat.size > MAX_BYTES) return undefined;
    const hit = this.parsed.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit.parse;
    let text: string;
    try {
      text = readTextFile(file);
    } catch {
      return undefined;
    }
    const parse = this.ls.parse(text);
    this.parsed.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, parse });
    return parse;
  }
}

function walk(dir: string, out: string[], depth = 0): void {
  if (out.length >= MAX_FILES || depth > 32) return;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (out.length >= MAX_FILES) return;
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out, depth + 1);
    else if (e.isFile() && e.name.endsWith('.graphreq')) out.push(p);
  }
}
