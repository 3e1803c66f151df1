/**
 * What the forecast before a run (core/send/forecast.ts) needs from outside the core, read the same
 * way by the CLI (`send --dry-run`) and the language server (the "Send all" CodeLens):
 *
 * - the inputs of the limit formulas: the embedded emulator's own configuration when the requests go
 *   there (the numbers it enforces), else graphreq.env.json's `limits` and `accounts.<act>.activeAds`;
 * - the usage headers seen: the workspace's history (.graphreq-history/) of the last 24 hours,
 *   replayed in order, for the service the run goes to (for the embedded emulator: loopback addresses);
 * - the URL node reads of the last hour, from the rate-limit state kept beside the history;
 * - the calls of the last hour of the environment's account context reads (.graphreq/account-context.json),
 *   which the service meters as the app's calls.
 * Without a workspace or history, the forecast counts with what it has: the formulas alone.
 */
import { originOf, pruneRateState, recordUsage, usageNow, emptyRecentUsage, isLoopbackUrl, type ForecastInputs, type SendResult } from '../core/send';
import type { EnvironmentSettings } from '../core';
import { limitInputsOf } from './forecastLimits';
import { ContextStore, environmentKey } from '../account/contextStore';
import { callsLeft, contextLimitsOf } from '../account/environmentSource';
import { HistoryStore } from './history';
import { EMBEDDED_RATE_ORIGIN } from './target';

const DAY = 86_400_000;

export function readForecastInputs(o: { workspace: string | null; env: EnvironmentSettings; baseUrl?: string; now: number; contextWorkspace?: string | null }): ForecastInputs {
  const embedded = !o.baseUrl;
  const inputs = limitInputsOf(o.env, o.baseUrl);
  // The account context's reads of this environment (not history: counted with history off too).
  const contextWorkspace = o.contextWorkspace ?? o.workspace;
  if (!embedded && contextWorkspace) {
    const calls = contextCallsOf(contextWorkspace, o.env, o.baseUrl!, o.now);
    if (calls.made) inputs.contextCalls = calls;
  }
  if (!o.workspace) return inputs;
  const history = new HistoryStore(o.workspace);
  const origin = embedded ? EMBEDDED_RATE_ORIGIN : originOf({ baseUrl: o.baseUrl! });
  const sameService = (url: string): boolean => (embedded ? isLoopbackUrl(url) : originOf({ baseUrl: url }) === origin);

  // The results of the last day, oldest first: each one's usage headers update the scopes it names.
  const recent: SendResult[] = [];
  for (const s of history.list()) {
    const at = Date.parse(s.savedAt);
    if (!(o.now - at < DAY) || !sameService(s.url)) continue;
    const entry = history.read(s.id);
    if (entry) recent.push(entry.result);
  }
  let usage = emptyRecentUsage();
  for (const r of recent.reverse()) usage = recordUsage(usage, r, Date.parse(r.sentAt) || o.now);
  inputs.usage = usageNow(usage, o.now);

  const rate = pruneRateState(history.rateStore().load(), o.now);
  const urlReads: Record<string, number> = {};
  for (const [key, times] of Object.entries(rate.urlReads)) {
    if (!key.startsWith(`${origin} `)) continue;
    urlReads[key.slice(origin.length + 1)] = times.length;
  }
  inputs.urlReads = urlReads;
  return inputs;
}

/** The calls of the last hour of the environment's account context reads (account/contextStore.ts). */
function contextCallsOf(workspace: string, env: EnvironmentSettings, baseUrl: string, now: number): { made: number; callsPerHour: number } {
  const limits = contextLimitsOf(env);
  const stored = new ContextStore(workspace).read(environmentKey(env.name, originOf({ baseUrl })));
  return { made: callsLeft(stored, now, limits).made, callsPerHour: limits.callsPerHour };
}
