/**
 * Completion inside `# @expect ...`: the subjects; the paths the response of this request can have
 * (its endpoint's response schema, the fields a read selects, the error envelope); usage scopes;
 * the checks; error codes and subcodes this endpoint can answer, with their meaning; the rules it
 * can be refused for; enum values of a body member. Everything comes from schemas/ through
 * model/responses.ts, the same knowledge the diagnostics of expectations use.
 */
import type { FileContext } from '../analysis/fileContext';
import type { ApiModel } from '../model/apiModel';
import { errorMeaning, refusalApplies, refusalErrors, returnableErrors, usageScopes } from '../model/responses';
import type { JsonSchema } from '../model/schemaTypes';
import { resolveRef } from '../model/validateValue';
import type { Directive, RequestBlock } from '../syntax/ast';
import type { Span } from '../types';
import type { CompletionItem } from './completion';
import { enumValues, kindOf } from './docs';
import { blockCallOf, CHECKS, expectPosition, responsePartSchema, SUBJECTS } from './expectCursor';

export function expectationCompletions(block: RequestBlock, directive: Directive, offset: number, file: FileContext, model: ApiModel): CompletionItem[] {
  const pos = expectPosition(block, directive, offset);
  const bc = blockCallOf(block, file, model);
  const endpoint = bc?.call.endpoint;
  switch (pos.part) {
    case 'subject': {
      if (!pos.head) return SUBJECTS.map(([label, insert, doc], i) => item(label, 'property', pos.span, { insertText: insert, documentation: doc, sortText: pad(i), retrigger: insert.endsWith('.') || insert.endsWith(' ') }));
      if (pos.head === 'usage') return usageItems(pos.path, pos.span, endpoint?.bucType, model);
      if (pos.head === 'header') return headerItems(pos.span, model);
      const part = responsePartSchema(pos.head, pos.path, bc, model);
      if (!part?.schema) return [];
      return memberItems(part.schema, part.root, pos.span, pos.head === 'error' && pos.path.length === 0);
    }
    case 'rule': {
      const rules = Object.keys(model.rules).filter((id) => refusalApplies(id, endpoint, model));
      return rules.map((id, i) => {
        const codes = refusalErrors(id, endpoint, model).map((p) => (p.subcode === null ? p.code : `${p.code}/${p.subcode}`));
        return item(id, 'value', pos.span, { detail: model.rule(id)!.title, documentation: `${model.rule(id)!.summary}\n\nRefused with ${codes.join(' or ') || 'a rate-limit error'}.`, sortText: `${endpoint && isEndpointRule(id, endpoint.id, model) ? '0' : '1'}${pad(i)}` });
      });
    }
    case 'check': {
      const checks = CHECKS.filter(([label]) => pos.head === 'body' || pos.head === 'error' || label !== 'matches snapshot').filter(([label]) => !(pos.head === 'status' || pos.head === 'time') || /^[<>=!]/.test(label));
      const items = checks.map(([label, doc], i) => item(label, 'operator', pos.span, { documentation: doc, insertText: label === 'exists' || label === 'absent' || label === 'matches snapshot' ? label : `${label} `, sortText: `5${pad(i)}`, retrigger: /^[<>=!c]/.test(label) }));
      return [...valueItems(pos.head, pos.path, pos.span, bc, model), ...items];
    }
    case 'value':
      return valueItems(pos.head, pos.path, pos.span, bc, model);
    default:
      return [];
  }
}

function isEndpointRule(id: string, endpointId: string, model: ApiModel): boolean {
  const row = (model.data.refusals as { rules: Record<string, { endpoints: string[] | '*' }> }).rules[id];
  return !!row && row.endpoints !== '*' && row.endpoints.includes(endpointId);
}

/** Members of an object (and `length` / `[0]` of a list) at a path of the response. */
function memberItems(schema: JsonSchema, root: JsonSchema, span: Span, errorRoot: boolean): CompletionItem[] {
  const s = resolveRef(schema, root);
  const out: CompletionItem[] = [];
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes('array')) {
    out.push(item('length', 'property', span, { detail: 'int', documentation: 'How many items the list holds: `body.data.length <= 10`.', insertText: 'length ' }));
    out.push(item('[0]', 'property', span, { detail: 'first item', documentation: 'The first item of the list; `[1]` the second, and so on.', insertText: '[0].', filterText: '0', retrigger: true }));
    return out;
  }
  if (types.includes('string')) out.push(item('length', 'property', span, { detail: 'int', documentation: 'How many characters the text has.', insertText: 'length ' }));
  Object.entries(s.properties ?? {}).forEach(([name, sub], i) => {
    const r = resolveRef(sub, root);
    const leaf = !(r.properties || r.items || r.type === 'object' || r.type === 'array');
    out.push(item(name, 'property', span, { detail: kindOf(r), documentation: r.description, insertText: leaf ? `${name} ` : name, sortText: pad(i), retrigger: leaf }));
  });
  if (errorRoot) out.push(item('subcode', 'property', span, { detail: 'int', documentation: 'The subcode of the error (the envelope\'s `error_subcode`): `error.subcode 3858079`.', insertText: 'subcode ', sortText: '00', retrigger: true }));
  return out;
}

