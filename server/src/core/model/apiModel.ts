/**
 * The API model: the data of `schemas/`, indexed once when the model loads.
 * Everything the rules, completion, hover and the emulator know about the API comes from here.
 */
import { own } from '../own';
import type { JsonSchema } from './schemaTypes';
import { schemaBundle, type SchemaBundle } from './schemaData';
import { looksLikeVersion, parseVersion, type Version } from './version';

export interface Placeholder {
  pattern: string;
  rule?: string;
  description?: string;
}

export interface EndpointDef {
  id: string;
  method: string;
  path: string;
  title: string;
  description?: string;
  doc?: string;
  params?: string;
  node?: string;
  response?: string;
  body?: boolean;
  undocumented?: boolean;
  /** The node of the items an undocumented list answers (`adset` for `GET /act_<id>/adsets`): its `fields` are checked against it. */
  itemsNode?: string;
  bucType?: string;
  /** How a list endpoint pages: `limit` when none is given, and the largest it answers (docs/api.md, [2] Other operations). */
  paging?: { defaultLimit: number; maxLimit: number };
  refuse?: { rule: string; message: string };
  /** Error codes the documents give for this endpoint, for hover (COPY-ERRORS). */
  errors?: Array<number | [number, number]>;
  /**
   * The endpoint is the one a call to its method and path takes when it carries this parameter (a
   * POST to the root with `batch` is a batch, not a URL node create): `match` never gives it,
   * `selectByParams` does.
   */
  selectedBy?: string;
  /** The members of a batch's items, by role: each item is checked as a call of its own (rules/batchRules.ts). */
  batchItem?: { method: string; url: string; body: string; name: string; dependsOn: string };
  /** The call is refused when none of these parameters is given (a POST to the URL node without scrape is a create, RULES.md URL-NO-CREATE-DELETE). */
  refuseWhenAllMissing?: { params: string[]; rule: string; message: string };
}

export interface RuleInfo {
  title: string;
  summary: string;
  severity: 'error' | 'warning' | 'info' | 'hint' | null;
  editor: string;
  service: string;
  doc: string;
  section: string;
}

export interface ErrorCodeInfo {
  code: number;
  subcode: number | null;
  title: string;
  meaning: string;
  action?: string;
  doc?: string;
  rateLimit?: string | null;
  bucType?: string | null;
  transient?: boolean;
  kind?: string;
}

type SegmentTemplate = { literal: string } | { prefix: string; name: string };

interface CompiledEndpoint {
  def: EndpointDef;
  segments: SegmentTemplate[];
}

export interface PlaceholderMismatch {
  name: string;
  value: string;
  segmentIndex: number;
  rule: string;
  placeholder: Placeholder;
}

export interface EndpointMatch {
  endpoint: EndpointDef;
  /** Placeholder values by name (`adset-id` -> `123`). */
  values: Record<string, string>;
  /** Placeholders whose value does not fit their pattern but whose rule lets the match stand (ADSET-ACCOUNT-ID). */
  mismatches: PlaceholderMismatch[];
}

/** A path segment as the matcher sees it: resolved text, or unknown until send time. */
export interface MatchSegment {
  text: string;
  opaque: boolean;
}

export class ApiModel {
  readonly endpoints: EndpointDef[];
  readonly placeholders: Record<string, Placeholder>;
  readonly supportedMethods: Set<string>;
  readonly methodRule: { rule: string; message: string };
  readonly rules: Record<string, RuleInfo>;
  readonly errors: ErrorCodeInfo[];
  readonly latestVersion: string;
  readonly versionsDescription: string;
  /** Header names with a note, for completion and hover. */
  readonly headers: Record<string, string>;
  /** Directives (`# @name value`) with their meaning and known values. */
  readonly directives: Record<string, string>;
  readonly directiveValues: Record<string, string[]>;
  /** Known values of headers, by lower-cased name, for completion. */
  readonly headerValues: Record<string, string[]>;
  /** Headers graphreq sets itself, by lower-cased name, with why a written one is not sent. */
  readonly droppedHeaders: Record<string, string>;
  /** Directives of other tools (REST Client, httpYac) that graphreq ignores, with the tool's name. */
  readonly foreignDirectives: Record<string, string>;
  private readonly compiled: CompiledEndpoint[];
  private readonly patterns = new Map<string, RegExp>();

  constructor(readonly data: SchemaBundle = schemaBundle) {
    const table = data.endpoints as {
      placeholders: Record<string, Placeholder>;
      endpoints: EndpointDef[];
      methods: { supported: string[]; unsupportedRule: string; unsupportedMessage: string };
      versions: { latest: string; description: string };
      headers: Record<string, string>;
      directives: Record<string, string>;
      directiveValues: Record<string, string[]>;
      headerValues?: Record<string, string[]>;
      droppedHeaders?: Record<string, string>;
      foreignDirectives?: Record<string, string>;
    };
    this.latestVersion = table.versions.latest;
    this.versionsDescription = table.versions.description;
    this.headers = table.headers;
    this.directives = table.directives;
    this.directiveValues = table.directiveValues;
    this.headerValues = table.headerValues ?? {};
    this.droppedHeaders = table.droppedHeaders ?? {};
    this.foreignDirectives = table.foreignDirectives ?? {};
    this.endpoints = table.endpoints;
    this.placeholders = table.placeholders;
    this.supportedMethods = new Set(table.methods.supported);
    this.methodRule = { rule: table.methods.unsupportedRule, message: table.methods.unsupportedMessage };
    this.rules = (data.rules as { rules: Record<string, RuleInfo> }).rules;
    this.errors = (data.errors as { codes: ErrorCodeInfo[] }).codes;
    this.compiled = this.endpoints.map((def) => ({ def, segments: compilePath(def.path) }));
    for (const [name, p] of Object.entries(this.placeholders)) this.patterns.set(name, new RegExp(p.pattern));
  }

