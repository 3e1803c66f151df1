/**
 * The data a fresh emulator starts with, so the examples and the quick start work at once
 * (docs/emulator.md lists it). Times are fixed dates, so answers do not depend on when the state
 * was created.
 */
import { EMULATOR_ACCOUNT_DEFAULTS } from '../core/model/emulatorAccounts';
import { STATE_FORMAT, type AdRecord, type AdSetRecord, type CampaignRecord, type EmulatorState, type MessageRecord, type PromotedAppRecord } from './state';

export const SEED = {
  account: '1000000001',
  /** An ad account that may not create iOS 14 campaigns yet (2490247). */
  accountWithoutIos14: '1000000002',
  /** One campaign per outcome objective, then the iOS 14 app campaigns (docs/emulator.md, Seed data). */
  campaigns: {
    OUTCOME_AWARENESS: '120200000000000001',
    OUTCOME_TRAFFIC: '120200000000000002',
    OUTCOME_ENGAGEMENT: '120200000000000003',
    OUTCOME_LEADS: '120200000000000004',
    OUTCOME_APP_PROMOTION: '120200000000000005',
    OUTCOME_SALES: '120200000000000006',
    ios14: '120200000000000007',
    /** Holds an ad set optimizing for the app event PURCHASE (3285009). */
    ios14EventOptimized: '120200000000000008',
    ios14OldSocialSdk: '120200000000000009',
    ios14OldPartnerSdk: '120200000000000010',
    ios14ServerToServer: '120200000000000011',
    ios14WithoutAppEvents: '120200000000000012',
    ios14UnsupportedPartner: '120200000000000013',
    /** An iOS 14 campaign with the traffic objective (2490246). */
    ios14Traffic: '120200000000000014',
  },
  adsets: {
    withThreeAds: '23850000000000001',
    withFourAds: '23850000000000002',
    usingFlaggedAudience: '23850000000000003',
    ios14: '23850000000000004',
    ios14EventOptimized: '23850000000000005',
  },
  audiences: { flagged: '23860000000000001', lookalikeOfFlagged: '23860000000000002', clean: '23860000000000003', appActivity: '23860000000000004' },
  conversions: { flagged: '23870000000000001', clean: '23870000000000002' },
  pixel: { id: '23880000000000001', domain: 'shop.example.com', events: ['PURCHASE', 'ADD_TO_CART', 'INITIATED_CHECKOUT', 'LEAD', 'COMPLETE_REGISTRATION'] },
  thread: 't_100200300',
  /** The iOS app the iOS 14 campaign promotes: every iOS 14 condition met. */
  app: { id: 1234567890, storeUrl: 'https://apps.example.com/app/id1234567890', events: ['PURCHASE', 'ADD_TO_CART', 'COMPLETE_REGISTRATION', 'START_TRIAL', 'SUBSCRIBE', 'LEVEL_ACHIEVED'] },
  /** Apps that each break one iOS 14 condition. */
  apps: {
    oldSocialSdk: '1234567891',
    oldPartnerSdk: '1234567892',
    serverToServer: '1234567893',
    withoutAppEvents: '1234567894',
    unsupportedPartner: '1234567895',
  },
  /** The app that makes the calls of demo-token: it has called every version since before v3.0 ([3] Versioning 5). */
  callingApp: '1',
} as const;

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);

