/**
 * REQ-BATCH: the items of a batch request (`POST /{version}/` with `batch=[...]`). The parameters'
 * schema (schemas/params/batch.schema.json) checks the list's shape: 1 to 50 objects, each with a
 * `method` and a `relative_url`. Here each item is checked as the call it is (its relative URL's path
 * and query, and its form-encoded body, with the batch's version when it names none), by the same
 * engine, and its findings are shown on the item under their own rule IDs; and the names items give
 * each other (`depends_on`, `{result=<name>:$.path}`) must be those of earlier items.
 *
 * An item's refusal is not the batch's: the service answers the batch 200 and the item's own
 * refusal inside it (docs/emulator.md, Batch requests), so item findings carry no service answer.
 */
import type { Call, CallParam } from '../analysis/call';
import { splitVersion, type EndpointDef, type MatchSegment } from '../model/apiModel';
import { parseFieldList } from '../syntax/fields';
import type { JsonPath } from '../syntax/jsonBody';
import { decodeParamValue } from '../syntax/query';
import { checkCall, type RuleContext } from './engine';
import type { CrossFieldRule } from './registry';
import type { RuleFinding } from './ruleFinding';
import { list } from './values';

/** `{result=<name>:$.path}`: a value from the answer of an earlier item. */
const RESULT_REF = /\{result=([^:}]+):[^}]*\}/g;

export const batchRules: CrossFieldRule[] = [
  {
    id: 'REQ-BATCH',
    endpoints: ['batch'],
    check(call, ctx) {
      const endpoint = call.endpoint!;
      const roles = endpoint.batchItem;
      const items = roles && list(call, endpoint.selectedBy!);
      if (!roles || !items) return;
      const names = new Set<string>();
      items.forEach((item, i) => {
        if (item === null || typeof item !== 'object' || Array.isArray(item) || full(ctx)) return;
        const o = item as Record<string, unknown>;
        const at = (member: string): JsonPath => [i, member];
        const refusal = (member: string, message: string, detail?: string): void => {
          ctx.out.push({ rule: 'REQ-BATCH', message: `Batch item ${i}: ${message}`, detail, at: { kind: 'param', name: endpoint.selectedBy!, path: at(member) } });
        };
        const dependsOn = o[roles.dependsOn];
        if (typeof dependsOn === 'string' && dependsOn !== '' && !names.has(dependsOn)) {
          refusal(roles.dependsOn, `no earlier item is named \`${dependsOn}\`, so this item is not run.`, 'An item may wait only for an item before it, by that item\'s `name` (docs/emulator.md, Batch requests).');
        }
        for (const member of [roles.url, roles.body]) {
          const text = o[member];
          if (typeof text !== 'string') continue;
          for (const m of text.matchAll(RESULT_REF)) {
            if (!names.has(m[1])) refusal(member, `\`${m[0]}\` names no earlier item: this item is not run.`, 'A `{result=<name>:$.path}` reads the answer of an earlier item with that `name` (docs/emulator.md, Batch requests).');
          }
        }
        checkItem(call, o, i, roles, ctx);
        const name = o[roles.name];
        if (typeof name === 'string' && name !== '') names.add(name);
      });
    },
  },
];

function full(ctx: RuleContext): boolean {
  return ctx.maxFindings !== undefined && ctx.out.length >= ctx.maxFindings;
}

/** The item as a call of its own, checked by the engine; its findings placed on the item. */
function checkItem(batch: Call, item: Record<string, unknown>, index: number, roles: NonNullable<EndpointDef['batchItem']>, ctx: RuleContext): void {
  const method = item[roles.method];
  const url = item[roles.url];
  const body = item[roles.body];
  if (typeof method !== 'string' || typeof url !== 'string' || (body !== undefined && typeof body !== 'string')) return;
  const { model } = ctx;
  const [pathText, query = ''] = splitOnce(url.replace(/^\/+/, ''), '?');
  const segments: MatchSegment[] = pathText.split('/').filter((s) => s !== '').map((s) => ({ text: decodeParamValue(s), opaque: hasResultRef(s) }));
  const params = new Map<string, CallParam>();
  const add = (text: string, source: 'query' | 'form'): void => {
    for (const pair of text.split('&')) {
      if (pair === '') continue;
      const [name, value = ''] = splitOnce(pair, '=');
      const p: CallParam = { name: decodeParamValue(name), value: decodeParamValue(value), source, opaque: hasResultRef(value) };
      params.set(p.name, p);
    }
  };
  add(query, 'query');
  if (typeof body === 'string') add(body, 'form');
  const split = splitVersion(segments);
  const match = model.selectByParams(model.match(method, split.rest), (name) => params.has(name));
  const place = (p: CallParam | undefined): JsonPath => [index, p?.source === 'form' ? roles.body : roles.url];
  if (match?.endpoint.selectedBy) {
    ctx.out.push({ rule: 'REQ-BATCH', message: `Batch item ${index} is a batch itself: send its items in this batch.`, at: { kind: 'param', name: batch.endpoint!.selectedBy!, path: place(params.get(match.endpoint.selectedBy)) } });
    return;
  }
  const fields = params.get('fields');
  const call: Call = {
    method,
    segments: split.rest,
    match,
    endpoint: match?.endpoint,
    // An item without a version takes the batch's (docs/emulator.md, Batch requests).
    version: split.version ?? (split.versionLike ? undefined : batch.version),
    versionSource: split.version || split.versionLike ? 'path' : batch.versionSource,
    versionLike: split.versionLike,
    params,
    fields: fields && !fields.opaque && typeof fields.value === 'string' ? parseFieldList(fields.value, -1) : undefined,
    fieldsUnlocated: true,
    directives: batch.directives,
    env: batch.env,
  };
  const room = ctx.maxFindings === undefined ? undefined : Math.max(1, ctx.maxFindings - ctx.out.length);
  // An item without a version takes the batch's: when the batch has none either, its own warning says so once.
  const sameVersion = !split.version && !split.versionLike;
  for (const f of checkCall(call, model, { maxFindings: room })) {
    if (sameVersion && f.rule === 'REQ-VERSION-MISSING') continue;
    ctx.out.push(onItem(f, index, batch, params, place));
  }
}

/** An item's finding, shown on the item: its own rule and severity, no fix, and no service answer of the batch's. */
function onItem(f: RuleFinding, index: number, batch: Call, params: Map<string, CallParam>, place: (p: CallParam | undefined) => JsonPath): RuleFinding {
  const named = f.at.kind === 'param' ? params.get(f.at.name) : undefined;
  return {
    rule: f.rule,
    severity: f.severity,
    message: `Batch item ${index}: ${f.message}`,
    detail: f.detail,
    at: { kind: 'param', name: batch.endpoint!.selectedBy!, path: place(named) },
    tags: f.tags,
  };
}

function splitOnce(text: string, on: string): [string, string | undefined] {
  const at = text.indexOf(on);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function hasResultRef(text: string): boolean {
  return text.includes('{result=') || text.includes('%7Bresult=') || text.includes('%7bresult=');
}
