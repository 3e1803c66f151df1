/**
 * Turns an HTTP request into the `Call` the rule engine reads, the same structure the editor builds
 * from a request block (core/analysis/blockCall.ts), so that both run the same rules.
 *
 * What the service knows and a file does not is filled in here: the version a call without one
 * uses, the release table (so an expired version gets REQ-VERSION-EXPIRED), the ad account's saved
 * DSA defaults, and the objective, buying type and budget of an existing campaign, which the editor
 * learns from `# @objective`, `# @buying-type`, `# @campaign-budget` and `# @campaign-type` directives.
 */
import { getApiModel, parseFieldList, type Call, type CallParam, type Environment } from '../core';
import { splitVersion } from '../core';
import type { MatchSegment } from '../core/model/apiModel';
import type { EmulatorConfig } from './config';
import type { HttpInput } from './httpInput';
import { own } from '../core/own';
import type { EmulatorState } from './state';
import { chooseVersion, type VersionChoice } from './versions';

export interface BuiltCall {
  call: Call;
  version: VersionChoice;
  /** A query or form parameter's text as sent, before percent-decoding (the rule engine's `written`). */
  written: (name: string) => string | undefined;
}

export function buildCall(input: HttpInput, config: EmulatorConfig, state: EmulatorState, today: string): BuiltCall {
  const model = getApiModel();
  const segments: MatchSegment[] = input.segments.map((text) => ({ text, opaque: false }));
  const split = splitVersion(segments);
  const choice = chooseVersion(split.version, config, today);

  const params = new Map<string, CallParam>();
  const raw = new Map<string, string>();
  for (const p of input.params) {
    params.set(p.name, { name: p.name, value: p.value, source: p.source });
    if (p.raw !== undefined) raw.set(p.name, p.raw);
    else raw.delete(p.name);
  }
  const fieldsValue = params.get('fields')?.value;
  const match = model.selectByParams(model.match(input.method, split.rest), (name) => params.has(name));
  const env: Environment = {
    variables: {},
    defaultVersion: config.defaultVersion ?? config.latestVersion,
    latestVersion: config.latestVersion,
    // With routing, an expired version never reaches the rules: the version that answers is available.
    // The table also tells the rules which versions exist at all (REQ-VERSION-UNKNOWN).
    releases: config.releases,
    today,
    accounts: accountDefaults(match?.values['ad-account-id'], state),
  };
  const call: Call = {
    method: input.method,
    segments: split.rest,
    match,
    endpoint: match?.endpoint,
    version: split.versionLike ? undefined : choice.version,
    versionSource: split.versionLike ? 'none' : choice.source,
    versionLike: split.versionLike,
    params,
    fields: typeof fieldsValue === 'string' ? parseFieldList(fieldsValue, 0) : undefined,
    directives: campaignDirectives(params.get('campaign_id')?.value, state),
    env,
    bodyBroken: false,
    headers: input.headers,
  };
  return { call, version: choice, written: (name) => raw.get(name) };
}

/**
 * The account's saved DSA defaults as the state holds them. An account the state does not hold (one
 * created on first use) is described too, without defaults: the rules then take none from elsewhere.
 */
function accountDefaults(accountId: string | undefined, state: EmulatorState): Environment['accounts'] {
  if (!accountId) return {};
  const account = own(state.accounts, accountId);
  return { [`act_${accountId}`]: { default_dsa_payor: account?.default_dsa_payor, default_dsa_beneficiary: account?.default_dsa_beneficiary } };
}

function campaignDirectives(campaignId: unknown, state: EmulatorState): Map<string, string> {
  const directives = new Map<string, string>();
  const id = typeof campaignId === 'number' ? String(campaignId) : campaignId;
  const campaign = typeof id === 'string' ? own(state.campaigns, id) : undefined;
  if (campaign) {
    directives.set('objective', campaign.objective);
    directives.set('buying-type', campaign.buying_type);
    directives.set('campaign-budget', campaign.budget);
    directives.set('campaign-type', campaign.ios14 ? 'ios14' : 'regular');
  }
  return directives;
}
