/**
 * Who is calling: the access token ([2] Authentication: every call takes `access_token`) mapped to
 * an app, a user and a business through the configuration, so per-app and per-user limits apply.
 * The token may come as the `access_token` parameter (query, form or JSON body) or as an
 * `Authorization: Bearer|OAuth <token>` header; the parameter wins when both are given.
 *
 * A missing or unknown token is refused as the real service refuses it in the responses recorded in
 * public material (daroczig/fbRads issue 74, pablobarbera/Rfacebook issue 123, facebook4j's
 * `statusCode=400`): HTTP 400, code 190, and a `WWW-Authenticate: OAuth "Facebook Platform"` header
 * saying why. The documents give the code only (docs/api.md, [2] Authentication).
 */
import type { EmulatorConfig, TokenGrant } from './config';
import { ServiceError } from './envelope';
import { own } from '../core/own';

export interface Caller extends TokenGrant {
  token: string;
}

export function identifyCaller(param: unknown, authorization: string | undefined, config: EmulatorConfig): Caller {
  let token = typeof param === 'string' && param !== '' ? param : undefined;
  if (!token && authorization) {
    const m = /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(authorization);
    if (m) token = m[1];
  }
  if (!token) {
    const message = 'An active access token must be used to query information about the current user.';
    throw new ServiceError({
      status: 400,
      code: 190,
      message,
      headers: { 'WWW-Authenticate': authenticate('invalid_request', message) },
      userTitle: 'Access token required',
      userMessage: 'Every call takes an access token: send access_token (or an Authorization: Bearer header). The emulator accepts demo-token by default.',
      rule: 'REQ-TOKEN-REQUIRED',
    });
  }
  const grant = own(config.tokens, token);
  if (!grant) {
    const message = 'Invalid OAuth access token - Cannot parse access token';
    throw new ServiceError({
      status: 400,
      code: 190,
      message,
      headers: { 'WWW-Authenticate': authenticate('invalid_token', message) },
      userTitle: 'Invalid access token',
      userMessage: 'The emulator does not know this access token. Use one of the tokens of its configuration (demo-token by default).',
      rule: 'REQ-TOKEN-REQUIRED',
    });
  }
  return { ...grant, token };
}

/** The service's challenge: `OAuth "Facebook Platform" "<error>" "<message>"`. */
function authenticate(error: 'invalid_request' | 'invalid_token', message: string): string {
  return `OAuth "Facebook Platform" "${error}" "${message}"`;
}
