/**
 * docs/api.md's tables agree with schemas/ on the facts that are data, so the reference cannot drift
 * from what graphreq checks: every parameter, member and field with its type, enum values, required
 * flag, version gates, defaults, ranges and limits; every error code and subcode; the version table;
 * the usage headers; the BUC formulas; the objective mapping, the conversion events and the required
 * promoted_object members. A row the schemas do not know fails too.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { resolveCitation } from '../../server/src/core/model/citations';
import type { JsonSchema } from '../../server/src/core/model/schemaTypes';
import { codeSpans, generator, readApiDoc, repoRoot, sectionsOf, subtree, type Section } from './apiDoc';

const schemaOf = (name: string): JsonSchema => JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', `${name}${name.includes('/') ? '.schema' : ''}.json`), 'utf8'));

/** Where each schema's properties are tabled: the section (and those below it) and the first header cell of the tables. */
const tabled: { schema: string; section: string; top: string; params?: boolean; also?: string[] }[] = [
  { schema: 'params/adset-create', section: '[2] Create an ad set', top: 'Parameter', params: true },
  { schema: 'params/adset-read', section: '[2] Read an ad set', top: 'Parameter', params: true },
  { schema: 'params/adset-copy', section: '[2] Copy an ad set', top: 'Parameter', params: true },
  { schema: 'params/url-read', section: '[1] Read a URL node', top: 'Parameter', params: true },
  { schema: 'params/url-refresh', section: '[1] Refresh a URL node', top: 'Parameter', params: true },
  { schema: 'params/thread-read', section: '[1] Read a thread', top: 'Parameter', params: true },
  // The members of read fields are tabled where [2] gives them: the creation parameters, the issue entry.
  { schema: 'nodes/adset', section: '[2] Ad set read fields', top: 'Field', also: ['[2] Issue entry (issues_info item)', '[2] Create an ad set'] },
  { schema: 'nodes/url', section: '[1] URL node', top: 'Field' },
  { schema: 'nodes/thread', section: '[1] Thread node', top: 'Field' },
  { schema: 'common/copy-response', section: '[2] Copy an ad set', top: 'Response field' },
  { schema: 'common/error-envelope', section: '[2] Errors', top: 'Member' },
];

interface Row {
  cells: Record<string, string>;
  text: string;
}

/**
 * The rows of the tables in a section tree, by key: the code spans of the first cell, prefixed by the
 * object a members table is headed by ("`campaign_spec` member", "`adset_schedule` item member").
 */
function rowsByKey(sections: Section[], top: string, members: boolean): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const t of sections.flatMap((s) => s.tables)) {
    const m = /^`([\w.]+)` (?:item )?member$/.exec(t.header[0]);
    const prefix = t.header[0] === top ? '' : members && m ? `${m[1]}.` : undefined;
    if (prefix === undefined) continue;
    for (const r of t.rows) {
      const row: Row = { cells: Object.fromEntries(t.header.map((h, i) => [h, r[i] ?? ''])), text: r.join(' | ') };
      for (const name of codeSpans(r[0])) out.set(prefix + name, [...(out.get(prefix + name) ?? []), row]);
    }
  }
  return out;
}

interface Prop {
  path: string;
  schema: JsonSchema;
  required: boolean;
}

function resolve(s: JsonSchema, root: JsonSchema): JsonSchema {
  if (!s.$ref) return s;
  const target = root.definitions?.[s.$ref.replace('#/definitions/', '')] ?? {};
  const { $ref: _, ...rest } = s;
  return { ...target, ...rest };
}

/** Every property of a schema, members of objects and of list items included, as dotted paths. */
function propsOf(root: JsonSchema): Prop[] {
  const out: Prop[] = [];
  const walk = (s: JsonSchema, prefix: string): void => {
    for (const [name, raw] of Object.entries(s.properties ?? {})) {
      const p = resolve(raw, root);
      const at = prefix + name;
      out.push({ path: at, schema: p, required: (s.required ?? []).includes(name) });
      walk(p, `${at}.`);
      const items = p.items && !Array.isArray(p.items) ? resolve(p.items, root) : undefined;
      if (items?.properties) walk(items, `${at}.`);
    }
  };
  walk(root, '');
  return out;
}

function kindOf(s: JsonSchema): string {
  if (s['x-kind']) return s['x-kind'];
  if (s.enum) return 'enum';
  return Array.isArray(s.type) ? s.type.join(' or ') : String(s.type);
}

