/**
 * An ad set as a read answers it ([2] Read an ad set): the fields asked for and its id, typed
 * as the node schema says (numeric strings, datetimes), datetimes as UNIX timestamps with
 * date_format=U, and fields or values newer than the call's version left out
 * (ADSET-READ-FIELD-VERSION: "omitted"); a field never set reads as the node schema's `default`.
 */
import { getApiModel, parseVersion, type FieldItem, type Version } from '../../core';
import { resolveRef } from '../../core';
import type { AdSetRecord, EmulatorState } from '../state';
import { exactIntegers } from '../exactInteger';
import { formatDatetime } from './datetime';
import { flaggedAssetsOf, issueEntries } from './flaggedAssets';
import { own } from '../../core/own';
import { fieldItems, selectFields, withId } from './selectFields';

export interface ReadOptions {
  fields: FieldItem[] | undefined;
  version: Version;
  /** date_format=U */
  unix: boolean;
}

const DATETIME_FIELDS = new Set(['created_time', 'start_time', 'end_time']);

export function adsetNode(adset: AdSetRecord, state: EmulatorState, options: ReadOptions): Record<string, unknown> {
  const node = getApiModel().nodeSchema('adset')!;
  const items = options.fields?.length ? options.fields : fieldItems(node['x-defaultFields'] ?? ['id']);
  const answer = selectFields(items, (item) => {
    const schema = node.properties?.[item.name];
    const prop = schema ? resolveRef(schema, node) : undefined;
    if (prop?.['x-since'] && !atLeast(options.version, prop['x-since'])) return undefined;
    // A field the creation left out reads as its documented default (is_dynamic_creative: "Default false").
    const stored = rawValue(item.name, adset, state, options);
    const value = stored === undefined ? prop?.default : stored;
    if (value === undefined) return undefined;
    const valueSince = typeof value === 'string' ? prop?.['x-valueSince']?.[value] : undefined;
    if (valueSince && !atLeast(options.version, valueSince)) return undefined;
    if (DATETIME_FIELDS.has(item.name) && typeof value === 'number') return formatDatetime(value, options.unix);
    if (prop?.['x-kind'] === 'numeric string' && typeof value === 'number') return String(value);
    return exactIntegers(value, prop, node);
  });
  return withId(answer, adset.id);
}

function rawValue(name: string, adset: AdSetRecord, state: EmulatorState, options: ReadOptions): unknown {
  switch (name) {
    case 'id':
    case 'account_id':
    case 'campaign_id':
    case 'name':
    case 'configured_status':
    case 'created_time':
      return adset[name];
    case 'status':
      return adset.configured_status;
    case 'start_time':
      return adset.start_time;
    case 'end_time':
      // end_time 0 means "ongoing": there is no end to report.
      return adset.end_time ? adset.end_time : undefined;
    case 'effective_status':
      return effectiveStatus(adset, state);
    case 'campaign': {
      const c = own(state.campaigns, adset.campaign_id);
      return c ? { id: c.id, name: c.name, objective: c.objective, buying_type: c.buying_type, status: c.status } : undefined;
    }
    case 'budget_remaining':
      return String(adset.params.lifetime_budget ?? adset.params.daily_budget ?? 0);
    case 'issues_info':
      return issueEntries(flaggedAssetsOf(adset.params, state));
    default:
      return own(adset.params, name);
  }
}

/**
 * [2] States: the ad set's own status, or its parent campaign's; WITH_ISSUES when issues prevent
 * delivery (a read below v3.2 leaves that value out, through the schema's x-valueSince).
 */
export function effectiveStatus(adset: AdSetRecord, state: EmulatorState): string {
  const own_ = adset.configured_status;
  if (own_ === 'DELETED' || own_ === 'ARCHIVED' || own_ === 'PAUSED') return own_;
  const campaign = own(state.campaigns, adset.campaign_id);
  if (campaign && campaign.status !== 'ACTIVE') return 'CAMPAIGN_PAUSED';
  if (issueEntries(flaggedAssetsOf(adset.params, state)).length) return 'WITH_ISSUES';
  return 'ACTIVE';
}

function atLeast(v: Version, gate: string): boolean {
  const g = parseVersion(gate);
  return !g || v.major > g.major || (v.major === g.major && v.minor >= g.minor);
}
