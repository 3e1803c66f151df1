/**
 * Parameter values as the service stores them: read through the endpoint's params schema the way the
 * rule engine reads them (docs/schemas.md, "Coercion"), so "2000" becomes 2000 and JSON text
 * becomes an object, down to the members and items the schema describes (an adset_schedule's
 * `"start_minute": "60"` is stored as 60). A parameter the schema does not describe keeps its value, JSON text parsed.
 */
import type { ApiModel, Call } from '../../core';
import { coerceDeep, parseJsonExact } from '../../core';

export function readParams(call: Call, model: ApiModel, skip: string[] = []): Record<string, unknown> {
  const schema = model.paramsSchema(call.endpoint);
  const out: Record<string, unknown> = {};
  for (const p of call.params.values()) {
    // `__proto__` is no parameter of any endpoint; as a key it would replace the record's prototype.
    if (p.name === 'access_token' || p.name === '__proto__' || skip.includes(p.name)) continue;
    const sub = schema?.properties?.[p.name];
    out[p.name] = sub ? coerceDeep(sub, p.value, schema!) : parseJsonText(p.value);
  }
  return out;
}

function parseJsonText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return v;
  try {
    return parseJsonExact(t);
  } catch {
    return v;
  }
}
