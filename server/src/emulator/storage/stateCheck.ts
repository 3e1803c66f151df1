/**
 * Checks state read from a data file before the emulator serves it, so that a file that is not
 * emulator state (`{"format":1,"adsets":{}}`, a hand-edited record) is refused at start with one
 * line naming the first problem, instead of answering 500 to the calls that meet it later.
 *
 * Each known collection has a record check of the members the handlers rely on; members it does not
 * name are left alone, so records may carry more. A collection the checks do not know (one a newer
 * emulator added) must be an object of objects.
 */
import { STATE_FORMAT } from '../state';
import { NotState } from './logText';

/** The collections every state of format 1 has; later ones are filled from the seed data when a file lacks them. */
export const FORMAT1_COLLECTIONS = ['lastIds', 'accounts', 'campaigns', 'adsets', 'ads', 'audiences', 'conversions', 'urls', 'threads'];

type Check = (r: Rec, at: string) => void;
type Rec = Record<string, unknown>;

const STATUSES = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'];

const str = (r: Rec, k: string, at: string): void => need(typeof r[k] === 'string', `${at}.${k} must be text`);
const digits = (r: Rec, k: string, at: string): void => need(typeof r[k] === 'string' && /^\d+$/.test(r[k] as string), `${at}.${k} must be an id of digits`);
const num = (r: Rec, k: string, at: string): void => need(typeof r[k] === 'number' && isFinite(r[k] as number), `${at}.${k} must be a number`);
const bool = (r: Rec, k: string, at: string): void => need(typeof r[k] === 'boolean', `${at}.${k} must be true or false`);
const oneOf = (r: Rec, k: string, values: string[], at: string): void => need(values.includes(r[k] as string), `${at}.${k} must be one of ${values.join(', ')}`);
const optional = (r: Rec, k: string, check: (r: Rec, k: string, at: string) => void, at: string): void => {
  if (r[k] !== undefined && r[k] !== null) check(r, k, at);
};
const object = (r: Rec, k: string, at: string): void => need(isObject(r[k]), `${at}.${k} must be an object`);

const RECORDS: Record<string, Check> = {
  accounts: (r, at) => {
    digits(r, 'id', at);
    str(r, 'locale', at);
    optional(r, 'default_dsa_payor', str, at);
    optional(r, 'default_dsa_beneficiary', str, at);
  },
  campaigns: (r, at) => {
    for (const k of ['id', 'account_id']) digits(r, k, at);
    for (const k of ['name', 'objective', 'buying_type']) str(r, k, at);
    oneOf(r, 'status', STATUSES, at);
    oneOf(r, 'budget', ['daily', 'lifetime', 'none'], at);
    bool(r, 'ios14', at);
  },
  adsets: (r, at) => {
    for (const k of ['id', 'account_id', 'campaign_id']) digits(r, k, at);
    str(r, 'name', at);
    oneOf(r, 'configured_status', STATUSES, at);
    num(r, 'created_time', at);
    optional(r, 'start_time', num, at);
    optional(r, 'end_time', num, at);
    object(r, 'params', at);
    need(Array.isArray(r.ad_ids) && r.ad_ids.every((id) => typeof id === 'string'), `${at}.ad_ids must be a list of ids`);
  },
  ads: (r, at) => {
    for (const k of ['id', 'adset_id']) digits(r, k, at);
    str(r, 'name', at);
    oneOf(r, 'status', STATUSES, at);
  },
  audiences: (r, at) => {
    digits(r, 'id', at);
    str(r, 'name', at);
    oneOf(r, 'kind', ['custom', 'lookalike'], at);
    bool(r, 'flagged', at);
    optional(r, 'operation_status', num, at);
  },
  conversions: (r, at) => {
    digits(r, 'id', at);
    str(r, 'name', at);
    bool(r, 'flagged', at);
  },
  urls: (r, at) => {
    str(r, 'url', at);
    object(r, 'engagement', at);
    const e = r.engagement as Rec;
    for (const k of ['comment_count', 'comment_plugin_count', 'reaction_count', 'share_count']) num(e, k, `${at}.engagement`);
    if (r.og_object !== undefined) {
      object(r, 'og_object', at);
      const o = r.og_object as Rec;
      str(o, 'id', `${at}.og_object`);
      str(o, 'type', `${at}.og_object`);
      num(o, 'updated_time', `${at}.og_object`);
    }
    optional(r, 'app_links', object, at);
  },
  threads: (r, at) => {
    str(r, 'id', at);
    need(Array.isArray(r.messages), `${at}.messages must be a list`);
    (r.messages as unknown[]).forEach((m, i) => {
      const where = `${at}.messages[${i}]`;
      need(isObject(m), `${where} must be an object`);
      const msg = m as Rec;
      str(msg, 'id', where);
      num(msg, 'created_time', where);
      str(msg, 'message', where);
      bool(msg, 'admin_text', where);
      object(msg, 'from', where);
      str(msg.from as Rec, 'id', `${where}.from`);
      str(msg.from as Rec, 'name', `${where}.from`);
    });
  },
};

