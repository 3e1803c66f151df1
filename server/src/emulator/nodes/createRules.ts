/**
 * The creation's rules on the ad set an update or a copy leaves behind. [2] Regional-regulation rules 1:
 * "This applies to new, duplicated or significantly edited ads", and 3: the defaults fill a missing
 * value "at creation, updating and ad creation"; a copy takes the original's parameters with its own
 * start_time, end_time and campaign ("the copy inherits campaign settings such as budget"), so the
 * create rules those decide (ADSET-END-ZERO, ADSET-DAILY-BUDGET-SPAN, ADSET-LIFETIME-END,
 * ADSET-BUDGET-POSITIVE, the objective's goals) hold for it as they hold at creation.
 *
 * The ad set is described as the creation call that would make it and run through the same rule
 * engine. Only what the change brings refuses: a finding the ad set had before the change (seed data,
 * a rule newer than the record) is not the caller's doing. Request-level rules (unknown parameters,
 * versions) stay with the call itself: the documents do not show the update's parameters.
 */
import { checkCall, type Call, type RuleFinding } from '../../core';
import { buildCall } from '../buildCall';
import type { HandlerContext } from '../handlers/context';
import { refusalOf, refusingFinding } from '../refusal';
import type { AccountRecord, AdSetRecord } from '../state';

/** An ad set as its creation call would describe it. */
export type AdSetShape = Pick<AdSetRecord, 'account_id' | 'campaign_id' | 'name' | 'configured_status' | 'start_time' | 'end_time' | 'params'>;

/** The creation call that would make `shape`, with what the emulator knows of its account and campaign. */
export function creationCall(shape: AdSetShape, ctx: HandlerContext): Call {
  const seconds = (ms: number | undefined): number | undefined => (ms === undefined ? undefined : Math.floor(ms / 1000));
  const members: Record<string, unknown> = {
    ...shape.params,
    name: shape.name,
    campaign_id: shape.campaign_id,
    status: shape.configured_status,
    // A time an update sent that is no datetime stays in `params` as sent, for the rules to refuse.
    start_time: 'start_time' in shape.params ? shape.params.start_time : seconds(shape.start_time),
    end_time: 'end_time' in shape.params ? shape.params.end_time : seconds(shape.end_time),
  };
  const params = Object.entries(members)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value, source: 'json' as const }));
  const input = { method: 'POST', segments: [ctx.version.text, `act_${shape.account_id}`, 'adsets'], params, headers: new Map<string, string>() };
  return buildCall(input, ctx.config, ctx.store.state, new Date(ctx.now).toISOString().slice(0, 10)).call;
}

/** Throws the service's refusal of the first creation rule that `after` breaks and `before` kept. */
export function refuseWhatTheChangeBreaks(before: AdSetShape, after: AdSetShape, ctx: HandlerContext): void {
  const adSetRules = (call: Call): RuleFinding[] => checkCall(call, ctx.model).filter((f) => f.rule.startsWith('ADSET-'));
  const had = new Set(adSetRules(creationCall(before, ctx)).map(findingKey));
  const refusal = refusingFinding(
    adSetRules(creationCall(after, ctx)).filter((f) => !had.has(findingKey(f))),
    ctx.model,
  );
  if (refusal) throw refusalOf(refusal, ctx.model);
}

function findingKey(f: RuleFinding): string {
  return `${f.rule} ${JSON.stringify(f.at)} ${f.service?.subcode ?? ''}`;
}

/**
 * [2] Regional-regulation rules 3 and 5, at creation and updating: each missing payor or beneficiary
 * takes its own account default (never the other value), and the values are stored only for an ad set
 * that targets the EU (`eu` true); for one that certainly does not they are dropped.
 */
export function storeRegionalValues(params: Record<string, unknown>, eu: boolean | undefined, account: AccountRecord | undefined): void {
  if (eu === true) {
    params.dsa_payor = nonEmpty(params.dsa_payor) ?? account?.default_dsa_payor;
    params.dsa_beneficiary = nonEmpty(params.dsa_beneficiary) ?? account?.default_dsa_beneficiary;
  } else if (eu === false) {
    delete params.dsa_payor;
    delete params.dsa_beneficiary;
  }
}

function nonEmpty(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}
