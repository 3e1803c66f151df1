/**
 * Applies a parsed `fields` list to a node: each item picks one field, `field{a,b}` narrows an object
 * (or each object of a list) to some of its members. Connection modifiers are the node's business
 * (threadNode.ts reads `source` and `limit`).
 *
 * A node keeps its `id` whatever the list: the service answers `fields=name` with the name and the id
 * (a node's id is always sent; [1] shows it for the URL node: "engagement with its four counters, and
 * id"). Asked for, it keeps its place; else it comes last, as the service adds it (`withId`). The same
 * holds for a node inside another (`campaign{name}`, `messages{message}`, `from{name}`).
 */
import type { FieldItem } from '../../core';
import { hasOwn, own } from '../../core/own';

/** `valueOf` returns undefined for a field the node leaves out. */
export function selectFields(items: FieldItem[], valueOf: (item: FieldItem) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    if (item.opaque || item.name === '' || hasOwn(out, item.name)) continue;
    const value = valueOf(item);
    if (value !== undefined) out[item.name] = narrow(value, item.selection);
  }
  return out;
}

export function narrow(value: unknown, selection: FieldItem[] | undefined): unknown {
  if (!selection || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => narrow(v, selection));
  const obj = value as Record<string, unknown>;
  if (Array.isArray(obj.data)) return { ...obj, data: obj.data.map((v) => narrow(v, selection)) };
  return withId(selectFields(selection, (sub) => own(obj, sub.name)), own(obj, 'id'));
}

/** `node` with `id` last when the field list did not ask for it; a value without an id is left as it is. */
export function withId(node: Record<string, unknown>, id: unknown): Record<string, unknown> {
  if (id !== undefined && !hasOwn(node, 'id')) node.id = id;
  return node;
}

/** The default field list of a node (`id`), as field items. */
export function fieldItems(names: string[]): FieldItem[] {
  return names.map((name) => ({ name, nameSpan: { start: 0, end: 0 }, modifiers: [], span: { start: 0, end: 0 } }));
}
