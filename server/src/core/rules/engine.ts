/**
 * The rule engine: checks one `Call` against the API model and returns findings by rule ID.
 * Order: the request itself (method, version, endpoint), then each parameter against its schema,
 * then the field list, then the cross-field rules registered for the endpoint. A request refused
 * as a whole (unsupported method, read-only node) gets that one finding and nothing else, so one
 * mistake never cascades into a list of unrelated errors.
 */
import type { Call } from '../analysis/call';
import type { ApiModel } from '../model/apiModel';
import { checkFieldList } from './fieldRules';
import { checkParams } from './paramRules';
import { crossFieldRules } from './registry';
import { checkRequestLevel } from './requestRules';
import type { RuleFinding } from './ruleFinding';

export interface RuleContext {
  model: ApiModel;
  out: RuleFinding[];
}

export function checkCall(call: Call, model: ApiModel): RuleFinding[] {
  const out: RuleFinding[] = [];
  const ctx: RuleContext = { model, out };
  const stop = checkRequestLevel(call, ctx);
  const endpoint = call.endpoint;
  if (stop || !endpoint || endpoint.refuse || endpoint.undocumented) return out;
  checkParams(call, ctx);
  checkFieldList(call, ctx);
  if (call.bodyBroken) return out;
  for (const rule of crossFieldRules) {
    if (rule.endpoints.includes(endpoint.id)) rule.check(call, ctx);
  }
  const absorbed = new Set(out.flatMap((f) => f.absorbs ?? []));
  return absorbed.size ? out.filter((f) => !(f.rule === 'REQ-UNKNOWN-PARAM' && f.at.kind === 'param' && absorbed.has(f.at.name))) : out;
}
