/**
 * The fast path of parameter checking: an ajv validator compiled ahead of time from the endpoint's
 * params schema (model/generated/gates.ts, made by server/build/generateGates.mjs). It accepts
 * parameters only when the full schema walk would report nothing about them, so valid parameters (the
 * common case while typing and in large files) skip the walk. What it refuses goes to the walk, which
 * says precisely what is wrong; test/core/gates.test.ts checks that the two agree.
 *
 * A request with findings usually has one or two bad parameters among twenty-five. Parameters the
 * endpoint does not document are walked (they are findings) and the gate ignores them; of the others,
 * the gate reports every error (ajv's allErrors), each names the parameter it is about, and only the
 * parameters it refused are walked: one call, however many are refused (a gate that stopped at its
 * first error was asked again without each refused parameter in turn).
 */
import type { Call } from '../analysis/call';
import { CallParams } from '../analysis/callParams';
import { gates } from '../model/generated/gates';
import type { JsonSchema } from '../model/schemaTypes';
import { atLeast } from '../model/version';
import { hasOwn } from '../own';
import { closest, namesOf } from './suggest';

/** Lets the tests compare the gate with the full walk (test/core/gates.test.ts). */
export const gateOptions = { enabled: true };

interface VersionGated {
  name: string;
  since?: string;
  until?: string;
  /** A member deeper down has a gate of its own: such a value always takes the full walk. */
  nested: boolean;
  /** The schema of a parameter with an open object of its own rule: walked when the value has a key such an object does not document. */
  nearMiss?: JsonSchema;
}

/** Top-level parameters whose schema (or a member's) has a version gate, with the gates. */
const versionGated = new WeakMap<JsonSchema, VersionGated[]>();

function hasGate(s: unknown): boolean {
  if (!s || typeof s !== 'object') return false;
  const o = s as Record<string, unknown>;
  if (o['x-since'] || o['x-until']) return true;
  return Object.values(o).some(hasGate);
}

/**
 * An open object with documented members and a rule of its own (`targeting`): a key one edit from a
 * member is a finding of the walk (validateValue.ts, nearMiss) that the gate, which lets other keys
 * through, cannot see.
 */
function hasNearMissObject(s: unknown): boolean {
  if (!s || typeof s !== 'object') return false;
  const o = s as JsonSchema;
  if (o.properties && o['x-rule'] && o.additionalProperties !== false && typeof o.additionalProperties !== 'object') return true;
  return Object.values(o.properties ?? {}).some(hasNearMissObject) || hasNearMissObject(o.items);
}

function gatedParams(schema: JsonSchema): VersionGated[] {
  let list = versionGated.get(schema);
  if (!list) {
    list = [];
    for (const [name, s] of Object.entries(schema.properties ?? {})) {
      const { 'x-since': since, 'x-until': until, ...rest } = s;
      // Always walked: a nested version gate.
      const nested = hasGate(rest);
      // Walked when the value has keys the gate lets through unread.
      const nearMiss = hasNearMissObject(s) ? s : undefined;
      if (since || until || nested || nearMiss) list.push({ name, since, until, nested, nearMiss });
    }
    versionGated.set(schema, list);
  }
  return list;
}

/**
 * Whether `value` has a key that an open object of `schema` with a rule of its own does not document
 * and that is as close to a documented member as any "did you mean": the walk's near miss
 * (validateValue.ts `nearMiss`, the same memoized `closest`). A value without one (every valid
 * `targeting`) is judged by the gate like any other parameter. It follows members and items, as
 * `hasNearMissObject` does, and typed extra members.
 */
function hasUndocumentedKey(schema: JsonSchema, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    if (!schema.items) return false;
    for (const item of value) if (hasUndocumentedKey(schema.items, item)) return true;
    return false;
  }
  const props = schema.properties;
  if (!props) return false;
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const open = schema.additionalProperties !== false && !extra && !!schema['x-rule'];
  let misses: Map<string, boolean> | undefined;
  for (const key of Object.keys(value)) {
    const sub = hasOwn(props, key) ? props[key] : extra;
    if (sub) {
      if (hasUndocumentedKey(sub, (value as Record<string, unknown>)[key])) return true;
    } else if (open && isNearMiss(key, props, (misses ??= nearMissesOf(schema)))) return true;
  }
  return false;
}

