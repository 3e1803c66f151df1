/**
 * Completion: methods and endpoint templates, versions, query parameters and their values, field
 * lists (fields, subfields, modifiers and their arguments), body keys (with snippets for objects and
 * list items) and enum values, variables and named-response paths, directives, headers.
 * Every item comes from schemas/ and carries its documentation; sortText puts the likely one first.
 * Completion reads only the block under the cursor and never waits for validation.
 */
import { buildBlockCall } from '../analysis/blockCall';
import { fieldsNode, type Call } from '../analysis/call';
import { goalsForObjective } from '../rules/objectiveGoals';
import type { FileContext } from '../analysis/fileContext';
import type { ApiModel, EndpointDef } from '../model/apiModel';
import { fieldSchemaAt, schemaAt, subfieldsOf } from '../model/schemaPath';
import type { JsonSchema } from '../model/schemaTypes';
import { resolveRef } from '../model/validateValue';
import type { GraphreqDocument, RequestBlock } from '../syntax/ast';
import type { FieldItem } from '../syntax/fields';
import type { Span } from '../types';
import { BUILTINS, type BuiltinName } from '../analysis/builtins';
import { cursorAt, type InString } from './cursor';
import { shownValue } from './secretMask';
import { expectationCompletions } from './expectCompletion';
import { EXPECT_DIRECTIVE } from '../syntax/expectation';
import { lookupPath, successBodySchema } from '../model/responses';
import { endpointDoc, enumValues, kindOf, propertyDoc, undescribed, valueDoc } from './docs';

export type CompletionKind = 'method' | 'endpoint' | 'version' | 'param' | 'value' | 'field' | 'modifier' | 'variable' | 'directive' | 'header' | 'property' | 'snippet' | 'operator';

export interface CompletionItem {
  label: string;
  kind: CompletionKind;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** Text to insert (a snippet with $1 placeholders when `snippet` is true); defaults to the label. */
  insertText?: string;
  snippet?: boolean;
  /** The text the item replaces (block-relative until the façade shifts it). */
  replace: Span;
  sortText?: string;
  filterText?: string;
  deprecated?: boolean;
  /** Ask the editor for completion again after inserting (after `source(`, after a key's colon). */
  retrigger?: boolean;
  /** What a client without snippets inserts instead (a key alone, without the value's placeholder). */
  plain?: { insertText: string; replace: Span };
}

export interface CompletionContext {
  model: ApiModel;
  file: FileContext;
  /** The document, to tell what a named request answers and where it stands. */
  doc?: GraphreqDocument;
}

