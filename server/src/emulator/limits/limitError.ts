/**
 * The refusal of a call over a limit ([3] Platform and BUC limit codes): code 4 (app), 17 (user),
 * 17/2446079 (ads API v3.3 and older), 80004/2446079 (ads management), 80006 (messaging app API),
 * 613 (the URL node's 10 reads per URL, per app, per hour). is_transient is true: the same call
 * succeeds once usage has dropped. HTTP 429 tells any HTTP client to slow down.
 */
import { ServiceError } from '../envelope';
import type { ScopeUsage } from './limiter';
import type { Scope } from './meter';

const MESSAGES: Record<number, string> = {
  4: 'Application request limit reached',
  17: 'User request limit reached',
  613: 'Calls to this api have exceeded the rate limit.',
  80004: 'There have been too many calls to this ad-account. Wait a bit and try again.',
  80006: "There have been too many calls to this app's messaging API. Wait a bit and try again.",
};

export function limitError(scope: Scope, usage: ScopeUsage, headers: Record<string, string>): ServiceError {
  const minutes = Math.ceil(usage.regainMs / 60_000);
  return new ServiceError({
    status: 429,
    code: scope.code,
    subcode: scope.subcode,
    message: MESSAGES[scope.code] ?? 'Rate limit reached',
    transient: true,
    userMessage: `The ${scope.label} reached its limit of ${scope.limit} calls per ${windowText(scope.windowMs)}. Calls are refused until usage drops below the limit, in about ${minutes} minute${minutes === 1 ? '' : 's'}; every further call counts and lengthens the wait.`,
    rule: scope.kind === 'url' ? 'URL-READ-RATE' : 'LIMIT-BLOCK',
    headers,
  });
}

function windowText(ms: number): string {
  if (ms % 86_400_000 === 0) return ms === 86_400_000 ? '24 hours' : `${ms / 86_400_000} days`;
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'hour' : `${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? 'minute' : `${ms / 60_000} minutes`;
  return `${Math.round(ms / 1000)} seconds`;
}
