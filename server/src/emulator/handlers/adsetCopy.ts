/**
 * POST /{version}/<ad_set_id>/copies ([2] Copy an ad set). Defaults (COPY-DEFAULTS): the original's
 * campaign, start and end times; status PAUSED unless status_option says otherwise; the copy's name
 * renamed with a copy marker. deep_copy copies the child ads too (COPY-DEEP-LIMIT). The answer is
 * {copied_adset_id, ad_object_ids: [{ad_object_type, source_id, copied_id}]} (COPY-RESPONSE), and the
 * copy can be read at once (it is stored before the answer goes out). A copy whose own times or
 * campaign break the creation's rules is refused as the creation would be (nodes/createRules.ts).
 */
import { characterCount } from '../../core';
import { invalidParameter, unknownObject } from '../envelope';
import { copyName, type RenameOptions } from '../nodes/copyName';
import { refuseWhatTheChangeBreaks, type AdSetShape } from '../nodes/createRules';
import { toMs } from '../nodes/datetime';
import { flaggedAssetsOf, refuseFlaggedAssets } from '../nodes/flaggedAssets';
import { readParams } from '../nodes/params';
import { own } from '../../core/own';
import { checkAccountLimit, checkAdsPerAdSet, checkDeepCopy, checkIos14Limit } from '../nodes/serviceLimits';
import { ensureAccount, nextId, type AdRecord, type AdSetRecord } from '../state';
import { existingCampaign } from './adsetCreate';
import type { HandlerContext, Reply } from './context';

/** [2] Limits: an ad set name has at most 400 characters, the copy's too. */
const MAX_NAME = 400;

export async function copyAdSet(ctx: HandlerContext): Promise<Reply> {
  const { call, store, config, model, now } = ctx;
  const state = store.state;
  const sourceId = call.match!.values['adset-id'];
  const source = own(state.adsets, sourceId);
  if (!source || source.configured_status === 'DELETED') throw unknownObject(sourceId, call.method);
  const params = readParams(call, model);
  const campaign = existingCampaign(state, params.campaign_id !== undefined ? String(params.campaign_id) : source.campaign_id);

  refuseFlaggedAssets(flaggedAssetsOf(source.params, state), config);
  checkIos14Limit(state, config, campaign, 'copy');
  checkAccountLimit(state, config, source.account_id);
  const deep = params.deep_copy === true;
  const children = deep ? source.ad_ids.map((id) => own(state.ads, id)).filter((a): a is AdRecord => !!a && a.status !== 'DELETED') : [];
  if (deep) {
    checkDeepCopy(children.length, config);
    checkAdsPerAdSet(children.filter((a) => a.status !== 'ARCHIVED').length, config);
  }

  const rename = isObject(params.rename_options) ? (params.rename_options as RenameOptions) : undefined;
  const locale = ensureAccount(state, source.account_id).locale;
  const name = copyName(source.name, 'top', rename, locale);
  if (characterCount(name) > MAX_NAME) {
    throw invalidParameter('ADSET-NAME-MAX', `The copy's name would be ${characterCount(name)} characters long; an ad set name has at most ${MAX_NAME} ([2] Limits). Shorten rename_prefix or rename_suffix.`, ['rename_options']);
  }
  const status = params.status_option === 'ACTIVE' ? 'ACTIVE' : params.status_option === 'INHERITED_FROM_SOURCE' ? source.configured_status : 'PAUSED';
  const shape: AdSetShape = {
    account_id: source.account_id,
    campaign_id: campaign.id,
    name,
    configured_status: status,
    start_time: params.start_time !== undefined ? toMs(params.start_time) : source.start_time,
    end_time: params.end_time !== undefined ? toMs(params.end_time) : source.end_time,
    params: structuredClone(source.params),
  };
  // The copy is a new ad set: what its own times and campaign make of the original's parameters must
  // pass the creation's rules ([2] Regional-regulation rules 1, "new, duplicated ...").
  refuseWhatTheChangeBreaks(source, shape, ctx);
  const copy: AdSetRecord = { ...shape, id: nextId(state, 'adset'), created_time: now, ad_ids: [] };
  const adObjects = [{ ad_object_type: 'ad_set', source_id: source.id, copied_id: copy.id }];
  for (const ad of children) {
    const copied: AdRecord = { id: nextId(state, 'ad'), adset_id: copy.id, name: copyName(ad.name, 'child', rename, locale), status };
    state.ads[copied.id] = copied;
    copy.ad_ids.push(copied.id);
    adObjects.push({ ad_object_type: 'ad', source_id: ad.id, copied_id: copied.id });
  }
  state.adsets[copy.id] = copy;
  await store.commit();
  return { body: { copied_adset_id: copy.id, ad_object_ids: adObjects } };
}

function isObject(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
