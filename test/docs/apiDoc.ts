/**
 * docs/api.md read for the tests: its sections (by heading) with their tables, and the headings of the
 * other pages it links to. The repository's own files only: nothing outside it is read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root: out/test/docs -> the folder holding package.json. */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const docsDir = path.join(repoRoot, 'docs');
export const apiDocPath = path.join(docsDir, 'api.md');

export interface Table {
  header: string[];
  rows: string[][];
}

export interface Section {
  heading: string;
  level: number;
  anchor: string;
  /** The section's own text, up to the next heading. */
  text: string;
  tables: Table[];
}

export interface Generator {
  slugOf(heading: string): string;
  generateApiIndex(markdown?: string): string;
  apiIndexFile: string;
}

/** The generator of the section index, which also owns the anchor scheme (server/build/generateApiIndex.mjs). */
export async function generator(): Promise<Generator> {
  return (await import(path.join(repoRoot, 'server', 'build', 'generateApiIndex.mjs'))) as Generator;
}

export function cellsOf(row: string): string[] {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/** The code spans of a cell: `a`, `b` -> [a, b]. */
export function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

/** A Markdown page split at its headings (outside code fences), each with its tables. */
export function sectionsOf(markdown: string, slugOf: (h: string) => string): Section[] {
  const out: Section[] = [];
  let current: Section | undefined;
  let table: Table | undefined;
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const h = fenced ? null : /^(#{1,6}) (.*)$/.exec(line);
    if (h) {
      current = { heading: h[2].trim(), level: h[1].length, anchor: slugOf(h[2].trim()), text: '', tables: [] };
      out.push(current);
      table = undefined;
      continue;
    }
    if (!current) continue;
    current.text += `${line}\n`;
    if (fenced || !line.trim().startsWith('|')) {
      table = undefined;
      continue;
    }
    const cells = cellsOf(line);
    if (!table) {
      table = { header: cells, rows: [] };
      current.tables.push(table);
    } else if (!cells.every((c) => /^:?-+:?$/.test(c))) {
      table.rows.push(cells);
    }
  }
  return out;
}

/** A section and every section below it (deeper headings up to the next one of its level or higher). */
export function subtree(sections: Section[], heading: string): Section[] {
  const at = sections.findIndex((s) => s.heading === heading);
  if (at < 0) throw new Error(`docs/api.md has no heading "${heading}"`);
  const out = [sections[at]];
  for (let i = at + 1; i < sections.length && sections[i].level > sections[at].level; i++) out.push(sections[i]);
  return out;
}

export function readApiDoc(): string {
  return fs.readFileSync(apiDocPath, 'utf8');
}
