/**
 * Hover: what a thing means, from schemas/. A parameter or field (type, unit, allowed values, version
 * gate, deprecation, limit, rule IDs), an enum value, a path segment (the endpoint), a version, a
 * variable (its resolved value, secrets masked), a directive, and the rules of findings under the cursor.
 */
import { requestLabel } from '../send/testPlan';
import { buildBlockCall } from '../analysis/blockCall';
import { fieldsNode } from '../analysis/call';
import { lookupVariable, resolveText, type FileContext } from '../analysis/fileContext';
import type { ApiModel } from '../model/apiModel';
import { linkCitationsIn } from '../model/citations';
import { fieldSchemaAt, schemaAt } from '../model/schemaPath';
import type { JsonSchema } from '../model/schemaTypes';
import { resolveRef } from '../model/validateValue';
import { parseVersion } from '../model/version';
import type { RequestBlock } from '../syntax/ast';
import type { FieldItem } from '../syntax/fields';
import type { Finding, Span } from '../types';
import { isSecretValue, maskedValue } from './secretMask';
import { codeSpan } from './markdownText';
import { BUILTINS, builtinValue, parseBuiltin } from '../analysis/builtins';
import { cursorAt } from './cursor';
import { expectationHover } from './expectHover';
import { EXPECT_DIRECTIVE } from '../syntax/expectation';
import { endpointDoc, enumValues, propertyDoc, ruleDoc, undescribed, valueDoc } from './docs';
import { firstSentence } from '../model/validateValue';
import { CAMPAIGN_ID, campaignContextNote } from '../rules/values';

export interface Hover {
  /** Markdown. */
  contents: string;
  span: Span;
}

export interface HoverContext {
  model: ApiModel;
  file: FileContext;
  /** Findings of this block (block-relative), to explain their rules. */
  findings?: Finding[];
}

export function getHover(block: RequestBlock, offset: number, ctx: HoverContext): Hover | undefined {
  const main = hoverOf(block, offset, ctx);
  const rules = (ctx.findings ?? []).filter((f) => f.span.start <= offset && offset <= f.span.end);
  // The long form of each finding under the cursor (allowed values, parameters, fields), which the
  // one-sentence diagnostic leaves out, then the rules' documentation.
  // Their citations of the documents link to docs/api.md.
  const details = [...new Set(rules.map((f) => f.detail).filter((d): d is string => !!d))].map(linkCitationsIn).join('\n\n');
  const ruleText = [...new Set(rules.map((f) => f.code))].map((id) => ruleDoc(id, ctx.model)).filter(Boolean).join('\n\n---\n\n');
  if (!main && !ruleText && !details) return undefined;
  const span = main?.span ?? rules[0].span;
  return { contents: [main?.contents, details, ruleText].filter(Boolean).join('\n\n---\n\n'), span };
}

