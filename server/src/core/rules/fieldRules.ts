/**
 * The `fields` list against the node's schema: syntax (THREAD-MODIFIER-SYNTAX), unknown top-level
 * fields (the node's own rule: ADSET-READ-FIELDS, URL-FIELDS, THREAD-FIELDS as a hint), unknown
 * subfields of documented objects (REQ-UNKNOWN-FIELD, or the node's rule where its RULES.md row lists
 * the subfields: URL-FIELDS), version gates (ADSET-READ-FIELD-VERSION) and
 * connection modifiers (THREAD-SOURCE-VALUE, THREAD-LIMIT).
 */
import { fieldsNode, type Call } from '../analysis/call';
import { subfieldsOf } from '../model/schemaPath';
import type { JsonSchema } from '../model/schemaTypes';
import { coerce, firstSentence, resolveRef } from '../model/validateValue';
import { atLeast } from '../model/version';
import type { FieldItem } from '../syntax/fields';
import type { Severity } from '../types';
import type { RuleContext } from './engine';
import { hasOwn } from '../own';
import type { Location } from './ruleFinding';
import { closest, inlineList, listForMessage, namesOf, ruleDoc } from './suggest';

export function checkFieldList(call: Call, ctx: RuleContext): void {
  const list = call.fields;
  if (!list) return;
  const node = ctx.model.nodeSchema(fieldsNode(call));
  const param = call.params.get('fields');
  if (param?.opaque) return;
  // A field list read from a JSON body has no offsets of its own: its findings point at the value.
  const inBody = param?.source === 'json' || !!call.fieldsUnlocated;
  const locate = (loc: Location): Location => (inBody ? { kind: 'param', name: 'fields', part: 'value' } : loc);
  // One syntax error is enough to point at: the ones after it are usually its consequences (an
  // unclosed `(` makes the rest of the list unreadable), as for JSON bodies.
  const syntax = list.errors[0];
  if (syntax) {
    ctx.out.push({
      rule: syntax.rule ?? 'THREAD-MODIFIER-SYNTAX',
      message: syntax.message,
      detail: 'Field lists are written `a,b{c,d},e.modifier(value)` ([1] Thread node, query shape).',
      at: locate({ kind: 'span', span: syntax.span }),
      service: { code: 100, blame: ['fields'] },
    });
  }
  if (!node) return;
  const unknown = node['x-unknownFieldRule'];
  const nodeName = nodeTitle(node.title);
  for (const item of list.items) {
    if (item.opaque) continue;
    const schema = node.properties?.[item.name];
    if (!schema) {
      const names = Object.keys(node.properties ?? {});
      const suggestion = closest(item.name, names);
      const cutoff = node['x-notShownAfter'];
      // Past the documents' alphabetical cut-off a name may exist ("not shown"): always a hint, and a
      // "did you mean" is only offered beside it, never instead of it (docs/rules.md, REQ-UNKNOWN-PARAM).
      const pastCutoff = !!cutoff && item.name > cutoff;
      const severity = (pastCutoff ? 'hint' : unknown?.severity ?? 'warning') as Severity;
      const notShown = pastCutoff
        ? ` The documents list its fields alphabetically only up to \`${cutoff}\` and do not show the rest, so this may exist.`
        : severity === 'hint' ? ' The documents name other fields of this node without their names ("not shown"), so this may still work.' : '';
      // A field of another node (`messages` on a numeric id): the id may be that node's; the directive says so.
      const other = Object.entries(ctx.model.data.nodes).find(([name, n]) => n !== node && n.properties && hasOwn(n.properties, item.name) && name !== 'url');
      const fix = pastCutoff
        ? suggestion && suggestion !== item.name
          ? `it may exist, or did you mean \`${suggestion}\`?`
          : 'it may exist past the end of the documented list, so check its spelling.'
        : suggestion && suggestion !== item.name
          ? `did you mean \`${suggestion}\`?`
          : other
            ? `if this id is a ${other[1].title?.toLowerCase() ?? other[0]}, write \`# @node ${other[0]}\` above the request.`
            : severity === 'hint'
              ? 'it may exist (the documents do not name every field), so check its spelling.'
              : 'remove it or use a documented one.';
      ctx.out.push({
        rule: unknown?.rule ?? 'REQ-UNKNOWN-FIELD',
        severity,
        message: pastCutoff && suggestion ? `\`${item.name}\` is past the end of the documented fields: ${fix}` : `\`${item.name}\` is not a documented field of the ${nodeName}: ${fix}`,
        detail: `The ${nodeName} has ${fieldList(node)}${node['x-doc'] ? ` (${node['x-doc']})` : ''}.${notShown}`,
        at: locate({ kind: 'field', item }),
        // Past the cut-off the name may exist: the near documented name is offered, never preferred.
        fixes: suggestion && !inBody ? [{ kind: 'replaceAt', title: `Change to \`${suggestion}\``, text: suggestion, preferred: !pastCutoff }] : [],
        // The service's wording for a field a node does not have (facebook/facebook-java-business-sdk issue 332).
        service: severity === 'hint' ? undefined : { code: 100, blame: ['fields'], message: `(#100) Tried accessing nonexisting field (${item.name}) on node type (${nodeType(node.title)})` },
      });
      continue;
    }
    checkField(item, schema, node, call, ctx, locate, item.name, unknown?.subfields ? unknown.rule : 'REQ-UNKNOWN-FIELD');
  }
}

