/**
 * Regional regulation ([2] Regional-regulation rules): ADSET-DSA-REQUIRED and ADSET-DSA-IGNORED.
 * Which countries count, and what "worldwide" looks like, is decided in docs/rules.md and listed in
 * schemas/rules-data/regions.json.
 */
import type { Call } from '../analysis/call';
import { accountFacts } from '../account/accountContext';
import { EMULATOR_ACCOUNT_DEFAULTS } from '../model/emulatorAccounts';
import { euCountries, euGroups, worldwideGroups } from '../model/rulesData';
import { isOpaque } from '../syntax/jsonBody';
import type { CrossFieldRule } from './registry';
import { own } from '../own';
import type { FixSpec, Location } from './ruleFinding';
import { obj, opaqueParam, str, toList, toObject } from './values';

const CREATE = ['adset.create'];
const DOC = '[2] Regional-regulation rules';

/** Keys of geo_locations that name places; a geo_locations with none of them targets the whole world. */
const PLACE_KEYS = ['countries', 'regions', 'cities', 'zips', 'places', 'custom_locations', 'geo_markets', 'electoral_districts', 'country_groups', 'location_cluster_ids', 'subcities', 'neighborhoods', 'large_geo_areas', 'medium_geo_areas', 'small_geo_areas', 'metro_areas'];

export interface EuTargeting {
  /** true: targets the EU or worldwide; false: certainly not; undefined: cannot tell. */
  eu: boolean | undefined;
  reason?: string;
  at?: Location;
}

export function euTargeting(call: Call): EuTargeting {
  const targeting = obj(call, 'targeting');
  if (!targeting) return { eu: undefined };
  const geoRaw = targeting.geo_locations;
  if (geoRaw === undefined || isOpaque(geoRaw)) return { eu: undefined };
  const geo = toObject(geoRaw);
  if (!geo) return { eu: undefined };
  const countries = toList(geo.countries);
  // Countries written in a shape graphreq cannot read (ADSET-TARGETING-SHAPE says so): no guess.
  if (geo.countries !== undefined && !countries) return { eu: undefined };
  if (countries) {
    const i = countries.findIndex((c) => typeof c === 'string' && euCountries.has(c.toUpperCase()));
    if (i >= 0) return { eu: true, reason: `targets ${String(countries[i])}, in the EU or its associated territories`, at: { kind: 'param', name: 'targeting', path: ['geo_locations', 'countries', i] } };
    if (countries.some((c) => isOpaque(c))) return { eu: undefined };
  }
  const groups = toList(geo.country_groups);
  if (groups) {
    const i = groups.findIndex((g) => typeof g === 'string' && (euGroups.has(g.toLowerCase()) || worldwideGroups.has(g.toLowerCase())));
    if (i >= 0) return { eu: true, reason: `targets the country group ${String(groups[i])}`, at: { kind: 'param', name: 'targeting', path: ['geo_locations', 'country_groups', i] } };
  }
  // One pass over the place keys, without a list of those present (every ad set creation asks, twice):
  // whether any is named, and any other than countries and country groups.
  let anyPlace = false;
  let otherPlace = false;
  for (const k of PLACE_KEYS) {
    const v = geo[k];
    if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    anyPlace = true;
    if (k !== 'countries' && k !== 'country_groups') {
      otherPlace = true;
      break;
    }
  }
  if (!anyPlace) return { eu: true, reason: 'targets the whole world (geo_locations names no place)', at: { kind: 'param', name: 'targeting', path: ['geo_locations'], part: 'key' } };
  // Only countries (and non-EU groups) named: certainly outside the EU. Regions, cities and the like
  // carry no country code here, so graphreq cannot tell and stays quiet.
  if (!otherPlace) return { eu: false };
  return { eu: undefined };
}

/**
 * The account's saved default for `key`: the environment's entry for the account, else its default for
 * every account. A request sent without a base URL goes to graphreq's emulator, so an account the
 * environment does not describe is then the emulator's: its seeded defaults apply as they do there.
 * (The emulator itself describes every account it is asked about, from its state: buildCall.ts.)
 */
