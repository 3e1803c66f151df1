/**
 * A `Call` is one request as the API sees it: method, endpoint, version, and the parameters from the
 * query string and the body merged into one map of values. The rule engine reads only calls, so the
 * editor (which builds them from the syntax tree) and the emulator (which builds them from HTTP
 * requests) run the same rules.
 */
import type { EndpointDef, EndpointMatch, MatchSegment } from '../model/apiModel';
import type { Version } from '../model/version';
import type { FieldList } from '../syntax/fields';
import type { Environment } from '../types';

export interface CallParam {
  name: string;
  /** Text for query and form parameters; any JSON value for body members. */
  value: unknown;
  source: 'query' | 'form' | 'json';
  /** Decided at send time (`{{...}}`): not checked. */
  opaque?: boolean;
}

export interface Call {
  method: string;
  /** Path segments after the version segment, as resolved text. */
  segments: MatchSegment[];
  match?: EndpointMatch;
  endpoint?: EndpointDef;
  /** The version in effect and where it came from. */
  version?: Version;
  versionSource: 'path' | 'default' | 'none';
  /** A first segment meant as a version but not in the documented form (`v23`). */
  versionLike?: string;
  /** Query, form and body parameters by name (the body wins over the query). */
  params: ReadonlyMap<string, CallParam>;
  /** The parsed `fields` parameter, when present and written as text. */
  fields?: FieldList;
  /** The field list's items have no offsets of their own (decoded, or from the JSON body): findings go on the whole value. */
  fieldsUnlocated?: boolean;
  /** Directives of the request (`# @objective OUTCOME_SALES`), by name. */
  directives: Map<string, string>;
  env: Environment;
  /** The body could not be read: body parameters are incomplete, so rules that need all of them stay quiet. */
  bodyBroken?: boolean;
  /** Headers by lower-cased name. */
  headers?: Map<string, string>;
  /**
   * The JSON body as parsed, when every parameter comes from it (no query or form parameters): the
   * fast path of parameter checking validates it as it is, without building another object.
   */
  bodyObject?: Record<string, unknown>;
}

export function paramValue(call: Call, name: string): unknown {
  const p = call.params.get(name);
  return p && !p.opaque ? p.value : undefined;
}

export function hasParam(call: Call, name: string): boolean {
  return call.params.has(name);
}

/**
 * The node a call's field list applies to: the endpoint's, except for a multi-id read
 * (`GET /?ids=a,b`), which reads whatever the ids are: ad sets when they are numeric, threads when
 * they start with `t_`, URL nodes otherwise. Rules, completion and hover all ask here.
 */
export function fieldsNode(call: Call): string | undefined {
  const ids = call.params.get('ids');
  if (call.endpoint?.id !== 'url.read' || !ids || call.params.has('id') || ids.opaque || typeof ids.value !== 'string') return call.endpoint?.node ?? call.endpoint?.itemsNode;
  const list = ids.value.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length && list.every((x) => /^\d+$/.test(x))) return 'adset';
  if (list.length && list.every((x) => /^t_/.test(x))) return 'thread';
  return call.endpoint.node;
}

/** The ids a call names: each of `ids` (comma-separated), else `id`. Each counts as one call ([3] Limits, REQ-IDS-COUNT). */
export function idsNamed(call: Call): string[] {
  const ids = call.params.get('ids');
  if (ids && !ids.opaque && typeof ids.value === 'string') return ids.value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const id = call.params.get('id');
  return id && !id.opaque && typeof id.value === 'string' && id.value !== '' ? [id.value] : [];
}
