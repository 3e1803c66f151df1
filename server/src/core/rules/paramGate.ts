/**
 * The fast path of parameter checking: an ajv validator compiled ahead of time from the endpoint's
 * params schema (model/generated/gates.ts, made by server/build/generateGates.mjs). It accepts a
 * request's parameters only when the full schema walk would report nothing, so a valid request (the
 * common case while typing and in large files) skips the walk. Anything else goes to the walk, which
 * says precisely what is wrong; test/core/gates.test.ts checks that the two agree.
 */
import type { Call } from '../analysis/call';
import { gates } from '../model/generated/gates';
import type { JsonSchema } from '../model/schemaTypes';
import { atLeast } from '../model/version';

/** Lets the tests compare the gate with the full walk (test/core/gates.test.ts). */
export const gateOptions = { enabled: true };

interface VersionGated {
  name: string;
  since?: string;
  until?: string;
  /** A member deeper down has a gate of its own: such a value always takes the full walk. */
  nested: boolean;
}

/** Top-level parameters whose schema (or a member's) has a version gate, with the gates. */
const versionGated = new WeakMap<JsonSchema, VersionGated[]>();

function hasGate(s: unknown): boolean {
  if (!s || typeof s !== 'object') return false;
  const o = s as Record<string, unknown>;
  if (o['x-since'] || o['x-until']) return true;
  return Object.values(o).some(hasGate);
}

function gatedParams(schema: JsonSchema): VersionGated[] {
  let list = versionGated.get(schema);
  if (!list) {
    list = [];
    for (const [name, s] of Object.entries(schema.properties ?? {})) {
      const { 'x-since': since, 'x-until': until, ...rest } = s;
      const nested = hasGate(rest);
      if (since || until || nested) list.push({ name, since, until, nested });
    }
    versionGated.set(schema, list);
  }
  return list;
}

export function passesGate(call: Call, schema: JsonSchema, paramsName: string): boolean {
  const gate = gates[paramsName];
  if (!gateOptions.enabled || !gate || call.bodyBroken) return false;
  let value = call.bodyObject;
  if (!value) {
    value = {};
    for (const p of call.params.values()) value[p.name] = p.value;
  }
  for (const g of gatedParams(schema)) {
    if (!(g.name in value)) continue;
    if (g.nested) return false;
    if (g.since && !atLeast(call.version, g.since)) return false;
    if (g.until && call.version && atLeast(call.version, g.until)) return false;
  }
  return gate(value);
}
