/**
 * Ad set creation, `POST /{version}/act_<ad_account_id>/adsets` ([2] Create an ad set, Objective
 * mapping, promoted_object, Regional-regulation rules, Versioning). `adsetCreate({...})` is a valid
 * request with the given members changed; `mark` puts the expected ranges around its text.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyContext, type AccountContext } from '../../../server/src/core';
import { adsetCreate, applyFix, checkDiagnostics, findingsOf } from '../../helpers';
import { describeRuleCases, mark, whenRun, type MarkTarget, type RuleCases } from './ruleCases';

const PATH = '/v23.0/act_1234567890/adsets';

/** A campaign created inline, declaring no special category (so ADSET-SPECIAL-CATEGORY stays quiet). */
function spec(objective: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { campaign_id: undefined, campaign_spec: { name: 'Launch', objective, buying_type: 'AUCTION', special_ad_categories: [], ...extra } };
}

/** adsetCreate with expected ranges marked. */
function create(members: Record<string, unknown>, targets: MarkTarget[], opts: Parameters<typeof adsetCreate>[1] = {}): string {
  return mark(adsetCreate(members, opts), ...targets);
}

/** Marks the value of `"key": value` (its first occurrence). */
function valueOf(key: string, value: string): MarkTarget {
  return { after: `"${key}": `, text: value };
}

/** An account context that holds campaign 120200000000000001 (adsetBody's) as an awareness campaign with the given budget. */
function knownCampaign(budget: 'daily' | 'lifetime' | 'none'): AccountContext {
  const ctx = emptyContext({ kind: 'emulator' });
  const source = { kind: 'emulator' as const };
  ctx.campaigns['120200000000000001'] = { objective: { value: 'OUTCOME_AWARENESS', source, at: 0 }, budget: { value: budget, source, at: 0 } };
  ctx.key = `known:${budget}`;
  return ctx;
}

const EU = { targeting: { geo_locations: { countries: ['FR'] } } };
/** An app-install ad set as an iOS 14 campaign takes it ([3] iOS 14 error codes). */
const IOS14_APP = { billing_event: 'IMPRESSIONS', optimization_goal: 'APP_INSTALLS', promoted_object: { application_id: 1234567890, object_store_url: 'https://apps.example.com/app/id1234567890' } };
const DSA = { dsa_payor: 'Librairie Exemple SARL', dsa_beneficiary: 'Librairie Exemple SARL' };

/** One failing case per enum parameter or member that RULES.md lists under ADSET-ENUMS. */
const enumFailures: Array<[string, Record<string, unknown>, string]> = [
  ['bid_strategy', { bid_strategy: 'LOWEST_COST' }, '"LOWEST_COST"'],
  ['billing_event', { billing_event: 'IMPRESION' }, '"IMPRESION"'],
  ['optimization_goal', { optimization_goal: 'REACHH' }, '"REACHH"'],
  ['optimization_sub_event', { optimization_sub_event: 'SOUND_ON' }, '"SOUND_ON"'],
  ['destination_type', { destination_type: 'WEBSIT' }, '"WEBSIT"'],
  ['automatic_manual_state', { automatic_manual_state: 'AUTO' }, '"AUTO"'],
  ['budget_source', { budget_source: 'RETAIL' }, '"RETAIL"'],
  ['cost_bidding_mode', { cost_bidding_mode: 'FAST' }, '"FAST"'],
  ['multi_optimization_goal_weight', { multi_optimization_goal_weight: 'EVEN' }, '"EVEN"'],
  ['execution_options', { execution_options: ['validate'] }, '"validate"'],
  ['contextual_bundling_spec.status', { contextual_bundling_spec: { status: 'OPTIN_X' } }, '"OPTIN_X"'],
  ['adset_schedule.timezone_type', { adset_schedule: [{ start_minute: 0, end_minute: 60, days: [1], timezone_type: 'LOCAL' }] }, '"LOCAL"'],
  ['attribution_spec.event_type', { attribution_spec: [{ event_type: 'CLICK', window_days: 7 }] }, '"CLICK"'],
  ['budget_schedule_specs.budget_value_type', { budget_schedule_specs: [{ budget_value: 2, budget_value_type: 'PERCENT' }] }, '"PERCENT"'],
  ['budget_schedule_specs.recurrence_type', { budget_schedule_specs: [{ budget_value: 2, recurrence_type: 'DAILY' }] }, '"DAILY"'],
  ['frequency_control_specs.event', { frequency_control_specs: [{ event: 'CLICKS', interval_days: 7, max_frequency: 2 }] }, '"CLICKS"'],
  ['frequency_control_specs.type', { frequency_control_specs: [{ event: 'IMPRESSIONS', interval_days: 7, max_frequency: 2, type: 'LIMIT' }] }, '"LIMIT"'],
  ['promoted_object.custom_event_type', { promoted_object: { pixel_id: '1', custom_event_type: 'BUY' } }, '"BUY"'],
  ['promoted_object.lead_ads_form_event_source_type', { promoted_object: { page_id: '1', lead_ads_form_event_source_type: 'crm' } }, '"crm"'],
  ['promoted_object.lead_ads_custom_event_type', { promoted_object: { page_id: '1', lead_ads_custom_event_type: 'SIGNUP' } }, '"SIGNUP"'],
  ['promoted_object.lead_ads_offsite_conversion_type', { promoted_object: { page_id: '1', lead_ads_offsite_conversion_type: 'web' } }, '"web"'],
  ['promoted_object.value_semantic_type', { promoted_object: { pixel_id: '1', value_semantic_type: 'PROFIT' } }, '"PROFIT"'],
];

