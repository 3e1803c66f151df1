/**
 * The campaigns and ad accounts a file's requests ask the account context about: the `campaign_id`
 * of each ad set created in an existing campaign, and the ad account each is created under. The
 * environment source reads those it does not hold yet (on open, on save or on command, never while
 * the user types), and the forecast counts the calls it would make.
 */
import { buildBlockCall } from '../analysis/blockCall';
import type { Call } from '../analysis/call';
import type { FileContext } from '../analysis/fileContext';
import type { ApiModel } from '../model/apiModel';
import { compareVersions, parseVersion } from '../model/version';
import type { GraphreqDocument } from '../syntax/ast';
import type { Environment } from '../types';

export interface ContextNeeds {
  campaigns: string[];
  /** The digits of the ad accounts (no `act_`). */
  accounts: string[];
  /**
   * The version each request that needs a fact is written for (its path's `/v23.0/`, `/{{version}}/`
   * resolved, or the environment's defaultVersion it takes), one entry per such request; absent or
   * empty when none gives one.
   */
  versions?: string[];
}

/** Ids the account context could tell the rules about, in the order the requests name them. */
export function contextNeeds(doc: GraphreqDocument, ctx: FileContext, model: ApiModel): ContextNeeds {
  const campaigns = new Set<string>();
  const accounts = new Set<string>();
  const versions: string[] = [];
  for (const block of doc.blocks) {
    if (!block.parsed.request) continue;
    const call = buildBlockCall(block, ctx, model)?.call;
    if (call && needsOfCall(call, campaigns, accounts) && call.version) versions.push(call.version.text);
  }
  return { campaigns: [...campaigns], accounts: [...accounts], versions };
}

/** Adds what one call asks about; whether it asked about anything. */
function needsOfCall(call: Call, campaigns: Set<string>, accounts: Set<string>): boolean {
  if (call.endpoint?.id !== 'adset.create') return false;
  let asked = false;
  const account = call.match?.values['ad-account-id'];
  if (account && /^\d+$/.test(account)) {
    accounts.add(account);
    asked = true;
  }
  if (call.params.has('campaign_spec')) return asked;
  const id = call.params.get('campaign_id');
  if (!id || id.opaque) return asked;
  const text = typeof id.value === 'number' ? String(id.value) : typeof id.value === 'string' ? id.value.trim() : '';
  if (!/^\d+$/.test(text)) return asked;
  campaigns.add(text);
  return true;
}

/**
 * The version the account context is read with (`GET /{version}/?ids=...`): the one the requests
 * that need the facts are written for, so the fields are read as those requests will meet them (the
 * most used of them; on a tie, the newest); else the version the environment gives unversioned calls
 * (its defaultVersion, else its latestVersion); else graphreq's latest.
 */
export function contextVersion(needs: ContextNeeds, env: Pick<Environment, 'defaultVersion' | 'latestVersion'>, model: Pick<ApiModel, 'latestVersion'>): string {
  const counts = new Map<string, number>();
  for (const v of needs.versions ?? []) if (parseVersion(v)) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  for (const [v, n] of counts) {
    const m = best === undefined ? -1 : counts.get(best)!;
    if (n > m || (n === m && compareVersions(parseVersion(v)!, parseVersion(best!)!) > 0)) best = v;
  }
  return best ?? env.defaultVersion ?? env.latestVersion ?? model.latestVersion;
}
