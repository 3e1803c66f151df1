/**
 * ADSET-IOS14: the conditions of [3]'s iOS 14 table for ad set creation that a request shows, once
 * the campaign's kind is known (`# @campaign-type ios14|regular`, or a new campaign in campaign_spec,
 * which is regular). The service answers each with code 100 and the table's number as subcode; it
 * also checks the conditions that need its data (apps, accounts, audiences, pixels, other ad sets:
 * server/src/emulator/nodes/ios14.ts). Values and thresholds: schemas/rules-data/ios14.json.
 */
import type { Call } from '../analysis/call';
import { describeFact } from '../account/accountContext';
import { ios14, objectives } from '../model/rulesData';
import type { CrossFieldRule } from './registry';
import type { Location, RuleFinding } from './ruleFinding';
import { contextCampaign, given, obj, objective, str, timeMs, toList } from './values';

const DOC = '[3] iOS 14 error codes';
const DAY_MS = 86_400_000;

/** The campaign's kind: the directive, else `regular` for a campaign created inline, else the account context's. Undefined when unknown. */
export function campaignType(call: Call): 'ios14' | 'regular' | undefined {
  const d = call.directives.get('campaign-type')?.trim().split(/\s/)[0];
  if (d === 'ios14' || d === 'regular') return d;
  return given(call, 'campaign_spec') ? 'regular' : contextCampaign(call)?.campaignType?.value;
}

/** An iOS entry of targeting.user_os: the versions it selects (undefined: no bound). */
export interface IosRange {
  index: number;
  min?: number;
  max?: number;
}

/** The iOS entries of `targeting.user_os` (`iOS`, `iOS_ver_14.0_and_above`, `iOS_ver_13.0_to_14.4`). */
export function iosRanges(targeting: Record<string, unknown> | undefined): IosRange[] {
  const list = toList(targeting?.[ios14.osTargetingKey]);
  if (!list) return [];
  const re = new RegExp(ios14.osPattern, 'i');
  const out: IosRange[] = [];
  list.forEach((item, index) => {
    const m = typeof item === 'string' ? re.exec(item) : null;
    if (!m) return;
    const min = m[1] !== undefined ? Number(m[1]) : undefined;
    const max = m[2] !== undefined ? Number(m[2]) : m[1] !== undefined && !/_and_above$/i.test(String(item)) ? min : undefined;
    out.push({ index, min, max });
  });
  return out;
}

/** The promoted_object lacks the app store id or URL that an iOS 14 ad set needs (2490250). */
export function lacksAppStore(call: Call): boolean {
  if (campaignType(call) !== 'ios14' || (given(call, 'promoted_object') && !obj(call, 'promoted_object'))) return false;
  const po = obj(call, 'promoted_object');
  const has = (m: string): boolean => !!po && po[m] !== undefined && po[m] !== '';
  return !has('application_id') || !has('object_store_url');
}

function finding(code: number, message: string, at: Location, blame: string, related?: RuleFinding['related']): RuleFinding {
  return { rule: 'ADSET-IOS14', message, detail: `The service answers 100 with subcode ${code} (${DOC}).`, at, related, service: { code: 100, subcode: code, blame: [blame] } };
}

function checkIos14Campaign(call: Call, out: RuleFinding[]): void {
  const campaignAt: Location = given(call, 'campaign_id') ? { kind: 'param', name: 'campaign_id', part: 'value' } : { kind: 'path' };
  const camp = objective(call);
  if (camp && objectives[camp.value] !== undefined && !ios14.appPromotionObjectives.includes(camp.value)) {
    const related = camp.from === 'directive' ? [{ at: { kind: 'directive' as const, name: 'objective' }, message: 'the objective' }] : camp.fact ? [{ at: campaignAt, message: describeFact('the objective', camp.fact) }] : undefined;
    out.push(finding(2490246, `An iOS 14 campaign needs the app-installs objective, not ${camp.value}: put the ad set in an app-promotion campaign.`, campaignAt, 'campaign_id', related));
  }
  if (lacksAppStore(call)) {
    const at: Location = given(call, 'promoted_object') ? { kind: 'param', name: 'promoted_object', part: 'key' } : { kind: 'missing', name: 'promoted_object' };
    out.push(finding(2490250, 'An ad set of an iOS 14 campaign needs `promoted_object` with `application_id` and `object_store_url`: add them.', at, 'promoted_object'));
  }
  const goal = str(call, 'optimization_goal');
  if (goal && ios14.linkClicksGoals.includes(goal)) {
    out.push(finding(2490256, `${goal} optimization is not supported in an iOS 14 campaign: optimize for app installs, an app event or value.`, { kind: 'param', name: 'optimization_goal', part: 'value' }, 'optimization_goal'));
  }
  if (goal === ios14.installs && str(call, 'billing_event') === ios14.installs) {
    out.push(
      finding(2490217, `${ios14.installs} cannot be both billing event and optimization goal in an iOS 14 campaign: bill for impressions.`, { kind: 'param', name: 'billing_event', part: 'value' }, 'billing_event', [
        { at: { kind: 'param', name: 'optimization_goal', part: 'value' }, message: 'the optimization goal' },
      ]),
    );
  }
  const earliest = Number(ios14.earliestIosVersion);
  for (const r of iosRanges(obj(call, 'targeting'))) {
    if (r.min === undefined || r.min >= earliest) continue;
    out.push(finding(2490249, `iOS ${r.min.toFixed(1)} is below ${ios14.earliestIosVersion}, the earliest version an iOS 14 campaign can target: start at ${ios14.earliestIosVersion}.`, { kind: 'param', name: 'targeting', path: [ios14.osTargetingKey, r.index] }, 'targeting'));
  }
  const strategy = str(call, 'bid_strategy');
  const start = timeMs(call, 'start_time');
  const end = timeMs(call, 'end_time');
  if (strategy && ios14.scheduleStrategies.includes(strategy) && start !== undefined && end !== undefined && end !== 0 && end - start < ios14.minScheduleDays * DAY_MS) {
    out.push(
      finding(2490252, `${strategy} in an iOS 14 campaign needs at least ${ios14.minScheduleDays} days between start_time and end_time: move end_time.`, { kind: 'param', name: 'end_time', part: 'value' }, 'end_time', [
        { at: { kind: 'param', name: 'bid_strategy', part: 'value' }, message: 'the bid strategy' },
      ]),
    );
  }
}

function checkRegularCampaign(call: Call, out: RuleFinding[]): void {
  const camp = objective(call);
  if (!camp || !ios14.appPromotionObjectives.includes(camp.value)) return;
  const latest = Number(ios14.regularCampaignLatestIosVersion);
  for (const r of iosRanges(obj(call, 'targeting'))) {
    if (r.max !== undefined && r.max <= latest) continue;
    out.push(
      finding(2490253, `An app campaign that is not an iOS 14 campaign targets iOS up to ${ios14.regularCampaignLatestIosVersion} only: end the range there.`, { kind: 'param', name: 'targeting', path: [ios14.osTargetingKey, r.index] }, 'targeting'),
    );
  }
}

export const ios14Rules: CrossFieldRule[] = [
  {
    id: 'ADSET-IOS14',
    endpoints: ['adset.create'],
    check(call, { out }) {
      const type = campaignType(call);
      if (type === 'ios14') checkIos14Campaign(call, out);
      else if (type === 'regular') checkRegularCampaign(call, out);
    },
  },
];
