/**
 * The account context `graphreq check` uses, the same as the language server's for the same
 * workspace and environment (lsp/documentInputs.ts): without a base URL, the embedded emulator's
 * state; with one, the environment's context as the workspace keeps it (what its responses showed,
 * and what was read before), read from its service first with `--context` (the ids the checked files
 * need and the store lacks, within the hour's allowance). What stays unknown, the rules that need it
 * say (ADSET-CAMPAIGN-UNKNOWN).
 */
import { contextVersion, getApiModel, type AccountContext, type ContextNeeds, type EnvironmentSettings } from '../core';
import { originOf } from '../core/send';
import { readEmulatorContext } from './emulatorSource';
import { contextLimitsOf, fetchContext, storedContext } from './environmentSource';

export interface CheckContextRead {
  context?: AccountContext;
  /** One line each: what was read, and why part of the context could not be. */
  notes: string[];
}

export interface CheckContextOptions {
  env: EnvironmentSettings;
  workspace: string;
  /** `--context`: read the environment's context from its service. */
  read?: boolean;
  /** The ids the checked files ask about (asked only when reading). */
  needs?: () => ContextNeeds;
  /** Where the reads go and with which token, decided as for a send (asked only when reading). */
  target?: () => Promise<{ baseUrl?: string; token?: string }>;
  now?: () => number;
}

export async function checkContext(o: CheckContextOptions): Promise<CheckContextRead> {
  if (!o.env.baseUrl) {
    const read = readEmulatorContext(o.workspace);
    return { context: read.context, notes: read.note ? [read.note] : [] };
  }
  const now = o.now ?? Date.now;
  if (!o.read || !o.target || !o.needs) return { context: storedContext({ workspace: o.workspace, name: o.env.name, baseUrl: o.env.baseUrl }, { fetch: false, now: now(), limits: contextLimitsOf(o.env) }), notes: [] };
  const chosen = await o.target();
  const baseUrl = chosen.baseUrl ?? o.env.baseUrl;
  const limits = contextLimitsOf(o.env);
  const needs = o.needs();
  // Read as the checked requests are written (/v23.0/, or the environment's defaultVersion), not with graphreq's latest.
  const target = { workspace: o.workspace, name: o.env.name, baseUrl, version: contextVersion(needs, o.env, getApiModel()) };
  const report = await fetchContext(target, needs, { token: chosen.token, now, limits, timeoutMs: o.env.timeoutMs });
  const notes = [...report.problems];
  const origin = originOf({ baseUrl });
  notes.push(`account context of ${origin}: ${report.calls} call${report.calls === 1 ? '' : 's'} now, ${report.madeThisHour} of ${report.callsPerHour} this hour${report.heldBack ? `; ${report.heldBack} id${report.heldBack === 1 ? '' : 's'} not read (the hour's allowance is spent)` : ''}`);
  return { context: storedContext(target, { fetch: true, now: now(), limits }), notes };
}
