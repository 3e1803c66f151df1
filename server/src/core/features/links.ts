/**
 * Document links: the URL a request reads or refreshes (`id=https://...`, each URL of `ids=`) opens
 * in the browser, and a rule ID written in a comment (`# see ADSET-BUDGET-POSITIVE`) opens its
 * section of docs/rules.md. The host turns a rule link into the address of its rules.md.
 */
import type { ApiModel } from '../model/apiModel';
import type { GraphreqDocument, Param } from '../syntax/ast';
import { decodeParamValue } from '../syntax/query';
import type { Span } from '../types';

export type DocumentLink = { span: Span; target: { kind: 'url'; url: string } | { kind: 'rule'; id: string } };

const URL_RE = /^https?:\/\/[^\s]+$/i;
const RULE_ID_RE = /\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b/g;

export function getDocumentLinks(doc: GraphreqDocument, model: ApiModel, range?: Span): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (const block of doc.blocks) {
    if (range && (block.offset + block.text.length < range.start || block.offset > range.end)) continue;
    const shift = (s: Span): Span => ({ start: block.offset + s.start, end: block.offset + s.end });
    const request = block.parsed.request;
    if (request) {
      for (const p of [...request.params, ...(request.body?.formParams ?? [])]) for (const l of urlLinks(p)) out.push({ ...l, span: shift(l.span) });
    }
    for (const c of block.parsed.comments) {
      const text = block.text.slice(c.start, c.end);
      for (const m of text.matchAll(RULE_ID_RE)) {
        if (!model.rule(m[0])) continue;
        out.push({ span: shift({ start: c.start + m.index!, end: c.start + m.index! + m[0].length }), target: { kind: 'rule', id: m[0] } });
      }
    }
  }
  return out.sort((a, b) => a.span.start - b.span.start);
}

/** `id=<url>`, and each URL of `ids=<url>,<url>`: written plain or percent-encoded. */
function urlLinks(p: Param): DocumentLink[] {
  const name = p.name.text;
  if ((name !== 'id' && name !== 'ids') || !p.value || p.value.text.includes('{{')) return [];
  const out: DocumentLink[] = [];
  const text = p.value.text;
  // A percent-encoded list is one value; a plain one is split at its commas.
  const parts = name === 'ids' && !/%2C/i.test(text) ? text.split(',') : [text];
  let at = p.value.span.start;
  for (const part of parts) {
    const lead = part.length - part.trimStart().length;
    const item = part.trim();
    const url = decodeParamValue(item);
    if (URL_RE.test(url)) out.push({ span: { start: at + lead, end: at + lead + item.length }, target: { kind: 'url', url } });
    at += part.length + 1;
  }
  return out;
}
