/**
 * What the emulator remembers: ad accounts, campaigns, ad sets, ads, audiences and conversions, URL
 * nodes and threads. Plain JSON data, kept record by record in the data file (store.ts).
 * Times are milliseconds since the epoch; ids are numeric strings, as the API writes them.
 */

import { StateIndex } from './stateIndex';

/** The format of the state itself; the data file's own format is storage/stateLog.ts's. */
export const STATE_FORMAT = 1;

export interface AccountRecord {
  /** The digits after `act_`. */
  id: string;
  default_dsa_payor?: string;
  default_dsa_beneficiary?: string;
  /** The copy marker of renamed copies follows the account locale ([2] Copy an ad set). */
  locale: string;
  /** False when the account may not yet create iOS 14 campaigns (2490247); absent means permitted. */
  ios14_permitted?: boolean;
}

export interface CampaignRecord {
  id: string;
  account_id: string;
  name: string;
  objective: string;
  buying_type: string;
  status: 'ACTIVE' | 'PAUSED' | 'DELETED' | 'ARCHIVED';
  /** The campaign's budget kind, which ADSET-CAMPAIGN-BUDGET-NEEDED reads. */
  budget: 'daily' | 'lifetime' | 'none';
  /** An iOS 14 app campaign holds at most 5 ad sets (ADSET-IOS14-LIMIT). */
  ios14: boolean;
  /** The app an iOS 14 campaign promotes (its application_id): its ad sets promote the same app (2490239). */
  app_id?: string;
}

export interface AdSetRecord {
  id: string;
  account_id: string;
  campaign_id: string;
  name: string;
  configured_status: 'ACTIVE' | 'PAUSED' | 'DELETED' | 'ARCHIVED';
  created_time: number;
  start_time?: number;
  /** 0 means ongoing (daily budget only). */
  end_time?: number;
  /** Every other parameter of the creation, as the schema reads it (numbers, objects, lists). */
  params: Record<string, unknown>;
  ad_ids: string[];
}

export interface AdRecord {
  id: string;
  adset_id: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED' | 'DELETED' | 'ARCHIVED';
}

/** A custom or lookalike audience; a lookalike of a flagged source is flagged with operation_status 471. */
export interface AudienceRecord {
  id: string;
  name: string;
  kind: 'custom' | 'lookalike';
  flagged: boolean;
  operation_status?: number;
  /** A custom audience built from app activity cannot be included in an iOS 14 campaign (1870125). */
  source?: 'app_activity';
}

export interface ConversionRecord {
  id: string;
  name: string;
  flagged: boolean;
}

export interface UrlNodeRecord {
  url: string;
  engagement: { comment_count: number; comment_plugin_count: number; reaction_count: number; share_count: number };
  og_object?: { id: string; title?: string; description?: string; type: string; updated_time: number };
  app_links?: Record<string, unknown>;
}

export interface MessageRecord {
  id: string;
  created_time: number;
  from: { id: string; name: string };
  message: string;
  /** Grey system notices the messaging app inserts; `source(PARTICIPANTS)` leaves them out. */
  admin_text: boolean;
}

export interface ThreadRecord {
  id: string;
  /** Oldest first. */
  messages: MessageRecord[];
}

/**
 * An app that ads promote (promoted_object.application_id), with what [3]'s iOS 14 conditions read:
 * its SDKs, how it sends events, and the events set up for it.
 */
export interface PromotedAppRecord {
  id: string;
  name: string;
  object_store_url: string;
  /** Version of the social SDK in the app; 8.0 or later for iOS 14 campaigns (2446693). Absent: the app does not use it. */
  social_sdk_version?: string;
  /** A third-party measurement partner SDK: unsupported (3285007), or older than the partner's minimum (2446694). */
  measurement_partner?: { name: string; sdk_version: string; min_version: string; supported: boolean };
  /** Events sent server to server, without the attribution-framework events sent automatically (2446695). */
  server_to_server?: boolean;
  /** custom_event_type values of the app events set up for it; empty: none set up (3285005, 3285006). */
  app_events: string[];
  /** The value set is enabled in the events manager (3285004). */
  value_optimization: boolean;
}

/** A pixel and the events set up on its domain (3260007). */
export interface PixelRecord {
  id: string;
  name: string;
  domain: string;
  events: string[];
}

/** [3] Versioning 5: an app's calls by version, and when it first called. */
export interface VersionHistory {
  first_call: number;
  versions: string[];
}

export interface EmulatorState {
  format: number;
  /** Last id handed out per kind; ids are numeric strings, so they are counted as BigInt text. */
  lastIds: { campaign: string; adset: string; ad: string };
  accounts: Record<string, AccountRecord>;
  campaigns: Record<string, CampaignRecord>;
  adsets: Record<string, AdSetRecord>;
  ads: Record<string, AdRecord>;
  audiences: Record<string, AudienceRecord>;
  conversions: Record<string, ConversionRecord>;
  urls: Record<string, UrlNodeRecord>;
  threads: Record<string, ThreadRecord>;
  /** Promoted apps by application id (absent in state files written before they existed). */
  apps?: Record<string, PromotedAppRecord>;
  /** Pixels by id. */
  pixels?: Record<string, PixelRecord>;
  /** Calls by version of each calling app (token app id), for [3] Versioning 5. */
  versionHistory?: Record<string, VersionHistory>;
}

export function nextId(state: EmulatorState, kind: keyof EmulatorState['lastIds']): string {
  const id = (BigInt(state.lastIds[kind]) + 1n).toString();
  state.lastIds[kind] = id;
  return id;
}

/** [2] defaults: every act_<digits> exists on first use, without DSA defaults. */
export function ensureAccount(state: EmulatorState, id: string): AccountRecord {
  return (state.accounts[id] ??= { id, locale: 'en_US' });
}

/** The index of a store's state (store.ts registers it); a bare state object is scanned instead. */
const indexes = new WeakMap<EmulatorState, StateIndex>();

export function registerIndex(state: EmulatorState, index: StateIndex): void {
  indexes.set(state, index);
}

function indexOf(state: EmulatorState): StateIndex {
  return indexes.get(state) ?? new StateIndex(() => state);
}

/** Ad sets that count against the account and iOS 14 campaign limits: "5000 non-deleted" ([2] Limits). */
export function liveAdSets(state: EmulatorState, by: { account: string } | { campaign: string }): number {
  return indexOf(state).liveAdSets(by);
}

/** The account's ads whose effective status is ACTIVE: the "active ads" of [3]'s ads-management formula. */
export function activeAds(state: EmulatorState, account: string): number {
  return indexOf(state).activeAds(account);
}

/** The account's ad sets that are not deleted, in creation order. */
export function adSetsOfAccount(state: EmulatorState, account: string): AdSetRecord[] {
  return indexOf(state).adSetsOf(account);
}
