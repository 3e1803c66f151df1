/**
 * The bundled schemas. esbuild and tsc inline these JSON files, so the core reads no files at run time.
 * Adding an endpoint means adding its schema file here and a row in schemas/endpoints.json.
 */
import type { JsonSchema } from './schemaTypes';
import endpoints from '../../../../schemas/endpoints.json';
import rules from '../../../../schemas/rules.json';
import errors from '../../../../schemas/errors.json';
import adsetCreate from '../../../../schemas/params/adset-create.schema.json';
import adsetRead from '../../../../schemas/params/adset-read.schema.json';
import adsetCopy from '../../../../schemas/params/adset-copy.schema.json';
import urlRead from '../../../../schemas/params/url-read.schema.json';
import urlRefresh from '../../../../schemas/params/url-refresh.schema.json';
import threadRead from '../../../../schemas/params/thread-read.schema.json';
import batch from '../../../../schemas/params/batch.schema.json';
import adsetNode from '../../../../schemas/nodes/adset.schema.json';
import urlNode from '../../../../schemas/nodes/url.schema.json';
import threadNode from '../../../../schemas/nodes/thread.schema.json';
import errorEnvelope from '../../../../schemas/common/error-envelope.schema.json';
import usageHeaders from '../../../../schemas/common/usage-headers.schema.json';
import copyResponse from '../../../../schemas/common/copy-response.schema.json';
import successResponse from '../../../../schemas/common/success-response.schema.json';
import createResponse from '../../../../schemas/common/create-response.schema.json';
import objectives from '../../../../schemas/rules-data/objectives.json';
import promotedObject from '../../../../schemas/rules-data/promoted-object.json';
import regions from '../../../../schemas/rules-data/regions.json';
import limits from '../../../../schemas/rules-data/limits.json';
import refusals from '../../../../schemas/rules-data/refusals.json';
import ios14 from '../../../../schemas/rules-data/ios14.json';

export interface SchemaBundle {
  endpoints: unknown;
  rules: unknown;
  errors: unknown;
  params: Record<string, JsonSchema>;
  nodes: Record<string, JsonSchema>;
  common: Record<string, JsonSchema>;
  objectives: unknown;
  promotedObject: unknown;
  regions: unknown;
  limits: unknown;
  refusals: unknown;
  ios14: unknown;
}

/**
 * A deep copy whose objects have no prototype. Lookups by names users write (`fields=constructor`,
 * `# @objective toString`, `"__proto__": 1`) then find nothing instead of Object.prototype's members.
 * Each object is made whole (`Object.fromEntries`, which keeps a `__proto__` key as a member) and then
 * cut from its prototype: V8 keeps such an object in fast mode, with a hidden class that the rules'
 * lookups cache. `Object.create(null)` gives a hash table instead, where every lookup of every
 * request (`schema.properties`, a parameter's schema) hashes its key (test/core/schemaData.test.ts).
 */
function withoutPrototypes<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutPrototypes) as T;
  if (value === null || typeof value !== 'object') return value;
  const out = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, withoutPrototypes(v)]));
  return Object.setPrototypeOf(out, null) as T;
}

export const schemaBundle: SchemaBundle = withoutPrototypes({
  endpoints,
  rules,
  errors,
  params: {
    'adset-create': adsetCreate as JsonSchema,
    'adset-read': adsetRead as JsonSchema,
    'adset-copy': adsetCopy as JsonSchema,
    'url-read': urlRead as JsonSchema,
    'url-refresh': urlRefresh as JsonSchema,
    'thread-read': threadRead as JsonSchema,
    batch: batch as JsonSchema,
  },
  nodes: {
    adset: adsetNode as JsonSchema,
    url: urlNode as JsonSchema,
    thread: threadNode as JsonSchema,
  },
  common: {
    'error-envelope': errorEnvelope as JsonSchema,
    'usage-headers': usageHeaders as JsonSchema,
    'copy-response': copyResponse as JsonSchema,
    'success-response': successResponse as JsonSchema,
    'create-response': createResponse as JsonSchema,
  },
  objectives,
  promotedObject,
  regions,
  limits,
  refusals,
  ios14,
});