export function getCompletions(block: RequestBlock, offset: number, ctx: CompletionContext): CompletionItem[] {
  const cursor = cursorAt(block, offset);
  const { model } = ctx;
  const call = block.parsed.request ? buildBlockCall(block, ctx.file, model)?.call : undefined;
  const endpoint = call?.endpoint;
  const params = model.paramsSchema(endpoint);
  const fieldNode = call ? fieldsNode(call) : undefined;
  switch (cursor.kind) {
    case 'lineStart':
      return [...(cursor.hasRequest ? [] : requestTemplates(ctx, cursor.span)), ...(ctx.file.variables.has('version') ? [] : variableDefinitionHints(cursor.span))];
    case 'method': {
      const spaced = /\s/.test(block.text[cursor.span.end] ?? '');
      return methods(cursor.span).map((m) => (spaced ? { ...m, insertText: m.label } : m));
    }
    case 'path': {
      const target = block.parsed.request!.target;
      if (cursor.emptyTarget || target.raw.trim() === '') {
        const typed = /^\s*([A-Za-z]+)/.exec(block.text.slice(block.text.lastIndexOf('\n', cursor.span.start - 1) + 1, cursor.span.start));
        return wholePaths(ctx, (typed?.[1] ?? call?.method ?? 'GET').toUpperCase(), cursor.span);
      }
      if (cursor.span.start <= target.path.span.start && !cursor.segment) return [];
      const written = block.parsed.request!.target.path.segments.slice(1, cursor.segmentIndex).map((x) => x.text);
      return pathItems(cursor.segmentIndex, cursor.span, ctx, call?.method ?? 'GET', written);
    }
    case 'paramName': {
      const items = paramNames(params, [...(call?.params.keys() ?? [])].filter((n) => n !== cursor.param?.name.text), cursor.span, ctx.model, endpoint?.node);
      return cursor.param?.value ? items.map((i) => ({ ...i, insertText: i.label, retrigger: false })) : items;
    }
    case 'paramValue': {
      const s = params?.properties?.[cursor.param.name.text];
      if (!s) return [];
      const r = resolveRef(s, params!);
      return byObjective(valueItems(r, cursor.span, false, params?.['x-doc']), r, call);
    }
    case 'field':
      // Right after a selection or a modifier (`og_object{title}‸`), a new field needs its comma.
      const prev = block.text[cursor.span.start - 1];
      const items = fieldItems(fieldNode, cursor.parents, cursor.siblings, cursor.item, cursor.span, model);
      return prev === '}' || prev === ')' ? items.map((i) => ({ ...i, insertText: `,${i.insertText ?? i.label}` })) : items;
    case 'modifier': {
      const s = fieldSchema(fieldNode, [...cursor.parents, cursor.item], model);
      const mods = s?.['x-connection']?.modifiers ?? {};
      const present = new Set(cursor.item.modifiers.filter((m) => m !== cursor.modifier).map((m) => m.name));
      const hasParens = !!cursor.modifier?.argSpan || block.text[cursor.span.end] === '(';
      return Object.entries(mods)
        .filter(([name]) => !present.has(name))
        .map(([name, m], i) => ({
          label: `${name}(`,
          kind: 'modifier' as const,
          detail: kindOf(m),
          documentation: m.description,
          insertText: hasParens ? name : `${name}($1)`,
          snippet: !hasParens,
          replace: cursor.span,
          sortText: String(i).padStart(3, '0'),
          retrigger: !hasParens,
        }));
    }
    case 'modifierArg': {
      const s = fieldSchema(fieldNode, [...cursor.parents, cursor.item], model);
      const m = s?.['x-connection']?.modifiers?.[cursor.modifier.name];
      return m ? valueItems(m, cursor.span, false, model.nodeSchema(fieldNode)?.['x-doc']) : [];
    }
    case 'bodyKey': {
      const items = bodyKeys(params, cursor.path, cursor.present, cursor.span, cursor.quoted, model);
      // Keep the JSON valid: a comma after the member before, and before the member after, when missing.
      const before = previousNonSpace(block.text, cursor.span.start);
      const after = nextNonSpace(block.text, cursor.span.end);
      const lead = before && before !== '{' && before !== ',' ? ',' : '';
      const trail = after === '"' ? ',' : '';
      const str = cursor.inString;
      if (str && !lead) return items.map((i) => keyInString(i, str, !!cursor.hasValue, trail));
      return lead || trail ? items.map((i) => ({ ...i, insertText: `${lead}${lead ? '\n' : ''}${i.insertText}${trail}` })) : items;
    }
    case 'bodyValue': {
      const s = params ? schemaAt(params, cursor.path) : undefined;
      if (!s) return [];
      const last = cursor.path[cursor.path.length - 1];
      const siblings = typeof last === 'number' ? listValues(cursor.path.slice(0, -1), call?.params) : [];
      const items = byObjective(valueItems(s, cursor.span, true, params?.['x-doc']), s, call).filter((i) => !siblings.includes(i.label) || i.label === currentValue(cursor));
      if (!items.length && s.properties && !cursor.quoted) {
        items.push({ label: '{…}', kind: 'snippet', detail: kindOf(s), documentation: s.description, insertText: valueSnippet(s, params!), snippet: true, replace: cursor.span });
      }
      const str = cursor.inString;
      if (str) return items.map((i) => valueInString(i, str));
      // A value typed without its opening quote (`"bid_strategy": LOWEST`): the edit replaces the word
      // with the quoted value, and the items filter on the value as typed, bare (a client compares the
      // text of the edit's range, `LOWEST`, with filterText).
      return cursor.quoted ? items : items.map(bareFilter);
    }
    case 'variable':
      return variableItems(ctx, cursor.span, cursor.prefix, block);
    case 'variableDef':
      return cursor.def.name.text === 'version' && offset >= cursor.def.value.span.start
        ? pathItems(0, cursor.def.value.text ? cursor.def.value.span : { start: offset, end: offset }, ctx, 'GET').filter((i) => i.kind === 'version')
        : [];
    case 'headerValue': {
      const values = model.headerValues[cursor.header.name.text.toLowerCase()] ?? [];
      return values.map((v, i) => ({ label: v, kind: 'value' as const, replace: cursor.span, sortText: String(i) }));
    }
    case 'directive': {
      // A request has one of each directive, but any number of expectations.
      const present = new Set(block.parsed.directives.filter((d) => d !== cursor.directive && d.name.text !== EXPECT_DIRECTIVE).map((d) => d.name.text));
      const hasValue = !!cursor.directive?.value || /\s/.test(block.text[cursor.span.end] ?? '');
      return Object.entries(model.directives)
        .filter(([name]) => !present.has(name))
        .map(([name, doc]) => ({ label: name, kind: 'directive' as const, documentation: doc, replace: cursor.span, insertText: hasValue ? name : `${name} ` }));
    }
    case 'directiveValue': {
      if (cursor.directive.name.text === EXPECT_DIRECTIVE) return expectationCompletions(block, cursor.directive, offset, ctx.file, model);
      const values = model.directiveValues[cursor.directive.name.text] ?? [];
      return values.map((v, i) => ({ label: v, kind: 'value' as const, replace: cursor.span, sortText: String(i).padStart(3, '0') }));
    }
    case 'headerName':
      return Object.entries(model.headers).map(([name, doc]) => ({ label: name, kind: 'header' as const, documentation: doc, insertText: `${name}: `, replace: cursor.span }));
    default:
      return [];
  }
}

