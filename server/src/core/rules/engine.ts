/**
 * The rule engine: checks one `Call` against the API model and returns findings by rule ID.
 * Order: the request itself (method, version, endpoint), then each parameter against its schema,
 * then the field list, then the cross-field rules registered for the endpoint. A request refused
 * as a whole (unsupported method, read-only node) gets that one finding and nothing else, so one
 * mistake never cascades into a list of unrelated errors. Likewise a value the schema rejects is
 * hidden from the cross-field rules, which would otherwise report the same mistake again.
 */
import type { Call } from '../analysis/call';
import { CallParams } from '../analysis/callParams';
import type { ApiModel } from '../model/apiModel';
import { checkFieldList } from './fieldRules';
import { checkParams } from './paramRules';
import { crossFieldRules, type CrossFieldRule } from './registry';
import { checkRequestLevel } from './requestRules';
import type { RuleFinding } from './ruleFinding';

export interface CheckOptions {
  /**
   * A query or form parameter's text as written in the file, before percent-decoding. The editor
   * knows it; a request that reached a server does not. Rules about how a value is written
   * (URL-ID-ENCODED) read it, and say less without it.
   */
  written?: (name: string) => string | undefined;
  /**
   * Stop checking parameters, items and members once this many findings are out (the editor's limit
   * a request, validation.ts): a body of 100,000 mistakes costs the first few of them, not all. The
   * emulator sets none: a refusal must not depend on where the mistake is.
   */
  maxFindings?: number;
}

export interface RuleContext extends CheckOptions {
  model: ApiModel;
  out: RuleFinding[];
}

export function checkCall(call: Call, model: ApiModel, opts: CheckOptions = {}): RuleFinding[] {
  return withServiceBehaviour(checkAll(call, model, opts), model);
}

/**
 * How the service answers each finding follows RULES.md's Service column (schemas/rules.json): where
 * it says the service ignores the value ("ignores it"), or says nothing ("—") about a finding that
 * is no error in the editor, the service accepts the call. Editor errors are refused, so that a
 * request the editor flags with an error is one the emulator refuses.
 */
function withServiceBehaviour(findings: RuleFinding[], model: ApiModel): RuleFinding[] {
  for (const f of findings) {
    if (!f.service) continue;
    const info = model.rule(f.rule);
    const service = info?.service.trim() ?? '';
    const severity = f.severity ?? info?.severity;
    if (/^ignores/i.test(service) || (/^[—-]$/.test(service) && severity !== 'error')) delete f.service;
  }
  return findings;
}

/** The cross-field rules registered for each endpoint, in the registry's order (found once per endpoint, not per call). */
const rulesByEndpoint = new Map<string, CrossFieldRule[]>();
function rulesFor(endpoint: string): CrossFieldRule[] {
  let list = rulesByEndpoint.get(endpoint);
  if (!list) rulesByEndpoint.set(endpoint, (list = crossFieldRules.filter((rule) => rule.endpoints.includes(endpoint))));
  return list;
}

function checkAll(call: Call, model: ApiModel, opts: CheckOptions): RuleFinding[] {
  const out: RuleFinding[] = [];
  // Built field by field: a spread of the options was a sixtieth of a cold check of a file with findings.
  const ctx: RuleContext = { written: opts.written, maxFindings: opts.maxFindings, model, out };
  const stop = checkRequestLevel(call, ctx);
  const endpoint = call.endpoint;
  if (stop || !endpoint || endpoint.refuse) return out;
  // An undocumented list is not checked, but for the fields of its items, which the documents give (the ad set's).
  if (endpoint.undocumented) {
    if (endpoint.itemsNode) checkFieldList(call, ctx);
    return out;
  }
  const before = out.length;
  checkParams(call, ctx);
  checkFieldList(call, ctx);
  if (call.bodyBroken) return out;
  // A parameter whose value the schema rejected is unknown to the cross-field rules (as if decided at
  // send time), so `"daily_budget": "abc"` is one ADSET-TYPES finding, not also ADSET-BUDGET-POSITIVE.
  let rejected: Set<string> | undefined;
  for (let i = before; i < out.length; i++) {
    const f = out[i];
    if (f.rejectsValue && (f.at.kind === 'param' || f.at.kind === 'missing')) (rejected ??= new Set()).add(f.at.name);
  }
  const checked: Call = rejected
    ? { ...call, params: call.params instanceof CallParams ? call.params.withRejected(rejected) : new Map([...call.params].map(([name, p]) => [name, rejected!.has(name) ? { ...p, opaque: true } : p])) }
    : call;
  for (const rule of rulesFor(endpoint.id)) rule.check(checked, ctx);
  // Looked for without a set or a list per call: nearly every call absorbs nothing.
  let absorbed: Set<string> | undefined;
  for (const f of out) if (f.absorbs?.length) for (const name of f.absorbs) (absorbed ??= new Set()).add(name);
  return absorbed ? out.filter((f) => !(f.rule === 'REQ-UNKNOWN-PARAM' && f.at.kind === 'param' && absorbed!.has(f.at.name))) : out;
}