function hoverOf(block: RequestBlock, offset: number, ctx: HoverContext): Hover | undefined {
  const { model, file } = ctx;
  const cursor = cursorAt(block, offset);
  const bc = block.parsed.request ? buildBlockCall(block, file, model) : undefined;
  const call = bc?.call;
  const endpoint = call?.endpoint;
  const params = model.paramsSchema(endpoint);
  switch (cursor.kind) {
    case 'method':
      return endpoint ? { contents: endpointDoc(endpoint, model), span: cursor.span } : undefined;
    case 'path': {
      if (!cursor.segment) return undefined;
      const text = resolveText(cursor.segment.text, file).text;
      if (cursor.segmentIndex === 0 && (parseVersion(text) || /version/.test(cursor.segment.text))) {
        return { contents: versionDoc(text, ctx), span: cursor.span };
      }
      if (endpoint) return { contents: endpointDoc(endpoint, model), span: cursor.span };
      return undefined;
    }
    case 'paramName':
    case 'paramValue': {
      const p = cursor.param;
      if (!p) return undefined;
      const s = params?.properties?.[p.name.text];
      if (!s || !params) return undefined;
      const r = resolveRef(s, params);
      if (cursor.kind === 'paramValue' && enumValues(r).length) {
        return { contents: valueHover(p.name.text, p.value?.text ?? '', r, '='), span: cursor.span };
      }
      let contents = propertyDoc(p.name.text, r, params, model);
      if (p.name.text === CAMPAIGN_ID && call) contents += campaignContextNote(call);
      // REQ-IDS-COUNT: say what this very request costs.
      const ids = p.name.text === 'ids' && call?.params.get('ids');
      if (ids && !ids.opaque && typeof ids.value === 'string') {
        const n = ids.value.split(',').filter((x) => x.trim()).length;
        contents += `\n\nThis request names ${n} id${n === 1 ? '' : 's'}: it counts as ${n} call${n === 1 ? '' : 's'} against the rate limits (REQ-IDS-COUNT).`;
      }
      return { contents, span: cursor.span };
    }
    case 'field':
    case 'modifier':
    case 'modifierArg': {
      const node = model.nodeSchema(call ? fieldsNode(call) : undefined);
      if (!node) return undefined;
      // Punctuation of the list (`,`, `.`, `{`) or an empty position: nothing to explain.
      if (cursor.kind === 'field' && !cursor.item) return undefined;
      if (cursor.kind === 'modifier' && !cursor.modifier) return undefined;
      const chain = cursor.kind === 'field' ? [...cursor.parents, ...(cursor.item ? [cursor.item] : [])] : [...cursor.parents, cursor.item];
      const s = fieldSchemaAt(node, chain, model);
      if (!s) return undefined;
      if (cursor.kind !== 'field') {
        const m = s['x-connection']?.modifiers?.[cursor.modifier?.name ?? ''];
        if (m) return { contents: propertyDoc(`.${cursor.modifier!.name}(…)`, m, node, model), span: cursor.span };
      }
      return { contents: propertyDoc(chain.map((i) => i.name).join('.'), s, node, model), span: cursor.span };
    }
    case 'bodyKey':
    case 'bodyValue': {
      if (!params) return undefined;
      // Between list items, after a colon, before a bracket: no node under the cursor, nothing to explain.
      if (cursor.kind === 'bodyValue' && !cursor.node) return undefined;
      if (cursor.span.end <= cursor.span.start) return undefined;
      const path = cursor.kind === 'bodyKey' ? [...cursor.path, unquote(block.text.slice(cursor.span.start, cursor.span.end))] : cursor.path;
      const s = schemaAt(params, path);
      if (!s) return undefined;
      const name = path.filter((p) => typeof p === 'string').join('.');
      if (cursor.kind === 'bodyValue' && typeof cursor.node?.value === 'string' && enumValues(s).length) {
        return { contents: valueHover(name, cursor.node.value, s), span: cursor.span };
      }
      const note = name === CAMPAIGN_ID && call ? campaignContextNote(call) : '';
      return { contents: propertyDoc(name, s, params, model) + note, span: cursor.span };
    }
    case 'variable': {
      const name = cursor.expr;
      if (name.startsWith('$')) return { contents: builtinHover(name, file), span: cursor.span };
      const value = lookupVariable(name, file);
      if (value !== undefined) {
        const resolved = resolveText(value, file).text;
        const where = file.variables.has(name) ? 'file variable' : `environment${file.env.name ? ` ${file.env.name}` : ''}`;
        return { contents: `**{{${name}}}** (${where}) = ${shownInHover(name, resolved, file)}`, span: cursor.span };
      }
      const m = /^([\w-]+)\.response\.body\.(.+)$/.exec(name);
      if (m && file.names.has(m[1])) return { contents: `**{{${name}}}**: \`${m[2]}\` of the response of request \`${m[1]}\`, filled in when this request is sent after it.`, span: cursor.span };
      // A producer in another file of the workspace: which file, which line, and which request.
      const elsewhere = m ? file.elsewhere?.get(m[1]) : undefined;
      if (m && elsewhere) {
        const where = elsewhere.map((r) => `${codeSpan(`${r.label}:${r.line}`)} (${requestLabel(r.doc.blocks[r.block])})`).join(', ');
        return { contents: `**{{${name}}}**: \`${m[2]}\` of the response of request \`${m[1]}\` in ${where}, saved for the workspace when that request is sent.`, span: cursor.span };
      }
      return { contents: `**{{${name}}}** is not defined.`, span: cursor.span };
    }
    case 'directive':
    case 'directiveValue': {
      const d = cursor.directive;
      if (cursor.kind === 'directiveValue' && d?.name.text === EXPECT_DIRECTIVE) return expectationHover(block, d, offset, file, model);
      const name = d?.name.text ?? cursor.prefix;
      const doc = model.directives[name];
      return doc ? { contents: `**# @${name}**\n\n${doc}`, span: d?.span ?? cursor.span } : undefined;
    }
    case 'headerName':
    case 'headerValue': {
      const h = cursor.header;
      const dropped = h ? model.droppedHeader(h.name.text) : undefined;
      const doc = h ? (dropped ? `Not sent: ${dropped} (REQ-HEADER-DROPPED).` : Object.entries(model.headers).find(([n]) => n.toLowerCase() === h.name.text.toLowerCase())?.[1]) : undefined;
      return doc && h ? { contents: `**${h.name.text}**\n\n${doc}`, span: h.span } : undefined;
    }
    default:
      return undefined;
  }
}

