/**
 * Ad set rules that stand alone: ADSET-EXECUTION-OPTIONS, ADSET-SPECIAL-CATEGORY (create);
 * ADSET-TIME-RANGE, ADSET-CBO-BID-STRATEGY (read).
 */
import type { CrossFieldRule } from './registry';
import { campaignBudget, given, list, obj } from './values';

export const miscRules: CrossFieldRule[] = [
  {
    id: 'ADSET-EXECUTION-OPTIONS',
    endpoints: ['adset.create'],
    check(call, { out }) {
      const options = list(call, 'execution_options');
      // "Alone": without validate_only, however often it is written.
      if (!options?.includes('include_recommendations') || options.includes('validate_only')) return;
      out.push({
        rule: 'ADSET-EXECUTION-OPTIONS',
        message: '`include_recommendations` cannot be used alone: add `validate_only`.',
        detail: 'Write `["validate_only", "include_recommendations"]` ([2] Create an ad set).',
        at: { kind: 'param', name: 'execution_options', path: [options.indexOf('include_recommendations')] },
        fixes: [{ kind: 'setValue', title: 'Add `validate_only`', name: 'execution_options', value: ['validate_only', 'include_recommendations'], preferred: true }],
        service: { code: 100, blame: ['execution_options'] },
      });
    },
  },
  {
    id: 'ADSET-SPECIAL-CATEGORY',
    endpoints: ['adset.create'],
    check(call, { out }) {
      const spec = obj(call, 'campaign_spec');
      if (!spec || spec.special_ad_category !== undefined || spec.special_ad_categories !== undefined) return;
      out.push({
        rule: 'ADSET-SPECIAL-CATEGORY',
        message: 'Housing, employment and credit campaigns must declare `special_ad_category`.',
        detail: 'Add it if this campaign is one of them: the category restricts the targeting its ads can use ([2] What the service does).',
        at: { kind: 'param', name: 'campaign_spec', part: 'key' },
      });
    },
  },
  {
    id: 'ADSET-TIME-RANGE',
    endpoints: ['adset.read'],
    check(call, { out }) {
      const range = obj(call, 'time_range');
      if (!range || typeof range.since !== 'string' || typeof range.until !== 'string') return;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(range.since) || !/^\d{4}-\d{2}-\d{2}$/.test(range.until)) return;
      const bad = [range.since, range.until].find((d) => !isCalendarDate(d));
      if (!bad && range.since <= range.until) return;
      out.push({
        rule: 'ADSET-TIME-RANGE',
        message: `\`time_range\` is not a valid range (${bad ? `${bad} is not a day of the calendar` : 'since comes after until'}), so the service ignores it: fix the dates.`,
        detail: `It runs from ${range.since} to ${range.until}. The service answers as if no time_range were given. since and until are days written YYYY-MM-DD, since not after until ([2] Read an ad set).`,
        at: { kind: 'param', name: 'time_range', part: 'value' },
      });
    },
  },
  {
    // [2] Create: "With campaign budget optimization set it on the campaign". A campaign with a budget
    // of its own (`# @campaign-budget daily|lifetime`, or campaign_spec with one) is such a campaign.
    id: 'ADSET-CBO-BID-STRATEGY',
    endpoints: ['adset.create'],
    check(call, { out }) {
      const budget = campaignBudget(call);
      if (!given(call, 'bid_strategy') || (budget !== 'daily' && budget !== 'lifetime')) return;
      out.push({
        rule: 'ADSET-CBO-BID-STRATEGY',
        message: `The campaign has a ${budget} budget (campaign budget optimization): set bid_strategy on the campaign, not the ad set.`,
        detail: '[2] Create an ad set, bid_strategy: with campaign budget optimization set it on the campaign.',
        at: { kind: 'param', name: 'bid_strategy', part: 'key' },
        related: call.directives.has('campaign-budget') ? [{ at: { kind: 'directive', name: 'campaign-budget' }, message: 'the campaign budget' }] : undefined,
      });
    },
  },
  {
    id: 'ADSET-CBO-BID-STRATEGY',
    endpoints: ['adset.read'],
    check(call, { out }) {
      const item = call.fields?.items.find((i) => i.name === 'bid_strategy');
      if (!item) return;
      out.push({
        rule: 'ADSET-CBO-BID-STRATEGY',
        message: 'With campaign budget optimization, bid_strategy is read on the campaign.',
        detail: 'It is read (and set) on the campaign, not the ad set ([2] Ad set read fields).',
        at: call.params.get('fields')?.source === 'json' || call.fieldsUnlocated ? { kind: 'param', name: 'fields', part: 'value' } : { kind: 'field', item },
      });
    },
  },
];

/** `2025-02-30` has the right shape but is no day: the date must survive a round trip through Date. */
function isCalendarDate(text: string): boolean {
  const t = Date.parse(`${text}T00:00:00Z`);
  return !isNaN(t) && new Date(t).toISOString().slice(0, 10) === text;
}