/** Checks one record of `collection` (a value of `lastIds` is an id, not a record). */
export function checkRecord(collection: string, key: string, value: unknown): void {
  const at = `${collection}[${JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key)}]`;
  if (collection === 'lastIds') {
    need(typeof value === 'string' && /^\d+$/.test(value), `${at} must be an id of digits`);
    return;
  }
  need(isObject(value), `${at} must be an object`);
  // Own checks only: RECORDS['constructor'] is Object, RECORDS['__proto__'] Object.prototype.
  if (Object.prototype.hasOwnProperty.call(RECORDS, collection)) RECORDS[collection](value as Rec, at);
}

/**
 * Checks a whole state: its format, every collection of format 1, every record, and the references
 * the handlers follow (an ad set's campaign and ads, an ad's ad set).
 */
export function checkState(state: unknown, required: string[] = FORMAT1_COLLECTIONS): void {
  need(isObject(state), 'the file does not hold an object');
  const s = state as Rec;
  need(s.format === STATE_FORMAT, `"format" must be ${STATE_FORMAT}`);
  for (const c of required) need(isObject(s[c]), `"${c}" is missing`);
  for (const [c, records] of Object.entries(s)) {
    if (c === 'format') continue;
    need(isObject(records), `"${c}" must be an object`);
    for (const [k, v] of Object.entries(records as Rec)) checkRecord(c, k, v);
  }
  checkReferences(s);
}

function checkReferences(s: Rec): void {
  const campaigns = s.campaigns as Rec;
  const adsets = s.adsets as Rec;
  const ads = s.ads as Rec;
  for (const [id, a] of Object.entries(adsets) as Array<[string, Rec]>) {
    need(a.id === id, `adsets["${id}"].id must be "${id}"`);
    need(Object.hasOwn(campaigns, a.campaign_id as string), `adsets["${id}"].campaign_id names no campaign`);
    for (const adId of a.ad_ids as string[]) need(Object.hasOwn(ads, adId), `adsets["${id}"].ad_ids names the ad ${adId}, which does not exist`);
  }
  for (const [id, ad] of Object.entries(ads) as Array<[string, Rec]>) {
    need(ad.id === id, `ads["${id}"].id must be "${id}"`);
    need(Object.hasOwn(adsets, ad.adset_id as string), `ads["${id}"].adset_id names no ad set`);
  }
  for (const [id, c] of Object.entries(campaigns) as Array<[string, Rec]>) need(c.id === id, `campaigns["${id}"].id must be "${id}"`);
  // Ids are handed out after lastIds: one at or below an existing id would overwrite a record.
  const lastIds = s.lastIds as Record<string, string>;
  for (const [kind, records] of [['campaign', campaigns], ['adset', adsets], ['ad', ads]] as const) {
    if (lastIds[kind] === undefined) continue;
    const last = BigInt(lastIds[kind]);
    for (const id of Object.keys(records)) need(BigInt(id) <= last, `lastIds.${kind} (${last}) must not be below the existing id ${id}`);
  }
}

function need(ok: boolean, problem: string): asserts ok {
  if (!ok) throw new NotState(problem);
}

function isObject(v: unknown): v is Rec {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