export const cases: RuleCases = {
  'ADSET-ACCOUNT-ID': {
    fail: [
      { name: 'letters after act_', text: create({}, ['act_abc'], { account: 'abc' }) },
      { name: 'a dash in the id', text: create({}, ['act_12-34'], { account: '12-34' }) },
    ],
    pass: [
      { name: 'act_ and digits', text: adsetCreate() },
      { name: 'from a variable', text: '@account = 1234567890\n\n###\n' + adsetCreate({}, { account: '{{account}}' }) },
    ],
  },
  'ADSET-NAME-REQUIRED': {
    fail: [
      { name: 'no name in a JSON body', text: create({ name: undefined }, [PATH]) },
      { name: 'no name in a form body', text: `POST ⟦${PATH}⟧\n\ncampaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&status=PAUSED\n` },
      // Required means a name: an empty one is none (docs/rules.md, ADSET-NAME-REQUIRED decision).
      { name: 'an empty name', text: create({ name: '' }, ['""']) },
      { name: 'an empty name in a form body', text: `POST ${PATH}\n\n⟦name=⟧&campaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH\n` },
      // White space only is no name either (docs/rules.md, ADSET-NAME-REQUIRED decision).
      { name: 'a name of spaces', text: create({ name: '   ' }, ['"   "']) },
      { name: 'a name of a tab and a line feed (escaped)', text: create({ name: '\t\n' }, ['"\\t\\n"']) },
      { name: 'a name of encoded spaces in a form body', text: `POST ${PATH}\n\nname=⟦%20+%20⟧&campaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&status=PAUSED\n` },
    ],
    pass: [
      { name: 'a name', text: adsetCreate({ name: 'Spring sale' }) },
      { name: 'a name in the query string', text: `POST ${PATH}?name=Spring+sale&campaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&status=PAUSED\n` },
      { name: 'a name with spaces around it', text: adsetCreate({ name: '  Spring sale  ' }) },
      { name: 'a name of one non-breaking space is a character', text: adsetCreate({ name: '\u00a0x' }) },
    ],
  },
  'ADSET-NAME-MAX': {
    fail: [
      { name: '401 characters', text: create({ name: 'a'.repeat(401) }, [`"${'a'.repeat(401)}"`]) },
      { name: '401 emoji', text: create({ name: '🎉'.repeat(401) }, [`"${'🎉'.repeat(401)}"`]) },
    ],
    pass: [
      { name: '400 characters', text: adsetCreate({ name: 'a'.repeat(400) }) },
      { name: '400 emoji: characters, not bytes or UTF-16 units', text: adsetCreate({ name: '🎉'.repeat(400) }) },
      { name: 'one character', text: adsetCreate({ name: 'a' }) },
    ],
  },
  'ADSET-CAMPAIGN': {
    fail: [
      { name: 'neither campaign_id nor campaign_spec', text: create({ campaign_id: undefined }, [PATH]) },
      { name: 'both', text: create({ ...spec('OUTCOME_AWARENESS'), campaign_id: '120200000000000001' }, ['"campaign_spec"']) },
      { name: 'campaign_id not numeric', text: create({ campaign_id: 'spring' }, ['"spring"']) },
    ],
    pass: [
      { name: 'campaign_id', text: adsetCreate({ campaign_id: '120200000000000001' }) },
      { name: 'campaign_id as an integer', text: adsetCreate({ campaign_id: 120200000000000001 }) },
      { name: 'campaign_spec', text: adsetCreate(spec('OUTCOME_AWARENESS')) },
    ],
  },
  'ADSET-ENUMS': {
    fail: enumFailures.map(([name, members, value]) => ({ name, text: create(members, [value]) })),
    pass: [
      {
        name: 'a listed value for each enum',
        text: adsetCreate({
          bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
          billing_event: 'IMPRESSIONS',
          optimization_goal: 'REACH',
          optimization_sub_event: 'TRAVEL_INTENT_BUCKET_03',
          destination_type: 'WEBSITE',
          automatic_manual_state: 'MANUAL',
          budget_source: 'RMN',
          cost_bidding_mode: 'BALANCED',
          multi_optimization_goal_weight: 'PREFER_EVENT',
          execution_options: ['validate_only'],
          contextual_bundling_spec: { status: 'OPT_IN' },
          adset_schedule: [{ start_minute: 0, end_minute: 60, days: [1], timezone_type: 'ADVERTISER' }],
          pacing_type: ['day_parting'],
          attribution_spec: [{ event_type: 'VIEW_THROUGH', window_days: 1 }],
          budget_schedule_specs: [{ budget_value: 2, budget_value_type: 'MULTIPLIER', recurrence_type: 'WEEKLY' }],
          frequency_control_specs: [{ event: 'VIDEO_VIEWS_15S', interval_days: 7, max_frequency: 2, type: 'TARGET' }],
          promoted_object: { pixel_id: '1', custom_event_type: 'PURCHASE', value_semantic_type: 'MARGIN', lead_ads_offsite_conversion_type: 'clo', lead_ads_form_event_source_type: 'onsite_crm' },
        }),
      },
      { name: 'VIDEO_VIEWS, described in the read fields', text: adsetCreate({ billing_event: 'VIDEO_VIEWS', optimization_goal: 'THRUPLAY' }) },
      { name: 'REACH, named by the bid_amount rows', text: adsetCreate({ billing_event: 'REACH' }) },
      { name: 'billing_event NONE', text: adsetCreate({ billing_event: 'NONE' }) },
    ],
  },
  'ADSET-TYPES': {
    fail: [
      { name: 'int64 given text', text: create({ daily_budget: 'lots' }, ['"lots"']) },
      { name: 'int64 given a fraction', text: create({ daily_budget: 20.5 }, ['20.5']) },
      { name: 'boolean given text', text: create({ is_dynamic_creative: 'yes' }, ['"yes"']) },
      // A boolean is true or false (as `scrape=1` is not true, URL-SCRAPE-REQUIRED): 1 in a form body is no boolean.
      { name: 'boolean given 1 in a form body', text: `POST ${PATH}\n\nname=x&campaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&status=PAUSED&is_dynamic_creative=⟦1⟧\n` },
      { name: 'datetime given words', text: create({ start_time: 'tomorrow' }, ['"tomorrow"']) },
      { name: 'list given text', text: create({ creative_sequence: '1,2' }, ['"1,2"']) },
      { name: 'list item not numeric', text: create({ creative_sequence: ['1', 'two'] }, ['"two"']) },
      { name: 'object given a list', text: create({ promoted_object: ['1'] }, [valueOf('promoted_object', '[\n    "1"\n  ]')]) },
      { name: 'JSON text that is not JSON, in a form body', text: `POST ${PATH}\n\nname=x&campaign_id=1&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&adset_schedule=⟦[{"start_minute":0⟧\n` },
      { name: 'int64 past its range, as digits', text: create({ daily_budget: '99999999999999999999' }, ['"99999999999999999999"']) },
      { name: 'int64 one past its largest value, unquoted', text: mark(adsetCreate().replace('"daily_budget": 2000', '"daily_budget": 9223372036854775808'), '9223372036854775808') },
      { name: 'int64 one below its smallest value, in a form body', text: `POST ${PATH}\n\nname=x&campaign_id=1&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&lifetime_spend_cap=⟦-9223372036854775809⟧\n` },
      { name: 'object_store_url that is not a URL', text: create({ optimization_goal: 'APP_INSTALLS', promoted_object: { application_id: 1234, object_store_url: 'not a url' } }, ['"not a url"']) },
      { name: 'object_store_urls with an item that is not a URL', text: create({ promoted_object: { object_store_urls: ['https://apps.example/app', 'apps.example/app'] } }, ['"apps.example/app"']) },
      // [2] Create: "targeting | JSON object": a value that is no object at all is a wrong type, not a shape to guess at.
      { name: 'targeting not an object ([2] "targeting | JSON object")', text: create({ targeting: 'US' }, ['"US"']) },
      // [2] Ad set read fields: "bid_amount | unsigned int32".
      { name: 'bid_amount above unsigned int32 ([2] "bid_amount | unsigned int32")', text: create({ bid_amount: 4294967296, bid_strategy: 'LOWEST_COST_WITH_BID_CAP' }, ['4294967296']) },
      // ADSET-NAME-MAX is the length ([2] "Max 400 characters"); a name that is not text at all is a type error.
      { name: 'name given a number', text: create({ name: 42 }, ['42']) },
    ],
    pass: [
      { name: 'bid_amount at the largest unsigned int32', text: adsetCreate({ bid_amount: 4294967295, bid_strategy: 'LOWEST_COST_WITH_BID_CAP' }) },
      { name: 'numbers as digit strings, as form fields carry them', text: adsetCreate({ daily_budget: '2000', bid_amount: '150', bid_strategy: 'LOWEST_COST_WITH_BID_CAP' }) },
      { name: 'booleans as text', text: adsetCreate({ is_dynamic_creative: 'true' }) },
      { name: 'datetimes as UNIX seconds and ISO 8601', text: adsetCreate({ start_time: 1788213600, end_time: '2026-09-15T00:00:00+0200' }) },
      { name: 'numeric ids as strings or integers', text: adsetCreate({ creative_sequence: ['120200000000000010', 120200000000000011] }) },
      { name: 'int64 at its largest value, unquoted', text: adsetCreate().replace('"daily_budget": 2000', '"daily_budget": 9223372036854775807') },
      { name: 'int64 past 2^53, as digits', text: adsetCreate({ daily_budget: '9007199254740993' }) },
      { name: 'object_store_url an app store URL', text: adsetCreate({ optimization_goal: 'APP_INSTALLS', promoted_object: { application_id: 1234, object_store_url: 'itms-apps://apps.example.com/app/id1234' } }) },
      {
        name: 'objects and lists as JSON text in a form body',
        text: `POST ${PATH}\n\nname=Spring sale&campaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&targeting={"geo_locations":{"countries":["US"]},"publisher_platforms":["social","photo"]}&adset_schedule=[{"start_minute":0,"end_minute":720,"days":[1,2,3]}]&is_dynamic_creative=false&status=PAUSED\n`,
      },
      {
        name: 'in the query string, as [2] allows',
        text: `POST ${PATH}?name=Spring%20sale&campaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&targeting=%7B%22geo_locations%22%3A%7B%22countries%22%3A%5B%22US%22%5D%7D%7D&status=PAUSED\n`,
      },
    ],
  },
  'ADSET-BUDGET-POSITIVE': {
    fail: [
      { name: 'daily_budget 0', text: create({ daily_budget: 0 }, [valueOf('daily_budget', '0')]) },
      { name: 'negative daily_budget', text: create({ daily_budget: -100 }, ['-100']) },
      {
        name: 'lifetime_budget 0',
        text: create({ daily_budget: undefined, lifetime_budget: 0, end_time: '2026-09-15T00:00:00+0200' }, [valueOf('lifetime_budget', '0')]),
      },
      { name: 'a new campaign and no budget anywhere', text: create({ ...spec('OUTCOME_AWARENESS'), daily_budget: undefined }, [PATH]) },
      { name: 'an existing campaign without a budget (directive)', text: create({ daily_budget: undefined }, [PATH], { directives: ['campaign-budget none'] }) },
      { name: 'an existing campaign without a budget (account context)', text: create({ daily_budget: undefined }, [PATH]), env: { context: knownCampaign('none') } },
      // [2] Create: "Either daily_budget or lifetime_budget must be greater than 0", and the campaign holds none.
      { name: 'an existing campaign without a budget, and none on the ad set', text: create({ daily_budget: undefined }, [PATH], { directives: ['campaign-budget none'] }) },
    ],
    pass: [
      { name: 'daily_budget > 0', text: adsetCreate({ daily_budget: 1 }) },
      { name: 'lifetime_budget > 0', text: adsetCreate({ daily_budget: undefined, lifetime_budget: 50000, end_time: '2026-09-15T00:00:00+0200' }) },
      { name: 'an existing campaign may hold the budget', text: adsetCreate({ daily_budget: undefined }) },
      { name: 'an existing campaign that holds a daily budget', text: adsetCreate({ daily_budget: undefined }, { directives: ['campaign-budget daily'] }) },
      { name: 'a new campaign with a budget', text: adsetCreate({ ...spec('OUTCOME_AWARENESS', { daily_budget: 5000 }), daily_budget: undefined }) },
      { name: 'the campaign has a budget (account context)', text: adsetCreate({ daily_budget: undefined }), env: { context: knownCampaign('daily') } },
      { name: 'the directive wins over the account context', text: adsetCreate({ daily_budget: undefined }, { directives: ['campaign-budget lifetime'] }), env: { context: knownCampaign('none') } },
    ],
  },
  'ADSET-CAMPAIGN-UNKNOWN': {
    fail: [
      { name: 'a campaign the emulator does not hold, a goal to check', text: create({}, ['"120200000000000001"']), expect: ['ADSET-CAMPAIGN-UNKNOWN:hint'], env: { context: emptyContext({ kind: 'emulator' }) } },
      {
        name: "an environment's campaign not read yet, no budget",
        text: create({ daily_budget: undefined, optimization_goal: undefined }, ['"120200000000000001"']),
        env: { context: emptyContext({ kind: 'environment', name: 'prod', fetch: true }) },
      },
    ],
    pass: [
      { name: 'the context knows the campaign', text: adsetCreate({ daily_budget: undefined }), env: { context: knownCampaign('daily') } },
      { name: 'the directives say it', text: adsetCreate({ daily_budget: undefined }, { directives: ['objective OUTCOME_AWARENESS', 'campaign-budget daily'] }), env: { context: emptyContext({ kind: 'emulator' }) } },
      { name: 'a campaign created inline', text: adsetCreate({ ...spec('OUTCOME_AWARENESS'), daily_budget: 100 }), env: { context: emptyContext({ kind: 'emulator' }) } },
      { name: 'no account context: nothing is known by choice', text: adsetCreate({ daily_budget: undefined }) },
    ],
  },
  'ADSET-DAILY-BUDGET-SPAN': {
    fail: [
      {
        name: '12 hours',
        text: create({ start_time: '2026-09-01T00:00:00+0000', end_time: '2026-09-01T12:00:00+0000' }, ['"2026-09-01T12:00:00+0000"']),
      },
      { name: 'exactly 24 hours (UNIX seconds)', text: create({ start_time: 1788220800, end_time: 1788307200 }, ['1788307200']) },
    ],
    pass: [
      { name: 'more than 24 hours', text: adsetCreate({ start_time: 1788220800, end_time: 1788307201 }) },
      { name: 'end_time 0: ongoing', text: adsetCreate({ start_time: 1788220800, end_time: 0 }) },
      { name: 'no end_time', text: adsetCreate({ start_time: 1788220800 }) },
      // A daily budget of 0 is no daily budget ([2]: either budget "must be greater than 0"): a 12-hour lifetime ad set.
      {
        name: 'daily_budget 0 beside a lifetime budget, 12 hours',
        text: adsetCreate({ daily_budget: 0, lifetime_budget: 50000, start_time: '2026-09-01T00:00:00+0000', end_time: '2026-09-01T12:00:00+0000' }),
      },
    ],
  },
  'ADSET-LIFETIME-END': {
    fail: [{ name: 'lifetime_budget without end_time', text: create({ daily_budget: undefined, lifetime_budget: 50000 }, ['"lifetime_budget"']) }],
    pass: [
      { name: 'with end_time', text: adsetCreate({ daily_budget: undefined, lifetime_budget: 50000, end_time: 1788307200 }) },
      { name: 'lifetime_budget 0 beside a daily budget is no lifetime budget', text: adsetCreate({ lifetime_budget: 0 }) },
      { name: 'lifetime_budget "0" (form text) beside a daily budget', text: `POST ${PATH}\n\nname=Sale&campaign_id=120200000000000001&daily_budget=2000&lifetime_budget=0&billing_event=IMPRESSIONS&optimization_goal=REACH\n` },
    ],
  },
  'ADSET-END-ZERO': {
    fail: [{ name: 'lifetime budget and end_time 0', text: create({ daily_budget: undefined, lifetime_budget: 50000, end_time: 0 }, [valueOf('end_time', '0')]) }],
    pass: [
      { name: 'daily budget and end_time 0 (ongoing)', text: adsetCreate({ end_time: 0 }) },
      { name: 'daily budget, lifetime_budget 0 and end_time 0', text: adsetCreate({ lifetime_budget: 0, end_time: 0 }) },
    ],
  },
  'ADSET-BID-AMOUNT-REQUIRED': {
    fail: [
      { name: 'COST_CAP without bid_amount', text: create({ bid_strategy: 'COST_CAP' }, ['"COST_CAP"']) },
      { name: 'LOWEST_COST_WITH_BID_CAP without bid_amount', text: create({ bid_strategy: 'LOWEST_COST_WITH_BID_CAP' }, ['"LOWEST_COST_WITH_BID_CAP"']) },
    ],
    pass: [
      { name: 'with bid_amount', text: adsetCreate({ bid_strategy: 'COST_CAP', bid_amount: 500 }) },
      { name: 'LOWEST_COST_WITHOUT_CAP needs none', text: adsetCreate({ bid_strategy: 'LOWEST_COST_WITHOUT_CAP' }) },
      { name: 'reach and frequency buying (campaign_spec)', text: adsetCreate({ ...spec('OUTCOME_AWARENESS', { buying_type: 'RESERVED' }), bid_strategy: 'COST_CAP' }) },
      { name: 'reach and frequency buying (directive)', text: adsetCreate({ bid_strategy: 'COST_CAP' }, { directives: ['buying-type RESERVED'] }) },
    ],
  },
  'ADSET-BID-AMOUNT-MIN': {
    fail: [
      { name: '1 per 1,000 impressions', text: create({ bid_strategy: 'COST_CAP', bid_amount: 1 }, [valueOf('bid_amount', '1')]) },
      {
        name: '0 per click',
        text: create({ billing_event: 'LINK_CLICKS', optimization_goal: 'LINK_CLICKS', bid_strategy: 'COST_CAP', bid_amount: 0 }, [valueOf('bid_amount', '0')]),
      },
      // RULES.md names REACH beside IMPRESSIONS: a billing event of its own, per 1,000 (docs/rules.md, ADSET-ENUMS decision).
      { name: '1 per 1,000 people reached (billing_event REACH)', text: create({ billing_event: 'REACH', bid_strategy: 'COST_CAP', bid_amount: 1 }, [valueOf('bid_amount', '1')]) },
    ],
    pass: [
      { name: '2 per 1,000 impressions', text: adsetCreate({ bid_strategy: 'COST_CAP', bid_amount: 2 }) },
      { name: '2 per 1,000 people reached (billing_event REACH)', text: adsetCreate({ billing_event: 'REACH', bid_strategy: 'COST_CAP', bid_amount: 2 }) },
      { name: '1 per click', text: adsetCreate({ billing_event: 'LINK_CLICKS', optimization_goal: 'LINK_CLICKS', bid_strategy: 'COST_CAP', bid_amount: 1 }) },
    ],
  },
  'ADSET-BID-AMOUNT-IMPLIES': {
    fail: [{ name: 'bid_amount alone', text: create({ bid_amount: 300 }, ['"bid_amount"']), expect: ['ADSET-BID-AMOUNT-IMPLIES:hint'] }],
    pass: [{ name: 'with bid_strategy', text: adsetCreate({ bid_amount: 300, bid_strategy: 'LOWEST_COST_WITH_BID_CAP' }) }],
  },
  'ADSET-BID-STRATEGY-VERSION': {
    fail: [{ name: 'v2.12', text: create({ bid_strategy: 'LOWEST_COST_WITHOUT_CAP' }, ['"bid_strategy"'], { version: 'v2.12' }) }],
    pass: [{ name: 'v3.0', text: adsetCreate({ bid_strategy: 'LOWEST_COST_WITHOUT_CAP' }, { version: 'v3.0' }) }],
  },
  'ADSET-TARGET-COST': {
    fail: [
      { name: 'v23.0', text: create({ bid_strategy: 'TARGET_COST', bid_amount: 500 }, ['"TARGET_COST"']) },
      { name: 'v9.0', text: create({ bid_strategy: 'TARGET_COST', bid_amount: 500 }, ['"TARGET_COST"'], { version: 'v9.0' }) },
      {
        name: 'version unknown: flagged',
        text: `POST ⟦/act_1234567890/adsets⟧\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "bid_strategy": ⟦"TARGET_COST"⟧, "bid_amount": 500 }\n`,
        expect: ['REQ-VERSION-MISSING', 'ADSET-TARGET-COST'],
      },
    ],
    pass: [
      { name: 'before v9.0 it still exists', text: adsetCreate({ bid_strategy: 'TARGET_COST', bid_amount: 500 }, { version: 'v8.0' }) },
      { name: 'COST_CAP', text: adsetCreate({ bid_strategy: 'COST_CAP', bid_amount: 500 }) },
    ],
  },
  'ADSET-CLICKS-DEPRECATED': {
    fail: [
      { name: 'billing_event CLICKS: a warning', text: create({ billing_event: 'CLICKS' }, ['"CLICKS"']), expect: ['ADSET-CLICKS-DEPRECATED:warning'] },
      { name: 'optimization_goal CLICKS: an error', text: create({ optimization_goal: 'CLICKS' }, ['"CLICKS"']), expect: ['ADSET-CLICKS-DEPRECATED:error'] },
    ],
    pass: [{ name: 'LINK_CLICKS', text: adsetCreate({ billing_event: 'LINK_CLICKS', optimization_goal: 'LINK_CLICKS' }) }],
  },
  'ADSET-NONE-GOAL': {
    fail: [{ name: 'optimization_goal NONE', text: create({ optimization_goal: 'NONE' }, ['"NONE"']) }],
    pass: [{ name: 'REACH', text: adsetCreate({ optimization_goal: 'REACH' }) }],
  },
  'ADSET-GOAL-FOR-OBJECTIVE': {
    fail: [
      { name: 'Awareness and LINK_CLICKS', text: create({ ...spec('OUTCOME_AWARENESS'), optimization_goal: 'LINK_CLICKS' }, ['"LINK_CLICKS"']) },
      {
        name: 'objective from the # @objective directive',
        text: create({ optimization_goal: 'LINK_CLICKS' }, ['"LINK_CLICKS"'], { directives: ['objective OUTCOME_AWARENESS'] }),
      },
      {
        name: 'Traffic with conversion location App',
        text: create({ ...spec('OUTCOME_TRAFFIC'), destination_type: 'APP', optimization_goal: 'LANDING_PAGE_VIEWS' }, ['"LANDING_PAGE_VIEWS"']),
      },
      {
        name: 'Sales, Website and App (APPLINKS_AUTOMATIC)',
        text: create({ ...spec('OUTCOME_SALES'), destination_type: 'APPLINKS_AUTOMATIC', optimization_goal: 'LINK_CLICKS' }, ['"LINK_CLICKS"']),
      },
      {
        name: 'Leads with no location given: outside every location of the objective',
        text: create({ ...spec('OUTCOME_LEADS'), optimization_goal: 'THRUPLAY' }, ['"THRUPLAY"']),
      },
      // [2]'s table writes objectives as words: the word, in any case, names the outcome objective.
      { name: 'the objective as [2] writes it, in capitals (SALES)', text: create({ ...spec('SALES'), optimization_goal: 'THRUPLAY' }, ['"THRUPLAY"']) },
      { name: 'the objective as [2] writes it (App Promotion)', text: create({ ...spec('App Promotion'), optimization_goal: 'REACH' }, ['"REACH"']) },
    ],
    pass: [
      { name: 'Awareness and REACH', text: adsetCreate({ ...spec('OUTCOME_AWARENESS'), optimization_goal: 'REACH' }) },
      { name: 'awareness, the word in lower case, and REACH', text: adsetCreate({ ...spec('awareness'), optimization_goal: 'REACH' }) },
      { name: 'Traffic, Website, LANDING_PAGE_VIEWS', text: adsetCreate({ ...spec('OUTCOME_TRAFFIC'), destination_type: 'WEBSITE', optimization_goal: 'LANDING_PAGE_VIEWS' }) },
      {
        name: 'Sales, Website, OFFSITE_CONVERSIONS',
        text: adsetCreate({ ...spec('OUTCOME_SALES'), destination_type: 'WEBSITE', optimization_goal: 'OFFSITE_CONVERSIONS', promoted_object: { pixel_id: '120200000000000009', custom_event_type: 'PURCHASE' } }),
      },
      { name: 'Leads, Calls: QUALITY_CALL without a destination_type', text: adsetCreate({ ...spec('OUTCOME_LEADS'), optimization_goal: 'QUALITY_CALL' }) },
      { name: 'Engagement, Msgr, CONVERSATIONS', text: adsetCreate({ ...spec('OUTCOME_ENGAGEMENT'), destination_type: 'MSGR', optimization_goal: 'CONVERSATIONS' }) },
      {
        name: 'App Promotion (no location)',
        text: adsetCreate({ ...spec('OUTCOME_APP_PROMOTION'), destination_type: 'APP', optimization_goal: 'APP_INSTALLS', promoted_object: { application_id: 1234, object_store_url: 'https://apps.example/app' } }),
      },
      { name: 'objective unknown (campaign_id, no directive): no guess', text: adsetCreate({ optimization_goal: 'THRUPLAY' }) },
      { name: 'an objective outside the mapping table: no guess', text: adsetCreate({ ...spec('BRAND_AWARENESS'), optimization_goal: 'THRUPLAY' }) },
    ],
  },
  'ADSET-CONVERSION-EVENT': {
    fail: [
      {
        name: 'Sales, Website, LEAD',
        text: create(
          { ...spec('OUTCOME_SALES'), destination_type: 'WEBSITE', optimization_goal: 'OFFSITE_CONVERSIONS', promoted_object: { pixel_id: '120200000000000009', custom_event_type: 'LEAD' } },
          ['"LEAD"'],
        ),
        expect: ['ADSET-CONVERSION-EVENT:warning'],
      },
    ],
    pass: [
      {
        name: 'Leads, Website, LEAD',
        text: adsetCreate({ ...spec('OUTCOME_LEADS'), destination_type: 'WEBSITE', optimization_goal: 'OFFSITE_CONVERSIONS', promoted_object: { pixel_id: '120200000000000009', custom_event_type: 'LEAD' } }),
      },
      {
        name: 'App Promotion takes every app event',
        text: adsetCreate({ ...spec('OUTCOME_APP_PROMOTION'), optimization_goal: 'APP_INSTALLS', promoted_object: { application_id: 1234, object_store_url: 'https://apps.example/app', custom_event_type: 'LEVEL_ACHIEVED' } }),
      },
    ],
  },
  'ADSET-PROMOTED-OBJECT': {
    fail: [
      { name: 'PAGE_LIKES without promoted_object', text: create({ optimization_goal: 'PAGE_LIKES' }, ['"PAGE_LIKES"']) },
      {
        name: 'APP_INSTALLS without object_store_url',
        text: create({ optimization_goal: 'APP_INSTALLS', promoted_object: { application_id: 1234 } }, ['"promoted_object"']),
      },
      { name: 'LEAD_GENERATION without page_id', text: create({ optimization_goal: 'LEAD_GENERATION', promoted_object: { pixel_id: '1' } }, ['"promoted_object"']) },
      {
        name: 'OFFSITE_CONVERSIONS in an app without custom_event_type',
        text: create({ optimization_goal: 'OFFSITE_CONVERSIONS', destination_type: 'APP', promoted_object: { application_id: 1234, object_store_url: 'https://apps.example/app' } }, ['"promoted_object"']),
      },
      { name: 'the legacy CONVERSIONS objective without a pixel or an event', text: create({ ...spec('CONVERSIONS'), optimization_goal: 'OFFSITE_CONVERSIONS' }, ['"CONVERSIONS"']) },
      // [2] "Objective or goal | LINK_CLICKS | application_id + object_store_url (mobile or canvas app engagement)".
      {
        name: 'goal LINK_CLICKS to an app without the app ("Objective or goal ... LINK_CLICKS")',
        text: create({ optimization_goal: 'LINK_CLICKS', destination_type: 'APP' }, ['"LINK_CLICKS"'], { directives: ['objective OUTCOME_TRAFFIC'] }),
      },
    ],
    pass: [
      { name: 'PAGE_LIKES with page_id', text: adsetCreate({ optimization_goal: 'PAGE_LIKES', promoted_object: { page_id: '120200000000000005' } }) },
      { name: 'APP_INSTALLS with both members', text: adsetCreate({ optimization_goal: 'APP_INSTALLS', promoted_object: { application_id: 1234, object_store_url: 'https://apps.example/app' } }) },
      { name: 'the legacy CONVERSIONS objective with a pixel', text: adsetCreate({ ...spec('CONVERSIONS'), optimization_goal: 'OFFSITE_CONVERSIONS', promoted_object: { pixel_id: '120200000000000009' } }) },
      { name: 'REACH needs none', text: adsetCreate({ optimization_goal: 'REACH' }) },
      {
        name: 'goal LINK_CLICKS to an app, with the app',
        text: adsetCreate({ optimization_goal: 'LINK_CLICKS', destination_type: 'APP', promoted_object: { application_id: 1234, object_store_url: 'https://apps.example/app' } }, { directives: ['objective OUTCOME_TRAFFIC'] }),
      },
      { name: 'goal LINK_CLICKS to a website needs none', text: adsetCreate({ optimization_goal: 'LINK_CLICKS', destination_type: 'WEBSITE' }, { directives: ['objective OUTCOME_TRAFFIC'] }) },
    ],
  },
  'ADSET-PROMOTED-OTHER': {
    fail: [
      {
        name: 'OTHER without custom_event_str',
        text: create({ optimization_goal: 'APP_INSTALLS', promoted_object: { application_id: 1234, object_store_url: 'https://apps.example/app', custom_event_type: 'OTHER' } }, ['"OTHER"']),
      },
    ],
    pass: [
      {
        name: 'OTHER with custom_event_str',
        text: adsetCreate({ optimization_goal: 'APP_INSTALLS', promoted_object: { application_id: 1234, object_store_url: 'https://apps.example/app', custom_event_type: 'OTHER', custom_event_str: 'level_10' } }),
      },
    ],
  },
  'ADSET-FREQ-GOAL': {
    fail: [
      {
        name: 'LINK_CLICKS with frequency_control_specs',
        text: create({ optimization_goal: 'LINK_CLICKS', frequency_control_specs: [{ event: 'IMPRESSIONS', interval_days: 7, max_frequency: 2 }] }, ['"frequency_control_specs"']),
      },
    ],
    pass: [
      { name: 'REACH', text: adsetCreate({ optimization_goal: 'REACH', frequency_control_specs: [{ event: 'IMPRESSIONS', interval_days: 7, max_frequency: 2 }] }) },
      { name: 'THRUPLAY', text: adsetCreate({ billing_event: 'THRUPLAY', optimization_goal: 'THRUPLAY', frequency_control_specs: [{ event: 'VIDEO_VIEWS', interval_days: 1, max_frequency: 3, type: 'CAP' }] }) },
    ],
  },
  'ADSET-FREQ-RANGE': {
    fail: [
      { name: 'interval_days 91', text: create({ frequency_control_specs: [{ event: 'IMPRESSIONS', interval_days: 91, max_frequency: 2 }] }, ['91']) },
      { name: 'max_frequency 0', text: create({ frequency_control_specs: [{ event: 'IMPRESSIONS', interval_days: 7, max_frequency: 0 }] }, [valueOf('max_frequency', '0')]) },
      { name: 'interval_days 1.5', text: create({ frequency_control_specs: [{ event: 'IMPRESSIONS', interval_days: 1.5, max_frequency: 2 }] }, ['1.5']) },
      {
        name: 'event missing: shown on the item',
        text: create({ frequency_control_specs: [{ interval_days: 7, max_frequency: 2 }] }, ['{\n      "interval_days": 7,\n      "max_frequency": 2\n    }']),
      },
    ],
    pass: [
      { name: '1 and 90, inclusive', text: adsetCreate({ frequency_control_specs: [{ event: 'IMPRESSIONS', interval_days: 90, max_frequency: 1 }] }) },
    ],
  },
  'ADSET-SCHEDULE-ITEM': {
    fail: [
      { name: 'start after end', text: create({ adset_schedule: [{ start_minute: 600, end_minute: 300, days: [1] }] }, ['300']) },
      { name: 'day 7', text: create({ adset_schedule: [{ start_minute: 0, end_minute: 300, days: [1, 7] }] }, [valueOf('days', '7')]) },
      { name: 'minute past the day', text: create({ adset_schedule: [{ start_minute: 0, end_minute: 1441, days: [1] }] }, ['1441']) },
      { name: 'days missing', text: create({ adset_schedule: [{ start_minute: 0, end_minute: 300 }] }, ['{\n      "start_minute": 0,\n      "end_minute": 300\n    }']) },
      // Required days are not given by an empty list: the schedule would apply on no day (docs/rules.md, ADSET-SCHEDULE-ITEM).
      { name: 'days an empty list', text: create({ adset_schedule: [{ start_minute: 0, end_minute: 300, days: [] }] }, [valueOf('days', '[]')]) },
      { name: 'days an empty list in a form body (JSON text)', text: `POST ${PATH}\n\nname=Night&campaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&status=PAUSED&adset_schedule=[{"start_minute":0,"end_minute":300,"days":⟦[]⟧}]\n` },
    ],
    pass: [
      { name: 'a whole day, Sunday to Saturday', text: adsetCreate({ adset_schedule: [{ start_minute: 0, end_minute: 1440, days: [0, 1, 2, 3, 4, 5, 6], timezone_type: 'USER' }] }) },
      { name: 'one day, Saturday', text: adsetCreate({ adset_schedule: [{ start_minute: 0, end_minute: 60, days: [6] }] }) },
    ],
  },
  'ADSET-ATTRIBUTION-ITEM': {
    fail: [
      { name: 'window_days missing', text: create({ attribution_spec: [{ event_type: 'CLICK_THROUGH' }] }, ['{\n      "event_type": "CLICK_THROUGH"\n    }']) },
      { name: 'event_type missing', text: create({ attribution_spec: [{ window_days: 7 }] }, ['{\n      "window_days": 7\n    }']) },
      { name: 'weight not a number', text: create({ attribution_spec: [{ event_type: 'CLICK_THROUGH', window_days: 7, weight: 'heavy' }] }, ['"heavy"']) },
    ],
    pass: [{ name: 'with a float weight', text: adsetCreate({ attribution_spec: [{ event_type: 'CLICK_THROUGH', window_days: 7, weight: 62.5 }, { event_type: 'ENGAGED_VIDEO_VIEW', window_days: 1 }] }) }],
  },
  'ADSET-FIXED-CPM-ONLY': {
    fail: [
      { name: 'daily_imps in an auction campaign', text: create({ ...spec('OUTCOME_AWARENESS'), daily_imps: 1000 }, ['"daily_imps"']) },
      { name: 'lifetime_imps, buying type from the directive', text: create({ lifetime_imps: 1000 }, ['"lifetime_imps"'], { directives: ['buying-type AUCTION'] }) },
    ],
    pass: [
      { name: 'FIXED_CPM', text: adsetCreate({ ...spec('OUTCOME_AWARENESS', { buying_type: 'FIXED_CPM' }), daily_imps: 1000 }) },
      { name: 'buying type unknown: no guess', text: adsetCreate({ daily_imps: 1000 }) },
    ],
  },
  'ADSET-CAMPAIGN-BUDGET-NEEDED': {
    fail: [
      {
        name: 'daily_spend_cap, campaign with a lifetime budget (directive)',
        text: create({ daily_budget: undefined, daily_spend_cap: 5000 }, ['"daily_spend_cap"'], { directives: ['campaign-budget lifetime'] }),
        expect: ['ADSET-CAMPAIGN-BUDGET-NEEDED:warning'],
      },
      {
        name: 'lifetime_min_spend_target, new campaign with a daily budget',
        text: create({ ...spec('OUTCOME_AWARENESS', { daily_budget: 10000 }), daily_budget: undefined, lifetime_min_spend_target: 5000 }, ['"lifetime_min_spend_target"']),
      },
      {
        name: 'daily_min_spend_target, new campaign without a budget',
        text: create({ ...spec('OUTCOME_AWARENESS'), daily_min_spend_target: 500 }, ['"daily_min_spend_target"']),
      },
    ],
    pass: [
      { name: 'daily_spend_cap, campaign with a daily budget', text: adsetCreate({ daily_budget: undefined, daily_spend_cap: 5000 }, { directives: ['campaign-budget daily'] }) },
      { name: 'campaign unknown: no guess', text: adsetCreate({ lifetime_spend_cap: 5000 }) },
      { name: 'the cap-removal constant', text: adsetCreate({ daily_budget: undefined, daily_spend_cap: 922337203685478 }, { directives: ['campaign-budget daily'] }) },
    ],
  },
  'ADSET-DESTINATION-BETA': {
    fail: [
      { name: 'ON_POST', text: create({ destination_type: 'ON_POST' }, ['"ON_POST"']), expect: ['ADSET-DESTINATION-BETA:warning'] },
      { name: 'ON_EVENT', text: create({ destination_type: 'ON_EVENT' }, ['"ON_EVENT"']) },
    ],
    pass: [{ name: 'WEBSITE', text: adsetCreate({ destination_type: 'WEBSITE' }) }],
  },
  'ADSET-EXECUTION-OPTIONS': {
    fail: [
      { name: 'include_recommendations alone', text: create({ execution_options: ['include_recommendations'] }, ['"include_recommendations"']) },
      { name: 'include_recommendations twice, still without validate_only', text: create({ execution_options: ['include_recommendations', 'include_recommendations'] }, ['"include_recommendations"']) },
    ],
    pass: [
      { name: 'validate_only', text: adsetCreate({ execution_options: ['validate_only'] }) },
      { name: 'both', text: adsetCreate({ execution_options: ['validate_only', 'include_recommendations'] }) },
    ],
  },
  'ADSET-DYNAMIC-CREATIVE-VERSION': {
    fail: [{ name: 'v3.1', text: create({ is_dynamic_creative: true }, ['"is_dynamic_creative"'], { version: 'v3.1' }) }],
    pass: [{ name: 'v3.2', text: adsetCreate({ is_dynamic_creative: true }, { version: 'v3.2' }) }],
  },
  'ADSET-TARGETING-SHAPE': {
    fail: [
      { name: 'countries as text', text: create({ targeting: { geo_locations: { countries: 'US' } } }, [valueOf('countries', '"US"')]), expect: ['ADSET-TARGETING-SHAPE:warning'] },
      { name: 'a country name, not a code', text: create({ targeting: { geo_locations: { countries: ['France'] } } }, ['"France"']) },
      { name: 'publisher_platforms as text', text: create({ targeting: { geo_locations: { countries: ['US'] }, publisher_platforms: 'social' } }, ['"social"']) },
      // A key one edit from a documented one is sent unchecked, so the rules that read it never see it.
      { name: 'geo_location, one edit from geo_locations', text: create({ targeting: { geo_location: { countries: ['FR'] } } }, ['"geo_location"']) },
      { name: 'countrys, one edit from countries', text: create({ targeting: { geo_locations: { countrys: ['FR'] } }, ...DSA }, ['"countrys"']) },
    ],
    pass: [
      { name: 'the documented shape', text: adsetCreate({ targeting: { geo_locations: { countries: ['US', 'CA'] }, social_positions: ['feed'], publisher_platforms: ['social', 'photo'] } }) },
      { name: 'other targeting keys pass unchecked', text: adsetCreate({ targeting: { geo_locations: { countries: ['US'] }, age_min: 18, genders: [1] } }) },
      { name: 'a key two edits from a documented one passes unchecked', text: adsetCreate({ targeting: { geo_locations: { countries: ['US'], region: [] } } }) },
    ],
  },
  'ADSET-STATUS': {
    fail: [
      { name: 'RUNNING', text: create({ status: 'RUNNING' }, ['"RUNNING"']) },
      { name: 'lower case', text: create({ status: 'paused' }, ['"paused"']) },
    ],
    pass: ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'].map((status) => ({ name: status, text: adsetCreate({ status }) })),
  },
  'ADSET-DSA-REQUIRED': {
    fail: [
      { name: 'France, neither given', text: create(EU, ['"FR"']).replace('⟦"FR"⟧', '⟦⟦"FR"⟧⟧'), expect: ['ADSET-DSA-REQUIRED', 'ADSET-DSA-REQUIRED'] },
      { name: 'payor only: the beneficiary is not taken from it', text: create({ ...EU, dsa_payor: 'Acme SA' }, ['"FR"']) },
      { name: 'an associated territory (Réunion)', text: create({ targeting: { geo_locations: { countries: ['US', 'RE'] } }, dsa_payor: 'Acme SA' }, ['"RE"']) },
      {
        name: 'worldwide: geo_locations names no place',
        text: create({ targeting: { geo_locations: {} }, dsa_beneficiary: 'Acme SA' }, ['"geo_locations"']),
      },
      { name: 'the worldwide country group', text: create({ targeting: { geo_locations: { country_groups: ['worldwide'] } }, dsa_payor: 'Acme SA' }, ['"worldwide"']) },
      { name: 'an empty value', text: create({ ...EU, dsa_payor: 'Acme SA', dsa_beneficiary: '' }, [valueOf('dsa_beneficiary', '""')]) },
      {
        name: 'only the payor has an account default',
        text: create(EU, ['"FR"']),
        env: { defaultDsaPayor: 'Acme SA' },
      },
      {
        name: 'the default of another account does not apply',
        text: create({ ...EU, dsa_payor: 'Acme SA' }, ['"FR"']),
        env: { accounts: { act_999: { default_dsa_beneficiary: 'Acme SA' } } },
      },
    ],
    pass: [
      { name: 'both given', text: adsetCreate({ ...EU, ...DSA }) },
      { name: 'both from the account defaults', text: adsetCreate(EU), env: { defaultDsaPayor: 'Acme SA', defaultDsaBeneficiary: 'Acme SA' } },
      {
        name: 'payor given, beneficiary from this account\'s default',
        text: adsetCreate({ ...EU, dsa_payor: 'Acme SA' }),
        env: { accounts: { act_1234567890: { default_dsa_beneficiary: 'Acme Holding' } } },
      },
      // Without a base URL requests go to graphreq's emulator, whose seeded account has both defaults (docs/emulator.md, Seed data).
      { name: 'the emulator\'s seeded account, sent to the emulator', text: adsetCreate(EU, { account: '1000000001' }) },
      { name: 'the emulator\'s seeded account, an empty payor', text: adsetCreate({ ...EU, dsa_payor: '' }, { account: '1000000001' }) },
      { name: 'outside the EU', text: adsetCreate({ targeting: { geo_locations: { countries: ['US', 'NO', 'CH'] } } }) },
      // [2] names the European Union: the EEA states outside it are not regulated (docs/rules.md, ADSET-DSA-REQUIRED).
      { name: 'the EEA states outside the EU: Iceland, Liechtenstein, Norway', text: adsetCreate({ targeting: { geo_locations: { countries: ['IS', 'LI', 'NO'] } } }) },
      { name: 'regions without countries: no guess', text: adsetCreate({ targeting: { geo_locations: { regions: [{ key: '3847' }] } } }) },
      { name: 'values from variables', text: '@payor = Acme SA\n\n###\n' + adsetCreate({ ...EU, dsa_payor: '{{payor}}', dsa_beneficiary: '{{payor}}' }) },
    ],
  },
  'ADSET-DSA-IGNORED': {
    fail: [
      {
        name: 'payor and beneficiary for the United States',
        text: create({ ...DSA }, ['"dsa_payor"', '"dsa_beneficiary"']),
        expect: ['ADSET-DSA-IGNORED:hint', 'ADSET-DSA-IGNORED:hint'],
      },
    ],
    pass: [
      { name: 'for France', text: adsetCreate({ ...EU, ...DSA }) },
      { name: 'targeting regions graphreq cannot place: no guess', text: adsetCreate({ targeting: { geo_locations: { regions: [{ key: '3847' }] } }, ...DSA }) },
    ],
  },
  'ADSET-REGIONAL-CATEGORIES': {
    fail: [{ name: 'an unlisted category', text: create({ regional_regulated_categories: ['FRANCE_FINSERV'] }, ['"FRANCE_FINSERV"']) }],
    pass: [
      { name: 'TAIWAN_FINSERV', text: adsetCreate({ regional_regulated_categories: ['TAIWAN_FINSERV'], targeting: { geo_locations: { countries: ['TW'] } } }) },
      { name: 'null', text: adsetCreate({ regional_regulated_categories: null }) },
      { name: 'null as the JSON text of a form field', text: `POST ${PATH}\n\nname=x&campaign_id=1&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&regional_regulated_categories=null\n` },
    ],
  },
  'ADSET-SPECIAL-CATEGORY': {
    fail: [
      {
        name: 'a new campaign that declares nothing',
        text: create({ campaign_id: undefined, campaign_spec: { name: 'Launch', objective: 'OUTCOME_AWARENESS', buying_type: 'AUCTION' } }, ['"campaign_spec"']),
        expect: ['ADSET-SPECIAL-CATEGORY:hint'],
      },
    ],
    pass: [
      { name: 'a new campaign that declares its categories', text: adsetCreate(spec('OUTCOME_AWARENESS')) },
      { name: 'special_ad_category as [2] names it', text: adsetCreate({ campaign_id: undefined, campaign_spec: { name: 'Homes', objective: 'OUTCOME_LEADS', buying_type: 'AUCTION', special_ad_category: 'HOUSING' } }) },
      { name: 'an existing campaign', text: adsetCreate() },
    ],
  },
  'ADSET-CBO-BID-STRATEGY': {
    fail: [
      {
        name: 'bid_strategy on an ad set of a campaign with a daily budget (directive)',
        text: create({ bid_strategy: 'LOWEST_COST_WITHOUT_CAP', daily_budget: undefined }, ['"bid_strategy"'], { directives: ['campaign-budget daily'] }),
        expect: ['ADSET-CBO-BID-STRATEGY:hint'],
      },
      {
        name: 'bid_strategy on an ad set of a new campaign with a lifetime budget',
        text: create({ ...spec('OUTCOME_AWARENESS', { lifetime_budget: 100000 }), daily_budget: undefined, bid_strategy: 'LOWEST_COST_WITHOUT_CAP' }, ['"bid_strategy"']),
        expect: ['ADSET-CBO-BID-STRATEGY:hint'],
      },
    ],
    pass: [
      { name: 'a campaign without a budget', text: adsetCreate({ bid_strategy: 'LOWEST_COST_WITHOUT_CAP' }, { directives: ['campaign-budget none'] }) },
      { name: 'the campaign unknown: no guess', text: adsetCreate({ bid_strategy: 'LOWEST_COST_WITHOUT_CAP' }) },
    ],
  },
  'ADSET-IOS14': {
    fail: [
      {
        name: '2490256: LINK_CLICKS in an iOS 14 campaign',
        text: create({ ...IOS14_APP, optimization_goal: 'LINK_CLICKS' }, ['"LINK_CLICKS"'], { directives: ['campaign-type ios14'] }),
      },
      {
        name: '2490217: APP_INSTALLS as billing event and goal',
        text: create({ ...IOS14_APP, billing_event: 'APP_INSTALLS' }, [valueOf('billing_event', '"APP_INSTALLS"')], { directives: ['campaign-type ios14'] }),
      },
      {
        name: '2490250: no app store id and URL',
        text: create({ optimization_goal: 'APP_INSTALLS' }, ['/v23.0/act_1234567890/adsets'], { directives: ['campaign-type ios14'] }),
      },
      {
        name: '2490250: an app store id without the URL',
        text: create({ ...IOS14_APP, promoted_object: { application_id: 1234567890 } }, ['"promoted_object"'], { directives: ['campaign-type ios14'] }),
      },
      {
        name: '2490246: an iOS 14 campaign with the traffic objective',
        text: create({ ...IOS14_APP, optimization_goal: 'REACH' }, ['"120200000000000001"'], { directives: ['campaign-type ios14', 'objective OUTCOME_TRAFFIC'] }),
      },
      {
        name: '2490249: iOS 13 targeted',
        text: create({ ...IOS14_APP, targeting: { geo_locations: { countries: ['US'] }, user_os: ['iOS_ver_13.0_and_above'] } }, ['"iOS_ver_13.0_and_above"'], { directives: ['campaign-type ios14'] }),
      },
      {
        name: '2490252: cost cap over two days',
        text: create({ ...IOS14_APP, bid_strategy: 'COST_CAP', bid_amount: 500, start_time: '2026-09-01T00:00:00+0000', end_time: '2026-09-03T00:00:00+0000' }, ['"2026-09-03T00:00:00+0000"'], { directives: ['campaign-type ios14'] }),
      },
      {
        name: '2490253: a regular app campaign targeting iOS 15',
        text: create({ ...IOS14_APP, targeting: { geo_locations: { countries: ['US'] }, user_os: ['iOS_ver_15.0_and_above'] } }, ['"iOS_ver_15.0_and_above"'], { directives: ['campaign-type regular', 'objective OUTCOME_APP_PROMOTION'] }),
      },
    ],
    pass: [
      { name: 'an app-install ad set in an iOS 14 campaign', text: adsetCreate(IOS14_APP, { directives: ['campaign-type ios14', 'objective OUTCOME_APP_PROMOTION'] }) },
      {
        name: 'iOS 14.0 and above, cost cap over a week',
        text: adsetCreate(
          { ...IOS14_APP, bid_strategy: 'COST_CAP', bid_amount: 500, start_time: '2026-09-01T00:00:00+0000', end_time: '2026-09-08T00:00:00+0000', targeting: { geo_locations: { countries: ['US'] }, user_os: ['iOS_ver_14.0_and_above'] } },
          { directives: ['campaign-type ios14'] },
        ),
      },
      {
        name: 'a regular app campaign targeting iOS up to 14.4',
        text: adsetCreate({ ...IOS14_APP, targeting: { geo_locations: { countries: ['US'] }, user_os: ['iOS_ver_12.0_to_14.4'] } }, { directives: ['campaign-type regular', 'objective OUTCOME_APP_PROMOTION'] }),
      },
      { name: 'the campaign type unknown: no guess', text: adsetCreate({ ...IOS14_APP, optimization_goal: 'LINK_CLICKS' }) },
    ],
  },
};

