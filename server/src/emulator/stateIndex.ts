/**
 * Per-account and per-campaign figures the handlers and the rate limits ask for on every call, kept
 * up to date as records change instead of counted by scanning every ad set ([2] Limits: non-deleted
 * ad sets per account and per iOS 14 campaign; [3] Limits: the account's active ads in the
 * ads-management formula; and the account's ad sets for the list endpoint).
 *
 * The store tells the index which records changed (`changed`): at once when a record is assigned or
 * deleted, and at each commit for every record the committing call touched, so changes made inside
 * a record are seen before the commit's answer goes out. The index reads the raw records, so it never
 * marks anything as touched itself.
 *
 * An ad is active when it, its ad set and the ad set's campaign are all ACTIVE (its effective status;
 * docs/emulator.md, Decisions).
 */
import { own } from '../core/own';
import type { AdRecord, AdSetRecord, CampaignRecord } from './state';

export interface IndexedCollections {
  adsets: Record<string, AdSetRecord>;
  ads: Record<string, AdRecord>;
  campaigns: Record<string, CampaignRecord>;
}

interface AdSetEntry {
  account: string;
  campaign: string;
  live: boolean;
  activeAds: number;
}

interface Group {
  /** Every ad set ever indexed under the group, in the order first seen (deleted ones included). */
  ids: Set<string>;
  live: number;
  activeAds: number;
}

export class StateIndex {
  private entries = new Map<string, AdSetEntry>();
  /** The status each campaign had when its ad sets were last indexed: only a change of it touches them. */
  private campaignStatus = new Map<string, string | undefined>();
  private accounts = new Map<string, Group>();
  private campaigns = new Map<string, Group>();

  constructor(private readonly raw: () => IndexedCollections) {
    for (const id of Object.keys(raw().adsets)) this.reindexAdSet(id);
  }

  /** A record of `collection` was assigned, deleted or may have changed inside. */
  changed(collection: string, key: string): void {
    if (collection === 'adsets') this.reindexAdSet(key);
    else if (collection === 'ads') {
      const ad = own(this.raw().ads, key);
      if (ad) this.reindexAdSet(ad.adset_id);
    } else if (collection === 'campaigns') {
      // A call that reads a campaign touches it; its ad sets are counted again only if its status changed.
      const status = own(this.raw().campaigns, key)?.status;
      if (this.campaignStatus.get(key) === status) return;
      this.campaignStatus.set(key, status);
      for (const id of this.campaigns.get(key)?.ids ?? []) this.reindexAdSet(id);
    }
  }

  liveAdSets(by: { account?: string; campaign?: string }): number {
    const group = by.account !== undefined ? this.accounts.get(by.account) : by.campaign !== undefined ? this.campaigns.get(by.campaign) : undefined;
    return group?.live ?? 0;
  }

  activeAds(account: string): number {
    return this.accounts.get(account)?.activeAds ?? 0;
  }

  /** The account's ad sets that are not deleted, in creation order. */
  adSetsOf(account: string): AdSetRecord[] {
    const out: AdSetRecord[] = [];
    const adsets = this.raw().adsets;
    for (const id of this.accounts.get(account)?.ids ?? []) {
      const a = own(adsets, id);
      if (a && a.configured_status !== 'DELETED' && a.account_id === account) out.push(a);
    }
    return out;
  }

  private reindexAdSet(id: string): void {
    const old = this.entries.get(id);
    if (old) {
      this.group(this.accounts, old.account).live -= old.live ? 1 : 0;
      this.group(this.accounts, old.account).activeAds -= old.activeAds;
      this.group(this.campaigns, old.campaign).live -= old.live ? 1 : 0;
      this.entries.delete(id);
    }
    const { adsets, ads, campaigns } = this.raw();
    const a = own(adsets, id);
    if (!a) return;
    const live = a.configured_status !== 'DELETED';
    let activeAds = 0;
    const campaignStatus = own(campaigns, a.campaign_id)?.status;
    if (!this.campaignStatus.has(a.campaign_id)) this.campaignStatus.set(a.campaign_id, campaignStatus);
    if (a.configured_status === 'ACTIVE' && campaignStatus === 'ACTIVE') {
      for (const adId of a.ad_ids) if (own(ads, adId)?.status === 'ACTIVE') activeAds++;
    }
    const entry: AdSetEntry = { account: a.account_id, campaign: a.campaign_id, live, activeAds };
    this.entries.set(id, entry);
    const account = this.group(this.accounts, entry.account);
    account.ids.add(id);
    account.live += live ? 1 : 0;
    account.activeAds += activeAds;
    const campaign = this.group(this.campaigns, entry.campaign);
    campaign.ids.add(id);
    campaign.live += live ? 1 : 0;
  }

  private group(map: Map<string, Group>, key: string): Group {
    let g = map.get(key);
    if (!g) map.set(key, (g = { ids: new Set(), live: 0, activeAds: 0 }));
    return g;
  }
}

