/**
 * ADSET-IOS14, the part only the service can check: [3]'s iOS 14 conditions of ad set creation that
 * depend on what the emulator holds (docs/emulator.md, Seed data). The rule engine has already
 * checked what the request itself shows (core/rules/adsetIos14Rules.ts); these read the ad account,
 * the app the campaign promotes, audiences, pixels and the campaign's other ad sets. Each answers
 * code 100 with the table's number as subcode, as the engine's iOS 14 findings do.
 */
import { ios14 } from '../../core/model/rulesData';
import { own } from '../../core/own';
import { blameData, ServiceError } from '../envelope';
import { type AdSetRecord, type CampaignRecord, type EmulatorState, type PromotedAppRecord } from '../state';

const RULE = 'ADSET-IOS14';

function refuse(code: number, title: string, message: string, blame: string): ServiceError {
  return new ServiceError({ status: 400, code: 100, subcode: code, message: 'Invalid parameter', errorData: blameData([blame]), transient: false, userTitle: title, userMessage: message, rule: RULE });
}

function asObject(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Ids in a list of ids or of `{"id": ...}` objects. */
function idsIn(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.map((x) => (asObject(x) ? asObject(x)!.id : x)).filter((x) => typeof x === 'string' || typeof x === 'number').map(String);
}

/** `8.0` against `7.1.0`: numeric parts, left to right. */
function olderThan(version: string, minimum: string): boolean {
  const a = version.split('.').map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] || 0) - (b[i] || 0);
    if (d !== 0) return d < 0;
  }
  return false;
}

/** The app event an ad set optimizes for, when its goal is an app-event or value goal. */
function optimizedEvent(params: Record<string, unknown>): string | undefined {
  const goal = params.optimization_goal;
  if (typeof goal !== 'string' || (!ios14.appEventGoals.includes(goal) && !ios14.valueGoals.includes(goal))) return undefined;
  const event = asObject(params.promoted_object)?.custom_event_type;
  return typeof event === 'string' ? event : undefined;
}

/** Creating an ad set (AS): every condition that needs the emulator's data, in the order of the table's logic. */
export function checkIos14Creation(state: EmulatorState, accountId: string, campaign: CampaignRecord | undefined, params: Record<string, unknown>): void {
  if (campaign?.ios14) {
    if (own(state.accounts, accountId)?.ios14_permitted === false) {
      throw refuse(2490247, 'Ad account not yet permitted to create iOS 14 campaigns', `Ad account act_${accountId} may not create iOS 14 campaigns yet, so it cannot add ad sets to campaign ${campaign.id}.`, 'campaign_id');
    }
    const promoted = asObject(params.promoted_object);
    const appId = promoted?.application_id !== undefined ? String(promoted.application_id) : undefined;
    if (campaign.app_id !== undefined && appId !== undefined && appId !== campaign.app_id) {
      throw refuse(2490239, 'Ad set promotes a different app than its campaign', `Campaign ${campaign.id} promotes app ${campaign.app_id}; this ad set promotes app ${appId}. Promote the campaign's app.`, 'promoted_object');
    }
    const app = own(state.apps ?? {}, campaign.app_id ?? appId ?? '');
    if (app) checkApp(app, params);
    checkSameEvent(state, campaign, params);
    checkIos14Targeting(state, params);
  }
  checkPixelEvent(state, params);
}

/** Updating an ad set of an iOS 14 campaign (AS2): the audience and connection conditions. */
export function checkIos14Update(state: EmulatorState, adset: AdSetRecord, params: Record<string, unknown>): void {
  if (own(state.campaigns, adset.campaign_id)?.ios14) checkIos14Targeting(state, params);
}

