/**
 * A curl command that repeats a request. The token is read from an environment variable when the
 * command runs (`"access_token=$GRAPHREQ_ACCESS_TOKEN"` in a POST body, `"Authorization: Bearer
 * $GRAPHREQ_ACCESS_TOKEN"` otherwise), so the command can be copied, pasted and shared without
 * carrying the secret.
 */
import type { PreparedRequest } from './types';
import { encodeQueryPair } from './wire';

/** Quotes a word for a POSIX shell. */
function sh(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function toCurl(req: PreparedRequest, tokenEnvName: string): string {
  const query = req.query.map(([k, v]) => encodeQueryPair(k, v)).join('&');
  const url = req.baseUrl + req.path + (query ? `?${query}` : '');
  const parts = ['curl', '-sS'];
  if (req.method !== 'GET' && req.method !== 'POST') parts.push('-X', req.method);
  parts.push(sh(url));
  for (const [k, v] of req.headers) parts.push('-H', sh(`${k}: ${v}`));
  // Double quotes so that the shell expands the variable; the name is a plain identifier.
  const variable = /^[A-Za-z_]\w*$/.test(tokenEnvName) ? tokenEnvName : 'GRAPHREQ_ACCESS_TOKEN';
  if (req.tokenIn === 'header') parts.push('-H', `"Authorization: Bearer $${variable}"`);
  for (const [k, v] of req.form ?? []) parts.push('--data-urlencode', sh(`${k}=${v}`));
  if (req.tokenIn === 'form') parts.push('--data-urlencode', `"access_token=$${variable}"`);
  return parts.join(' ');
}
