/**
 * Checks a value against a schema of `schemas/` and reports findings with rule IDs and paths.
 *
 * Like yaml-language-server, graphreq walks values itself instead of asking ajv: the walk knows the
 * x- annotations (rule IDs, version gates, deprecated values), reads text values the way the API
 * reads form fields (docs/schemas.md, "Coercion"), and skips values decided at send time (`{{...}}`).
 * ajv checks the schemas themselves, in the test suite.
 */
import type { JsonPath } from '../syntax/jsonBody';
import { isOpaque, parseJsonExact } from '../syntax/jsonBody';
import type { FixSpec, Location, RuleFinding } from '../rules/ruleFinding';
import { closest, inlineList, listForMessage, namesOf, splitMessage } from '../rules/suggest';
import type { DeprecatedValue, JsonSchema } from './schemaTypes';
import { atLeast, type Version } from './version';

export interface ValidateContext {
  /** The parameter the value belongs to. */
  param: string;
  version: Version | undefined;
  /** Rule IDs used where the schema names none. */
  typeRule: string;
  enumRule: string;
  /** Resolves `#/definitions/...` references of the root schema. */
  root: JsonSchema;
  out: RuleFinding[];
  /** Where the docs say it, appended to messages: "[2] Create an ad set". */
  doc?: string;
  /** Where the docs state a rule, by rule ID ("[2] Versioning"), for rules a property names (version gates). */
  ruleDoc?: (rule: string) => string | undefined;
  /** Stop walking items and members once `out` holds this many findings (CheckOptions.maxFindings). */
  maxFindings?: number;
}

/** Resolved `$ref`s, per schema object: values are checked millions of times against the same few schemas. */
const resolvedRefs = new WeakMap<JsonSchema, JsonSchema>();
const patterns = new Map<string, RegExp>();

function pattern(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source)));
  return re;
}

export function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const cached = resolvedRefs.get(schema);
  if (cached) return cached;
  const resolved = resolveRefUncached(schema, root);
  resolvedRefs.set(schema, resolved);
  return resolved;
}

function resolveRefUncached(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let s = schema;
  for (let guard = 0; s.$ref && guard < 8; guard++) {
    const m = /^#\/definitions\/(.+)$/.exec(s.$ref);
    const target = m ? root.definitions?.[m[1]] : undefined;
    if (!target) break;
    const { $ref: _ignored, ...rest } = s;
    s = { ...target, ...rest };
  }
  return s;
}

function types(schema: JsonSchema): string[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function describe(value: unknown): string {
  if (value === null) return '`null`';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (value === '') return 'an empty text';
  if (typeof value === 'string') return `the text \`${value.length > 40 ? value.slice(0, 37) + '...' : value}\``;
  return `\`${String(value)}\``;
}

function pathText(param: string, path: JsonPath): string {
  let s = param;
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : `.${p}`;
  return s;
}

/** Counts characters as people do (code points), so an emoji counts once ([2] Limits: 400 characters). */
export function characterCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}

/** Reads a JSON-text value of an object/list parameter written as text (query or form). */
function parseJsonText(value: string): unknown {
  const t = value.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try {
    return parseJsonExact(t);
  } catch {
    return undefined;
  }
}

/** The int64 range: no integer parameter of the API goes beyond it ([2] types budgets and counts as int64). */
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** An integer (a number, or the digits of one too large for a number) outside the int64 range. */
export function outsideInt64(v: unknown): boolean {
  if (typeof v === 'number') return Number.isInteger(v) && !Number.isSafeInteger(v) && (BigInt(v) < INT64_MIN || BigInt(v) > INT64_MAX);
  if (typeof v !== 'string' || !/^-?\d+$/.test(v)) return false;
  const n = BigInt(v);
  return n < INT64_MIN || n > INT64_MAX;
}

/**
 * The value as the schema reads it: numbers from digit strings, booleans from "true"/"false",
 * objects and lists from JSON text, null from the text `null` (the JSON text of null, as form fields
 * carry it). An integer too large for a JavaScript number keeps its digits (a numeric string), so it
 * stays exact. Returns `{ ok: false }` when the value has none of the schema's types; `type` is the
 * schema type that read it.
 */
