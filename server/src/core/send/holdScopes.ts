/**
 * What a rate-limit hold applies to, keyed as the documents key the limits ([3] Limits, BUC limits,
 * Usage headers; [1] Limits):
 * - `*`: the app (platform limit, code 4, X-App-Usage) and the user (code 17): every call of the origin;
 * - `buc:<type>:<key>`: one entry of X-Business-Use-Case-Usage, whose key names the business object the
 *   usage is counted on (for ads management, insights and custom audiences, the ad account: [3] gives
 *   those limits "per ad account"; real headers key them by the account's id);
 * - `buc:<type>`: a BUC error (80004, 80000, ...), which names no key: the request's own ad account for
 *   the per-ad-account types, the whole type for the others (messaging app: per app and business);
 * - `url:<url>`: one URL node ([1]: "per URL, per app, per hour");
 * - `endpoint:<id>`: a custom limit of one endpoint (613).
 * A request names its ad account in the path (`act_<id>`). A block holds a request of its type unless
 * the request names an ad account that the block is certainly not about; a request whose account
 * cannot be told from it (an ad set read by id) is held, since it may be that account's.
 */
import { urlCounterKey } from '../model/limitFormulas';
import { limits } from '../model/rulesData';
import type { PreparedRequest } from './types';

/** The ad account a request names (`act_<id>` as the path's first segment after the version), or null. */
export function accountOf(req: Pick<PreparedRequest, 'path'>): string | null {
  const segments = req.path.split('/').filter((s) => s !== '');
  const first = /^v\d+(\.\d+)?$/i.test(segments[0] ?? '') ? segments[1] : segments[0];
  const m = /^act_(\d+)$/.exec(decodeSegment(first ?? ''));
  return m ? m[1] : null;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** [3] BUC limits: the types counted per ad account (schemas/rules-data/limits.json `per`). */
export function perAdAccount(type: string): boolean {
  return limits.buc[type]?.per === 'ad account';
}

/** Whether a block of `scope`, learned from a request of ad account `blockAccount`, holds `req`. */
export function blockHolds(scope: string, blockAccount: string | null | undefined, req: PreparedRequest): boolean {
  if (scope === '*') return true;
  if (scope.startsWith('url:')) return req.urlReads.some((u) => `url:${urlCounterKey(u)}` === scope);
  if (scope.startsWith('endpoint:')) return req.endpointId === scope.slice('endpoint:'.length);
  if (!scope.startsWith('buc:')) return false;
  const rest = scope.slice('buc:'.length);
  const colon = rest.indexOf(':');
  const type = colon < 0 ? rest : rest.slice(0, colon);
  const key = colon < 0 ? null : rest.slice(colon + 1);
  if (req.bucType !== type) return false;
  const account = accountOf(req);
  // Which account the request counts against is not in it (an ad set by id): it may be the blocked one.
  if (account === null) return true;
  if (blockAccount === account) return true;
  // The header's key names the business object: this account's own, or another one's.
  if (key !== null) return key === account;
  // A BUC error names no key: the request's account for the per-account types, the whole type otherwise.
  return !perAdAccount(type);
}
