/**
 * What a call can get back, from the data in schemas/: the body of a success (the endpoint's
 * response schema, or for a read the node's fields the call selects), the error envelope, the error
 * codes the documents give for the endpoint, how the service refuses each rule
 * (rules-data/refusals.json), and the usage figures of the usage headers.
 *
 * Expectations ask here: completion offers these paths, EXPECT-PATH and EXPECT-CODE report what the
 * response cannot have, and `refused RULE-ID` is evaluated against the refusal of the rule.
 */
import { fieldsNode, type Call } from '../analysis/call';
import type { FieldItem } from '../syntax/fields';
import type { ApiModel, EndpointDef, ErrorCodeInfo } from './apiModel';
import { subfieldsOf } from './schemaPath';
import type { JsonSchema } from './schemaTypes';
import { resolveRef } from './validateValue';
import { hasOwn, own } from '../own';

/** One error a response may carry: a code and its subcode (null: none). */
export interface ErrorPair {
  code: number;
  subcode: number | null;
}

interface RefusalRow {
  endpoints: '*' | string[];
  errors: Array<[number, number | null]> | 'rate-limit' | 'buc';
}

function refusalTable(model: ApiModel): Record<string, RefusalRow> {
  return (model.data.refusals as { rules: Record<string, RefusalRow> }).rules;
}

/** Whether the service refuses calls for `rule` at all (rules-data/refusals.json). */
export function isRefusalRule(rule: string, model: ApiModel): boolean {
  return hasOwn(refusalTable(model), rule);
}

/** Whether `rule` can refuse a call of `endpoint` (unknown endpoint: yes). */
export function refusalApplies(rule: string, endpoint: EndpointDef | undefined, model: ApiModel): boolean {
  const row = own(refusalTable(model), rule);
  if (!row) return false;
  return !endpoint || row.endpoints === '*' || row.endpoints.includes(endpoint.id);
}

/** The errors the service answers `rule` with, for a call of `endpoint`. */
export function refusalErrors(rule: string, endpoint: EndpointDef | undefined, model: ApiModel): ErrorPair[] {
  const row = own(refusalTable(model), rule);
  if (!row) return [];
  if (row.errors === 'rate-limit') return rateLimitErrors(endpoint, model, true);
  if (row.errors === 'buc') return rateLimitErrors(endpoint, model, false);
  return row.errors.map(([code, subcode]) => ({ code, subcode }));
}

/** The rate-limit codes a call of `endpoint` may get: its business use case's, and with `platform` the app and user limits. */
function rateLimitErrors(endpoint: EndpointDef | undefined, model: ApiModel, platform: boolean): ErrorPair[] {
  const out: ErrorPair[] = [];
  for (const e of model.errors) {
    if (e.code === null) continue;
    const buc = e.kind === 'buc' && (!endpoint?.bucType || e.bucType === endpoint.bucType || (e.bucType === null && e.subcode !== null && endpoint.bucType.startsWith('ads_')));
    const plat = platform && e.kind === 'platform' && (e.rateLimit === 'app' || e.rateLimit === 'user');
    if (buc || plat) out.push({ code: e.code, subcode: e.subcode });
  }
  return out;
}

/**
 * Every error the documents (and the emulator's documented decisions) give for a call of
 * `endpoint`: the endpoint's own list, the refusals of the rules that apply to it, and the rate
 * limits it counts under. Undefined when the endpoint is unknown or undocumented (anything goes).
 */
export function returnableErrors(endpoint: EndpointDef | undefined, model: ApiModel): ErrorPair[] | undefined {
  if (!endpoint || endpoint.undocumented) return undefined;
  const out: ErrorPair[] = [];
  const add = (p: ErrorPair): void => {
    if (!out.some((o) => o.code === p.code && o.subcode === p.subcode)) out.push(p);
  };
  for (const e of endpoint.errors ?? []) add(typeof e === 'number' ? { code: e, subcode: null } : { code: e[0], subcode: e[1] });
  for (const rule of Object.keys(refusalTable(model))) {
    if (refusalApplies(rule, endpoint, model)) for (const p of refusalErrors(rule, endpoint, model)) add(p);
  }
  return out;
}

/** The meaning of a code (and subcode) in errors.json, as the documents give it. */
export function errorMeaning(code: number | null, subcode: number | null, model: ApiModel): ErrorCodeInfo | undefined {
  const errors = model.errors;
  // A subcode may be a number [3] lists as a code (the iOS 14 table: sent as subcodes of 100).
  if (code === null) return errors.find((e) => e.code === null && e.subcode === subcode) ?? errors.find((e) => e.subcode === subcode) ?? errors.find((e) => e.code === subcode && e.subcode === null);
  if (subcode === null) return errors.find((e) => e.code === code && e.subcode === null) ?? errors.find((e) => e.code === code);
  return errors.find((e) => e.code === code && e.subcode === subcode) ?? errors.find((e) => e.code === null && e.subcode === subcode) ?? errors.find((e) => e.code === subcode && e.subcode === null);
}