export function coerce(schema: JsonSchema, value: unknown): { ok: boolean; value: unknown; type?: string } {
  const ts = types(schema);
  if (!ts) return { ok: true, value };
  for (const t of ts) {
    switch (t) {
      case 'null':
        if (value === null) return { ok: true, value };
        if (value === 'null' && !ts.includes('string')) return { ok: true, value: null, type: t };
        break;
      case 'string':
        if (typeof value === 'string') return { ok: true, value };
        break;
      case 'integer':
        if (typeof value === 'number' && Number.isInteger(value)) return { ok: true, value, type: t };
        if (typeof value === 'string' && /^-?\d+$/.test(value.trim()) && !ts.includes('string')) {
          const digits = value.trim();
          return { ok: true, value: Number.isSafeInteger(Number(digits)) ? Number(digits) : digits, type: t };
        }
        break;
      case 'number':
        if (typeof value === 'number') return { ok: true, value };
        if (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value)) && !ts.includes('string')) return { ok: true, value: Number(value) };
        break;
      case 'boolean':
        if (typeof value === 'boolean') return { ok: true, value };
        if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
        break;
      case 'object':
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value };
        if (typeof value === 'string') {
          const v = parseJsonText(value);
          if (v !== null && typeof v === 'object' && !Array.isArray(v)) return { ok: true, value: v };
        }
        break;
      case 'array':
        if (Array.isArray(value)) return { ok: true, value };
        if (typeof value === 'string') {
          const v = parseJsonText(value);
          if (Array.isArray(v)) return { ok: true, value: v };
        }
        break;
    }
  }
  return { ok: false, value };
}

/**
 * The value as the schema reads it, all the way down: members and items the schema describes are
 * coerced too, so `[{"start_minute": "60"}]` is stored as `[{"start_minute": 60}]` (the service keeps
 * values as their documented types). A part the schema does not read stays as written.
 */