function checkApp(app: PromotedAppRecord, params: Record<string, unknown>): void {
  const partner = app.measurement_partner;
  if (partner && !partner.supported) {
    throw refuse(3285007, 'Apps that use a third-party measurement partner are not yet supported', `App ${app.id} measures through ${partner.name}, which iOS 14 campaigns do not support yet.`, 'promoted_object');
  }
  if (partner && olderThan(partner.sdk_version, partner.min_version)) {
    throw refuse(2446694, `App must use version ${partner.min_version} or later of the third-party measurement partner SDK`, `App ${app.id} uses ${partner.name} SDK ${partner.sdk_version}; iOS 14 campaigns need ${partner.min_version} or later.`, 'promoted_object');
  }
  if (app.social_sdk_version !== undefined && olderThan(app.social_sdk_version, ios14.minSocialSdkVersion)) {
    throw refuse(2446693, `App must use the social SDK version ${ios14.minSocialSdkVersion} or later`, `App ${app.id} uses social SDK ${app.social_sdk_version}; iOS 14 campaigns need ${ios14.minSocialSdkVersion} or later.`, 'promoted_object');
  }
  if (app.server_to_server) {
    throw refuse(2446695, 'App sends events server to server and does not send attribution-framework events automatically', `App ${app.id} sends its events server to server without sending attribution-framework events automatically.`, 'promoted_object');
  }
  const goal = typeof params.optimization_goal === 'string' ? params.optimization_goal : undefined;
  if (goal && ios14.valueGoals.includes(goal) && !app.value_optimization) {
    throw refuse(3285004, 'Value optimization needs the value set enabled in the events manager', `optimization_goal ${goal} needs the value set of app ${app.id} enabled in the events manager.`, 'optimization_goal');
  }
  if (goal && ios14.appEventGoals.includes(goal) && app.app_events.length === 0) {
    throw refuse(3285005, 'App-events optimization needs app events set up', `optimization_goal ${goal} needs app events set up for app ${app.id}; it has none.`, 'optimization_goal');
  }
  const event = asObject(params.promoted_object)?.custom_event_type;
  if (typeof event === 'string' && !app.app_events.includes(event)) {
    throw refuse(3285006, 'Selected event is not among the available conversion events', `${event} is not among the conversion events of app ${app.id}: ${app.app_events.join(', ') || 'none are set up'}.`, 'promoted_object');
  }
}

/** 3285009: the campaign's ad sets that optimize for an app event all optimize for the same one. */
function checkSameEvent(state: EmulatorState, campaign: CampaignRecord, params: Record<string, unknown>): void {
  const event = optimizedEvent(params);
  if (event === undefined) return;
  for (const other of Object.values(state.adsets)) {
    if (other.campaign_id !== campaign.id || other.configured_status === 'DELETED') continue;
    const theirs = optimizedEvent(other.params);
    if (theirs !== undefined && theirs !== event) {
      throw refuse(3285009, 'All ad sets of the campaign must use the same event optimization', `Ad set ${other.id} of campaign ${campaign.id} optimizes for ${theirs}; this one for ${event}. Use ${theirs}.`, 'promoted_object');
    }
  }
}

/** 1870125 and 1870141: audiences built from app activity and app connections, in the targeting. */
function checkIos14Targeting(state: EmulatorState, params: Record<string, unknown>): void {
  const targeting = asObject(params.targeting);
  if (!targeting) return;
  const appActivity = idsIn(targeting.custom_audiences).filter((id) => own(state.audiences, id)?.source === 'app_activity');
  if (appActivity.length) {
    throw refuse(1870125, 'App-activity custom audiences cannot be used for inclusion on an iOS 14 campaign', `Custom audience ${appActivity.join(', ')} is built from app activity, which an iOS 14 campaign cannot include; exclude it or use another audience.`, 'targeting');
  }
  for (const key of ios14.connectionKeys) {
    const apps = idsIn(targeting[key]).filter((id) => own(state.apps ?? {}, id));
    if (apps.length) {
      throw refuse(1870141, 'App connections cannot be used for iOS 14 campaigns', `targeting.${key} names app ${apps.join(', ')}: app connections cannot be used in an iOS 14 campaign.`, 'targeting');
    }
  }
}

/** 3260007: the event of a pixel-based promoted object is set up on the pixel's domain. */
function checkPixelEvent(state: EmulatorState, params: Record<string, unknown>): void {
  const promoted = asObject(params.promoted_object);
  const pixel = promoted?.pixel_id !== undefined ? own(state.pixels ?? {}, String(promoted.pixel_id)) : undefined;
  const event = promoted?.custom_event_type;
  if (!pixel || typeof event !== 'string' || event === 'OTHER' || pixel.events.includes(event)) return;
  throw refuse(3260007, 'Event is not set up on a domain', `${event} is not set up on ${pixel.domain}, the domain of pixel ${pixel.id}: set it up in the events manager, or use ${pixel.events.join(', ')}.`, 'promoted_object');
}