export function seedState(): EmulatorState {
  const state: EmulatorState = {
    format: STATE_FORMAT,
    lastIds: { campaign: SEED.campaigns.ios14Traffic, adset: SEED.adsets.ios14EventOptimized, ad: '23840000000000000' },
    accounts: {
      // The editor reads the same defaults when requests go to this emulator (core/model/emulatorAccounts.ts).
      [SEED.account]: { id: SEED.account, ...EMULATOR_ACCOUNT_DEFAULTS[`act_${SEED.account}`], locale: 'en_US' },
      [SEED.accountWithoutIos14]: { id: SEED.accountWithoutIos14, locale: 'en_US', ios14_permitted: false },
    },
    campaigns: {},
    adsets: {},
    ads: {},
    audiences: {
      [SEED.audiences.flagged]: { id: SEED.audiences.flagged, name: 'Visitors of the health pages (flagged)', kind: 'custom', flagged: true },
      [SEED.audiences.lookalikeOfFlagged]: { id: SEED.audiences.lookalikeOfFlagged, name: 'Lookalike of the flagged audience', kind: 'lookalike', flagged: true, operation_status: 471 },
      [SEED.audiences.clean]: { id: SEED.audiences.clean, name: 'Newsletter subscribers', kind: 'custom', flagged: false },
      [SEED.audiences.appActivity]: { id: SEED.audiences.appActivity, name: 'Opened the app in the last 30 days', kind: 'custom', flagged: false, source: 'app_activity' },
    },
    conversions: {
      [SEED.conversions.flagged]: { id: SEED.conversions.flagged, name: 'Loan application (flagged)', flagged: true },
      [SEED.conversions.clean]: { id: SEED.conversions.clean, name: 'Newsletter sign-up', flagged: false },
    },
    urls: {
      'https://example.com/post': {
        url: 'https://example.com/post',
        engagement: { comment_count: 12, comment_plugin_count: 3, reaction_count: 87, share_count: 41 },
        og_object: { id: '10150000000000001', title: 'An example post', description: 'A post shared on the social platform.', type: 'article', updated_time: T0 },
      },
      'https://example.com/': {
        url: 'https://example.com/',
        engagement: { comment_count: 0, comment_plugin_count: 0, reaction_count: 5, share_count: 2 },
        og_object: { id: '10150000000000002', title: 'Example Domain', type: 'website', updated_time: T0 },
      },
      'https://example.org/news/launch?utm_source=social': {
        url: 'https://example.org/news/launch?utm_source=social',
        engagement: { comment_count: 4, comment_plugin_count: 0, reaction_count: 19, share_count: 7 },
        og_object: { id: '10150000000000003', title: 'We launched', type: 'article', updated_time: T0 },
        app_links: { web: [{ url: 'https://example.org/news/launch', should_fallback: true }] },
      },
    },
    threads: { [SEED.thread]: { id: SEED.thread, messages: seedMessages() } },
    apps: seedApps(),
    pixels: { [SEED.pixel.id]: { id: SEED.pixel.id, name: 'Shop pixel', domain: SEED.pixel.domain, events: [...SEED.pixel.events] } },
    versionHistory: seedVersionHistory(),
  };
  const campaign = (id: string, name: string, objective: string, ios14App?: string): void => {
    const c: CampaignRecord = { id, account_id: SEED.account, name, objective, buying_type: 'AUCTION', status: 'ACTIVE', budget: 'none', ios14: ios14App !== undefined };
    if (ios14App !== undefined) c.app_id = ios14App;
    state.campaigns[id] = c;
  };
  campaign(SEED.campaigns.OUTCOME_AWARENESS, 'Awareness campaign', 'OUTCOME_AWARENESS');
  campaign(SEED.campaigns.OUTCOME_TRAFFIC, 'Traffic campaign', 'OUTCOME_TRAFFIC');
  campaign(SEED.campaigns.OUTCOME_ENGAGEMENT, 'Engagement campaign', 'OUTCOME_ENGAGEMENT');
  campaign(SEED.campaigns.OUTCOME_LEADS, 'Leads campaign', 'OUTCOME_LEADS');
  campaign(SEED.campaigns.OUTCOME_APP_PROMOTION, 'App promotion campaign', 'OUTCOME_APP_PROMOTION');
  campaign(SEED.campaigns.OUTCOME_SALES, 'Sales campaign', 'OUTCOME_SALES');
  const app = String(SEED.app.id);
  campaign(SEED.campaigns.ios14, 'iOS 14 app campaign', 'OUTCOME_APP_PROMOTION', app);
  campaign(SEED.campaigns.ios14EventOptimized, 'iOS 14 campaign optimizing for purchases', 'OUTCOME_APP_PROMOTION', app);
  campaign(SEED.campaigns.ios14OldSocialSdk, 'iOS 14 campaign: app with an old social SDK', 'OUTCOME_APP_PROMOTION', SEED.apps.oldSocialSdk);
  campaign(SEED.campaigns.ios14OldPartnerSdk, 'iOS 14 campaign: app with an old partner SDK', 'OUTCOME_APP_PROMOTION', SEED.apps.oldPartnerSdk);
  campaign(SEED.campaigns.ios14ServerToServer, 'iOS 14 campaign: app sending events server to server', 'OUTCOME_APP_PROMOTION', SEED.apps.serverToServer);
  campaign(SEED.campaigns.ios14WithoutAppEvents, 'iOS 14 campaign: app without app events', 'OUTCOME_APP_PROMOTION', SEED.apps.withoutAppEvents);
  campaign(SEED.campaigns.ios14UnsupportedPartner, 'iOS 14 campaign: app with an unsupported partner', 'OUTCOME_APP_PROMOTION', SEED.apps.unsupportedPartner);
  campaign(SEED.campaigns.ios14Traffic, 'iOS 14 campaign with the traffic objective', 'OUTCOME_TRAFFIC', app);

  const reach = { daily_budget: 1000, billing_event: 'IMPRESSIONS', optimization_goal: 'REACH', bid_strategy: 'LOWEST_COST_WITHOUT_CAP' };
  addAdSet(state, SEED.adsets.withThreeAds, SEED.campaigns.OUTCOME_AWARENESS, 'Seed ad set with three ads', 3, { ...reach, targeting: { geo_locations: { countries: ['US'] } } });
  addAdSet(state, SEED.adsets.withFourAds, SEED.campaigns.OUTCOME_AWARENESS, 'Seed ad set with four ads', 4, { ...reach, targeting: { geo_locations: { countries: ['CA'] } } });
  addAdSet(state, SEED.adsets.usingFlaggedAudience, SEED.campaigns.OUTCOME_AWARENESS, 'Seed ad set using a flagged audience', 1, {
    ...reach,
    targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [{ id: SEED.audiences.flagged }] },
  });
  addAdSet(state, SEED.adsets.ios14, SEED.campaigns.ios14, 'iOS 14 app installs', 1, {
    daily_budget: 5000,
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'APP_INSTALLS',
    promoted_object: { application_id: SEED.app.id, object_store_url: SEED.app.storeUrl },
    targeting: { geo_locations: { countries: ['US'] } },
  });
  // No ads of its own: the seed account keeps its 9 active ads (the ads-management quota, docs/emulator.md).
  addAdSet(state, SEED.adsets.ios14EventOptimized, SEED.campaigns.ios14EventOptimized, 'iOS 14 purchases', 0, {
    daily_budget: 5000,
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS',
    promoted_object: { application_id: SEED.app.id, object_store_url: SEED.app.storeUrl, custom_event_type: 'PURCHASE' },
    targeting: { geo_locations: { countries: ['US'] } },
  });
  return state;
}