function methods(span: Span): CompletionItem[] {
  const docs: Record<string, string> = { GET: 'Read a node: an ad set, a URL node, a thread.', POST: 'Create (ad sets, copies) or refresh a URL node (scrape=true).', DELETE: 'Delete a node (not documented for the nodes here).' };
  return Object.entries(docs).map(([m, d], i) => ({ label: m, kind: 'method' as const, documentation: d, replace: span, insertText: `${m} `, sortText: String(i) }));
}

/** Whole request templates for an empty request: one per documented endpoint. */
function requestTemplates(ctx: CompletionContext, span: Span): CompletionItem[] {
  const version = ctx.file.variables.has('version') ? '{{version}}' : ctx.file.env.defaultVersion ?? ctx.model.latestVersion;
  const templates: Record<string, string> = {
    'adset.create': `POST /${version}/act_\${1:ad_account_id}/adsets\n\n{\n  "name": "\${2:Ad set name}",\n  "campaign_id": "\${3:campaign_id}",\n  "daily_budget": \${4:2000},\n  "billing_event": "\${5:IMPRESSIONS}",\n  "optimization_goal": "\${6:REACH}",\n  "targeting": { "geo_locations": { "countries": ["\${7:US}"] } },\n  "status": "PAUSED"\n}\n`,
    'adset.read': `GET /${version}/\${1:adset_id}?fields=\${2:id,name,effective_status}`,
    'adset.copy': `POST /${version}/\${1:adset_id}/copies\n\n{\n  "status_option": "\${2:PAUSED}"\n}\n`,
    'url.read': `GET /${version}/?id=\${1:https://example.com/}&fields=\${2:engagement,og_object{title,type\\}}`,
    'url.refresh': `POST /${version}/?id=\${1:https%3A%2F%2Fexample.com%2F}&scrape=true`,
    'thread.read': `GET /${version}/\${1:t_100200300}?fields=id,messages.source(PARTICIPANTS).limit(\${2:10})`,
  };
  const out: CompletionItem[] = [];
  let i = 0;
  for (const e of ctx.model.endpoints) {
    const t = templates[e.id];
    if (!t) continue;
    out.push({ label: `${e.method} ${e.path}`, kind: 'endpoint', detail: e.title, documentation: endpointDoc(e, ctx.model), insertText: t, snippet: true, replace: span, sortText: String(i++).padStart(3, '0'), filterText: `${e.method} ${e.path} ${e.title}` });
  }
  for (const m of methods(span)) out.push({ ...m, sortText: `z${m.sortText}` });
  return out;
}