/** The body of a failed call ([2] Errors, ERR-ENVELOPE). */
export function errorEnvelopeSchema(model: ApiModel): JsonSchema {
  return model.data.common['error-envelope'];
}

interface ResponseWhen {
  param: string;
  includes: string;
  response: string;
}

/**
 * The body a successful call of `call` answers with, as a schema; undefined when the documents do
 * not show it (an undocumented endpoint, a read of several ids, a field list decided at send time).
 */
export function successBodySchema(call: Call, model: ApiModel): JsonSchema | undefined {
  const endpoint = call.endpoint;
  if (!endpoint || endpoint.undocumented || endpoint.refuse) return undefined;
  const when = (endpoint as EndpointDef & { responseWhen?: ResponseWhen[] }).responseWhen ?? [];
  for (const w of when) {
    const p = call.params.get(w.param);
    const v = p && !p.opaque ? p.value : undefined;
    const list = Array.isArray(v) ? v : typeof v === 'string' ? parseList(v) : [];
    if (list.includes(w.includes)) return commonSchema(w.response, model);
  }
  if (endpoint.response) return commonSchema(endpoint.response, model);
  const nodeName = fieldsNode(call);
  const node = model.nodeSchema(nodeName);
  if (!node) return undefined;
  // `ids=a,b` answers an object keyed by each id: its keys are the ids written.
  if (call.params.has('ids') && !call.params.has('id') && endpoint.id === 'url.read') return undefined;
  const items = call.fields?.items;
  if (items?.some((i) => i.opaque) || call.params.get('fields')?.opaque) return undefined;
  const names = items?.length ? items : (node['x-defaultFields'] ?? ['id']).map((name) => ({ name }) as FieldItem);
  return selectedSchema(node, node, names, model, 0);
}

function commonSchema(name: string, model: ApiModel): JsonSchema | undefined {
  return model.data.common[name.replace(/^common\//, '')];
}

function parseList(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  } catch {
    // A list written as text: `validate_only,include_recommendations`.
  }
  return text.split(',').map((s) => s.trim());
}

/**
 * The answer to a field selection: an object holding `id` and the fields selected. A connection
 * (`messages`) is answered as `{"data": [...], "paging": {...}}`; a sub-selection (`og_object{title}`)
 * narrows the object to the subfields named.
 */
function selectedSchema(holder: JsonSchema, root: JsonSchema, items: Array<Pick<FieldItem, 'name' | 'selection'>>, model: ApiModel, depth: number): JsonSchema {
  const base = depth === 0 ? holder : subfieldsOf(holder, root, model);
  // Fields the documents do not show (a thread's messages): whatever comes is possible.
  if (!base?.properties) return base ?? holder;
  const props = base.properties;
  const out: Record<string, JsonSchema> = Object.create(null) as Record<string, JsonSchema>;
  // A node answers its id with any field list (emulator nodes/selectFields.ts `withId`), nested ones too.
  if (props.id) out.id = resolveRef(props.id, root);
  for (const item of items) {
    const field = own(props, item.name);
    if (!field) {
      // A field asked for that the documents may just not show: the answer may hold it, as anything.
      if (mayBeUnshown(base, item.name)) out[item.name] = {};
      continue;
    }
    const r = resolveRef(field, root);
    out[item.name] = answerOf(r, root, item.selection, model, depth);
  }
  return { type: 'object', description: holder.description, properties: out };
}

/**
 * Whether a field the node's schema does not name may still exist, as the field check says (a hint):
 * past the documents' alphabetical cut-off (`x-notShownAfter`), or on a node whose fields the
 * documents do not all name.
 */
function mayBeUnshown(node: JsonSchema, name: string): boolean {
  const cutoff = node['x-notShownAfter'];
  return (!!cutoff && name > cutoff) || node['x-unknownFieldRule']?.severity === 'hint';
}

function answerOf(field: JsonSchema, root: JsonSchema, selection: FieldItem[] | undefined, model: ApiModel, depth: number): JsonSchema {
  if (field['x-connection']) {
    const items = field.items ? resolveRef(field.items, root) : { type: 'object' };
    const shown = selection?.length && depth < 8 ? selectedSchema(items, root, selection, model, depth + 1) : items;
    return {
      type: 'object',
      description: field.description,
      'x-kind': 'connection',
      properties: {
        data: { type: 'array', description: `The ${field['x-kind'] === 'connection' ? 'items' : 'entries'} of the connection.`, items: shown },
        paging: { type: 'object', description: 'Cursors and links to the next and previous pages, when there are more.' },
      },
    };
  }
  if (selection?.length && depth < 8) {
    const narrowed = selectedSchema(field, root, selection, model, depth + 1);
    return field.type === 'array' ? { ...field, items: narrowed } : { ...narrowed, description: field.description };
  }
  return field;
}

/** What a path step leads to inside a response schema. */
export type PathLookup =
  | { kind: 'found'; schema: JsonSchema | undefined }
  /** The response cannot have this step: `at` is its index, `known` the names it could have been. */
  | { kind: 'missing'; at: number; known: string[]; holder: JsonSchema };

/**
 * Follows `path` (member names, list indexes, `length`) through `schema`. A schema that does not
 * say what it holds (an object without properties, `additionalProperties`) lets any path through:
 * only what the documents rule out is reported.
 */
export function lookupPath(schema: JsonSchema, root: JsonSchema, path: Array<{ text: string; index?: number }>): PathLookup {
  let s: JsonSchema | undefined = resolveRef(schema, root);
  for (let i = 0; i < path.length; i++) {
    if (!s) return { kind: 'found', schema: undefined };
    const step = path[i];
    const types = typeOf(s);
    if (step.index !== undefined) {
      if (!types.includes('array') && types.length) return { kind: 'missing', at: i, known: [], holder: s };
      s = s.items ? resolveRef(s.items, root) : undefined;
      continue;
    }
    if (step.text === 'length' && (types.includes('array') || types.includes('string'))) {
      s = { type: 'integer', description: types.includes('array') ? 'How many items the list holds.' : 'How many characters the text has.' };
      continue;
    }
    if (types.includes('array') && !types.includes('object')) return { kind: 'missing', at: i, known: ['length'], holder: s };
    const props = s.properties;
    const next = props ? own(props, step.text) : undefined;
    if (next) {
      s = resolveRef(next, root);
      continue;
    }
    if (typeof s.additionalProperties === 'object') {
      s = resolveRef(s.additionalProperties, root);
      continue;
    }
    const open = !props || s.additionalProperties === true || (!types.includes('object') && types.length === 0);
    if (open || (types.length && !types.includes('object'))) {
      if (types.length && !types.includes('object') && !types.includes('array')) return { kind: 'missing', at: i, known: [], holder: s };
      return { kind: 'found', schema: undefined };
    }
    return { kind: 'missing', at: i, known: Object.keys(props), holder: s };
  }
  return { kind: 'found', schema: s };
}

function typeOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  return [];
}