/**
 * For each open object's schema, whether a key it does not document is a near miss: the answer of
 * `closest` kept by key, since every request of a file sends the same undocumented keys (`age_min`
 * in each `targeting`). Bounded: keys are whatever the user wrote.
 */
const nearMisses = new WeakMap<JsonSchema, Map<string, boolean>>();
function nearMissesOf(schema: JsonSchema): Map<string, boolean> {
  let map = nearMisses.get(schema);
  if (!map) nearMisses.set(schema, (map = new Map()));
  return map;
}

function isNearMiss(key: string, props: Record<string, JsonSchema>, misses: Map<string, boolean>): boolean {
  let near = misses.get(key);
  if (near === undefined) {
    near = closest(key, namesOf(props)) !== undefined;
    if (misses.size >= 4096) misses.clear();
    misses.set(key, near);
  }
  return near;
}

/** No parameter takes the walk (shared: callers only read it). */
const NOTHING: ReadonlySet<string> = new Set();

/** Every parameter takes the walk. */
export const WALK_ALL = 'all';

/**
 * The parameters the schema walk must look at: those the endpoint does not document, those the gate
 * refuses (one at a time, by its first error) and those with a version gate the request's version
 * does not pass. An empty set: every parameter is valid. `WALK_ALL` when the gate cannot say (no
 * gate, a broken body, an error that names no parameter).
 */
export function paramsToWalk(call: Call, schema: JsonSchema, paramsName: string): ReadonlySet<string> | typeof WALK_ALL {
  const gate = gates[paramsName];
  if (!gateOptions.enabled || !gate || call.bodyBroken) return WALK_ALL;
  let value = call.bodyObject;
  if (!value) {
    if (call.params instanceof CallParams) value = call.params.valueObject();
    else {
      // No prototype: a parameter named `__proto__` is then a parameter like any other (and is walked).
      value = Object.create(null) as Record<string, unknown>;
      for (const p of call.params.values()) value[p.name] = p.value;
    }
  }
  // Made when a parameter is to be walked: a valid request has none.
  let walk: Set<string> | undefined;
  const props = schema.properties ?? {};
  for (const name in value) if (!hasOwn(props, name)) (walk ??= new Set()).add(name);
  // Version-gated parameters are walked whatever the gate says; it need not look at them.
  let gated: string[] | undefined;
  for (const g of gatedParams(schema)) {
    if (!hasOwn(value, g.name)) continue;
    if (g.nested || (g.since && !atLeast(call.version, g.since)) || (g.until && call.version && atLeast(call.version, g.until)) || (g.nearMiss && hasUndocumentedKey(g.nearMiss, value[g.name]))) {
      (walk ??= new Set()).add(g.name);
      (gated ??= []).push(g.name);
    }
  }
  // The value the gate is asked about, without the parameters walked whatever it says.
  if (gate(gated ? without(value, gated) : value)) return walk ?? NOTHING;
  walk ??= new Set();
  // Every error names the parameter it is about: the parameters are judged one by one (the gate's
  // top level has no keyword but `type` and `properties`, generateGates.mjs), so the others pass.
  const errors = gate.errors ?? [];
  if (!errors.length) return WALK_ALL;
  for (const error of errors) {
    const name = refusedParam(error);
    if (name === undefined || !hasOwn(value, name)) return WALK_ALL;
    walk.add(name);
  }
  return walk;
}

/** The top-level parameter an ajv error is about, if it names one. */
function refusedParam(error: { instancePath: string } | undefined): string | undefined {
  if (!error || error.instancePath === '') return undefined;
  const first = error.instancePath.split('/')[1];
  return first === undefined ? undefined : first.replace(/~1/g, '/').replace(/~0/g, '~');
}

function without(value: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const out = Object.assign(Object.create(null) as Record<string, unknown>, value);
  for (const n of names) delete out[n];
  return out;
}
