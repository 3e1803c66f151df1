/**
 * Selection ranges (the editor's Expand Selection): from what is under the cursor outwards. In a
 * JSON body: the value, its member, the objects around it, the body; on the request line: a field of
 * `fields=` and its selection, a parameter's value, the parameter, the request line; then the request
 * and the whole block. A `{{variable}}`, a header and a directive expand the same way.
 */
import { nameIndex } from '../analysis/names';
import type { GraphreqDocument, Param, RequestBlock } from '../syntax/ast';
import { parseFieldList, type FieldItem } from '../syntax/fields';
import { nodeAtOffset, parseBodyTree } from '../syntax/jsonBody';
import { blockAt } from '../syntax/parseDocument';
import type { Span } from '../types';

/** For each offset, the spans that contain it, innermost first (each one inside the next). */
export function getSelectionRanges(doc: GraphreqDocument, offsets: number[]): Span[][] {
  return offsets.map((offset) => {
    const block = blockAt(doc, offset);
    if (!block) return [{ start: offset, end: offset }];
    const rel = offset - block.offset;
    const spans: Span[] = [];
    const add = (s: Span | undefined): void => {
      if (s && s.start <= rel && rel <= s.end) spans.push(s);
    };
    const site = nameIndex(doc).siteAt(offset);
    if (site?.use) {
      add({ start: site.span.start - block.offset, end: site.span.end - block.offset });
      add(site.use.exprSpan);
      add(site.use.span);
    }
    requestSpans(block, rel, add);
    for (const d of block.parsed.directives) {
      add(d.value?.span);
      add(d.span);
    }
    for (const v of block.parsed.variables) {
      add(v.name.span);
      add(v.value.span);
      add(v.span);
    }
    if (block.parsed.separator) {
      add(block.parsed.separator.title?.span);
      add(block.parsed.separator.span);
    }
    add({ start: 0, end: trimmedEnd(block.text) });
    return chain(spans).map((s) => ({ start: s.start + block.offset, end: s.end + block.offset }));
  });
}

function requestSpans(block: RequestBlock, rel: number, add: (s: Span | undefined) => void): void {
  const r = block.parsed.request;
  if (!r) return;
  const params: Param[] = [...r.params, ...(r.body?.formParams ?? [])];
  for (const p of params) {
    if (p.value && p.name.text === 'fields' && rel >= p.value.span.start && rel <= p.value.span.end) fieldSpans(parseFieldList(p.value.text, p.value.span.start).items, rel, add);
    add(p.name.span);
    add(p.value?.span);
    add(p.span);
  }
  for (const l of r.continuationLines) add(l);
  add(r.target.path.span);
  if (r.target.queryStart !== undefined) add({ start: r.target.queryStart, end: r.target.span.end });
  add(r.target.span);
  add({ start: r.span.start, end: r.target.span.end });
  for (const h of r.headers) {
    add(h.name.span);
    add(h.value.span);
    add(h.span);
  }
  const body = r.body;
  if (body && rel >= body.span.start && rel <= body.span.end) {
    if (body.kind === 'json') {
      const base = body.span.start;
      let node = nodeAtOffset(parseBodyTree(body.text).root, rel - base);
      for (; node; node = node.parent) add({ start: base + node.offset, end: base + node.offset + node.length });
    }
    add(body.span);
  }
  add(r.span);
}

function fieldSpans(items: FieldItem[], rel: number, add: (s: Span | undefined) => void): void {
  for (const item of items) {
    if (rel < item.span.start || rel > item.span.end) continue;
    if (item.selection && item.selectionSpan) fieldSpans(item.selection, rel, add);
    for (const m of item.modifiers) {
      add(m.argSpan);
      add(m.nameSpan);
      add(m.span);
    }
    add(item.nameSpan);
    add(item.selectionSpan);
    add(item.span);
  }
}

/** The spans sorted from the innermost out, each strictly inside the next, duplicates and crossings dropped. */
function chain(spans: Span[]): Span[] {
  const sorted = [...spans].filter((s) => s.end >= s.start).sort((a, b) => a.end - a.start - (b.end - b.start) || b.start - a.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && (s.start === last.start && s.end === last.end)) continue;
    if (last && (s.start > last.start || s.end < last.end)) continue;
    out.push(s);
  }
  return out;
}

function trimmedEnd(text: string): number {
  let e = text.length;
  while (e > 0 && /\s/.test(text[e - 1])) e--;
  return e;
}