/** A node's or object's documented fields as text for details: built once per schema, not per finding. */
const fieldLists = new WeakMap<JsonSchema, string>();
function fieldList(schema: JsonSchema): string {
  let text = fieldLists.get(schema);
  if (text === undefined) {
    const names = Object.keys(schema.properties ?? {});
    fieldLists.set(schema, (text = listForMessage(names, names.length)));
  }
  return text;
}

/** The node's type as the service names it in messages: "Ad set" is AdSet, "URL node" URL, "Thread" Thread. */
function nodeType(title: string | undefined): string {
  return (title ?? 'Node').replace(/ node$/, '').split(' ').map((w) => (w === w.toUpperCase() ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

/** "URL node" stays as written; "Ad set" becomes "ad set" inside a sentence. */
function nodeTitle(title: string | undefined): string {
  const t = title ?? 'node';
  return /^[A-Z][a-z]/.test(t) ? t[0].toLowerCase() + t.slice(1) : t;
}

function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

function checkField(item: FieldItem, schemaIn: JsonSchema, root: JsonSchema, call: Call, ctx: RuleContext, locate: (l: Location) => Location, path: string, subfieldRule: string): void {
  const schema = resolveRef(schemaIn, root);
  const since = schema['x-since'];
  if (since && call.version && !atLeast(call.version, since)) {
    const rule = schema['x-versionRule'] ?? 'ADSET-READ-FIELD-VERSION';
    const ref = ruleDoc(ctx.model, rule);
    ctx.out.push({
      rule,
      message: `\`${path}\` is available from ${since}; this request uses ${call.version.text}, so it is left out of the answer: use ${since} or later.`,
      detail: ref ? `(${ref})` : undefined,
      at: locate({ kind: 'field', item }),
    });
  }
  const syntaxSpan = call.fields?.errors[0]?.span;
  const connection = schema['x-connection'];
  for (const m of item.modifiers) {
    if (!connection) continue; // Modifiers are documented on connections only; elsewhere graphreq does not judge them.
    const modSchema = connection.modifiers?.[m.name];
    if (!modSchema) {
      const names = Object.keys(connection.modifiers ?? {});
      const suggestion = closest(m.name, names);
      const modifiers = listForMessage(names.map((n) => `.${n}(...)`), names.length);
      ctx.out.push({
        rule: 'THREAD-MODIFIER-SYNTAX',
        message: `\`${path}\` has no modifier \`${m.name}\`: ${suggestion ? `did you mean \`${suggestion}\`?` : `use ${inlineList(names.map((n) => `.${n}(...)`)) ?? 'a documented one'}.`}`,
        detail: `It takes ${modifiers}${root['x-doc'] ? ` (${root['x-doc']})` : ''}.`,
        at: locate({ kind: 'modifier', modifier: m, part: 'name' }),
        fixes: suggestion ? [{ kind: 'replaceAt', title: `Change to \`${suggestion}\``, text: suggestion, preferred: true }] : [],
        service: { code: 100, blame: ['fields'] },
      });
      continue;
    }
    if (m.arg === undefined) continue;
    // A modifier the syntax error cuts short (an unclosed `(`) has no argument to judge.
    if (syntaxSpan && overlaps(m.span, syntaxSpan)) continue;
    const rule = modSchema['x-rule'] ?? 'THREAD-MODIFIER-SYNTAX';
    const arg = m.arg.trim();
    if (arg.includes('{{')) continue; // Decided at send time, like any variable.
    const c = coerce(modSchema, arg);
    const bad = !c.ok || (modSchema.enum && !modSchema.enum.includes(c.value)) || (typeof c.value === 'number' && modSchema.minimum !== undefined && c.value < modSchema.minimum);
    if (bad) {
      const unquoted = arg.replace(/^["']|["']$/g, '');
      const allowed = modSchema.enum
        ? unquoted !== arg && modSchema.enum.includes(unquoted)
          ? `write \`${unquoted}\` without quotes`
          : `only ${inlineList(modSchema.enum) ?? `one of its ${modSchema.enum.length} values`} is allowed`
        : `it takes ${modSchema['x-kind'] ?? modSchema.type}${modSchema.minimum !== undefined ? ` (${modSchema.minimum} or more)` : ''}`;
      const suggestion = modSchema.enum ? closest(unquoted, modSchema.enum as string[]) ?? String(modSchema.enum[0]) : undefined;
      const what = modSchema.description ? firstSentence(modSchema.description) : '';
      const where = modSchema['x-doc'] ? `(${modSchema['x-doc']})` : '';
      ctx.out.push({
        rule,
        message: `\`.${m.name}(${arg})\`: ${allowed}.`,
        detail: [what, modSchema.enum ? `Allowed: ${listForMessage(modSchema.enum, modSchema.enum.length)}.` : '', where].filter(Boolean).join(' ') || undefined,
        at: locate({ kind: 'modifier', modifier: m, part: 'arg' }),
        fixes: suggestion ? [{ kind: 'replaceAt', title: `Change to \`${suggestion}\``, text: suggestion, preferred: true, fixAll: modSchema.enum?.length === 1 }] : [],
        service: { code: 100, blame: ['fields'] },
      });
    }
  }
  if (!item.selection) return;
  const sub = subfieldsOf(schema, root, ctx.model);
  const props = sub?.properties;
  if (!props) return; // Subfields not documented: nothing to check against.
  for (const child of item.selection) {
    if (child.opaque) continue;
    const cs = props[child.name];
    if (!cs) {
      const suggestion = closest(child.name, namesOf(props));
      ctx.out.push({
        rule: subfieldRule,
        message: `\`${child.name}\` is not a documented subfield of \`${path}\`: ${suggestion ? `did you mean \`${suggestion}\`?` : 'remove it or use a documented one.'}`,
        detail: `\`${path}\` has ${fieldList(sub!)}${root['x-doc'] ? ` (${root['x-doc']})` : ''}.`,
        at: locate({ kind: 'field', item: child }),
        fixes: suggestion ? [{ kind: 'replaceAt', title: `Change to \`${suggestion}\``, text: suggestion, preferred: true }] : [],
        service: { code: 100, blame: ['fields'] },
      });
      continue;
    }
    checkField(child, cs, sub!, call, ctx, locate, `${path}.${child.name}`, subfieldRule);
  }
}

