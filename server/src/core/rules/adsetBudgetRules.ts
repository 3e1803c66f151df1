/**
 * Ad set creation: campaign, budgets and schedule.
 * ADSET-CAMPAIGN, ADSET-BUDGET-POSITIVE, ADSET-DAILY-BUDGET-SPAN, ADSET-LIFETIME-END, ADSET-END-ZERO,
 * ADSET-FIXED-CPM-ONLY, ADSET-CAMPAIGN-BUDGET-NEEDED, ADSET-SCHEDULE-ITEM.
 */
import type { CrossFieldRule } from './registry';
import { buyingType, campaignBudget, opaqueParam, campaignBudgetOf, campaignValueAt, campaignValueSource, given, list, num, obj, raw, timeMs, toNumber, toObject } from './values';

const CREATE = ['adset.create'];
const DOC = '[2] Create an ad set';
/** Where the documents say it, for details. */
const SOURCE = `(${DOC})`;

export const budgetRules: CrossFieldRule[] = [
  {
    id: 'ADSET-CAMPAIGN',
    endpoints: CREATE,
    check(call, { out }) {
      const hasId = given(call, 'campaign_id');
      const hasSpec = given(call, 'campaign_spec');
      if (!hasId && !hasSpec) {
        out.push({
          rule: 'ADSET-CAMPAIGN',
          message: 'An ad set belongs to a campaign: give `campaign_id` or `campaign_spec`.',
          detail: `\`campaign_id\` names an existing campaign; \`campaign_spec\` ({name, objective, buying_type}) creates one ${SOURCE}.`,
          at: { kind: 'missing', name: 'campaign_id' },
          fixes: [{ kind: 'addParam', title: 'Add `campaign_id`', name: 'campaign_id', value: '' }],
          service: { code: 100, blame: ['campaign_id'] },
        });
      } else if (hasId && hasSpec) {
        out.push({
          rule: 'ADSET-CAMPAIGN',
          message: 'Give either `campaign_id` or `campaign_spec`, not both: remove one.',
          detail: `\`campaign_spec\` is the alternative to \`campaign_id\` (${DOC}; graphreq refuses both, see docs/rules.md).`,
          at: { kind: 'param', name: 'campaign_spec', part: 'key' },
          related: [{ at: { kind: 'param', name: 'campaign_id', part: 'key' }, message: '`campaign_id` is given here' }],
          fixes: [{ kind: 'removeParam', title: 'Remove `campaign_spec`', name: 'campaign_spec' }],
          service: { code: 100, blame: ['campaign_spec'] },
        });
      }
    },
  },
  {
    id: 'ADSET-BUDGET-POSITIVE',
    endpoints: CREATE,
    check(call, { out }) {
      const daily = num(call, 'daily_budget');
      const lifetime = num(call, 'lifetime_budget');
      const hasDaily = given(call, 'daily_budget');
      const hasLifetime = given(call, 'lifetime_budget');
      if (!hasDaily && !hasLifetime) {
        // With an existing campaign the budget may sit on the campaign (campaign budget optimization):
        // it is certainly missing only when the campaign is known to have none (an inline
        // campaign_spec without one, `# @campaign-budget none`, or the account context).
        const campaign = campaignBudgetOf(call);
        if (campaign?.value === 'none') {
          out.push({
            rule: 'ADSET-BUDGET-POSITIVE',
            message: campaign.from === 'campaign_spec' ? 'No budget: give `daily_budget` or `lifetime_budget` greater than 0.' : 'No budget here nor on the campaign: give `daily_budget` or `lifetime_budget` greater than 0.',
            detail: `Budgets are in the account currency's smallest unit ${SOURCE}.${campaign.from === 'campaign_spec' ? '' : ` The campaign has no budget (${campaignValueSource('campaign budget', campaign, 'campaign-budget')}).`}`,
            at: { kind: 'missing', name: 'daily_budget' },
            related: campaign.from === 'campaign_spec' ? undefined : [{ at: campaignValueAt(campaign, 'campaign-budget', 'daily_budget'), message: 'the campaign, without a budget' }],
            service: { code: 100, blame: ['daily_budget'] },
          });
        }
        return;
      }
      const positive = (daily !== undefined && daily > 0) || (lifetime !== undefined && lifetime > 0);
      const unknown = (hasDaily && daily === undefined) || (hasLifetime && lifetime === undefined);
      if (!positive && !unknown) {
        const name = hasDaily ? 'daily_budget' : 'lifetime_budget';
        out.push({
          rule: 'ADSET-BUDGET-POSITIVE',
          message: `\`${name}\` is ${hasDaily ? daily : lifetime}: either \`daily_budget\` or \`lifetime_budget\` must be greater than 0.`,
          detail: SOURCE,
          at: { kind: 'param', name, part: 'value' },
          service: { code: 100, blame: [name] },
        });
      }
    },
  },
  {
    id: 'ADSET-DAILY-BUDGET-SPAN',
    endpoints: CREATE,
    check(call, { out }) {
      // A daily_budget the schema rejected ("lots") is that one mistake: no span finding on top of it.
      if (!given(call, 'daily_budget') || opaqueParam(call, 'daily_budget')) return;
      // A budget of 0 is no budget of that kind ([2]: either one "must be greater than 0"): a lifetime
      // ad set may send `daily_budget: 0` beside its lifetime budget, over any span.
      if (num(call, 'daily_budget') === 0) return;
      const start = timeMs(call, 'start_time');
      const end = timeMs(call, 'end_time');
      if (start === undefined || end === undefined || end === 0) return; // end_time=0: ongoing.
      const hours = (end - start) / 3_600_000;
      if (hours <= 24) {
        out.push({
          rule: 'ADSET-DAILY-BUDGET-SPAN',
          message: `A daily budget needs more than 24 hours from \`start_time\` to \`end_time\`, ${formatHours(hours)}: move \`end_time\` or use \`lifetime_budget\`.`,
          detail: SOURCE,
          at: { kind: 'param', name: 'end_time', part: 'value' },
          related: [
            { at: { kind: 'param', name: 'start_time', part: 'value' }, message: 'start_time' },
            { at: { kind: 'param', name: 'daily_budget', part: 'key' }, message: 'the daily budget' },
          ],
          service: { code: 100, blame: ['daily_budget'] },
        });
      }
    },
  },
  {
    id: 'ADSET-LIFETIME-END',
    endpoints: CREATE,
    check(call, { out }) {
      // `lifetime_budget: 0` beside a daily budget is no lifetime budget: it needs no end.
      if (!given(call, 'lifetime_budget') || num(call, 'lifetime_budget') === 0) return;
      if (!given(call, 'end_time')) {
        out.push({
          rule: 'ADSET-LIFETIME-END',
          message: '`lifetime_budget` requires `end_time`: add the time by which the budget is spent.',
          detail: `A lifetime budget is spent between start and end ${SOURCE}.`,
          at: { kind: 'param', name: 'lifetime_budget', part: 'key' },
          related: [{ at: { kind: 'missing', name: 'end_time' }, message: '`end_time` is missing from this request' }],
          fixes: [{ kind: 'addParam', title: 'Add `end_time`', name: 'end_time', value: '' }],
          service: { code: 100, blame: ['end_time'] },
        });
      }
    },
  },
  {
    id: 'ADSET-END-ZERO',
    endpoints: CREATE,
    check(call, { out }) {
      const end = raw(call, 'end_time');
      if (toNumber(end) !== 0 || !given(call, 'lifetime_budget') || num(call, 'lifetime_budget') === 0) return;
      out.push({
        rule: 'ADSET-END-ZERO',
        message: '`end_time` 0 means "ongoing", which only a daily budget allows: give a real end time.',
        detail: `A lifetime budget needs a real end time ${SOURCE}.`,
        at: { kind: 'param', name: 'end_time', part: 'value' },
        related: [{ at: { kind: 'param', name: 'lifetime_budget', part: 'key' }, message: 'the lifetime budget' }],
        service: { code: 100, blame: ['end_time'] },
      });
    },
  },
  {
    id: 'ADSET-FIXED-CPM-ONLY',
    endpoints: CREATE,
    check(call, { out }) {
      const buying = buyingType(call);
      if (!buying || buying === 'FIXED_CPM') return;
      for (const name of ['daily_imps', 'lifetime_imps']) {
        if (!given(call, name)) continue;
        out.push({
          rule: 'ADSET-FIXED-CPM-ONLY',
          message: `\`${name}\` only applies with buying_type FIXED_CPM, and this campaign's is ${buying}: remove it.`,
          detail: SOURCE,
          at: { kind: 'param', name, part: 'key' },
          fixes: [{ kind: 'removeParam', title: `Remove \`${name}\``, name }],
          service: { code: 100, blame: [name] },
        });
      }
    },
  },
  {
    id: 'ADSET-CAMPAIGN-BUDGET-NEEDED',
    endpoints: CREATE,
    check(call, { out }) {
      const budget = campaignBudget(call);
      if (!budget) return; // The campaign is not known: no guess.
      const needs: Array<[string, 'daily' | 'lifetime']> = [
        ['daily_min_spend_target', 'daily'],
        ['daily_spend_cap', 'daily'],
        ['lifetime_min_spend_target', 'lifetime'],
        ['lifetime_spend_cap', 'lifetime'],
      ];
      for (const [name, kind] of needs) {
        if (!given(call, name) || budget === kind) continue;
        out.push({
          rule: 'ADSET-CAMPAIGN-BUDGET-NEEDED',
          message: `\`${name}\` needs a ${kind} budget on the campaign, which has ${budget === 'none' ? 'no budget' : `a ${budget} budget`}.`,
          detail: SOURCE,
          at: { kind: 'param', name, part: 'key' },
          service: { code: 100, blame: [name] },
        });
      }
    },
  },
  {
    id: 'ADSET-SCHEDULE-ITEM',
    endpoints: CREATE,
    check(call, { out }) {
      const items = list(call, 'adset_schedule');
      if (!items) return;
      items.forEach((it, i) => {
        const o = toObject(it);
        if (!o) return;
        const start = toNumber(o.start_minute);
        const end = toNumber(o.end_minute);
        if (start !== undefined && end !== undefined && start >= end) {
          out.push({
            rule: 'ADSET-SCHEDULE-ITEM',
            message: `\`adset_schedule[${i}]\`: start_minute (${start}) must come before end_minute (${end}).`,
            detail: `Minutes count from 0 at midnight ${SOURCE}.`,
            at: { kind: 'param', name: 'adset_schedule', path: [i, 'end_minute'] },
            service: { code: 100, blame: ['adset_schedule'] },
          });
        }
      });
    },
  },
];

function formatHours(h: number): string {
  if (h < 0) return 'but `end_time` comes first';
  const n = Math.round(h * 10) / 10;
  return `not ${n === 1 ? '1 hour' : `${n} hours`}`;
}