function usageItems(path: string[], span: Span, bucType: string | undefined, model: ApiModel): CompletionItem[] {
  const depth = path.length;
  const prefix = path.join('.');
  const seen = new Set<string>();
  const out: CompletionItem[] = [];
  for (const scope of usageScopes(model)) {
    const parts = scope.path.split('.');
    if (parts.length <= depth || (depth && parts.slice(0, depth).join('.') !== prefix)) continue;
    const step = parts[depth];
    if (seen.has(step)) continue;
    seen.add(step);
    const whole = parts.length === depth + 1 ? scope : undefined;
    const other = scope.bucType && bucType && scope.bucType !== bucType;
    out.push(item(step, 'property', span, { detail: whole?.kind === 'figure' ? 'percentage' : 'scope', documentation: whole?.description, insertText: whole ? `${step} ` : `${step}.`, sortText: `${other ? '9' : scope.bucType === bucType ? '0' : '1'}${pad(out.length)}`, retrigger: true }));
  }
  return out;
}

/** Response headers worth expecting: the usage headers, and the emulator's rule header. */
function headerItems(span: Span, model: ApiModel): CompletionItem[] {
  const usage = model.data.common['usage-headers'];
  const out = Object.entries(usage.properties ?? {}).map(([name, s], i) => item(name.toLowerCase(), 'header', span, { documentation: resolveRef(s, usage).description, insertText: `${name.toLowerCase()} exists`, sortText: pad(i) }));
  out.push(item('x-graphreq-rule', 'header', span, { documentation: 'The emulator names the rule behind each refusal (RULES.md ID); a real service sends no such header.', insertText: 'x-graphreq-rule ' }));
  return out;
}

const STATUS_VALUES: Array<[string, string]> = [
  ['200', 'OK'],
  ['2xx', 'any success'],
  ['400', 'refused: an invalid call, or a rate limit (see error.code)'],
  ['403', 'refused: permissions, or the app rate limit (code 4)'],
  ['4xx', 'any refusal'],
  ['429', 'a proxy in front of the API limiting the rate (the API itself answers 400 or 403)'],
];

/** Values of the subject: codes and subcodes with their meaning, statuses, enum values of a body member. */
function valueItems(head: string, path: string[], span: Span, bc: ReturnType<typeof blockCallOf>, model: ApiModel): CompletionItem[] {
  const endpoint = bc?.call.endpoint;
  if (head === 'status') {
    // The API refuses a call over a rate limit with 400 (403 for the app's limit, code 4), never 429:
    // `error.code` or `refused LIMIT-BLOCK` says a rate limit; 429 comes from a proxy in front of it.
    return STATUS_VALUES.map(([v, d], i) => item(v, 'value', span, { detail: d, sortText: pad(i) }));
  }
  if (head === 'error' && path.length === 1 && (path[0] === 'code' || path[0] === 'subcode' || path[0] === 'error_subcode')) {
    const pairs = returnableErrors(endpoint, model) ?? model.errors.filter((e) => e.code !== null).map((e) => ({ code: e.code as number, subcode: e.subcode }));
    const sub = path[0] !== 'code';
    const values = [...new Set(pairs.filter((p) => !sub || p.subcode !== null).map((p) => (sub ? p.subcode! : p.code)))];
    return values.map((v, i) => {
      const info = sub ? errorMeaning(pairs.find((p) => p.subcode === v)!.code, v, model) : errorMeaning(v, null, model);
      return item(String(v), 'value', span, { detail: info?.title, documentation: info ? `**${info.title}** (${v})\n\n${info.meaning}${info.action ? `\n\n${info.action}` : ''}` : undefined, sortText: pad(i) });
    });
  }
  if (head === 'body' || head === 'error') {
    const part = responsePartSchema(head as 'body', path, bc, model);
    const s = part?.schema ? resolveRef(part.schema, part.root) : undefined;
    if (!s) return [];
    const values = enumValues(s).map((v, i) => item(v, 'value', span, { documentation: s['x-enumDescriptions']?.[v], sortText: pad(i) }));
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('boolean')) values.push(item('true', 'value', span, {}), item('false', 'value', span, {}));
    return values;
  }
  return [];
}

function item(label: string, kind: CompletionItem['kind'], replace: Span, o: Partial<CompletionItem>): CompletionItem {
  return { label, kind, replace, ...o };
}

function pad(i: number): string {
  return String(i).padStart(3, '0');
}
