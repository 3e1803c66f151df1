/**
 * Markdown documentation of schema properties, enum values, endpoints and rules, shared by hover and
 * completion so both say the same thing. Everything comes from schemas/ (descriptions, kinds, units,
 * gates, limits, rule IDs).
 */
import type { ApiModel, EndpointDef } from '../model/apiModel';
import type { JsonSchema } from '../model/schemaTypes';
import { resolveRef } from '../model/validateValue';
import { limits } from '../model/rulesData';
import { citationMarkdown, documentOfSection } from '../model/citations';

/** The type as the documents write it. */
export function kindOf(schema: JsonSchema): string {
  if (schema['x-kind']) return schema['x-kind'];
  if (schema.enum) return 'enum';
  const t = schema.type;
  return Array.isArray(t) ? t.join(' or ') : t ?? 'any';
}

export function propertyDoc(name: string, schemaIn: JsonSchema, root: JsonSchema, model: ApiModel): string {
  const schema = resolveRef(schemaIn, root);
  const lines: string[] = [];
  const kind = kindOf(schema);
  // A kind that carries its own code spans (`US`) cannot sit inside another one.
  lines.push(`**${name}**: ${kind.includes('`') ? kind : `\`${kind}\``}${schema['x-unit'] ? `, in ${schema['x-unit'].replace(/\.$/, '')}` : ''}`);
  if (schema.description) lines.push('', schema.description);
  const facts: string[] = [];
  if (schema['x-since']) facts.push(`Available from ${schema['x-since']}.`);
  if (schema['x-until']) facts.push(`Not available from ${schema['x-until']} on.`);
  if (schema.deprecated) facts.push('Deprecated.');
  if (schema['x-limit']) facts.push(`Limit: ${schema['x-limit'].replace(/\.?$/, '.')}`);
  else if (schema.maxLength !== undefined) facts.push(`At most ${schema.maxLength} characters.`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) facts.push(`From ${schema.minimum} to ${schema.maximum} inclusive.`);
  else if (schema.minimum !== undefined) facts.push(`At least ${schema.minimum}.`);
  if (schema.default !== undefined) facts.push(`Default: \`${JSON.stringify(schema.default)}\`.`);
  if (facts.length) lines.push('', facts.join(' '));
  const values = enumValues(schema);
  if (values.length) {
    lines.push('', 'Values:');
    // One short line a value: the full texts are in the value's own hover and completion item.
    for (const v of values.slice(0, 40)) {
      const dep = schema['x-deprecatedValues']?.[v];
      const d = dep ? 'deprecated' : schema['x-betaValues']?.[v] ? 'limited beta' : shorten(schema['x-enumDescriptions']?.[v]);
      lines.push(`- \`${v}\`${d ? ` — ${d}` : ''}`);
    }
    if (values.length > 40) lines.push(`- … and ${values.length - 40} more`);
  }
  const rules = rulesOf(schema);
  if (rules.length) lines.push('', `Rules: ${rules.map((r) => ruleLink(r, model)).join(', ')}`);
  if (schema['x-doc']) lines.push('', `Source: ${citationMarkdown(schema['x-doc'])}`);
  return lines.join('\n');
}

/** Documented values: the enum, plus deprecated values that lie outside it. */
export function enumValues(schema: JsonSchema): string[] {
  const out = (schema.enum ?? []).filter((v): v is string => typeof v === 'string');
  for (const v of Object.keys(schema['x-deprecatedValues'] ?? {})) if (!out.includes(v)) out.push(v);
  return out;
}

export function valueDoc(schema: JsonSchema, value: string): string {
  const parts: string[] = [];
  const dep = schema['x-deprecatedValues']?.[value];
  const d = schema['x-enumDescriptions']?.[value];
  // A deprecation message says all a plain "Deprecated." description would.
  if (d && !(dep && /^deprecated\.?$/i.test(d.trim()))) parts.push(d);
  if (dep) parts.push(`⚠ ${dep.message}`);
  const beta = schema['x-betaValues']?.[value];
  if (beta) parts.push(`Limited beta: ${beta}`);
  const since = schema['x-valueSince']?.[value];
  if (since && !parts.join(' ').includes(since)) parts.push(`From ${since}.`);
  return parts.join(' ');
}

/** What completion and hover say of a documented value the documents do not describe. */
export function undescribed(schema: JsonSchema, source?: string): string {
  const where = schema['x-doc'] ?? source;
  return `Listed ${where ? `in ${where}` : 'by the documents'} without a description.`;
}

function shorten(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const first = text.split(/(?<=[.!?])\s/)[0];
  return first.length > 90 ? `${first.slice(0, 87)}…` : first;
}

function rulesOf(schema: JsonSchema): string[] {
  const out = new Set<string>();
  for (const r of [schema['x-rule'], schema['x-enumRule'], schema['x-versionRule'], schema['x-emptyRule'], ...(schema['x-rules'] ?? [])]) if (r) out.add(r);
  for (const d of Object.values(schema['x-deprecatedValues'] ?? {})) out.add(d.rule);
  for (const r of Object.values(schema['x-requiredRule'] ?? {})) out.add(r);
  return [...out];
}

export function ruleLink(id: string, model: ApiModel): string {
  const r = model.rule(id);
  return r ? `\`${id}\` (${r.title})` : `\`${id}\``;
}

export function ruleDoc(id: string, model: ApiModel): string | undefined {
  const r = model.rule(id);
  if (!r) return undefined;
  return `**${id}**: ${r.title}\n\n${r.summary}${r.doc && r.doc !== 'product' ? `\n\nSource: ${citationMarkdown(r.doc, documentOfSection(r.section))}` : ''}`;
}

/** The one code/subcode pair endpoints list (schemas/endpoints.json): the service's answer to an id it does not hold. */
const UNKNOWN_OBJECT = 'Object not found. The id names nothing this token can see (docs/api.md, [2] Errors).';

export function endpointDoc(e: EndpointDef, model: ApiModel): string {
  const lines = [`**${e.method} ${e.path}**: ${e.title}`];
  if (e.description) lines.push('', e.description);
  if (e.refuse) lines.push('', `⚠ ${e.refuse.message}`);
  const limitLines = limitsOf(e);
  if (limitLines.length) lines.push('', '**Rate limits**', ...limitLines.map((l) => `- ${l}`));
  if (e.errors?.length) {
    lines.push('', '**Errors**');
    for (const entry of e.errors) {
      if (typeof entry !== 'number') {
        lines.push(`- \`${entry[0]}\` with subcode \`${entry[1]}\`: ${UNKNOWN_OBJECT}`);
        continue;
      }
      const info = model.errorCode(entry);
      lines.push(`- \`${entry}\`${info ? `: ${info.title}${info.action ? `. ${info.action}` : ''}` : ''}`);
    }
  }
  if (e.doc) lines.push('', `Source: ${citationMarkdown(e.doc)}`);
  return lines.join('\n');
}

/** The limits a call of this endpoint counts against ([3] Limits, schemas/rules-data/limits.json). */
function limitsOf(e: EndpointDef): string[] {
  if (e.refuse || e.undocumented) return [];
  const out: string[] = [];
  const buc = e.bucType ? limits.buc[e.bucType] : undefined;
  if (buc) {
    out.push(`${buc.name} (business use case, per ${buc.per}, per ${buc.window}): ${buc.standard} calls with standard access${buc.advanced ? `, ${buc.advanced} with advanced access` : ''}; error ${buc.code} once reached; X-Business-Use-Case-Usage shows how close you are.`);
  } else {
    out.push(limits.platform.text);
  }
  if (e.id === 'url.read') out.push(limits.urlReads.text);
  if (e.bucType === 'msgr') {
    out.push('[1] shows no limits specific to reading threads; graphreq counts thread reads under the messaging app type (msgr) above.');
    out.push(`Related: ${limits.messaging.text.replace(/^./, (c) => c.toLowerCase())}`);
  }
  out.push(limits.callsPerId);
  return out;
}