function variableDefinitionHints(span: Span): CompletionItem[] {
  return [{ label: '@version', kind: 'snippet', detail: 'file variable', documentation: 'Defines {{version}} for the requests of this file.', insertText: '@version = ${1:v26.0}', snippet: true, replace: span, sortText: 'zz' }];
}

function pathItems(segmentIndex: number, span: Span, ctx: CompletionContext, method: string, written: string[] = []): CompletionItem[] {
  const { model, file } = ctx;
  if (segmentIndex === 0) {
    const versions = new Set<string>([model.latestVersion]);
    if (file.env.defaultVersion) versions.add(file.env.defaultVersion);
    for (const v of Object.keys(file.env.releases ?? {})) versions.add(v);
    const items: CompletionItem[] = [...versions].map((v, i) => ({ label: v, kind: 'version', documentation: model.versionsDescription, replace: span, sortText: `0${i}` }));
    if (file.variables.has('version')) items.unshift({ label: '{{version}}', kind: 'variable', detail: file.variables.get('version')!.value, replace: span, sortText: '00' });
    return items;
  }
  const out: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const e of model.endpoints) {
    if (e.method !== method || e.refuse) continue;
    const segs = e.path.split('/').filter(Boolean);
    const seg = segs[segmentIndex - 1];
    if (!seg || seen.has(seg)) continue;
    // Only endpoints whose earlier segments fit what is written (`act_1/` is followed by `adsets`, not `copies`).
    if (!written.every((w, i) => fits(segs[i], w))) continue;
    seen.add(seg);
    const ph = /^([^{]*)\{([^}]+)\}$/.exec(seg);
    out.push(ph
      ? { label: seg, kind: 'endpoint', detail: e.title, documentation: endpointDoc(e, model), insertText: `${ph[1]}\${1:${ph[2]}}`, snippet: true, replace: span }
      : { label: seg, kind: 'endpoint', detail: e.title, documentation: endpointDoc(e, model), replace: span });
  }
  if (segmentIndex === 1 && method === 'GET') out.push({ label: '?id=', kind: 'endpoint', detail: 'Read a URL node', insertText: '?id=${1:https://example.com/}&fields=${2:engagement}', snippet: true, replace: span });
  return out;
}

function paramNames(schema: JsonSchema | undefined, present: string[], span: Span, model: ApiModel, node?: string): CompletionItem[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  const out: CompletionItem[] = [];
  for (const [name, s] of Object.entries(schema.properties)) {
    if (present.includes(name) || name === 'access_token') continue;
    const r = resolveRef(s, schema);
    // Required first; on a read, `fields` first: it is what people add to nearly every read.
    const rank = required.has(name) || (node && name === 'fields') ? '0' : r.deprecated ? '9' : '1';
    out.push({
      label: name,
      kind: 'param',
      detail: kindOf(r),
      documentation: propertyDoc(name, r, schema, model),
      insertText: `${name}=`,
      replace: span,
      sortText: `${rank}${name}`,
      deprecated: r.deprecated,
      retrigger: !!r.enum,
    });
  }
  return out;
}

/**
 * A JSON text value completed inside its string: the text between the quotes is replaced by the bare
 * value, and the closing quote is added only when missing. Other values (true, 12) replace the string.
 */
function valueInString(item: CompletionItem, str: InString): CompletionItem {
  const text = item.insertText ?? item.label;
  if (!text.startsWith('"')) return item;
  const bare = text.slice(1, -1);
  return { ...item, insertText: str.closed ? bare : `${bare}"`, replace: str.inner, filterText: undefined };
}

/**
 * A key completed inside its string: the key and, unless the member has a value already, its value's
 * placeholder, written from after the opening quote; a client without snippets gets the key alone.
 */
