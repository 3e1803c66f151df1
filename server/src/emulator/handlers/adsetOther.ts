/**
 * The ad set operations [2] names without showing their parameters or responses (Other operations):
 * update (POST /<ad_set_id>), delete (DELETE /<ad_set_id>) and list (GET /act_<id>/adsets). The
 * rule engine does not check their requests, so the emulator keeps them small: an update changes the
 * parameters it is given (refusing flagged assets, as [2] says for "create or modify", and what the
 * creation's rules refuse in the ad set it would leave, regional regulation included: createRules.ts),
 * a delete marks the ad set DELETED, and both answer {"success": true}; a list answers a page of
 * {"data": [ad sets], "paging": {...}} (nodes/paging.ts), with `summary.total_count` when asked.
 */
import { euTargeting, type Call } from '../../core';
import { invalidParameter, unknownObject } from '../envelope';
import { creationCall, refuseWhatTheChangeBreaks, storeRegionalValues, type AdSetShape } from '../nodes/createRules';
import { adsetNode } from '../nodes/adsetNode';
import { toMs } from '../nodes/datetime';
import { flaggedAssetsOf, refuseFlaggedAssets } from '../nodes/flaggedAssets';
import { checkIos14Update } from '../nodes/ios14';
import { pageOf, type PageAsk } from '../nodes/paging';
import { readParams } from '../nodes/params';
import { own } from '../../core/own';
import { adSetsOfAccount, type AdSetRecord } from '../state';
import { isStatus } from './adsetCreate';
import type { HandlerContext, Reply } from './context';

/** Parameters an update may not change: they place the ad set, they do not describe it. */
const FIXED = ['campaign_id', 'campaign_spec', 'execution_options', 'fields'];

export async function updateAdSet(ctx: HandlerContext): Promise<Reply> {
  const adset = liveAdSet(ctx);
  const params = readParams(ctx.call, ctx.model, FIXED);
  if (params.status !== undefined && !isStatus(params.status)) {
    throw invalidParameter('ADSET-STATUS', '`status` takes ACTIVE, PAUSED, DELETED or ARCHIVED ([2] States and transitions).', ['status']);
  }
  // A name that is not text is a type error, as at creation (ADSET-TYPES); ADSET-NAME-MAX is its length.
  if (params.name !== undefined && typeof params.name !== 'string') {
    throw invalidParameter('ADSET-TYPES', '`name` must be text of 1 to 400 characters ([2] Create an ad set).', ['name']);
  }
  // An empty name, or one of white space only, is no name, as at creation (ADSET-NAME-REQUIRED, docs/rules.md).
  if (typeof params.name === 'string' && !/\S/.test(params.name)) throw invalidParameter('ADSET-NAME-REQUIRED', '`name` must not be empty or white space only: an ad set needs a name ([2] Create an ad set).', ['name']);
  if (typeof params.name === 'string' && [...params.name].length > 400) {
    throw invalidParameter('ADSET-NAME-MAX', '`name` must be text of 1 to 400 characters ([2] Limits).', ['name']);
  }
  const merged = { ...adset.params, ...params };
  refuseFlaggedAssets(flaggedAssetsOf(merged, ctx.store.state), ctx.config);
  checkIos14Update(ctx.store.state, adset, params);
  const after: AdSetShape = { ...adset, params: { ...adset.params } };
  for (const [k, v] of Object.entries(params)) {
    if (k === 'name') after.name = v as string;
    else if (k === 'status') after.configured_status = v as AdSetRecord['configured_status'];
    else if ((k === 'start_time' || k === 'end_time') && toMs(v) !== undefined) after[k] = toMs(v);
    else after.params[k] = v; // A time that is no datetime too: the creation's rules refuse it.
  }
  refuseWhatTheChangeBreaks(adset, after, ctx);
  storeRegionalValues(after.params, euTargeting(creationCall(after, ctx)).eu, own(ctx.store.state.accounts, after.account_id));
  Object.assign(adset, after);
  await ctx.store.commit();
  return { body: { success: true } };
}

export async function deleteAdSet(ctx: HandlerContext): Promise<Reply> {
  const adset = liveAdSet(ctx);
  adset.configured_status = 'DELETED';
  await ctx.store.commit();
  return { body: { success: true } };
}

export function listAdSets(ctx: HandlerContext): Reply {
  const { call, store, version } = ctx;
  const account = call.match!.values['ad-account-id'];
  const unix = call.params.get('date_format')?.value === 'U';
  const all = adSetsOfAccount(store.state, account);
  // A cursor of an ad set deleted since still places the next page (it was listed).
  const page = pageOf(all, (a) => a.id, pageAsk(call), call.endpoint!.paging!, ctx.link, (id) => own(store.state.adsets, id)?.account_id === account);
  const body: Record<string, unknown> = { data: page.data.map((a) => adsetNode(a, store.state, { fields: call.fields?.items, version, unix })) };
  if (page.paging) body.paging = page.paging;
  if (wantsTotalCount(call)) body.summary = { total_count: all.length };
  return { body };
}

/** `limit`, `after` and `before` as the call gives them. */
function pageAsk(call: Call): PageAsk {
  const text = (name: string): string | undefined => {
    const v = call.params.get(name)?.value;
    return v === undefined || v === null ? undefined : typeof v === 'string' ? v : JSON.stringify(v);
  };
  return { limit: text('limit'), after: text('after'), before: text('before') };
}

/** `summary=true` or `summary=total_count` (a list may name several summaries): the count of the whole list. */
function wantsTotalCount(call: Call): boolean {
  const v = call.params.get('summary')?.value;
  if (typeof v !== 'string') return v === true;
  return v.split(',').some((s) => s.trim() === 'total_count' || s.trim() === 'true');
}

function liveAdSet(ctx: HandlerContext): AdSetRecord {
  const id = ctx.call.match!.values['adset-id'];
  const adset = own(ctx.store.state.adsets, id);
  if (!adset || adset.configured_status === 'DELETED') throw unknownObject(id, ctx.call.method);
  return adset;
}
