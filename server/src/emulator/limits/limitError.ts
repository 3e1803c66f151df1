/**
 * The refusal of a call over a limit ([3] Platform and BUC limit codes): code 4 (app), 17 (user),
 * 17/2446079 (ads API v3.3 and older), 80004/2446079 (ads management), 80006 (messaging app API),
 * 613 (the URL node's 10 reads per URL, per app, per hour).
 *
 * Answered as the real service answers them in the responses recorded in public material
 * (docs/emulator.md, "Rate-limit refusals"), not with HTTP 429: status 400, but 403 for the app's
 * limit (code 4); the message starts with `(#code)`; the short envelope of [3] "Rate-limit error
 * envelope", where the platform codes (4, 17, 613) add `is_transient: true` and the business-use-case
 * codes nothing; and `WWW-Authenticate: OAuth "Facebook Platform" "invalid_request" "<message>"`,
 * the challenge the service sends with every OAuthException. The usage headers go with it.
 */
import { ServiceError } from '../envelope';
import type { Scope } from './meter';

const MESSAGES: Record<number, string> = {
  4: 'Application request limit reached',
  17: 'User request limit reached',
  613: 'Calls to this api have exceeded the rate limit.',
  80004: 'There have been too many calls to this ad-account. Wait a bit and try again.',
  80006: "There have been too many calls to this app's messaging API. Wait a bit and try again.",
};

/** The HTTP status of a rate-limit refusal with `code`: 403 for the app's limit, 400 for the others. */
function limitStatus(code: number): number {
  return code === 4 ? 403 : 400;
}

export function limitError(scope: Scope, headers: Record<string, string>): ServiceError {
  const message = `(#${scope.code}) ${MESSAGES[scope.code] ?? 'Rate limit reached'}`;
  return new ServiceError({
    status: limitStatus(scope.code),
    code: scope.code,
    subcode: scope.subcode,
    message,
    short: true,
    // The business-use-case refusals recorded carry no is_transient; the platform ones say true.
    transient: scope.code < 80000,
    rule: scope.kind === 'url' ? 'URL-READ-RATE' : 'LIMIT-BLOCK',
    headers: {
      ...headers,
      'WWW-Authenticate': `OAuth "Facebook Platform" "invalid_request" "${message}"`,
    },
  });
}