function keyInString(item: CompletionItem, str: InString, hasValue: boolean, trail: string): CompletionItem {
  const keyOnly = { insertText: str.closed ? item.label : `${item.label}"`, replace: str.inner };
  if (hasValue) return { ...item, ...keyOnly, snippet: false, filterText: undefined, retrigger: false };
  const withValue = (item.insertText ?? '').replace(/^"/, '');
  const replace = { start: str.inner.start, end: str.closed ? str.inner.end + 1 : str.inner.end };
  return { ...item, insertText: `${withValue}${trail}`, replace, filterText: undefined, plain: keyOnly };
}

/** The filter text of a value item without its JSON quotes: `"PAUSED"` → `PAUSED`. */
function bareFilter(item: CompletionItem): CompletionItem {
  const filter = item.filterText ?? item.label;
  if (!/^".*"$/.test(filter)) return item;
  try {
    return { ...item, filterText: JSON.parse(filter) as string };
  } catch {
    return item;
  }
}

/**
 * Values of a schema: enum values (with descriptions), booleans, examples. Every enum value says
 * something: its description from the documents, or that the documents (`source`, else the
 * schema's own citation) list it without one.
 */
function valueItems(schema: JsonSchema, span: Span, json: boolean, source?: string): CompletionItem[] {
  const out: CompletionItem[] = [];
  const quote = (v: string): string => (json ? JSON.stringify(v) : v);
  // Values the schema gives as examples come first (`status`: PAUSED, the value used at creation).
  const suggested = new Set((schema.examples ?? []).filter((e): e is string => typeof e === 'string'));
  enumValues(schema).forEach((v, i) => {
    const dep = schema['x-deprecatedValues']?.[v];
    const rank = dep ? '9' : suggested.has(v) ? '0' : '1';
    out.push({ label: v, kind: 'value', detail: dep ? 'deprecated' : undefined, documentation: valueDoc(schema, v) || undescribed(schema, source), insertText: quote(v), replace: span, sortText: `${rank}${String(i).padStart(3, '0')}`, deprecated: !!dep, filterText: json ? `"${v}"` : v });
  });
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('boolean')) for (const b of ['true', 'false']) out.push({ label: b, kind: 'value', replace: span, sortText: `0${b}` });
  if (!out.length) {
    for (const ex of schema.examples ?? []) {
      const text = typeof ex === 'string' ? quote(ex) : JSON.stringify(ex);
      out.push({ label: text, kind: 'value', detail: 'example', replace: span, sortText: `5${text}` });
    }
  }
  return out;
}

/**
 * Goal values (`x-objectiveGoals`) ordered by the campaign objective of the request (`campaign_spec`
 * or `# @objective`) and its destination, by the table ADSET-GOAL-FOR-OBJECTIVE checks with: the
 * allowed goals first in the table's order, then the others with a detail saying the objective does
 * not allow them. Without a known objective the order stays the schema's.
 */
function byObjective(items: CompletionItem[], schema: JsonSchema, call: Call | undefined): CompletionItem[] {
  const goals = schema['x-objectiveGoals'] && call ? goalsForObjective(call) : undefined;
  if (!goals) return items;
  const objective = `the ${goals.label} objective`;
  return items.map((i) => {
    const rank = goals.allowed.indexOf(i.label);
    if (rank >= 0) return { ...i, detail: i.detail ?? `allowed for ${objective}${goals.anywhere ? '' : goals.where}`, sortText: `0${String(rank).padStart(3, '0')}` };
    if (i.deprecated) return i;
    return { ...i, detail: `not allowed for ${objective}${goals.where} (ADSET-GOAL-FOR-OBJECTIVE)`, sortText: `5${i.sortText ?? i.label}` };
  });
}