export function coerceDeep(schemaIn: JsonSchema, value: unknown, root: JsonSchema): unknown {
  const schema = resolveRef(schemaIn, root);
  const c = coerce(schema, value);
  if (!c.ok) return value;
  const v = c.value;
  if (Array.isArray(v) && schema.items) return v.map((item) => coerceDeep(schema.items!, item, root));
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, member] of Object.entries(v as Record<string, unknown>)) {
      const sub = Object.prototype.hasOwnProperty.call(schema.properties, k) ? schema.properties[k] : undefined;
      // Defined, not assigned: a `__proto__` key stays a key.
      Object.defineProperty(out, k, { value: sub ? coerceDeep(sub, member, root) : member, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return v;
}

function kindText(schema: JsonSchema, long = false): string {
  const full = schema['x-kind'] ?? (types(schema) ?? ['any value']).join(' or ');
  // The message names the kind ("a country code"); its explanation in parentheses is for the detail.
  const kind = long ? full : full.replace(/ \([^()]*\)$/, '');
  const example = schema.examples?.[0];
  return example === undefined ? kind : `${kind} such as \`${typeof example === 'string' ? example : JSON.stringify(example)}\``;
}

/**
 * Validates `value` (at `path` inside parameter `ctx.param`) against `schema`. The findings are made
 * by the functions below it: in a file with findings V8 compiles this walk for every kind of value it
 * met, and with each finding's message and fixes written here that was four times the code to compile.
 */
export function validateValue(schemaIn: JsonSchema, value: unknown, path: JsonPath, ctx: ValidateContext): void {
  if (value === undefined || isOpaque(value)) return;
  const schema = resolveRef(schemaIn, ctx.root);

  // Deprecated or read-only values come first: they may lie outside `enum` and deserve their own rule.
  const deprecated = typeof value === 'string' ? schema['x-deprecatedValues']?.[value] : undefined;
  if (deprecated) {
    // Not reported when deprecated only from a later version than the one in use.
    if (!deprecated.from || atLeast(ctx.version, deprecated.from)) deprecatedValue(schema, value as string, deprecated, path, ctx);
    return;
  }

  const c = coerce(schema, value);
  if (!c.ok) {
    wrongType(schema, value, path, ctx);
    return;
  }
  const v = c.value;

  if (schema.enum && !schema.enum.includes(v)) {
    notAllowed(schema, v, path, ctx);
    return;
  }
  if (schema.const !== undefined && v !== schema.const) {
    notConst(schema, v, path, ctx);
    return;
  }
  // An integer read from digits too long for a number stays text (exact): ranges compare its value.
  const integer = c.type === 'integer';
  if (integer && outsideInt64(v)) {
    rejected(schema, v, path, ctx, 'int64');
    return;
  }
  const n = typeof v === 'number' ? v : integer && typeof v === 'string' ? Number(v) : undefined;
  if (typeof v === 'string' && !integer) {
    const len = schema.maxLength !== undefined || schema.minLength !== undefined ? characterCount(v) : 0;
    if (schema.maxLength !== undefined && len > schema.maxLength) rejected(schema, v, path, ctx, 'long', len);
    else if (schema.minLength !== undefined && len < schema.minLength) rejected(schema, v, path, ctx, 'empty');
    // A text the schema says may not be empty is no more given when it is white space only (`"name": "   "`).
    else if (schema['x-emptyRule'] && isBlank(v)) rejected(schema, v, path, ctx, 'blank');
    else if (schema.pattern && !pattern(schema.pattern).test(v)) rejected(schema, v, path, ctx, 'pattern');
    else if (schema['x-kind']?.startsWith('datetime') && !isCalendarDate(v)) rejected(schema, v, path, ctx, 'date');
  } else if (n !== undefined) {
    if (schema.minimum !== undefined && n < schema.minimum) rejected(schema, v, path, ctx, 'minimum');
    else if (schema.maximum !== undefined && n > schema.maximum) rejected(schema, v, path, ctx, 'maximum');
  }

  if (typeof v === 'string') {
    const since = schema['x-valueSince']?.[v];
    if (since && !atLeast(ctx.version, since)) notYet(schema, v, since, path, ctx);
    const beta = schema['x-betaValues']?.[v];
    if (beta) ctx.out.push({ rule: 'ADSET-DESTINATION-BETA', ...splitMessage(beta), at: valueAt(path, ctx) });
  }

  // Members and items inherit this value's rule (unless they name their own) and its doc reference.
  if (Array.isArray(v)) {
    // A list the documents require (`days` of an adset_schedule item) is not given by an empty one.
    if (schema.minItems !== undefined && v.length < schema.minItems) rejected(schema, v, path, ctx, 'fewItems');
    else if (schema.maxItems !== undefined && v.length > schema.maxItems) rejected(schema, v, path, ctx, 'manyItems');
    if (!schema.items) return;
    const inner = innerContext(schema, ctx);
    for (let i = 0; i < v.length && !full(ctx); i++) validateValue(schema.items, v[i], [...path, i], inner);
  } else if (v !== null && typeof v === 'object') {
    validateObject(schema, v as Record<string, unknown>, path, innerContext(schema, ctx));
  }
}

function innerContext(schema: JsonSchema, ctx: ValidateContext): ValidateContext {
  return { ...ctx, typeRule: schema['x-rule'] ?? ctx.typeRule, doc: schema['x-doc'] ?? ctx.doc };
}

/** A finding about the value points at the value itself (the narrowest useful range). */
function valueAt(path: JsonPath, ctx: ValidateContext): Location {
  return { kind: 'param', name: ctx.param, path, part: 'value' };
}

/** Where the documents say it, for the detail (hover, JSON output), not the one-sentence message. */
function sourceOf(schema: JsonSchema, ctx: ValidateContext): string | undefined {
  const doc = schema['x-doc'] ?? ctx.doc;
  return doc ? `(${doc})` : undefined;
}

function deprecatedValue(schema: JsonSchema, value: string, deprecated: DeprecatedValue, path: JsonPath, ctx: ValidateContext): void {
  const fixes: FixSpec[] = deprecated.replacement
    ? // Safe for "fix all" only where the old value fails and the replacement keeps the request's meaning
      // (TARGET_COST, lifetime); a deprecated value that still works, or a read-only one, is left to a person.
      [{ kind: 'setValue', title: `Replace \`${value}\` with \`${deprecated.replacement}\``, name: ctx.param, path, value: deprecated.replacement, preferred: true, fixAll: deprecated.severity === 'error' && !deprecated.readOnly }]
    : [];
  ctx.out.push({
    rule: deprecated.rule,
    severity: deprecated.severity,
    ...splitMessage(deprecated.message),
    at: valueAt(path, ctx),
    fixes,
    tags: deprecated.readOnly ? undefined : ['deprecated'],
    // A deprecated value that still works (a warning: billing_event CLICKS) is accepted by the service;
    // only a refused one (an error: TARGET_COST, read-only CLICKS) has a service answer (docs/rules.md).
    service:
      deprecated.severity === 'warning'
        ? undefined
        : deprecated.code
          ? { code: deprecated.code > 100000 ? 100 : deprecated.code, subcode: deprecated.code > 100000 ? deprecated.code : undefined, blame: [ctx.param] }
          : { code: 100, blame: [ctx.param] },
    // A deprecated value that still works (a warning) stays usable by the other rules.
    rejectsValue: deprecated.severity !== 'warning',
  });
}

function wrongType(schema: JsonSchema, value: unknown, path: JsonPath, ctx: ValidateContext): void {
  ctx.out.push({
    // A value of the wrong kind altogether (`"targeting": "US"`) may break a rule other than its
    // members' shape: the schema says which (`x-typeRule`).
    rule: schema['x-typeRule'] ?? schema['x-rule'] ?? ctx.typeRule,
    message: `\`${pathText(ctx.param, path)}\` expects ${kindText(schema)}, not ${describe(value)}.`,
    detail: sourceOf(schema, ctx),
    at: valueAt(path, ctx),
    service: { code: 100, blame: [ctx.param] },
    rejectsValue: true,
  });
}

function notAllowed(schema: JsonSchema, v: unknown, path: JsonPath, ctx: ValidateContext): void {
  const rule = schema['x-enumRule'] ?? ctx.enumRule;
  // Deprecated and read-only values stay in `enum` for hover, but are not offered as allowed.
  const allowed = schema.enum!.filter((e) => typeof e !== 'string' || !schema['x-deprecatedValues']?.[e]);
  const suggestion = typeof v === 'string' ? closest(v, allowed.filter((e): e is string => typeof e === 'string')) : undefined;
  // Only the letter case differs (`paused`): the fix cannot change the meaning, so `--fix` may apply it.
  const sameWord = suggestion !== undefined && typeof v === 'string' && suggestion.toLowerCase() === v.toLowerCase();
  const fixes: FixSpec[] = suggestion
    ? [{ kind: 'setValue', title: `Change to \`${suggestion}\``, name: ctx.param, path, value: suggestion, preferred: true, fixAll: sameWord }]
    : [];
  const short = suggestion ? undefined : inlineList(allowed);
  const source = sourceOf(schema, ctx);
  ctx.out.push({
    rule,
    message: `\`${pathText(ctx.param, path)}\` does not take ${describe(v)}: ${suggestion ? `did you mean \`${suggestion}\`?` : short ? `use ${short}.` : `use one of its ${allowed.length} allowed values.`}`,
    detail: `The allowed values are ${allowedList(schema, allowed)}${source ? ` ${source}` : ''}.`,
    at: valueAt(path, ctx),
    fixes,
    service: { code: 100, blame: [ctx.param] },
    rejectsValue: true,
  });
}

function notConst(schema: JsonSchema, v: unknown, path: JsonPath, ctx: ValidateContext): void {
  const where = pathText(ctx.param, path);
  ctx.out.push({
    rule: schema['x-rule'] ?? ctx.typeRule,
    message: `\`${where}\` must be \`${String(schema.const)}\`, not ${describe(v)}.`,
    detail: sourceOf(schema, ctx),
    at: valueAt(path, ctx),
    fixes: [{ kind: 'setValue', title: `Set \`${where}\` to \`${String(schema.const)}\``, name: ctx.param, path, value: schema.const, preferred: true }],
    service: { code: 100, blame: [ctx.param] },
    rejectsValue: true,
  });
}

/** A value of the right type the schema still refuses: out of int64, too long, empty, not in its pattern, not a calendar date, out of range. */
function rejected(schema: JsonSchema, v: unknown, path: JsonPath, ctx: ValidateContext, why: 'int64' | 'long' | 'empty' | 'blank' | 'fewItems' | 'manyItems' | 'pattern' | 'date' | 'minimum' | 'maximum', len = 0): void {
  const where = pathText(ctx.param, path);
  const source = sourceOf(schema, ctx);
  let message: string;
  let detail = source;
  switch (why) {
    case 'int64':
      message = `\`${where}\` is ${String(v)}, outside the int64 range: use a value from ${INT64_MIN} to ${INT64_MAX}.`;
      break;
    case 'long':
      message = `\`${where}\` is ${len} characters long; at most ${schema.maxLength} are allowed: shorten it.`;
      detail = `Characters are counted, not bytes${source ? ` ${source}` : ''}.`;
      break;
    case 'empty':
      message = `\`${where}\` must not be empty: it takes ${kindText(schema)}.`;
      break;
    case 'fewItems':
      message = schema.minItems === 1 ? `\`${where}\` is an empty list: give at least one item.` : `\`${where}\` has ${(v as unknown[]).length} items; it needs at least ${schema.minItems}.`;
      break;
    case 'manyItems':
      message = `\`${where}\` has ${(v as unknown[]).length} items; at most ${schema.maxItems} are allowed: split it.`;
      break;
    case 'blank':
      message = `\`${where}\` is only white space, which counts as empty: it takes ${kindText(schema)}.`;
      break;
    case 'pattern': {
      const explained = kindText(schema, true);
      message = `\`${where}\` expects ${kindText(schema)}, not ${describe(v)}.`;
      if (explained !== kindText(schema)) detail = `It takes ${explained}${source ? ` ${source}` : ''}.`;
      break;
    }
    case 'date':
      message = `\`${where}\` is not a date that exists: ${describe(v)}.`;
      break;
    case 'minimum':
      message = `\`${where}\` is ${String(v)}; the smallest allowed value is ${schema.minimum}${rangeText(schema)}.`;
      break;
    case 'maximum':
      message = `\`${where}\` is ${String(v)}; the largest allowed value is ${schema.maximum}${rangeText(schema)}.`;
      break;
  }
  const rule = (why === 'empty' || why === 'blank' ? schema['x-emptyRule'] : undefined) ?? schema['x-rule'] ?? ctx.typeRule;
  ctx.out.push({ rule, message, detail, at: valueAt(path, ctx), service: { code: 100, blame: [ctx.param] }, rejectsValue: true });
}

/** No character but white space (JavaScript's `\\s`, as the schema's pattern `\\S` reads it). */
function isBlank(v: string): boolean {
  return !/\S/.test(v);
}

function notYet(schema: JsonSchema, v: string, since: string, path: JsonPath, ctx: ValidateContext): void {
  ctx.out.push({ rule: schema['x-versionRule'] ?? schema['x-rule'] ?? ctx.typeRule, message: `\`${v}\` is available from ${since}; this request uses ${ctx.version?.text}: use ${since} or later.`, detail: sourceOf(schema, ctx), at: valueAt(path, ctx), service: { code: 100, blame: [ctx.param] }, rejectsValue: true });
}

function full(ctx: ValidateContext): boolean {
  return ctx.maxFindings !== undefined && ctx.out.length >= ctx.maxFindings;
}

/** An enum's allowed values as text for details: built once per schema, not per finding. */
const allowedLists = new WeakMap<JsonSchema, string>();
function allowedList(schema: JsonSchema, allowed: unknown[]): string {
  let text = allowedLists.get(schema);
  if (text === undefined) allowedLists.set(schema, (text = listForMessage(allowed, allowed.length)));
  return text;
}

function rangeText(schema: JsonSchema): string {
  return schema.minimum !== undefined && schema.maximum !== undefined ? ` (${schema.minimum} to ${schema.maximum} inclusive)` : '';
}

function validateObject(schema: JsonSchema, obj: Record<string, unknown>, path: JsonPath, ctx: ValidateContext): void {
  const props = schema.properties;
  const required = schema.required;
  if (required) for (const name of required) if (obj[name] === undefined) missingMember(schema, required, name, path, ctx);
  for (const key of Object.keys(obj)) {
    if (full(ctx)) return;
    const sub = props?.[key];
    if (sub) {
      const at = [...path, key];
      checkGate(sub, key, at, ctx);
      validateValue(sub, obj[key], at, ctx);
    } else if (schema.additionalProperties === false && props) {
      noSuchMember(schema, props, key, path, ctx);
    } else if (typeof schema.additionalProperties === 'object') {
      validateValue(schema.additionalProperties, obj[key], [...path, key], ctx);
    } else if (props && schema['x-rule']) {
      nearMiss(schema, key, path, ctx);
    }
  }
}

function missingMember(schema: JsonSchema, required: string[], name: string, path: JsonPath, ctx: ValidateContext): void {
  const rule = schema['x-requiredRule']?.[name] ?? schema['x-rule'] ?? ctx.typeRule;
  const desc = schema.properties?.[name]?.description;
  ctx.out.push({
    rule,
    message: `\`${pathText(ctx.param, path)}\` is missing \`${name}\`: each ${path.length && typeof path[path.length - 1] === 'number' ? 'item' : 'value'} needs ${listForMessage(required).replace(/ or /, ' and ')}.`,
    detail: [desc ? `\`${name}\`: ${lowerFirst(stripPeriod(firstSentence(desc)))}.` : '', ctx.doc ? `(${ctx.doc})` : ''].filter(Boolean).join(' ') || undefined,
    at: { kind: 'missing', name: ctx.param, path: [...path, name] },
    service: { code: 100, blame: [ctx.param] },
    rejectsValue: true,
  });
}

/**
 * A key of an object whose members the documents list in full (rename_options): another one is
 * refused, so it is an error like any bad value (docs/rules.md, "The editor and the service agree").
 */
function noSuchMember(schema: JsonSchema, props: Record<string, JsonSchema>, key: string, path: JsonPath, ctx: ValidateContext): void {
  const suggestion = closest(key, namesOf(props));
  ctx.out.push({
    rule: schema['x-rule'] ?? ctx.typeRule,
    message: `\`${pathText(ctx.param, path)}\` has no member \`${key}\`: ${suggestion ? `did you mean \`${suggestion}\`?` : 'remove it or use a documented one.'}`,
    detail: `It takes ${listForMessage(Object.keys(props), Infinity)}${ctx.doc ? ` (${ctx.doc})` : ''}.`,
    at: { kind: 'param', name: ctx.param, path: [...path, key], part: 'key' },
    fixes: suggestion ? [{ kind: 'renameParam', title: `Rename to \`${suggestion}\``, name: ctx.param, path: [...path, key], newName: suggestion, preferred: true }] : [],
    service: { code: 100, blame: [ctx.param] },
  });
}