/** Enum values of a property (or of its list items), deprecated ones included. */
function valuesOf(s: JsonSchema, root: JsonSchema): string[] {
  const items = s.items && !Array.isArray(s.items) ? resolve(s.items, root) : undefined;
  const all = [...(s.enum ?? items?.enum ?? []), ...Object.keys(s['x-deprecatedValues'] ?? {}), ...Object.keys(items?.['x-deprecatedValues'] ?? {})];
  return [...new Set(all.map(String))].sort();
}

const mentions = (text: string, version: string): boolean => new RegExp(`\\b${version.replace(/\.0$/, '').replace('.', '\\.')}(\\.0)?\\b`).test(text);

let sectionsCache: Section[] | undefined;
async function sections(): Promise<Section[]> {
  sectionsCache ??= sectionsOf(readApiDoc(), (await generator()).slugOf);
  return sectionsCache;
}

/** A section by citation ("[2] Versioning"), through the same resolver hover uses. */
async function cited(citation: string): Promise<Section[]> {
  const all = await sections();
  return resolveCitation(citation).map((p) => {
    const s = all.find((x) => x.anchor === p.section?.anchor);
    if (!s) throw new Error(`${citation} leads nowhere`);
    return s;
  });
}

describe('docs/api.md agrees with schemas/', () => {
  for (const t of tabled) {
    it(`${t.section} tables every property of schemas/${t.schema} as the schema has it`, async () => {
      const root = schemaOf(t.schema);
      const own = rowsByKey(subtree(await sections(), t.section), t.top, !!t.params);
      const rows = new Map(own);
      for (const extra of t.also ?? []) for (const [k, v] of rowsByKey(subtree(await sections(), extra), t.top, true)) if (!rows.has(k)) rows.set(k, v);
      const props = propsOf(root);
      const problems: string[] = [];
      for (const p of props) {
        const found = rows.get(p.path);
        if (!found) {
          problems.push(`${p.path}: no row`);
          continue;
        }
        const text = found.map((r) => r.text).join(' | ');
        const cell = (name: string) => found.map((r) => r.cells[name]).filter((c) => c !== undefined);
        const kind = kindOf(p.schema);
        const types = cell('Type').map((c) => c.replace(/`/g, ''));
        if (types.length && !types.some((c) => c === kind || c.endsWith(`(${kind})`))) problems.push(`${p.path}: type ${types.join(' / ')}, the schema says ${kind}`);
        const values = valuesOf(p.schema, root);
        const written = [...new Set(cell('Values').flatMap(codeSpans))].sort();
        if (JSON.stringify(values) !== JSON.stringify(written)) problems.push(`${p.path}: values ${written.join(', ') || 'none'}, the schema has ${values.join(', ') || 'none'}`);
        if (t.params) {
          const says = found.some((r) => Object.values(r.cells).some((c) => c === 'yes' || /^Required(\.( |$)|$)/.test(c)));
          if (says !== p.required) problems.push(`${p.path}: ${p.required ? 'required in the schema but not in the table' : 'required in the table but not in the schema'}`);
        }
        const s = p.schema;
        if (s['x-since'] && !new RegExp(`from ${s['x-since'].replace('.', '\\.')}\\b`, 'i').test(text)) problems.push(`${p.path}: does not say "From ${s['x-since']}"`);
        for (const [v, since] of Object.entries({ ...(s['x-valueSince'] ?? {}), ...(s['x-valueUntil'] ?? {}) })) if (!text.includes(v) || !mentions(text, since)) problems.push(`${p.path}: does not give ${v} with ${since}`);
        for (const [v, dep] of Object.entries(s['x-deprecatedValues'] ?? {})) if (dep.from && (!text.includes(v) || !mentions(text, dep.from))) problems.push(`${p.path}: does not give ${v} with ${dep.from}`);
        if (s.minimum !== undefined && s.maximum !== undefined && !text.includes(`${s.minimum} to ${s.maximum}`)) problems.push(`${p.path}: does not say ${s.minimum} to ${s.maximum}`);
        if (s.maxLength !== undefined && !text.includes(String(s.maxLength))) problems.push(`${p.path}: does not say ${s.maxLength}`);
        if (s.default !== undefined && !(/default/i.test(text) && text.includes(String(s.default)))) problems.push(`${p.path}: does not give the default ${String(s.default)}`);
        for (const n of s['x-limit']?.match(/\d[\d,]*/g) ?? []) if (!text.includes(n)) problems.push(`${p.path}: does not give the limit's ${n}`);
      }
      const known = new Set(props.map((p) => p.path));
      for (const key of own.keys()) if (!known.has(key)) problems.push(`${key}: a row that schemas/${t.schema} does not have`);
      assert.deepEqual(problems, []);
    });
  }

  it('every error code and subcode of schemas/errors.json is a row of the section it cites, and every code row is in errors.json', async () => {
    const errors = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'errors.json'), 'utf8')) as { codes: { code: number | null; subcode: number | null; doc: string }[] }).codes;
    const pair = (code: string, subcode: string) => `${code.replace(/^—$/, '') || '-'}/${subcode.replace(/^—$/, '') || '-'}`;
    const rowsOf = (ss: Section[]) => ss.flatMap((s) => s.tables).filter((t) => t.header[0] === 'Code').flatMap((t) => t.rows.map((r) => pair(r[0], t.header[1] === 'Subcode' ? r[1] : '')));
    const problems: string[] = [];
    for (const e of errors) {
      const want = pair(String(e.code ?? ''), String(e.subcode ?? ''));
      if (!rowsOf(await cited(e.doc)).includes(want)) problems.push(`${want}: not in a code table of ${e.doc}`);
    }
    const known = new Set(errors.map((e) => pair(String(e.code ?? ''), String(e.subcode ?? ''))));
    for (const row of rowsOf(await sections())) if (!known.has(row)) problems.push(`${row}: in docs/api.md, not in schemas/errors.json`);
    assert.ok(errors.length >= 60);
    assert.deepEqual(problems, []);
  });

  it('[2] Versioning lists every version gate of the schemas', async () => {
    const [versioning] = await cited('[2] Versioning');
    const rows = versioning.tables[0].rows;
    const gates: [string, string][] = [];
    for (const name of ['params/adset-create', 'params/adset-read', 'params/adset-copy', 'nodes/adset']) {
      const root = schemaOf(name);
      for (const p of propsOf(root)) {
        const leaf = p.path.split('.').pop()!;
        if (p.schema['x-since']) gates.push([leaf, p.schema['x-since']]);
        if (p.schema['x-until']) gates.push([leaf, p.schema['x-until']]);
        for (const [v, since] of Object.entries({ ...(p.schema['x-valueSince'] ?? {}), ...(p.schema['x-valueUntil'] ?? {}) })) gates.push([v, since]);
        for (const [v, dep] of Object.entries(p.schema['x-deprecatedValues'] ?? {})) if (dep.from) gates.push([v, dep.from]);
      }
    }
    assert.ok(gates.length >= 8, `only ${gates.length} gates found`);
    const missing = gates.filter(([name, version]) => !rows.some((r) => codeSpans(r[0]).includes(name) && mentions(r.join(' '), version)));
    assert.deepEqual(missing, []);
  });

  it('[3] Usage headers gives every header, member and entry type of schemas/common/usage-headers', async () => {
    const [usage] = await cited('[3] Usage headers');
    const root = schemaOf('common/usage-headers');
    const headers = usage.tables.find((t) => t.header[0] === 'Header')!;
    const members = usage.tables.find((t) => t.header[0] === 'Member')!;
    const problems: string[] = [];
    for (const [header, ref] of Object.entries(root.properties ?? {})) {
      const def = resolve(ref, root);
      const row = headers.rows.find((r) => codeSpans(r[0]).includes(header));
      if (!row) problems.push(`${header}: no row`);
      const memberSchema = def.additionalProperties && typeof def.additionalProperties === 'object' ? resolve((def.additionalProperties as JsonSchema).items as JsonSchema, root) : def;
      const where = memberSchema === def ? header : 'entries';
      for (const [name, raw] of Object.entries(memberSchema.properties ?? {})) {
        const m = members.rows.find((r) => codeSpans(r[0]).includes(name) && r[1].includes(where));
        if (!m) problems.push(`${header}: member ${name} not given for ${where}`);
        const values = valuesOf(resolve(raw, root), root);
        if (m && values.length && !values.every((v) => codeSpans(m.join(' ')).includes(v))) problems.push(`${name}: values ${values.join(', ')} not all given`);
      }
    }
    const tiers = (await cited('[3] Authentication'))[0].tables.find((t) => t.header[0] === 'Ads API access tier')!.rows.flatMap((r) => codeSpans(r[0]));
    assert.deepEqual(tiers.sort(), [...(root.definitions?.accessTier.enum ?? [])].map(String).sort());
    assert.deepEqual(problems, []);
  });

  it('[3] BUC limits and Platform limits give the formulas of schemas/rules-data/limits.json', async () => {
    const limits = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'rules-data', 'limits.json'), 'utf8')) as { buc: Record<string, { name: string; window: string; standard: string; advanced?: string }> };
    const [buc] = await cited('[3] BUC limits');
    const table = buc.tables[0];
    const col = (name: string) => table.header.indexOf(name);
    const problems: string[] = [];
    for (const [type, l] of Object.entries(limits.buc)) {
      const row = table.rows.find((r) => r[0] === l.name);
      if (!row) problems.push(`${type}: no row named ${l.name}`);
      else {
        if (row[col('Window')] !== l.window) problems.push(`${type}: window ${row[col('Window')]}, limits.json ${l.window}`);
        if (row[col('Standard access')] !== l.standard) problems.push(`${type}: ${row[col('Standard access')]}, limits.json ${l.standard}`);
        if (row[col('Advanced access')] !== (l.advanced ?? '')) problems.push(`${type}: ${row[col('Advanced access')]}, limits.json ${l.advanced}`);
      }
    }
    assert.deepEqual(problems, []);
    const [platform] = await cited('[3] Platform limits');
    assert.match(platform.text, /200 × daily active users calls per hour/);
  });

  it('[2] Objective to optimization-goal mapping is the table of schemas/rules-data/objectives.json', async () => {
    const data = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'rules-data', 'objectives.json'), 'utf8')) as {
      objectives: Record<string, { label: string; locations: { location: string; goals: string[]; aaaGoals?: string[] }[] }>;
      conversionEvents: Record<string, Record<string, string[] | null>>;
    };
    const [mapping] = await cited('[2] Objective mapping');
    const rows = mapping.tables[0].rows.map((r) => ({ objective: r[0], location: r[1].replace(/\s*\(.*\)$/, ''), goals: codeSpans(r[2]) }));
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const o of Object.values(data.objectives)) {
      for (const l of o.locations) {
        const mine = rows.filter((r) => r.objective === o.label && r.location === l.location);
        seen.add(`${o.label}/${l.location}`);
        const written = [...new Set(mine.flatMap((r) => r.goals))].sort();
        const want = [...new Set([...l.goals, ...(l.aaaGoals ?? [])])].sort();
        if (JSON.stringify(written) !== JSON.stringify(want)) problems.push(`${o.label} / ${l.location}: ${written.join(', ')} vs ${want.join(', ')}`);
      }
    }
    for (const r of rows) if (!seen.has(`${r.objective}/${r.location}`)) problems.push(`${r.objective} / ${r.location}: not in objectives.json`);
    const [events] = await cited('[2] Conversion events');
    const eventRows = events.tables[0].rows.map((r) => ({ objective: r[0], locations: r[1].split(';').map((x) => x.trim()), events: r[2].split(',').map((x) => x.trim()) }));
    for (const [key, byLocation] of Object.entries(data.conversionEvents)) {
      for (const [location, list] of Object.entries(byLocation ?? {})) {
        const row = eventRows.find((r) => r.objective === data.objectives[key].label && r.locations.includes(location));
        if (!row) problems.push(`conversion events of ${key} / ${location}: no row`);
        else if (list && JSON.stringify([...row.events].sort()) !== JSON.stringify([...list].sort())) problems.push(`conversion events of ${key} / ${location} differ`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('[2] Required members by objective or goal gives every member set of schemas/rules-data/promoted-object.json', async () => {
    const data = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'rules-data', 'promoted-object.json'), 'utf8')) as { rules: { when: Record<string, string[]>; anyOf: string[][] }[] };
    const [required] = await cited('[2] Required members by objective or goal');
    const rows = required.tables[0].rows;
    const problems: string[] = [];
    for (const rule of data.rules) {
      const name = (rule.when.objective ?? rule.when.optimization_goal)[0];
      const row = rows.find((r) => codeSpans(r[0]).includes(name));
      if (!row) problems.push(`${name}: no row`);
      else for (const member of rule.anyOf.flat()) if (!codeSpans(row[1]).includes(member)) problems.push(`${name}: ${member} not given`);
    }
    assert.deepEqual(problems, []);
  });
});