/** A built-in variable: what it gives, and its value when the host knows it (secrets masked). */
function builtinHover(expr: string, file: FileContext): string {
  const parsed = parseBuiltin(expr);
  if (!parsed.ok) return `**{{${expr}}}**: ${parsed.message}`;
  const spec = BUILTINS[parsed.call.name];
  const head = `**{{${expr}}}**: built-in variable \`${spec.usage}\`\n\n${spec.doc}`;
  const value = builtinValue(parsed.call, file.env);
  if (value.kind === 'value') return `${head}\n\nNow: ${shownInHover(parsed.call.args[0] ?? '', value.value, file)}`;
  if (value.kind === 'missing') return `${head}\n\n⚠ ${value.message}`;
  return `${head}\n\nDecided when the request is sent; not checked.`;
}

/** A value in a code span, or for a secret the mask (secretMask.ts): hovers are seen by whoever sees the screen. */
function shownInHover(name: string, value: string, file: FileContext): string {
  return isSecretValue(name, value, file) ? `${maskedValue(value)}: not shown` : codeSpan(value);
}

function versionDoc(text: string, ctx: HoverContext): string {
  const v = parseVersion(text);
  const lines = [`**${v ? v.text : text}**: API version.`, '', ctx.model.versionsDescription];
  const releases = ctx.file.env.releases;
  if (v && releases?.[v.text]) lines.push('', `Released ${releases[v.text]}.`);
  return lines.join('\n');
}

function unquote(s: string): string {
  return s.startsWith('"') ? s.slice(1, s.endsWith('"') && s.length > 1 ? -1 : undefined) : s;
}

/** A value's hover: what the value means, else what the parameter is, in a line or two. */
function valueHover(name: string, value: string, schema: JsonSchema, sep = ': '): string {
  const doc = valueDoc(schema, value);
  const known = enumValues(schema).includes(value);
  const about = doc || (known ? `One of the values of \`${name}\`, ${undescribed(schema).replace(/^L/, 'l')} ${schema.description ? firstSentence(schema.description) : ''}` : `Not a value of \`${name}\`: it takes ${enumValues(schema).slice(0, 8).map((v) => `\`${v}\``).join(', ')}${enumValues(schema).length > 8 ? ', …' : ''}.`);
  return `**${name}${sep}${value}**\n\n${about}`;
}
