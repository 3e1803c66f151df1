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
import type { GraphreqDocument } from '../syntax/ast';

export interface ContextNeeds {
  campaigns: string[];
  /** The digits of the ad accounts (no `act_`). */
  accounts: string[];
}

/** Ids the account context could tell the rules about, in the order the requests name them. */
export function contextNeeds(doc: GraphreqDocument, ctx: FileContext, model: ApiModel): ContextNeeds {
  const campaigns = new Set<string>();
  const accounts = new Set<string>();
  for (const block of doc.blocks) {
    if (!block.parsed.request) continue;
    const call = buildBlockCall(block, ctx, model)?.call;
    if (call) needsOfCall(call, campaigns, accounts);
  }
  return { campaigns: [...campaigns], accounts: [...accounts] };
}

function needsOfCall(call: Call, campaigns: Set<string>, accounts: Set<string>): void {
  if (call.endpoint?.id !== 'adset.create') return;
  const account = call.match?.values['ad-account-id'];
  if (account && /^\d+$/.test(account)) accounts.add(account);
  if (call.params.has('campaign_spec')) return;
  const id = call.params.get('campaign_id');
  if (!id || id.opaque) return;
  const text = typeof id.value === 'number' ? String(id.value) : typeof id.value === 'string' ? id.value.trim() : '';
  if (/^\d+$/.test(text)) campaigns.add(text);
}