function bodyKeys(params: JsonSchema | undefined, path: Array<string | number>, present: string[], span: Span, quoted: boolean, model: ApiModel): CompletionItem[] {
  if (!params) return [];
  const s = path.length ? schemaAt(params, path) : params;
  if (!s?.properties) return [];
  const required = new Set(s.required ?? []);
  const out: CompletionItem[] = [];
  for (const [name, sub] of Object.entries(s.properties)) {
    if (present.includes(name) || name === 'access_token' || name === 'fields') continue;
    const r = resolveRef(sub, params);
    const value = valueSnippet(r, params);
    out.push({
      label: name,
      kind: 'property',
      detail: kindOf(r),
      documentation: propertyDoc(name, r, params, model),
      insertText: `"${name}": ${value}$0`,
      snippet: true,
      replace: span,
      filterText: quoted ? `"${name}"` : name,
      sortText: `${required.has(name) ? '0' : r.deprecated ? '9' : '1'}${name}`,
      deprecated: r.deprecated,
      retrigger: !!r.enum,
    });
  }
  return out;
}

/**
 * A snippet for a value of `s`: objects and list items spelled out with the members their schema
 * names (`x-snippetMembers`, else the required ones, else the first), each value a tab stop.
 */
function valueSnippet(s: JsonSchema, root: JsonSchema): string {
  const stop = { n: 1 };
  return snippetOf(s, root, 0, stop);
}

function snippetOf(s: JsonSchema, root: JsonSchema, depth: number, stop: { n: number }): string {
  const r = resolveRef(s, root);
  const types = Array.isArray(r.type) ? r.type : [r.type];
  if (r.enum) {
    const values = enumValues(r).filter((v) => !r['x-deprecatedValues']?.[v]);
    const suggested = (r.examples ?? []).find((e): e is string => typeof e === 'string' && values.includes(e));
    const ordered = suggested ? [suggested, ...values.filter((v) => v !== suggested)] : values;
    return `"\${${stop.n++}|${ordered.map(escapeChoice).join(',')}|}"`;
  }
  if (types.includes('object') && r.properties && depth < 3) {
    const names = snippetMembers(r);
    return `{ ${names.map((n) => `"${n}": ${snippetOf(r.properties![n], root, depth + 1, stop)}`).join(', ')} }`;
  }
  if (types.includes('array')) {
    const item = r.items ? resolveRef(r.items, root) : undefined;
    if (item?.properties && depth < 3) return `[${snippetOf(item, root, depth + 1, stop)}]`;
    if (item?.enum) return `[${snippetOf(item, root, depth + 1, stop)}]`;
    const example = item?.examples?.[0] ?? (item?.pattern === '^[A-Z]{2}$' ? 'US' : undefined);
    return example !== undefined ? `[\${${stop.n++}:${JSON.stringify(example).replace(/[$}\\]/g, '\\$&')}}]` : `[\$${stop.n++}]`;
  }
  if (types.includes('boolean')) return `\${${stop.n++}|false,true|}`;
  // Ids are "numeric string or integer": written as text, as the documents' examples do.
  if (types.includes('string')) return `"\$${stop.n++}"`;
  if (types.includes('integer') || types.includes('number')) return `\${${stop.n++}:${r.minimum ?? 0}}`;
  return `"\$${stop.n++}"`;
}

function snippetMembers(s: JsonSchema): string[] {
  const props = s.properties ?? {};
  const wanted = s['x-snippetMembers'] ?? (s.required?.length ? s.required : Object.keys(props).slice(0, 1));
  return wanted.filter((n) => props[n]);
}

function escapeChoice(v: string): string {
  return v.replace(/[,|$}\\]/g, '\\$&');
}

function fieldSchema(nodeName: string | undefined, chain: FieldItem[], model: ApiModel): JsonSchema | undefined {
  const node = model.nodeSchema(nodeName);
  return node ? fieldSchemaAt(node, chain, model) : undefined;
}

function fieldItems(nodeName: string | undefined, parents: FieldItem[], siblings: FieldItem[], current: FieldItem | undefined, span: Span, model: ApiModel): CompletionItem[] {
  const node = model.nodeSchema(nodeName);
  if (!node) return [];
  const holder = parents.length ? fieldSchema(nodeName, parents, model) : node;
  const base = holder ? subfieldsOf(holder, node, model) : undefined;
  const props = base?.properties ?? {};
  const present = new Set(siblings.filter((s) => s !== current).map((s) => s.name));
  const defaults = new Set(node['x-defaultFields'] ?? []);
  return Object.entries(props)
    .filter(([name]) => !present.has(name))
    .map(([name, s]) => {
      const r = resolveRef(s, node);
      const connection = r['x-connection'];
      return {
        label: name,
        kind: 'field' as const,
        detail: kindOf(r),
        documentation: propertyDoc(name, r, node, model),
        replace: span,
        sortText: `${defaults.has(name) ? '0' : r['x-since'] ? '2' : '1'}${name}`,
        insertText: connection && name === 'messages' ? 'messages.source(PARTICIPANTS).limit(${1:10})' : undefined,
        snippet: connection && name === 'messages' ? true : undefined,
      };
    });
}

