/**
 * Ad set creation: bids. ADSET-BID-AMOUNT-REQUIRED, ADSET-BID-AMOUNT-MIN, ADSET-BID-AMOUNT-IMPLIES.
 * (ADSET-TARGET-COST and ADSET-BID-STRATEGY-VERSION are schema annotations on bid_strategy.)
 */
import type { Call } from '../analysis/call';
import type { CrossFieldRule } from './registry';
import { buyingType, given, num, str } from './values';

const CREATE = ['adset.create'];
const DOC = '[2] Create an ad set';
const NEEDS_BID = new Set(['LOWEST_COST_WITH_BID_CAP', 'COST_CAP']);
/** Reach-and-frequency campaigns have buying type RESERVED; [2] exempts "reach and frequency buying". */
const RESERVED = new Set(['RESERVED', 'REACH_AND_FREQUENCY']);

/**
 * What a bid is counted in ([2] bid_amount): per 1,000 occurrences when billing_event is IMPRESSIONS
 * or REACH, else per occurrence; and its minimum in cents (USD-like currencies; "other currencies have
 * similar minimums"). ADSET-BID-AMOUNT-MIN and the inlay hints of bids both read it.
 */
export function bidUnit(billing: string | undefined): { perThousand: boolean; minimum: number } {
  const perThousand = billing === 'IMPRESSIONS' || billing === 'REACH';
  return { perThousand, minimum: perThousand ? 2 : 1 };
}

/** The billing event of a call and what its bid is counted in, for the inlay hint of `bid_amount`. */
export function bidUnitOf(call: Call): { billing: string | undefined; perThousand: boolean; minimum: number } {
  const billing = str(call, 'billing_event');
  return { billing, ...bidUnit(billing) };
}

export const bidRules: CrossFieldRule[] = [
  {
    id: 'ADSET-BID-AMOUNT-REQUIRED',
    endpoints: CREATE,
    check(call, { out }) {
      const strategy = str(call, 'bid_strategy');
      if (!strategy || !NEEDS_BID.has(strategy) || given(call, 'bid_amount')) return;
      const buying = buyingType(call);
      if (buying && RESERVED.has(buying)) return;
      out.push({
        rule: 'ADSET-BID-AMOUNT-REQUIRED',
        message: `\`bid_strategy\` ${strategy} needs \`bid_amount\`: add the bid cap or cost target, in cents.`,
        detail: `In cents of the account currency; reach and frequency buying is the exception (${DOC}).`,
        at: { kind: 'param', name: 'bid_strategy', part: 'value' },
        related: [{ at: { kind: 'missing', name: 'bid_amount' }, message: '`bid_amount` is missing' }],
        fixes: [{ kind: 'addParam', title: 'Add `bid_amount`', name: 'bid_amount', value: 100 }],
        service: { code: 100, blame: ['bid_amount'] },
      });
    },
  },
  {
    id: 'ADSET-BID-AMOUNT-MIN',
    endpoints: CREATE,
    check(call, { out }) {
      const bid = num(call, 'bid_amount');
      if (bid === undefined) return;
      const billing = str(call, 'billing_event');
      const { perThousand, minimum: min } = bidUnit(billing);
      if (bid >= min) return;
      out.push({
        rule: 'ADSET-BID-AMOUNT-MIN',
        message: perThousand
          ? `\`bid_amount\` ${bid} is below the minimum of 2 (cents per 1,000 impressions) for billing_event ${billing}.`
          : `\`bid_amount\` ${bid} is below the minimum of 1 (cent per occurrence)${billing ? ` for billing_event ${billing}` : ''}.`,
        detail: `Other currencies have similar minimums (${DOC}).`,
        at: { kind: 'param', name: 'bid_amount', part: 'value' },
        fixes: [{ kind: 'setValue', title: `Set \`bid_amount\` to ${min}`, name: 'bid_amount', value: min }],
        service: { code: 100, blame: ['bid_amount'] },
      });
    },
  },
  {
    id: 'ADSET-BID-AMOUNT-IMPLIES',
    endpoints: CREATE,
    check(call, { out }) {
      if (!given(call, 'bid_amount') || given(call, 'bid_strategy')) return;
      out.push({
        rule: 'ADSET-BID-AMOUNT-IMPLIES',
        message: '`bid_amount` alone sets LOWEST_COST_WITH_BID_CAP: write `bid_strategy`.',
        detail: `At creation, \`bid_amount\` without \`bid_strategy\` sets the strategy LOWEST_COST_WITH_BID_CAP (${DOC}): writing it makes the choice visible.`,
        at: { kind: 'param', name: 'bid_amount', part: 'key' },
        fixes: [{ kind: 'addParam', title: 'Add `bid_strategy: LOWEST_COST_WITH_BID_CAP`', name: 'bid_strategy', value: 'LOWEST_COST_WITH_BID_CAP' }],
      });
    },
  },
];
