import type { ApiModel } from './apiModel';
import type { JsonSchema } from './schemaTypes';
import { resolveRef } from './validateValue';

/** The schema of the value at `path` inside `root` (property names and list indexes), if documented. */
export function schemaAt(root: JsonSchema, path: Array<string | number>): JsonSchema | undefined {
  let s: JsonSchema | undefined = root;
  for (const p of path) {
    if (!s) return undefined;
    s = resolveRef(s, root);
    if (typeof p === 'number') s = s.items;
    else s = s.properties?.[p] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
  }
  return s ? resolveRef(s, root) : undefined;
}

/**
 * The schema of a field in a `fields=` selection: `chain` names the field and its parents, from the
 * node down (`og_object`, `title`). Subfields come from `properties`, list items, or another node (`x-node`).
 */
export function fieldSchemaAt(node: JsonSchema, chain: Array<{ name: string }>, model: ApiModel): JsonSchema | undefined {
  let s: JsonSchema | undefined = node;
  for (const item of chain) {
    if (!s) return undefined;
    const props: Record<string, JsonSchema> | undefined = subfieldsOf(s, node, model)?.properties;
    s = props?.[item.name] ? resolveRef(props[item.name], node) : undefined;
  }
  return s;
}

/** The schema that describes a field's subfields (`field{a,b}`): another node (`x-node`), a list's items, or the field's own. */
export function subfieldsOf(field: JsonSchema, root: JsonSchema, model: ApiModel): JsonSchema | undefined {
  if (field['x-node']) return model.nodeSchema(field['x-node']);
  return field.items ? resolveRef(field.items, root) : field;
}
