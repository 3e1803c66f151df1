// Generates server/src/core/model/generated/apiIndex.ts: the headings of docs/api.md (the in-repo
// reference of the documents [1] [2] [3]) with their anchors and numbered items, and the short
// citations that docs/api.md lists. The core resolves citations such as "[2] Create" against it, so
// hover and completion can link their "Source" line to the right section. Run by esbuild.mjs;
// test/docs/apiCitations.test.ts checks the file is current.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const apiDocFile = path.join(root, 'docs', 'api.md');
export const apiIndexFile = path.join(root, 'server', 'src', 'core', 'model', 'generated', 'apiIndex.ts');

/**
 * The anchor of a heading, as GitHub and VS Code's Markdown preview both compute it for the headings
 * docs/api.md uses: lower case, every character other than letters, digits, spaces, `-` and `_`
 * dropped, each space turned into `-`. Markdown markup (code spans, links) is read as its text.
 */
export function slugOf(heading) {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

/** Lines of a Markdown file that are not inside fenced code blocks, with their heading level (0: not a heading). */
function lines(markdown) {
  const out = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^(#{1,6}) (.*)$/.exec(line);
    out.push({ line, level: m ? m[1].length : 0, heading: m ? m[2].trim() : undefined, fenced });
  }
  return out;
}

/** The cells of a table row (`| a | b |`), trimmed. */
export function cellsOf(row) {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/**
 * Every heading of a Markdown file with its anchor. In docs/api.md a heading `[n] Title` belongs to
 * document n; `items` are the numbers of the first column of a table headed `#` in its own text
 * (the numbered rules that citations such as "[3] Versioning 2-3" point at).
 */
export function headingsOf(markdown) {
  const out = [];
  let current;
  let numbered = false;
  for (const l of lines(markdown)) {
    if (l.level) {
      const m = /^\[(\d)\] (.+)$/.exec(l.heading);
      current = { level: l.level, heading: l.heading, anchor: slugOf(l.heading), doc: m ? Number(m[1]) : null, title: m ? m[2] : l.heading, items: [] };
      out.push(current);
      numbered = false;
      continue;
    }
    if (!current || l.fenced || !l.line.trim().startsWith('|')) {
      numbered = false;
      continue;
    }
    const cells = cellsOf(l.line);
    if (cells[0] === '#') numbered = true;
    else if (numbered && /^\d+$/.test(cells[0])) current.items.push(Number(cells[0]));
  }
  return out;
}

/** The short citations of docs/api.md: rows of the table headed `Citation | Section`, citation text -> anchor. */
export function aliasesOf(markdown) {
  const out = {};
  let inTable = false;
  for (const l of lines(markdown)) {
    if (!l.line.trim().startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = cellsOf(l.line);
    if (cells[0] === 'Citation' && cells[1] === 'Section') inTable = true;
    else if (inTable) {
      const citation = /^`([^`]+)`$/.exec(cells[0])?.[1];
      const anchor = /\]\(#([^)]+)\)/.exec(cells[1] ?? '')?.[1];
      if (citation && anchor) out[citation] = anchor;
    }
  }
  return out;
}

export function generateApiIndex(markdown = fs.readFileSync(apiDocFile, 'utf8')) {
  const sections = headingsOf(markdown)
    .filter((h) => h.doc !== null)
    .map((h) => ({ doc: h.doc, title: h.title, anchor: h.anchor, level: h.level, ...(h.items.length ? { items: h.items } : {}) }));
  return `// This file is generated - do not edit directly! Generator: server/build/generateApiIndex.mjs
// The sections of docs/api.md (headings "[n] Title") and its short citations.

export interface ApiSection {
  /** The document: 1, 2 or 3. */
  doc: number;
  /** The heading without its "[n] " prefix. */
  title: string;
  /** The anchor of the heading in docs/api.md. */
  anchor: string;
  /** The heading level; the document's own section is level 2. */
  level: number;
  /** Numbers of the numbered rules in the section, when it has some. */
  items?: number[];
}

export const apiSections: ApiSection[] = ${JSON.stringify(sections, null, 2)};

/** Short citations (text as written) and the anchor each stands for. */
export const apiAliases: Record<string, string> = ${JSON.stringify(aliasesOf(markdown), null, 2)};
`;
}

export function writeApiIndex() {
  const code = generateApiIndex();
  fs.mkdirSync(path.dirname(apiIndexFile), { recursive: true });
  if (!fs.existsSync(apiIndexFile) || fs.readFileSync(apiIndexFile, 'utf8') !== code) fs.writeFileSync(apiIndexFile, code);
}

if (import.meta.url === `file://${process.argv[1]}`) writeApiIndex();
