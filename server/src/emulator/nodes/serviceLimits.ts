/**
 * The ad set limits only the service can check, because they depend on what already exists
 * ([2] Limits): ADSET-ACCOUNT-LIMIT, ADSET-IOS14-LIMIT, ADSET-ADS-LIMIT, COPY-DEEP-LIMIT.
 * The documents give codes only for the iOS 14 limit (2490238 on create, 2695 on copy); the others
 * answer code 100 (docs/emulator.md, Decisions).
 */
import { accountSettings, type EmulatorConfig } from '../config';
import { invalidParameter, ServiceError } from '../envelope';
import { liveAdSets, type CampaignRecord, type EmulatorState } from '../state';

export function checkAccountLimit(state: EmulatorState, config: EmulatorConfig, accountId: string): void {
  const bulk = accountSettings(config, accountId).bulk;
  const limit = bulk ? config.limits.adSetsPerBulkAccount : config.limits.adSetsPerAccount;
  if (liveAdSets(state, { account: accountId }) < limit) return;
  throw invalidParameter(
    'ADSET-ACCOUNT-LIMIT',
    `Ad account act_${accountId} already holds ${limit} ad sets that are not deleted, the most a ${bulk ? 'bulk' : 'regular'} ad account may hold ([2] Limits). Delete ad sets you no longer need.`,
    [],
    'Ad set limit reached',
  );
}

export function checkIos14Limit(state: EmulatorState, config: EmulatorConfig, campaign: CampaignRecord, operation: 'create' | 'copy'): void {
  if (!campaign.ios14) return;
  const limit = config.limits.adSetsPerIos14Campaign;
  if (liveAdSets(state, { campaign: campaign.id }) < limit) return;
  const message = `The iOS 14 campaign ${campaign.id} already has ${limit} ad sets, the most it may hold. Use another campaign.`;
  throw new ServiceError(
    operation === 'create'
      ? { status: 400, code: 100, subcode: 2490238, message: 'Invalid parameter', userTitle: 'Limit of 5 ad sets per iOS 14 campaign reached', userMessage: message, rule: 'ADSET-IOS14-LIMIT' }
      : { status: 400, code: 2695, message: 'The copy reached the campaign-group ad set limit', userTitle: 'iOS 14 ad set limit reached on copy', userMessage: `${message} Copy into another campaign with campaign_id.`, rule: 'ADSET-IOS14-LIMIT' },
  );
}

/** deep_copy copies the child ads: at most 3 in a synchronous call, which every emulator call is. */
export function checkDeepCopy(childAds: number, config: EmulatorConfig): void {
  const limit = config.limits.deepCopyChildAds;
  if (childAds <= limit) return;
  throw invalidParameter(
    'COPY-DEEP-LIMIT',
    `deep_copy would copy ${childAds} child ads; a synchronous copy copies at most ${limit} ([2] Copy an ad set). Copy without deep_copy, or with fewer ads.`,
    ['deep_copy'],
    'Too many child ads to copy',
  );
}

export function checkAdsPerAdSet(ads: number, config: EmulatorConfig): void {
  const limit = config.limits.adsPerAdSet;
  if (ads <= limit) return;
  throw invalidParameter('ADSET-ADS-LIMIT', `An ad set holds at most ${limit} ads that are not archived ([2] Limits); this one would hold ${ads}.`, [], 'Ad limit reached');
}