  /** Why a header written in a request is not sent (graphreq sets it), or undefined when it is sent. */
  droppedHeader(name: string): string | undefined {
    return own(this.droppedHeaders, name.toLowerCase());
  }

  paramsSchema(endpoint: EndpointDef | undefined): JsonSchema | undefined {
    return endpoint?.params ? this.data.params[endpoint.params] : undefined;
  }

  nodeSchema(name: string | undefined): JsonSchema | undefined {
    return name ? this.data.nodes[name] : undefined;
  }

  rule(id: string): RuleInfo | undefined {
    return this.rules[id];
  }

  errorCode(code: number, subcode?: number | null): ErrorCodeInfo | undefined {
    return (
      this.errors.find((e) => e.code === code && (e.subcode ?? null) === (subcode ?? null)) ??
      this.errors.find((e) => e.code === code && (e.subcode ?? null) === null)
    );
  }

  /**
   * The endpoint a matched call takes once its parameters are known: one of the same method and path
   * selected by a parameter the call carries (`selectedBy`), else the match as it was.
   */
  selectByParams(match: EndpointMatch | undefined, has: (name: string) => boolean): EndpointMatch | undefined {
    if (!match) return match;
    for (const def of this.endpoints) {
      if (def.selectedBy && def.method === match.endpoint.method && def.path === match.endpoint.path && has(def.selectedBy)) return { endpoint: def, values: {}, mismatches: [] };
    }
    return match;
  }

  endpointById(id: string): EndpointDef | undefined {
    return this.endpoints.find((e) => e.id === id);
  }

  /**
   * Finds the endpoint for a method and path (version segment already removed).
   * `node` (from a `# @node` directive) picks the endpoint of that node whatever the id looks like.
   * `hint` picks among endpoints that differ only by placeholder pattern when a segment is opaque
   * (for example `/{{create.response.body.id}}` after an ad set creation).
   */
  match(method: string, segments: MatchSegment[], hint?: (candidates: EndpointDef[]) => EndpointDef | undefined, node?: string): EndpointMatch | undefined {
    const structural: Array<{ c: CompiledEndpoint; values: Record<string, string>; mismatches: PlaceholderMismatch[]; fails: number; opaque: boolean }> = [];
    for (const c of this.compiled) {
      if (c.def.method !== method || c.segments.length !== segments.length || c.def.selectedBy) continue;
      const values: Record<string, string> = {};
      const mismatches: PlaceholderMismatch[] = [];
      let ok = true;
      let fails = 0;
      let opaque = false;
      for (let i = 0; i < segments.length && ok; i++) {
        const t = c.segments[i];
        const s = segments[i];
        if ('literal' in t) {
          ok = !s.opaque && s.text === t.literal;
          continue;
        }
        if (s.opaque) {
          opaque = true;
          values[t.name] = s.text;
          continue;
        }
        if (!s.text.startsWith(t.prefix)) {
          ok = false;
          continue;
        }
        const value = s.text.slice(t.prefix.length);
        values[t.name] = value;
        const placeholder = this.placeholders[t.name];
        const re = this.patterns.get(t.name);
        if (placeholder && re && !re.test(value)) {
          if (placeholder.rule && t.prefix) mismatches.push({ name: t.name, value, segmentIndex: i, rule: placeholder.rule, placeholder });
          else fails++;
        }
      }
      if (ok) structural.push({ c, values, mismatches, fails, opaque });
    }
    // The user said which node the id is (`# @node thread`): that wins over the id's shape.
    const forced = node ? structural.find((s) => s.c.def.id.startsWith(`${node}.`)) : undefined;
    if (forced) return { endpoint: forced.c.def, values: forced.values, mismatches: forced.mismatches };
    const exact = structural.filter((s) => s.fails === 0 && !s.opaque);
    let pick = exact[0];
    if (!pick) {
      const opaque = structural.filter((s) => s.fails === 0);
      if (opaque.length === 1) pick = opaque[0];
      else if (opaque.length > 1 && hint) {
        const chosen = hint(opaque.map((s) => s.c.def));
        pick = opaque.find((s) => s.c.def === chosen)!;
      }
    }
    return pick ? { endpoint: pick.c.def, values: pick.values, mismatches: pick.mismatches } : undefined;
  }
}

function compilePath(path: string): SegmentTemplate[] {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      const m = /^([^{]*)\{([^}]+)\}$/.exec(s);
      return m ? { prefix: m[1], name: m[2] } : { literal: s };
    });
}

/** Splits off a leading version segment. */
export function splitVersion(segments: MatchSegment[]): { version?: Version; versionLike?: string; rest: MatchSegment[] } {
  const first = segments[0];
  if (!first || first.opaque) return { rest: segments };
  const v = parseVersion(first.text);
  if (v) return { version: v, rest: segments.slice(1) };
  if (looksLikeVersion(first.text)) return { versionLike: first.text, rest: segments.slice(1) };
  return { rest: segments };
}

let shared: ApiModel | undefined;
/** The model built from the bundled schemas, created once per process. */
export function getApiModel(): ApiModel {
  return (shared ??= new ApiModel());
}