function variableItems(ctx: CompletionContext, span: Span, prefix: string, block: RequestBlock): CompletionItem[] {
  const out: CompletionItem[] = [];
  const { file } = ctx;
  // `{{$processEnv ‸}}`, `{{$dotenv ‸}}`: the names the host knows, values masked like any secret.
  const named = /^\$(processEnv|dotenv)(\s+)(\S*)$/.exec(prefix);
  if (named) {
    const values = named[1] === 'processEnv' ? file.env.processEnv : file.env.dotenv;
    const start = span.start + prefix.length - named[3].length;
    const end = Math.max(start, span.end);
    return Object.keys(values ?? {}).sort().map((name) => ({ label: name, kind: 'variable' as const, detail: shownValue(name, values![name], file), replace: { start, end } }));
  }
  if (prefix.startsWith('$') || prefix === '') out.push(...builtinItems(span, prefix));
  if (prefix.startsWith('$')) return out;
  // Only requests written before this one can have answered when it is sent.
  const earlier = [...file.names].filter(([, index]) => index < 0 || index < block.index);
  const m = /^([\w-]+)\.response\.body\.((?:[\w-]+\.)*)[\w-]*$/.exec(prefix);
  if (m && earlier.some(([name]) => name === m[1])) {
    // The members at the path typed so far (`create.response.body.ad_object_ids.0.`), from the producer's response.
    const parent = m[2];
    for (const [path, doc] of responsePaths(ctx, file.names.get(m[1])!, parent.split('.').filter(Boolean))) {
      out.push({ label: `${m[1]}.response.body.${parent}${path}`, kind: 'variable', documentation: doc, insertText: `${m[1]}.response.body.${parent}${path}`, replace: span });
    }
    return out;
  }
  for (const [name, v] of file.variables) out.push({ label: name, kind: 'variable', detail: shownValue(name, v.value, file), replace: span, sortText: `0${name}` });
  for (const [name, value] of Object.entries(file.env.variables)) {
    if (!file.variables.has(name)) out.push({ label: name, kind: 'variable', detail: `${shownValue(name, value, file)} (environment${file.env.name ? ` ${file.env.name}` : ''})`, replace: span, sortText: `1${name}` });
  }
  for (const [name] of earlier) {
    out.push({ label: `${name}.response.body.`, kind: 'variable', detail: `response of request ${name}`, replace: span, sortText: `2${name}`, retrigger: true });
  }
  // Requests named in other files of the workspace: named responses are the workspace's.
  const workspace = file.workspace;
  if (workspace) {
    for (const name of workspace.names.requestNames()) {
      if (file.names.has(name)) continue;
      const found = workspace.names.requestsNamedElsewhere(workspace.file, name);
      if (!found.length) continue;
      out.push({ label: `${name}.response.body.`, kind: 'variable', detail: `response of request ${name} (${found.map((r) => `${r.label}:${r.line}`).join(', ')})`, replace: span, sortText: `3${name}`, retrigger: true });
    }
  }
  return out;
}

/** The built-in variables (`{{$guid}}` & co.); arguments come as snippet placeholders, names as a second list. */
function builtinItems(span: Span, prefix: string): CompletionItem[] {
  const args: Partial<Record<BuiltinName, string>> = { randomInt: ' ${1:1} ${2:100}', processEnv: ' ', dotenv: ' ' };
  return (Object.keys(BUILTINS) as BuiltinName[]).map((name, i) => ({
    label: `$${name}`,
    kind: 'variable' as const,
    detail: BUILTINS[name].usage,
    documentation: BUILTINS[name].doc,
    insertText: `\\$${name}${args[name] ?? ''}`,
    snippet: true,
    replace: span,
    sortText: `${prefix ? '0' : '3'}${i}`,
    filterText: `$${name}`,
    // After `$processEnv ` and `$dotenv `, the names come next.
    retrigger: args[name] === ' ',
  }));
}

