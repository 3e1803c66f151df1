/**
 * Facts of the account context read from what the service answered: a read of campaigns by id
 * (`GET /{version}/?ids=...&fields=objective,buying_type,daily_budget,lifetime_budget,bid_strategy`,
 * the environment source's own read), a read of ad accounts (`fields=currency,default_dsa_payor,
 * default_dsa_beneficiary`), and any response a request of the workspace got that shows a campaign
 * (an ad set read with `campaign{objective,...}`). docs/api.md, "The account context's reads", says
 * why these fields: the documents do not describe the campaign node nor the ad account read.
 */
import { own } from '../own';
import type { AdAccountFacts, CampaignBudgetKind, CampaignFacts, Fact, FactSource } from './accountContext';

/** The fields the environment source asks of each campaign and ad account. */
export const CAMPAIGN_FIELDS = ['objective', 'buying_type', 'daily_budget', 'lifetime_budget', 'bid_strategy'];
export const ACCOUNT_FIELDS = ['currency', 'default_dsa_payor', 'default_dsa_beneficiary'];

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A budget counts when it is a positive amount (numbers come as text or numbers). */
function positive(v: unknown): boolean {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return n > 0;
}

/** The facts a campaign object shows; undefined when it shows none of them. */
export function campaignFactsOf(o: Record<string, unknown>, source: FactSource, at: number): CampaignFacts | undefined {
  const fact = <T>(value: T): Fact<T> => ({ value, source, at });
  const out: CampaignFacts = {};
  if (typeof o.objective === 'string') out.objective = fact(o.objective);
  if (typeof o.buying_type === 'string') out.buyingType = fact(o.buying_type);
  if (typeof o.bid_strategy === 'string') out.bidStrategy = fact(o.bid_strategy);
  // The budget is known only when both were asked for: an answer names the fields it has.
  if ('daily_budget' in o || 'lifetime_budget' in o) {
    const kind: CampaignBudgetKind = positive(o.daily_budget) ? 'daily' : positive(o.lifetime_budget) ? 'lifetime' : 'none';
    out.budget = fact(kind);
  }
  return Object.keys(out).length ? out : undefined;
}

export function accountFactsOf(o: Record<string, unknown>, source: FactSource, at: number): AdAccountFacts | undefined {
  const fact = <T>(value: T): Fact<T> => ({ value, source, at });
  const out: AdAccountFacts = {};
  if (typeof o.currency === 'string' && /^[A-Z]{3}$/.test(o.currency)) out.currency = fact(o.currency);
  if (typeof o.default_dsa_payor === 'string' && o.default_dsa_payor !== '') out.dsaPayor = fact(o.default_dsa_payor);
  if (typeof o.default_dsa_beneficiary === 'string' && o.default_dsa_beneficiary !== '') out.dsaBeneficiary = fact(o.default_dsa_beneficiary);
  return Object.keys(out).length ? out : undefined;
}

/** What a multi-id read answered, by id: `{ "<id>": { ... } }` (ids the service did not answer are absent). */
export function idsAnswer(body: unknown): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = Object.create(null);
  if (!isObject(body)) return out;
  for (const [id, value] of Object.entries(body)) if (isObject(value)) out[id] = value;
  return out;
}

/** The asked fields of an answer, as plain values: nothing else of it is kept. */
export function pickFields(o: Record<string, unknown>, fields: readonly string[]): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const f of fields) {
    const v = o[f];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[f] = v;
  }
  return out;
}

/**
 * The campaigns a response body shows, by id, with their fields of CAMPAIGN_FIELDS: an object with
 * an `id` and an `objective` (a campaign read), or a `campaign` member with its `id` (an ad set read
 * with `campaign{objective}`), at the top, in a multi-id answer or in a `data` list.
 */
export function campaignsShown(body: unknown): Record<string, Record<string, string | number | boolean>> {
  const out: Record<string, Record<string, string | number | boolean>> = Object.create(null);
  const add = (id: string, o: Record<string, unknown>): void => {
    const fields = pickFields(o, CAMPAIGN_FIELDS);
    if (Object.keys(fields).length && /^\d+$/.test(id)) out[id] = { ...own(out, id), ...fields };
  };
  const visit = (o: Record<string, unknown>): void => {
    const campaign = o.campaign;
    if (isObject(campaign) && typeof campaign.id === 'string') add(campaign.id, campaign);
    if (typeof o.id === 'string' && typeof o.objective === 'string') add(o.id, o);
  };
  if (!isObject(body)) return out;
  visit(body);
  if (Array.isArray(body.data)) for (const item of body.data) if (isObject(item)) visit(item);
  for (const value of Object.values(body)) if (isObject(value)) visit(value);
  return out;
}
