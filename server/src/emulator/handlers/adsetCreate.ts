/**
 * POST /{version}/act_<id>/adsets ([2] Create an ad set). The rule engine has accepted the
 * parameters; what is left needs the stored data: the campaign must exist, flagged assets
 * (ADSET-FLAGGED-AUDIENCE), the iOS 14 conditions and limits (ADSET-IOS14, ADSET-IOS14-LIMIT), the
 * account limit. With execution_options validate_only
 * nothing is stored and the answer is {"success": true} (ADSET-EXECUTION-OPTIONS). Otherwise the
 * answer is {"id": "<new ad set id>"}: [2] does not show the creation response, and `id` is what
 * requests read from it (`{{create.response.body.id}}`).
 */
import { euTargeting } from '../../core';
import { invalidParameter } from '../envelope';
import { storeRegionalValues } from '../nodes/createRules';
import { toMs } from '../nodes/datetime';
import { flaggedAssetsOf, refuseFlaggedAssets } from '../nodes/flaggedAssets';
import { checkIos14Creation } from '../nodes/ios14';
import { readParams } from '../nodes/params';
import { own } from '../../core/own';
import { checkAccountLimit, checkIos14Limit } from '../nodes/serviceLimits';
import { ensureAccount, nextId, type AdSetRecord, type CampaignRecord, type EmulatorState } from '../state';
import type { HandlerContext, Reply } from './context';

/** [2]: the value 922337203685478 removes a spend cap (ADSET-SPEND-CAP-REMOVE). */
const NO_CAP = 922337203685478;
/** Kept as fields of the record rather than in `params`. */
const RECORD_FIELDS = ['name', 'campaign_id', 'campaign_spec', 'status', 'start_time', 'end_time', 'execution_options'];

export async function createAdSet(ctx: HandlerContext): Promise<Reply> {
  const { call, store, config, model, now } = ctx;
  const state = store.state;
  const accountId = call.match!.values['ad-account-id'];
  const params = readParams(call, model);
  const options = Array.isArray(params.execution_options) ? params.execution_options : [];

  const existing = params.campaign_id !== undefined ? existingCampaign(state, String(params.campaign_id)) : undefined;
  refuseFlaggedAssets(flaggedAssetsOf(params, state), config);
  if (existing) checkIos14Limit(state, config, existing, 'create');
  checkIos14Creation(state, accountId, existing, params);
  checkAccountLimit(state, config, accountId);
  if (options.includes('validate_only')) return { body: { success: true } };

  const account = ensureAccount(state, accountId);
  const campaign = existing ?? inlineCampaign(state, accountId, params.campaign_spec, String(params.name));
  const stored: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (!RECORD_FIELDS.includes(k)) stored[k] = v;
  // [2] Regional regulation: each missing value comes from its own account default; the values are
  // stored only for ad sets targeting the EU (ADSET-DSA-REQUIRED, ADSET-DSA-IGNORED).
  storeRegionalValues(stored, euTargeting(call).eu, account);
  // ADSET-BID-AMOUNT-IMPLIES: bid_amount alone sets LOWEST_COST_WITH_BID_CAP.
  if (stored.bid_amount !== undefined && stored.bid_strategy === undefined) stored.bid_strategy = 'LOWEST_COST_WITH_BID_CAP';
  for (const cap of ['daily_spend_cap', 'lifetime_spend_cap']) if (Number(stored[cap]) === NO_CAP) delete stored[cap];

  const adset: AdSetRecord = {
    id: nextId(state, 'adset'),
    account_id: accountId,
    campaign_id: campaign.id,
    name: String(params.name),
    configured_status: isStatus(params.status) ? params.status : 'ACTIVE',
    created_time: now,
    start_time: toMs(params.start_time) ?? now,
    end_time: toMs(params.end_time),
    params: stored,
    ad_ids: [],
  };
  state.adsets[adset.id] = adset;
  await store.commit();
  return { body: { id: adset.id } };
}

export function existingCampaign(state: EmulatorState, id: string): CampaignRecord {
  const campaign = own(state.campaigns, id);
  if (!campaign || campaign.status === 'DELETED') {
    throw invalidParameter(undefined, `Campaign ${id} does not exist. The emulator's seeded campaigns are listed in docs/emulator.md; or create one inline with campaign_spec.`, ['campaign_id']);
  }
  return campaign;
}

function inlineCampaign(state: EmulatorState, accountId: string, specValue: unknown, adsetName: string): CampaignRecord {
  const spec = specValue !== null && typeof specValue === 'object' ? (specValue as Record<string, unknown>) : {};
  const text = (v: unknown, fallback: string): string => (typeof v === 'string' && v !== '' ? v : fallback);
  const campaign: CampaignRecord = {
    id: nextId(state, 'campaign'),
    account_id: accountId,
    name: text(spec.name, `${adsetName} campaign`),
    objective: text(spec.objective, 'OUTCOME_AWARENESS'),
    buying_type: text(spec.buying_type, 'AUCTION'),
    status: 'ACTIVE',
    budget: spec.daily_budget !== undefined ? 'daily' : spec.lifetime_budget !== undefined ? 'lifetime' : 'none',
    ios14: false,
  };
  state.campaigns[campaign.id] = campaign;
  return campaign;
}

export function isStatus(v: unknown): v is AdSetRecord['configured_status'] {
  return v === 'ACTIVE' || v === 'PAUSED' || v === 'DELETED' || v === 'ARCHIVED';
}
