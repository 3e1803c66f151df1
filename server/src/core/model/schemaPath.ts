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
