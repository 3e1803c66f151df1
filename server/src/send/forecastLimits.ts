/**
 * The inputs of the limit formulas of a run's forecast (core/send/forecast.ts), from what needs no
 * file: the embedded emulator's own configuration when the requests go there (the numbers it
 * enforces), else graphreq.env.json's `limits` and `accounts.<act>.activeAds`. Every host reads them
 * (send/forecastInputs.ts adds the history on the desktop).
 */
import type { ForecastInputs, LimitInputs } from '../core/send';
import type { EnvironmentSettings } from '../core';
import { defaultConfig } from '../emulator/config';

export function limitInputsOf(env: EnvironmentSettings, baseUrl: string | undefined): ForecastInputs {
  const embedded = !baseUrl;
  return {
    limits: embedded ? emulatorLimits() : environmentLimits(env),
    limitsSource: embedded ? "the embedded emulator's configuration" : env.limits || env.accounts ? 'graphreq.env.json' : undefined,
  };
}

/** The numbers the embedded emulator enforces (docs/emulator.md); its active ads are counted in its state, so they stay unknown here. */
function emulatorLimits(): LimitInputs {
  const app = defaultConfig.defaultApp;
  return { dailyActiveUsers: app.dailyActiveUsers, accessTier: app.accessTier, engagedUsers: app.engagedUsers, activeAds: defaultConfig.defaultAccount.activeAds ?? undefined };
}

/** graphreq.env.json's `limits`, and the active ads of each account under `accounts`. */
function environmentLimits(env: EnvironmentSettings): LimitInputs {
  const l = env.limits ?? {};
  const accountActiveAds: Record<string, number> = {};
  for (const [key, a] of Object.entries(env.accounts ?? {})) {
    if (typeof a?.activeAds === 'number' && Number.isInteger(a.activeAds) && a.activeAds >= 0) accountActiveAds[key.startsWith('act_') ? key : `act_${key}`] = a.activeAds;
  }
  const atLeast = (min: number) => (n: unknown): number | undefined => (typeof n === 'number' && Number.isInteger(n) && n >= min ? n : undefined);
  return {
    dailyActiveUsers: atLeast(1)(l.dailyActiveUsers),
    accessTier: l.accessTier === 'standard_access' || l.accessTier === 'development_access' ? l.accessTier : undefined,
    activeAds: atLeast(0)(l.activeAds),
    accountActiveAds,
    engagedUsers: atLeast(1)(l.engagedUsers),
  };
}