whenRun(module, () => {
  describeRuleCases('ad set creation rules', cases);

  describe('ADSET-DSA-REQUIRED and the service the request goes to', () => {
    it('takes the emulator\'s seeded defaults only when the request goes to the emulator', () => {
      const text = adsetCreate(EU, { account: '1000000001' });
      checkDiagnostics(text, []);
      // Sent elsewhere, act_1000000001 is an account like any other: its defaults are unknown.
      checkDiagnostics(mark(text, '"FR"').replace('⟦"FR"⟧', '⟦⟦"FR"⟧⟧'), ['ADSET-DSA-REQUIRED', 'ADSET-DSA-REQUIRED'], { baseUrl: 'https://graph.example.com' });
      // The environment's own word on the account wins over the emulator's seed.
      checkDiagnostics(mark(text, '"FR"'), ['ADSET-DSA-REQUIRED'], { accounts: { act_1000000001: { default_dsa_payor: 'Acme SA' } } });
    });
  });

  describe('ad set creation quick fixes', () => {
    it('ADSET-TARGET-COST replaces TARGET_COST with COST_CAP (and --fix may apply it)', () => {
      const text = adsetCreate({ bid_strategy: 'TARGET_COST', bid_amount: 500 });
      const [f] = findingsOf(text);
      assert.equal(f.code, 'ADSET-TARGET-COST');
      assert.ok(f.fixes![0].fixAll);
      const fixed = applyFix(text, f);
      assert.equal(fixed, adsetCreate({ bid_strategy: 'COST_CAP', bid_amount: 500 }));
      assert.deepEqual(findingsOf(fixed), []);
    });

    it('ADSET-DSA-REQUIRED adds both missing keys in one fix', () => {
      const text = 'POST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Rentrée",\n  "campaign_id": "120200000000000001",\n  "daily_budget": 2000,\n  "targeting": { "geo_locations": { "countries": ["FR"] } }\n}\n';
      const found = findingsOf(text);
      assert.deepEqual(found.map((f) => f.code), ['ADSET-DSA-REQUIRED', 'ADSET-DSA-REQUIRED']);
      const fixed = applyFix(text, found[0], 'Add `dsa_payor` and `dsa_beneficiary`');
      assert.equal(
        fixed,
        'POST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Rentrée",\n  "campaign_id": "120200000000000001",\n  "daily_budget": 2000,\n  "targeting": { "geo_locations": { "countries": ["FR"] } },\n  "dsa_payor": "",\n  "dsa_beneficiary": ""\n}\n',
      );
    });

    it('ADSET-DSA-REQUIRED adds the one missing key', () => {
      const text = 'POST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Rentrée",\n  "campaign_id": "120200000000000001",\n  "daily_budget": 2000,\n  "targeting": { "geo_locations": { "countries": ["FR"] } },\n  "dsa_payor": "Acme SA"\n}\n';
      const [f] = findingsOf(text);
      assert.equal(f.fixes?.length, 1);
      assert.equal(
        applyFix(text, f),
        'POST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Rentrée",\n  "campaign_id": "120200000000000001",\n  "daily_budget": 2000,\n  "targeting": { "geo_locations": { "countries": ["FR"] } },\n  "dsa_payor": "Acme SA",\n  "dsa_beneficiary": ""\n}\n',
      );
    });

    it('ADSET-DSA-REQUIRED adds the missing keys to a form body', () => {
      const text = 'POST /v23.0/act_1234567890/adsets\n\nname=Rentrée&campaign_id=1&daily_budget=2000&targeting={"geo_locations":{"countries":["FR"]}}\n';
      const found = findingsOf(text);
      assert.deepEqual(found.map((f) => f.code), ['ADSET-DSA-REQUIRED', 'ADSET-DSA-REQUIRED']);
      assert.equal(
        applyFix(text, found[0], 'Add `dsa_payor` and `dsa_beneficiary`'),
        'POST /v23.0/act_1234567890/adsets\n\nname=Rentrée&campaign_id=1&daily_budget=2000&targeting={"geo_locations":{"countries":["FR"]}}&dsa_payor=&dsa_beneficiary=\n',
      );
    });

    it('ADSET-ENUMS changes a misspelt value to the nearest valid one', () => {
      const text = adsetCreate({ billing_event: 'IMPRESION' });
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), adsetCreate({ billing_event: 'IMPRESSIONS' }));
      assert.ok(!f.fixes![0].fixAll, 'a guessed spelling is not applied by --fix');
    });

    it('ADSET-ENUMS fixes a misspelt value in the query string', () => {
      const text = 'POST /v23.0/act_1/adsets?name=x&campaign_id=1&daily_budget=100&billing_event=IMPRESION&optimization_goal=REACH\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'POST /v23.0/act_1/adsets?name=x&campaign_id=1&daily_budget=100&billing_event=IMPRESSIONS&optimization_goal=REACH\n');
    });

    it('ADSET-STATUS fixes the letter case, safely enough for --fix', () => {
      const text = adsetCreate({ status: 'paused' });
      const [f] = findingsOf(text);
      assert.ok(f.fixes![0].fixAll);
      assert.equal(applyFix(text, f), adsetCreate({ status: 'PAUSED' }));
    });

    it('ADSET-CLICKS-DEPRECATED replaces CLICKS with LINK_CLICKS', () => {
      const text = adsetCreate({ billing_event: 'CLICKS' });
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), adsetCreate({ billing_event: 'LINK_CLICKS' }));
    });

    it('ADSET-EXECUTION-OPTIONS adds validate_only', () => {
      const text = 'POST /v23.0/act_1234567890/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "execution_options": ["include_recommendations"] }\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'POST /v23.0/act_1234567890/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "execution_options": [\n    "validate_only",\n    "include_recommendations"\n  ] }\n');
    });
  });

  describe('no cascades: one mistake, one finding', () => {
    const single: Array<[string, Record<string, unknown>, string, string]> = [
      ['a budget that is not a number', { daily_budget: 'lots' }, '"lots"', 'ADSET-TYPES'],
      ['a lifetime budget whose end_time is not a time', { daily_budget: undefined, lifetime_budget: 5000, end_time: 'soon' }, '"soon"', 'ADSET-TYPES'],
      ['a misspelt goal with a known objective', { ...spec('OUTCOME_AWARENESS'), optimization_goal: 'REACHH' }, '"REACHH"', 'ADSET-ENUMS'],
      ['TARGET_COST without bid_amount', { bid_strategy: 'TARGET_COST' }, '"TARGET_COST"', 'ADSET-TARGET-COST'],
      ['bid_strategy below v3.0 without bid_amount', { bid_strategy: 'COST_CAP' }, '"bid_strategy"', 'ADSET-BID-STRATEGY-VERSION'],
      ['countries as text, for France, with no payor', { targeting: { geo_locations: { countries: 'FR' } } }, '"FR"', 'ADSET-TARGETING-SHAPE'],
      ['a page_id that is not an id, for PAGE_LIKES', { optimization_goal: 'PAGE_LIKES', promoted_object: { page_id: 'mine' } }, '"mine"', 'ADSET-TYPES'],
      ['optimization_goal CLICKS with frequency caps', { optimization_goal: 'CLICKS', frequency_control_specs: [{ event: 'IMPRESSIONS', interval_days: 7, max_frequency: 2 }] }, '"CLICKS"', 'ADSET-CLICKS-DEPRECATED'],
    ];
    for (const [name, members, value, code] of single) {
      it(name, () => {
        const version = code === 'ADSET-BID-STRATEGY-VERSION' ? 'v2.12' : undefined;
        checkDiagnostics(mark(adsetCreate(members, { version }), value), [code]);
      });
    }
  });

  describe('ad set creation messages', () => {
    // The message says what is wrong and the fix in one sentence; the detail (hover, JSON output)
    // carries the lists, the document and graphreq's decisions.
    it('ADSET-GOAL-FOR-OBJECTIVE names the objective, the location, the allowed goals and the decision', () => {
      const [f] = findingsOf(adsetCreate({ ...spec('OUTCOME_SALES'), destination_type: 'APPLINKS_AUTOMATIC', optimization_goal: 'LINK_CLICKS' }));
      assert.match(f.message, /Sales objective with conversion location Website and App: use `OFFSITE_CONVERSIONS`\.$/);
      assert.match(f.detail!, /destination_type APPLINKS_AUTOMATIC/);
      assert.match(f.detail!, /\[2\] Objective to optimization-goal mapping/);
      assert.match(f.detail!, /graphreq's reading of the table/);
    });

    it('ADSET-DSA-REQUIRED names the country, the missing value and the account default', () => {
      const [f] = findingsOf(adsetCreate({ ...EU, dsa_payor: 'Acme SA' }));
      assert.match(f.message, /targets FR/);
      assert.match(f.message, /`dsa_beneficiary`/);
      assert.match(f.detail!, /`default_dsa_beneficiary`/);
      assert.match(f.detail!, /\[2\] Regional-regulation rules/);
    });

    it('ADSET-PROMOTED-OBJECT asks for what completes the member set already begun', () => {
      // [2] CONVERSIONS: "event_id + custom_event_type", "offline_conversion_data_set_id + custom_event_type".
      const [f] = findingsOf(adsetCreate({ ...spec('CONVERSIONS'), optimization_goal: 'OFFSITE_CONVERSIONS', promoted_object: { event_id: '120200000000000020' } }));
      assert.equal(f.message, 'The CONVERSIONS objective needs `promoted_object.custom_event_type`: add it.');
      const [g] = findingsOf(adsetCreate({ ...spec('CONVERSIONS'), optimization_goal: 'OFFSITE_CONVERSIONS', promoted_object: { offline_conversion_data_set_id: '120200000000000021' } }));
      assert.equal(g.message, 'The CONVERSIONS objective needs `promoted_object.custom_event_type`: add it.');
    });

    it('ADSET-ENUMS does not offer deprecated values as allowed', () => {
      const [f] = findingsOf(adsetCreate({ billing_event: 'IMPRESION' }));
      assert.match(f.message, /did you mean `IMPRESSIONS`\?$/);
      assert.doesNotMatch(f.detail!, /`CLICKS`/);
      assert.match(f.detail!, /`LINK_CLICKS`/);
    });

    it('an enum with many values names none of them in the message, all of them in the detail', () => {
      const [f] = findingsOf(adsetCreate({ optimization_sub_event: 'LOUD' }));
      assert.equal(f.message, '`optimization_sub_event` does not take the text `LOUD`: use one of its 11 allowed values.');
      assert.match(f.detail!, /`NONE`, `VIDEO_SOUND_ON`, .* or `POST_INTERACTION` \(\[2\] Create an ad set\)\.$/);
    });
  });
});
