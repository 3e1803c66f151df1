/** Reading parameter values the way the API does (text or JSON), for cross-field rules. */
import type { Call } from '../analysis/call';
import { CallParams } from '../analysis/callParams';
import { isOpaque, parseJsonExact } from '../syntax/jsonBody';
import type { Location } from './ruleFinding';
import { outcomeObjective } from '../model/rulesData';
import { campaignFacts, describeFact, type CampaignBudgetKind, type CampaignFacts, type Fact } from '../account/accountContext';

export function num(call: Call, name: string): number | undefined {
  return toNumber(raw(call, name));
}

export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}

export function str(call: Call, name: string): string | undefined {
  const v = raw(call, name);
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

export function obj(call: Call, name: string): Record<string, unknown> | undefined {
  return toObject(raw(call, name));
}

export function toObject(v: unknown): Record<string, unknown> | undefined {
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      v = parseJsonExact(v);
    } catch {
      return undefined;
    }
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function list(call: Call, name: string): unknown[] | undefined {
  return toList(raw(call, name));
}

export function toList(v: unknown): unknown[] | undefined {
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      v = parseJsonExact(v);
    } catch {
      return undefined;
    }
  }
  return Array.isArray(v) ? v : undefined;
}

/** The parameter's value, or undefined when absent or decided at send time. */
export function raw(call: Call, name: string): unknown {
  const params = call.params;
  // A body member is read in place: the cross-field rules read a dozen values a request, and each
  // made into a CallParam (with a map to keep them) was garbage of every valid request.
  if (params instanceof CallParams) return params.knownValue(name);
  const p = params.get(name);
  if (!p || p.opaque || isOpaque(p.value)) return undefined;
  return p.value;
}

/** Present and decided at send time (a value from a variable known only then): `params.get(name)?.opaque`. */
export function opaqueParam(call: Call, name: string): boolean {
  const params = call.params;
  return params instanceof CallParams ? params.opaqueParam(name) : !!params.get(name)?.opaque;
}

/** Present, even if its value is only known at send time. */
export function given(call: Call, name: string): boolean {
  return call.params.has(name);
}

/** A datetime parameter in milliseconds: UNIX seconds (number or digits) or ISO 8601 text. */
export function timeMs(call: Call, name: string): number | undefined {
  const v = raw(call, name);
  const n = toNumber(v);
  if (n !== undefined) return n * 1000;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return isNaN(t) ? undefined : t;
  }
  return undefined;
}

/** Where a campaign fact came from: the request's `campaign_spec`, a directive of the file, or the account context. */
export interface CampaignValue<T> {
  value: T;
  from: 'campaign_spec' | 'directive' | 'context';
  /** The context's fact, with its source and time, when `from` is `context`. */
  fact?: Fact<T>;
}

/** The parameter that names an existing campaign, which the account context is asked about. */
export const CAMPAIGN_ID = 'campaign_id';

/** The facts the account context holds on the request's campaign (`campaign_id`), when it names one. */
export function contextCampaign(call: Call): CampaignFacts | undefined {
  // Without an account context (`check --no-context`) there is nothing to look the campaign up in.
  if (!call.env.context) return undefined;
  const id = call.params.get(CAMPAIGN_ID);
  if (!id || id.opaque || (typeof id.value !== 'string' && typeof id.value !== 'number')) return undefined;
  return campaignFacts(call.env.context, String(id.value).trim());
}

function fromContext<T>(fact: Fact<T> | undefined): CampaignValue<T> | undefined {
  return fact ? { value: fact.value, from: 'context', fact } : undefined;
}

/** The campaign objective: `campaign_spec.objective`, else the `# @objective` directive, else the account context. */
export function objective(call: Call): CampaignValue<string> | undefined {
  const spec = obj(call, 'campaign_spec');
  const fromSpec = spec && typeof spec.objective === 'string' && !isOpaque(spec.objective) ? spec.objective : undefined;
  // [2]'s table writes objectives as words (Sales): a campaign_spec, or a campaign the account holds,
  // that writes the word names the outcome objective (docs/rules.md, ADSET-GOAL-FOR-OBJECTIVE).
  if (fromSpec) return { value: outcomeObjective(fromSpec), from: 'campaign_spec' };
  const d = call.directives.get('objective')?.trim();
  if (d) return { value: d.split(/\s/)[0], from: 'directive' };
  const held = spec ? undefined : fromContext(contextCampaign(call)?.objective);
  return held && { ...held, value: outcomeObjective(held.value) };
}

/** The campaign's buying type: `campaign_spec.buying_type`, else the `# @buying-type` directive, else the account context. */
export function buyingType(call: Call): string | undefined {
  const spec = obj(call, 'campaign_spec');
  if (spec && typeof spec.buying_type === 'string' && !isOpaque(spec.buying_type)) return spec.buying_type;
  const d = call.directives.get('buying-type')?.trim().split(/\s/)[0];
  if (d) return d;
  return spec ? undefined : contextCampaign(call)?.buyingType?.value;
}

/** The campaign's budget kind: the `# @campaign-budget` directive, else what `campaign_spec` carries, else the account context; undefined when unknown. */
export function campaignBudget(call: Call): CampaignBudgetKind | undefined {
  return campaignBudgetOf(call)?.value;
}

export function campaignBudgetOf(call: Call): CampaignValue<CampaignBudgetKind> | undefined {
  const directive = call.directives.get('campaign-budget')?.trim().toLowerCase();
  if (directive === 'daily' || directive === 'lifetime' || directive === 'none') return { value: directive, from: 'directive' };
  const spec = obj(call, 'campaign_spec');
  if (spec) return { value: spec.daily_budget !== undefined ? 'daily' : spec.lifetime_budget !== undefined ? 'lifetime' : 'none', from: 'campaign_spec' };
  return fromContext(contextCampaign(call)?.budget);
}

/** Where a campaign value came from, for a finding's detail: "objective OUTCOME_SALES, from the emulator's state". */
export function campaignValueSource(what: string, v: Pick<CampaignValue<unknown>, 'from' | 'fact'>, directive: string): string {
  if (v.fact) return describeFact(what, v.fact);
  return v.from === 'directive' ? `${what} from the \`# @${directive}\` directive` : `${what} from \`campaign_spec\``;
}

/** Where a finding that used a campaign value points to show it: the directive, campaign_spec's member, or the campaign_id it was looked up by. */
export function campaignValueAt(v: Pick<CampaignValue<unknown>, 'from'>, directive: string, specMember: string): Location {
  if (v.from === 'directive') return { kind: 'directive', name: directive };
  if (v.from === 'campaign_spec') return { kind: 'param', name: 'campaign_spec', path: [specMember] };
  return { kind: 'param', name: 'campaign_id', part: 'value' };
}

/** What the account context knows of the request's campaign, for hover on `campaign_id` (empty when nothing). */
export function campaignContextNote(call: Call): string {
  const facts = contextCampaign(call);
  if (!facts) return call.env.context && call.params.has(CAMPAIGN_ID) ? '\n\nThe account context does not know this campaign.' : '';
  const parts: string[] = [];
  if (facts.objective) parts.push(describeFact('objective', facts.objective));
  if (facts.budget) parts.push(describeFact('budget', facts.budget));
  if (facts.buyingType) parts.push(describeFact('buying type', facts.buyingType));
  if (facts.bidStrategy) parts.push(describeFact('bid strategy', facts.bidStrategy));
  return parts.length ? `\n\nThe campaign: ${parts.join('; ')}.` : '';
}
