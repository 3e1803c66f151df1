/**
 * Hover inside `# @expect ...`: what each part means for this request. The subject and each step of
 * its path (the response member's description from the schemas, a usage figure, a header), the
 * check, the value (an error code or subcode with its meaning, an enum value), and for `refused` the
 * rule with the errors the service answers it with.
 */
import type { FileContext } from '../analysis/fileContext';
import type { ApiModel } from '../model/apiModel';
import { errorMeaning, refusalErrors, usageScopes } from '../model/responses';
import { resolveRef } from '../model/validateValue';
import type { Directive, RequestBlock } from '../syntax/ast';
import { blockExpectations, type Expectation } from '../syntax/expectation';
import type { Span } from '../types';
import { ruleDoc } from './docs';
import { blockCallOf, CHECKS, responsePartSchema, SUBJECTS } from './expectCursor';

export function expectationHover(block: RequestBlock, directive: Directive, offset: number, file: FileContext, model: ApiModel): { contents: string; span: Span } | undefined {
  const e = blockExpectations(block.parsed).find((x) => x.directive === directive);
  const s = e?.subject;
  if (!e || !s) return undefined;
  const inside = (span: Span): boolean => span.start <= offset && offset <= span.end;
  const bc = blockCallOf(block, file, model);
  const endpoint = bc?.call.endpoint;

  if (e.rule && inside(e.rule.span)) {
    const pairs = refusalErrors(e.rule.text, endpoint, model).map((p) => (p.subcode === null ? `${p.code}` : `${p.code}/${p.subcode}`));
    const doc = ruleDoc(e.rule.text, model) ?? `**${e.rule.text}**: not a rule ID.`;
    return { contents: `${doc}\n\n${pairs.length ? `Passes when the service refuses the request with error ${pairs.join(' or ')}.` : 'The service never refuses a call for this rule.'}`, span: e.rule.span };
  }
  if (inside(s.word.span)) {
    const doc = SUBJECTS.find(([label]) => label.replace(/[. ].*$/, '') === s.kind || label === `${s.kind}.`)?.[2];
    return doc ? { contents: `**${s.kind}**: ${doc}`, span: s.word.span } : undefined;
  }
  const step = s.path.findIndex((p) => inside(p.span));
  if (step >= 0) return pathHover(e, step, bc, model);
  const check = e.check;
  if (check?.opToken && inside(check.opToken.span)) {
    const doc = CHECKS.find(([label]) => label === check.opToken!.text || (label === 'matches snapshot' && check.op === 'snapshot'))?.[1];
    return doc ? { contents: `**${check.opToken.text}**: ${doc}`, span: check.opToken.span } : undefined;
  }
  const v = check?.value;
  if (v && inside(v.span)) return valueHover(e, bc, model);
  return undefined;
}

function pathHover(e: Expectation, step: number, bc: ReturnType<typeof blockCallOf>, model: ApiModel): { contents: string; span: Span } | undefined {
  const s = e.subject!;
  const seg = s.path[step];
  const path = s.path.slice(0, step + 1).map((p) => p.text);
  const written = `${s.word.text}.${path.join('.')}`;
  if (s.kind === 'usage') {
    const scope = usageScopes(model).find((x) => x.path === path.join('.'));
    return scope ? { contents: `**${written}**: ${scope.description}`, span: seg.span } : undefined;
  }
  if (s.kind === 'header') {
    const usage = model.data.common['usage-headers'];
    const name = path.join('.').toLowerCase();
    const found = Object.entries(usage.properties ?? {}).find(([n]) => n.toLowerCase() === name);
    return { contents: `**${written}**: the response header \`${name}\`${found ? `. ${resolveRef(found[1], usage).description ?? ''}` : ', by name in any case.'}`, span: seg.span };
  }
  if (seg.text === 'length' && seg.index === undefined) {
    return { contents: `**length**: how many items the list (or characters the text) \`${s.word.text}${path.slice(0, -1).map((p) => `.${p}`).join('')}\` holds.`, span: seg.span };
  }
  const part = responsePartSchema(s.kind, path, bc, model);
  const schema = part?.schema ? resolveRef(part.schema, part.root) : undefined;
  if (!schema) return undefined;
  const kind = schema['x-kind'] ?? (Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type);
  return { contents: `**${written}**${kind ? ` (${kind})` : ''}: ${schema.description ?? 'a part of the response.'}`, span: seg.span };
}

function valueHover(e: Expectation, bc: ReturnType<typeof blockCallOf>, model: ApiModel): { contents: string; span: Span } | undefined {
  const s = e.subject!;
  const v = e.check!.value!;
  const member = s.path[0]?.text;
  if (s.kind === 'error' && s.path.length === 1 && v.kind === 'number' && (member === 'code' || member === 'subcode' || member === 'error_subcode')) {
    const info = member === 'code' ? errorMeaning(v.value, null, model) : errorMeaning(null, v.value, model);
    // [3]'s iOS 14 numbers travel as subcodes of 100 (docs/api.md, [3] iOS 14 error codes): expected as a code, it never matches.
    const asSubcode = member === 'code' && info?.kind === 'ios14' ? `\n\nThe service sends ${v.value} as \`error.subcode\` with code 100: expect \`error.subcode == ${v.value}\`.` : '';
    const contents = info ? `**${member === 'code' ? 'Code' : 'Subcode'} ${v.value}: ${info.title}**\n\n${info.meaning}${asSubcode}${info.action ? `\n\n${info.action}` : ''}${info.doc ? `\n\nSource: ${info.doc}` : ''}` : `**${v.value}**: not a code the documents give.`;
    return { contents, span: v.span };
  }
  if (v.kind === 'json') {
    const what = v.text.startsWith('[') ? 'list' : 'object';
    const how = e.check!.op === 'contains'
      ? what === 'object' ? 'a list passes when one of its items has these members with equal values (an object, when it has them)' : 'a list passes when one of its items equals this list'
      : `the part must equal this ${what} exactly, member by member and item by item`;
    return { contents: `**A JSON ${what}**: ${how}; a number also equals the same digits as text.`, span: v.span };
  }
  if (v.kind === 'statusClass') return { contents: `**${v.text}**: any status from ${v.value}00 to ${v.value}99.`, span: v.span };
  if (v.kind === 'duration') return { contents: `**${v.text}**: ${v.value} milliseconds.`, span: v.span };
  if ((s.kind === 'body' || s.kind === 'error') && v.kind === 'string') {
    const part = responsePartSchema(s.kind, s.path.map((p) => p.text), bc, model);
    const schema = part?.schema ? resolveRef(part.schema, part.root) : undefined;
    const doc = schema?.['x-enumDescriptions']?.[v.value];
    if (doc) return { contents: `**${v.value}**: ${doc}`, span: v.span };
  }
  return undefined;
}
