/**
 * Citations of the documents [1] [2] [3] ("[2] Create an ad set", "[3] Versioning 2-3", "Create" in a
 * rule of the ad set tables) resolved to the sections of docs/api.md, the repository's reference of
 * those documents. The forms a citation may take are listed at the top of docs/api.md; the section
 * index is generated from its headings (server/build/generateApiIndex.mjs).
 */
import { apiAliases, apiSections, type ApiSection } from './generated/apiIndex';

/** Where the reference lives, relative to the package root: hover links point here. */
export const API_DOC = 'docs/api.md';

/** One part of a citation, with the section it leads to (undefined when it leads nowhere). */
export interface CitedPart {
  /** The part as written ("Limits", "[3] Versioning 2-3"). */
  text: string;
  /** The document it belongs to, explicit or inherited. */
  doc?: number;
  section?: ApiSection;
  /** Item numbers after the heading ("2-3"). */
  items?: string;
  /** Words in parentheses after the heading ("bid_strategy"). */
  remark?: string;
}

/** Headings compare in lower case, with hyphens read as spaces and runs of spaces as one. */
function normalize(text: string): string {
  return text.toLowerCase().replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

const withoutRemark = (title: string): string => title.replace(/\s*\([^)]*\)\s*$/, '');

const aliases = new Map(Object.entries(apiAliases).map(([text, anchor]) => [normalize(text), anchor]));
const byAnchor = new Map(apiSections.map((s) => [s.anchor, s]));

/** The document's own section: the heading "[n] <document title>". */
function documentSection(doc: number): ApiSection | undefined {
  return apiSections.find((s) => s.doc === doc && s.level === 2);
}

/** A heading of document `doc` named by `phrase`: a short citation, the whole heading, or its first words. */
function sectionNamed(doc: number, phrase: string): ApiSection | undefined {
  const wanted = normalize(phrase);
  const alias = aliases.get(`[${doc}] ${wanted}`);
  if (alias) return byAnchor.get(alias);
  const own = apiSections.filter((s) => s.doc === doc);
  const exact = own.find((s) => normalize(s.title) === wanted || normalize(withoutRemark(s.title)) === wanted);
  if (exact) return exact;
  const starting = own.filter((s) => normalize(s.title).startsWith(`${wanted} `));
  return starting.length === 1 ? starting[0] : undefined;
}

/** Splits at commas and semicolons that are not inside parentheses. */
function split(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if ((c === ',' || c === ';') && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((p) => p.trim()).filter(Boolean);
}

/**
 * Resolves every part of a citation. A part without a document number belongs to the document named
 * before it in the list, else to `contextDoc` (the document of the rule's section in RULES.md). A bare
 * "[n]" leads to the document's own section, or, when the next part names a heading that document also
 * has ("[1], [2] Authentication"), to that heading.
 */
export function resolveCitation(text: string, contextDoc?: number): CitedPart[] {
  const parts = split(text).map((raw): CitedPart & { phrase: string } => {
    const m = /^(?:\[(\d)\])?\s*(.*?)\s*(?:\(([^()]*)\))?$/.exec(raw)!;
    return { text: raw, doc: m[1] ? Number(m[1]) : undefined, phrase: m[2], remark: m[3] };
  });
  let doc = contextDoc;
  for (const p of parts) {
    if (p.doc !== undefined) doc = p.doc;
    else p.doc = doc;
  }
  return parts.map((p, i) => {
    const out: CitedPart = { text: p.text, doc: p.doc, ...(p.remark ? { remark: p.remark } : {}) };
    if (p.doc === undefined) return out;
    if (!p.phrase) {
      const next = parts[i + 1];
      const shared = next?.phrase && next.doc !== p.doc ? sectionNamed(p.doc, next.phrase) : undefined;
      return { ...out, section: shared ?? documentSection(p.doc) };
    }
    const direct = sectionNamed(p.doc, p.phrase);
    if (direct) return { ...out, section: direct };
    const numbered = /^(.*?)\s+(\d+(?:-\d+)?)$/.exec(p.phrase);
    const section = numbered ? sectionNamed(p.doc, numbered[1]) : undefined;
    return section ? { ...out, section, items: numbered![2] } : out;
  });
}

/** The document number of a rule's RULES.md section ("Ad set: create ... [2]" -> 2). */
export function documentOfSection(section: string | undefined): number | undefined {
  const m = /\[(\d)\]\s*$/.exec(section ?? '');
  return m ? Number(m[1]) : undefined;
}

/**
 * A link's text. Brackets in pairs may stay (CommonMark allows them, and "[2] Create" reads better
 * raw); a backslash, or a bracket without its pair, is escaped.
 */
function escapeText(text: string): string {
  let depth = 0;
  for (const c of text) {
    depth += c === '[' ? 1 : c === ']' ? -1 : 0;
    if (depth < 0) break;
  }
  return depth === 0 ? text.replace(/\\/g, '\\\\') : text.replace(/[\\[\]]/g, (c) => `\\${c}`);
}

/**
 * A citation as Markdown: each part that leads to a section becomes a link to it in docs/api.md,
 * named by the whole heading ("[2] Create" reads "[2] Create an ad set"); a part that leads nowhere
 * stays as written. The link is relative to the package root; the LSP layer makes it absolute.
 */
export function citationMarkdown(text: string, contextDoc?: number): string {
  return resolveCitation(text, contextDoc)
    .map((p) => {
      if (!p.section) return p.text;
      // A remark the heading itself carries ("Issue entry (issues_info item)") is not repeated.
      const remark = p.remark && !p.section.title.endsWith(`(${p.remark})`) ? ` (${p.remark})` : '';
      const label = `[${p.section.doc}] ${p.section.title}${p.items ? ` ${p.items}` : ''}${remark}`;
      return `[${escapeText(label)}](${API_DOC}#${p.section.anchor})`;
    })
    .join(', ');
}

/**
 * Prose with citations in parentheses ("... is required ([2] Create an ad set, billing_event)") as
 * Markdown: each part of such a citation that leads to a section becomes a link to it, its words kept
 * as written; the rest of the text, and parts that lead nowhere (a field name, a remark), stay as they are.
 */
export function linkCitationsIn(text: string): string {
  return text.replace(/\((\[\d\][^()]*(?:\([^()]*\)[^()]*)?)\)/g, (_whole, inner: string) => {
    let out = '';
    let cursor = 0;
    for (const part of resolveCitation(inner)) {
      const at = inner.indexOf(part.text, cursor);
      if (at < 0) continue;
      out += inner.slice(cursor, at) + (part.section ? `[${escapeText(part.text)}](${API_DOC}#${part.section.anchor})` : part.text);
      cursor = at + part.text.length;
    }
    return `(${out}${inner.slice(cursor)})`;
  });
}