/**
 * What the response of the request at `index` holds at `path`, by its endpoint: the members of its
 * response schema (model/responses.ts: a copy's answer, a creation's id, the fields a read selects),
 * `0` for a list's first item.
 */
function responsePaths(ctx: CompletionContext, index: number, path: string[] = []): Array<[string, string]> {
  const producer = index >= 0 ? ctx.doc?.blocks[index] : undefined;
  const call = producer?.parsed.request ? buildBlockCall(producer, ctx.file, ctx.model)?.call : undefined;
  const success = call ? successBodySchema(call, ctx.model) : undefined;
  if (!success) return path.length ? [] : [['id', 'Id of the object the request answered with']];
  const root = ctx.model.nodeSchema(call?.endpoint?.node) ?? success;
  const found = lookupPath(success, root, path.map((p) => (/^\d+$/.test(p) ? { text: p, index: Number(p) } : { text: p })));
  if (found.kind !== 'found' || !found.schema) return [];
  const s = resolveRef(found.schema, root);
  if (s.items) return [['0', 'The first item of the list']];
  return Object.entries(s.properties ?? {}).map(([name, sub]) => [name, resolveRef(sub, root).description ?? '']);
}

/** Whole paths for a request line that has a method and nothing else yet (`POST ‸`). */
function wholePaths(ctx: CompletionContext, method: string, span: Span): CompletionItem[] {
  const version = ctx.file.variables.has('version') ? '{{version}}' : ctx.file.env.defaultVersion ?? ctx.model.latestVersion;
  const out: CompletionItem[] = [];
  let i = 0;
  for (const e of ctx.model.endpoints) {
    if (e.method !== method || e.refuse) continue;
    let n = 1;
    const path = e.path.replace(/\{([^}]+)\}/g, (_, name: string) => `\${${n++}:${name}}`);
    const query = e.id === 'url.read' ? `?id=\${${n}:https://example.com/}` : e.id === 'url.refresh' ? `?id=\${${n}:https%3A%2F%2Fexample.com%2F}&scrape=true` : '';
    out.push({ label: `/${version}${e.path}${e.id.startsWith('url.') ? '?id=' : ''}`, kind: 'endpoint', detail: e.title, documentation: endpointDoc(e, ctx.model), insertText: `/${version}${path === '/' ? '/' : path}${query}`, snippet: true, replace: span, sortText: String(i++).padStart(3, '0') });
  }
  return out;
}

function previousNonSpace(text: string, at: number): string | undefined {
  for (let i = at - 1; i >= 0; i--) if (!/\s/.test(text[i])) return text[i];
  return undefined;
}

function nextNonSpace(text: string, at: number): string | undefined {
  for (let i = at; i < text.length; i++) if (!/\s/.test(text[i])) return text[i];
  return undefined;
}

/** The values already in a list of the body, as completion labels (for not offering them again). */
function listValues(listPath: Array<string | number>, callParams: ReadonlyMap<string, { value: unknown }> | undefined): string[] {
  let v: unknown = callParams?.get(String(listPath[0]))?.value;
  for (const p of listPath.slice(1)) v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[p] : undefined;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function currentValue(cursor: { node?: { value?: unknown } }): string | undefined {
  return typeof cursor.node?.value === 'string' ? cursor.node.value : undefined;
}

/** Whether a written path segment fits a template segment (`act_{ad-account-id}`, `{adset-id}`, `copies`). */
function fits(template: string | undefined, written: string): boolean {
  if (!template) return false;
  if (written.includes('{{')) return true;
  const m = /^([^{]*)\{[^}]+\}$/.exec(template);
  return m ? written.startsWith(m[1]) && (m[1] !== '' || !written.startsWith('act_')) : template === written;
}
