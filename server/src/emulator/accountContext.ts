/**
 * The emulator's state and configuration as an account context (core/account/accountContext.ts):
 * what the rules learn about campaigns, ad accounts, apps and versions when requests go to this
 * emulator. The editor and `graphreq check` read it from the workspace's state file
 * (account/emulatorSource.ts), so they know what the emulator will answer before anything is sent.
 */
import { emptyContext, type AccountContext, type FactSource } from '../core';
import { accountSettings, defaultConfig, type EmulatorConfig } from './config';
import { SEED } from './seed';
import { activeAds, type EmulatorState } from './state';

/**
 * `at`: when the state was written (the file's time; the fact's "when"); `key` names this version of
 * the state for the caches (the file's time and size).
 */
export function emulatorContext(state: EmulatorState, o: { at: number; key: string; config?: EmulatorConfig }): AccountContext {
  const config = o.config ?? defaultConfig;
  const fromState: FactSource = { kind: 'emulator', of: 'state' };
  const fromConfig: FactSource = { kind: 'emulator', of: 'configuration' };
  const fact = <T>(value: T, source: FactSource = fromState) => ({ value, source, at: o.at });
  const ctx = emptyContext({ kind: 'emulator' });
  ctx.key = `emulator:${o.key}`;
  for (const c of Object.values(state.campaigns)) {
    ctx.campaigns[c.id] = {
      account: c.account_id,
      objective: fact(c.objective),
      buyingType: fact(c.buying_type),
      budget: fact(c.budget),
      campaignType: fact(c.ios14 ? 'ios14' : 'regular'),
    };
  }
  for (const a of Object.values(state.accounts)) {
    const configured = accountSettings(config, a.id).activeAds;
    ctx.accounts[a.id] = {
      dsaPayor: a.default_dsa_payor !== undefined ? fact(a.default_dsa_payor) : undefined,
      dsaBeneficiary: a.default_dsa_beneficiary !== undefined ? fact(a.default_dsa_beneficiary) : undefined,
      activeAds: configured !== undefined ? fact(configured, fromConfig) : fact(activeAds(state, a.id)),
    };
  }
  for (const app of Object.values(state.apps ?? {})) {
    ctx.apps[app.id] = { storeUrl: fact(app.object_store_url), events: fact([...app.app_events]) };
  }
  ctx.service.releases = fact({ ...config.releases }, fromConfig);
  ctx.service.latestVersion = fact(config.latestVersion, fromConfig);
  // The demo token's app: the one whose calls the editor's sends make ([3] Versioning 5).
  const history = state.versionHistory?.[SEED.callingApp];
  if (history) ctx.service.firstCall = fact(new Date(history.first_call).toISOString().slice(0, 10));
  return ctx;
}