/**
 * An open object (other keys go through unchecked) with a key as close to a documented member as any
 * "did you mean" (`geo_location`, `countrys`, `Countries`): most likely a typo that leaves the member out, so the rules that read
 * it (the EU countries of ADSET-DSA-REQUIRED) never see it. A warning under the object's rule; the
 * service takes other keys, so it answers nothing.
 */
function nearMiss(schema: JsonSchema, key: string, path: JsonPath, ctx: ValidateContext): void {
  const suggestion = closest(key, namesOf(schema.properties!));
  if (!suggestion) return;
  const names = namesOf(schema.properties!);
  ctx.out.push({
    rule: schema['x-rule']!,
    severity: 'warning',
    message: `\`${pathText(ctx.param, path)}\` has no documented member \`${key}\`: did you mean \`${suggestion}\`?`,
    detail: `Keys other than ${listForMessage([...names], Infinity)} are sent unchecked, so \`${key}\` is not read as \`${suggestion}\`${ctx.doc ? ` (${ctx.doc})` : ''}.`,
    at: { kind: 'param', name: ctx.param, path: [...path, key], part: 'key' },
    fixes: [{ kind: 'renameParam', title: `Rename to \`${suggestion}\``, name: ctx.param, path: [...path, key], newName: suggestion, preferred: true }],
  });
}