function accountDefault(call: Call, key: 'default_dsa_payor' | 'default_dsa_beneficiary'): string | undefined {
  const id = call.match?.values['ad-account-id'];
  const accounts = call.env.accounts;
  const entry = id && accounts ? own(accounts, `act_${id}`) ?? own(accounts, id) : undefined;
  const everyAccount = key === 'default_dsa_payor' ? call.env.defaultDsaPayor : call.env.defaultDsaBeneficiary;
  const known = accountFacts(call.env.context, id);
  const fromContext = key === 'default_dsa_payor' ? known?.dsaPayor?.value : known?.dsaBeneficiary?.value;
  // Without an account context (a host that gives none), the emulator's seeded accounts still stand for it.
  const emulator = !entry && !call.env.context && id && call.env.baseUrl === undefined ? own(EMULATOR_ACCOUNT_DEFAULTS, `act_${id}`)?.[key] : undefined;
  return entry?.[key] ?? everyAccount ?? fromContext ?? emulator;
}

/** Each value is filled from its own account default, never one from the other ([2] rule 3). */
const DSA_MEMBERS: ReadonlyArray<readonly [string, 'default_dsa_payor' | 'default_dsa_beneficiary', number, string]> = [
  ['dsa_payor', 'default_dsa_payor', 3858079, 'who pays for the ads'],
  ['dsa_beneficiary', 'default_dsa_beneficiary', 3858081, 'who benefits from the ads'],
];

export const regionRules: CrossFieldRule[] = [
  {
    id: 'ADSET-DSA-REQUIRED',
    endpoints: CREATE,
    check(call, { out }) {
      const t = euTargeting(call);
      if (!t.eu) return;
      const missing = DSA_MEMBERS.filter(([name, key]) => {
        if (opaqueParam(call, name)) return false;
        const value = str(call, name);
        return !(value && value.trim() !== '') && !accountDefault(call, key);
      });
      const absent = missing.filter(([name]) => !call.params.has(name)).map(([name]) => name);
      for (const [name, key, subcode, what] of missing) {
        const written = call.params.has(name);
        // An empty value points at itself; an absent one at the targeting that makes it required.
        const at: Location = written ? { kind: 'param', name, part: 'value' } : t.at ?? { kind: 'missing', name };
        const fixes: FixSpec[] = [];
        if (!written) {
          fixes.push({ kind: 'addParam', title: `Add \`${name}\``, name, value: '', preferred: absent.length === 1 });
          if (absent.length > 1) fixes.push({ kind: 'addParams', title: `Add ${absent.map((n) => `\`${n}\``).join(' and ')}`, names: absent, value: '', preferred: true });
        }
        out.push({
          rule: 'ADSET-DSA-REQUIRED',
          message: written
            ? `\`${name}\` is empty, but this ad set ${t.reason}: fill in ${what}.`
            : `This ad set ${t.reason}, so it needs \`${name}\` (${what}): add it.`,
          detail: written
            ? `Ads without it are not published (${DOC} 1-4).`
            : `The ad account has no \`${key}\` to fill it in, and ads without it are not published. Targeting the EU, its associated territories or the whole world requires both \`dsa_payor\` and \`dsa_beneficiary\` (${DOC} 1-4).`,
          at,
          related: written && t.at ? [{ at: t.at, message: 'EU targeting' }] : undefined,
          fixes,
          service: { code: 100, subcode, blame: [name] },
        });
      }
    },
  },
  {
    id: 'ADSET-DSA-IGNORED',
    endpoints: CREATE,
    check(call, { out }) {
      // Asked only of a request that gives either: nearly none does, and the targeting is then not read again.
      if ((!call.params.has('dsa_payor') && !call.params.has('dsa_beneficiary')) || euTargeting(call).eu !== false) return;
      for (const name of ['dsa_payor', 'dsa_beneficiary']) {
        if (!call.params.has(name)) continue;
        out.push({
          rule: 'ADSET-DSA-IGNORED',
          message: `\`${name}\` is ignored outside the EU: remove it.`,
          detail: `This ad set targets no EU country; payor and beneficiary are stored only for ad sets targeting the EU or associated territories (${DOC} 5).`,
          at: { kind: 'param', name, part: 'key' },
          tags: ['unnecessary'],
        });
      }
    },
  },
];