/** The demo app has called every version since before v3.0, so every available version answers it ([3] Versioning 5). */
export function seedVersionHistory(): NonNullable<EmulatorState['versionHistory']> {
  return { [SEED.callingApp]: { first_call: Date.UTC(2018, 0, 1), versions: [] } };
}

/** The promoted apps: one that meets every iOS 14 condition, and one for each condition it can break. */
function seedApps(): Record<string, PromotedAppRecord> {
  const storeUrl = (id: string): string => `https://apps.example.com/app/id${id}`;
  const good = (id: string, name: string): PromotedAppRecord => ({ id, name, object_store_url: storeUrl(id), social_sdk_version: '17.0.0', app_events: [...SEED.app.events], value_optimization: true });
  const apps: PromotedAppRecord[] = [
    good(String(SEED.app.id), 'Demo iOS app'),
    { ...good(SEED.apps.oldSocialSdk, 'App with social SDK 7.1'), social_sdk_version: '7.1.0' },
    { ...good(SEED.apps.oldPartnerSdk, 'App with an old partner SDK'), social_sdk_version: undefined, measurement_partner: { name: 'Example Measurement Partner', sdk_version: '5.2.0', min_version: '6.2.0', supported: true } },
    { ...good(SEED.apps.serverToServer, 'App sending events server to server'), server_to_server: true },
    { ...good(SEED.apps.withoutAppEvents, 'App without app events'), app_events: [], value_optimization: false },
    { ...good(SEED.apps.unsupportedPartner, 'App with an unsupported partner'), social_sdk_version: undefined, measurement_partner: { name: 'Other Measurement Partner', sdk_version: '9.0.0', min_version: '1.0.0', supported: false } },
  ];
  return Object.fromEntries(apps.map((a) => [a.id, a]));
}

function addAdSet(state: EmulatorState, id: string, campaignId: string, name: string, ads: number, params: Record<string, unknown>): void {
  const adset: AdSetRecord = { id, account_id: SEED.account, campaign_id: campaignId, name, configured_status: 'ACTIVE', created_time: T0, start_time: T0, end_time: 0, params, ad_ids: [] };
  for (let i = 1; i <= ads; i++) {
    const adId = (BigInt(state.lastIds.ad) + 1n).toString();
    state.lastIds.ad = adId;
    const ad: AdRecord = { id: adId, adset_id: id, name: `${name}: ad ${i}`, status: 'ACTIVE' };
    state.ads[adId] = ad;
    adset.ad_ids.push(adId);
  }
  state.adsets[id] = adset;
}

function seedMessages(): MessageRecord[] {
  const person = { id: '5550001', name: 'Alex Example' };
  const page = { id: '5550002', name: 'Example Shop' };
  const system = { id: '5550000', name: 'msgr' };
  const lines: Array<[typeof person, string, boolean]> = [
    [person, 'Hi! Is the blue jacket still available?', false],
    [system, 'Alex Example started this conversation from an ad.', true],
    [page, 'Hello Alex, yes it is, in all sizes.', false],
    [person, 'Great, can I pick it up tomorrow?', false],
    [system, 'Example Shop changed the conversation colour.', true],
    [page, 'Of course, we open at 9.', false],
    [person, 'Thanks, see you then.', false],
  ];
  return lines.map(([from, message, admin], i) => ({ id: `m_${100200300 + i + 1}`, created_time: T0 + i * 60_000, from, message, admin_text: admin }));
}