/** Reports a property used before (`x-since`) or after (`x-until`) the versions that have it. */
export function checkGate(schema: JsonSchema, name: string, path: JsonPath, ctx: ValidateContext): void {
  const since = schema['x-since'];
  const until = schema['x-until'];
  const rule = schema['x-versionRule'];
  if (!rule || !ctx.version) return;
  const ref = ctx.ruleDoc?.(rule);
  const source = ref ? `(${ref})` : undefined;
  if (since && !atLeast(ctx.version, since)) {
    ctx.out.push({
      rule,
      message: `\`${name}\` is available from ${since}; this request uses ${ctx.version.text}: use ${since} or later, or leave \`${name}\` out.`,
      detail: source,
      at: { kind: 'param', name: ctx.param, path, part: 'key' },
      service: { code: 100, blame: [ctx.param] },
      rejectsValue: true,
    });
  } else if (until && atLeast(ctx.version, until)) {
    ctx.out.push({
      rule,
      message: `\`${name}\` is not available from ${until} on; this request uses ${ctx.version.text}: leave \`${name}\` out.`,
      detail: source,
      at: { kind: 'param', name: ctx.param, path, part: 'key' },
      service: { code: 100, blame: [ctx.param] },
      rejectsValue: true,
    });
  }
}

function stripPeriod(text: string): string {
  return text.replace(/[.]$/, '');
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

export function firstSentence(text: string): string {
  const m = /^(.*?[.!?])(\s|$)/.exec(text);
  return m ? m[1] : text;
}

/** Whether the date part of an ISO 8601 text (YYYY-MM-DD...) names a day of the calendar; other forms pass. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!m) return true;
  const [y, mo, d, h = '0', mi = '0', se = '0'] = m.slice(1).map((x) => x ?? '0');
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const dayOk = date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d);
  return dayOk && Number(h) < 24 && Number(mi) < 60 && Number(se) < 61;
}