/** A usage figure an expectation can read: `usage.max`, `usage.app.call_count`, `usage.buc.ads_management`. */
export interface UsageScope {
  /** The path after `usage.` (`app.call_count`). */
  path: string;
  description: string;
  /** A number (a percentage, minutes), or a group whose highest percentage is its value. */
  kind: 'figure' | 'group';
  /** The BUC type of a `buc.<type>` scope. */
  bucType?: string;
}

/** Every usage scope, from the usage headers' schema (`x-expectScope` names each header's scope). */
export function usageScopes(model: ApiModel): UsageScope[] {
  const schema = model.data.common['usage-headers'];
  const out: UsageScope[] = [{ path: 'max', kind: 'figure', description: 'The highest percentage of every usage header of the response: the figure that will limit first.' }];
  for (const header of Object.values(schema.properties ?? {})) {
    const scope = header['x-expectScope'];
    if (typeof scope !== 'string') continue;
    const group = resolveRef(header, schema);
    out.push({ path: scope, kind: 'group', description: `${group.description ?? ''} Its value is its highest percentage.`.trim() });
    if (group.additionalProperties && typeof group.additionalProperties === 'object') {
      // X-Business-Use-Case-Usage: entries per business use case type.
      const list = resolveRef(group.additionalProperties, schema);
      const entry = list.items ? resolveRef(list.items, schema) : undefined;
      const types = entry?.properties?.type;
      const typeSchema = types ? resolveRef(types, schema) : undefined;
      for (const t of (typeSchema?.enum ?? []) as string[]) {
        const doc = typeSchema?.['x-enumDescriptions']?.[t] ?? '';
        out.push({ path: `${scope}.${t}`, kind: 'group', bucType: t, description: `${doc} Its value is the highest percentage of its entries.`.trim() });
        for (const [metric, m] of Object.entries(entry?.properties ?? {})) {
          if (metric === 'type' || metric === 'ads_api_access_tier') continue;
          out.push({ path: `${scope}.${t}.${metric}`, kind: 'figure', bucType: t, description: m.description ?? resolveRef(m, schema).description ?? '' });
        }
      }
      continue;
    }
    for (const [metric, m] of Object.entries(group.properties ?? {})) {
      const r = resolveRef(m, schema);
      if (r.type === 'string' || r.enum) continue;
      out.push({ path: `${scope}.${metric}`, kind: 'figure', description: m.description ?? r.description ?? '' });
    }
  }
  return out;
}
