/**
 * The store's indexes (stateIndex.ts) give what a scan of every record would, after any sequence of
 * changes made the way handlers make them: records assigned, deleted, or changed inside and then
 * committed. They answer the account and iOS 14 limits, the list endpoint and the active ads of the
 * ads-management quota.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as fc from 'fast-check';
import { SEED } from '../../server/src/emulator/seed';
import { activeAds, adSetsOfAccount, liveAdSets, nextId, type AdSetRecord, type EmulatorState } from '../../server/src/emulator/state';
import { Store } from '../../server/src/emulator/store';

const ACCOUNTS = [SEED.account, '111', '222'];
const CAMPAIGNS = [SEED.campaigns.OUTCOME_AWARENESS, SEED.campaigns.OUTCOME_SALES, SEED.campaigns.ios14];
const STATUSES = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'] as const;

type Change =
  | { kind: 'create'; account: number; campaign: number; ads: number; status: number }
  | { kind: 'adsetStatus'; pick: number; status: number }
  | { kind: 'adStatus'; pick: number; status: number }
  | { kind: 'campaignStatus'; campaign: number; status: number }
  | { kind: 'remove'; pick: number };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), account: fc.nat(2), campaign: fc.nat(2), ads: fc.nat(4), status: fc.nat(3) }),
  fc.record({ kind: fc.constant('adsetStatus' as const), pick: fc.nat(), status: fc.nat(3) }),
  fc.record({ kind: fc.constant('adStatus' as const), pick: fc.nat(), status: fc.nat(3) }),
  fc.record({ kind: fc.constant('campaignStatus' as const), campaign: fc.nat(2), status: fc.nat(1) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
);

/** Changes the state as a handler does: through `store.state`, then a commit. */
function apply(store: Store, c: Change): void {
  const state = store.state;
  const adsetIds = Object.keys(state.adsets);
  const adIds = Object.keys(state.ads);
  if (c.kind === 'create') {
    const adset: AdSetRecord = { id: nextId(state, 'adset'), account_id: ACCOUNTS[c.account], campaign_id: CAMPAIGNS[c.campaign], name: 'x', configured_status: STATUSES[c.status], created_time: 0, params: {}, ad_ids: [] };
    for (let i = 0; i < c.ads; i++) {
      const ad = { id: nextId(state, 'ad'), adset_id: adset.id, name: 'ad', status: 'ACTIVE' as const };
      state.ads[ad.id] = ad;
      adset.ad_ids.push(ad.id);
    }
    state.adsets[adset.id] = adset;
  } else if (c.kind === 'adsetStatus') {
    state.adsets[adsetIds[c.pick % adsetIds.length]].configured_status = STATUSES[c.status];
  } else if (c.kind === 'adStatus') {
    state.ads[adIds[c.pick % adIds.length]].status = STATUSES[c.status];
  } else if (c.kind === 'campaignStatus') {
    state.campaigns[CAMPAIGNS[c.campaign]].status = c.status ? 'PAUSED' : 'ACTIVE';
  } else {
    // A whole record replaced by assignment.
    const id = adsetIds[c.pick % adsetIds.length];
    state.adsets[id] = { ...state.adsets[id], configured_status: 'DELETED' };
  }
  void store.commit();
}

/** The same figures by scanning a plain copy of the state. */
function scanned(state: EmulatorState, account: string): { live: number; active: number; list: string[] } {
  const all = Object.values(state.adsets);
  const live = all.filter((a) => a.account_id === account && a.configured_status !== 'DELETED');
  let active = 0;
  for (const a of live) {
    if (a.configured_status !== 'ACTIVE' || state.campaigns[a.campaign_id]?.status !== 'ACTIVE') continue;
    for (const id of a.ad_ids) if (state.ads[id]?.status === 'ACTIVE') active++;
  }
  return { live: live.length, active, list: live.map((a) => a.id) };
}

describe('state indexes', () => {
  it('agree with a scan of the records after any sequence of changes', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 60 }), (changes) => {
        const store = Store.inMemory();
        for (const c of changes) apply(store, c);
        const plain = JSON.parse(JSON.stringify(store.state)) as EmulatorState;
        for (const account of ACCOUNTS) {
          const expected = scanned(plain, account);
          assert.equal(liveAdSets(store.state, { account }), expected.live);
          assert.equal(activeAds(store.state, account), expected.active);
          assert.deepEqual(adSetsOfAccount(store.state, account).map((a) => a.id).sort(), expected.list.sort());
        }
        for (const campaign of CAMPAIGNS) {
          const live = Object.values(plain.adsets).filter((a) => a.campaign_id === campaign && a.configured_status !== 'DELETED').length;
          assert.equal(liveAdSets(store.state, { campaign }), live);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('count the seed account\'s 9 active ads', () => {
    assert.equal(activeAds(Store.inMemory().state, SEED.account), 9);
  });
});
