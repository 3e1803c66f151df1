/**
 * A base URL as messages quote it (core/send/shownUrl.ts): no user information, no query value, no
 * fragment, also when `new URL` refuses the text; and the origin of text that is no URL (originOf,
 * which the trust question, the token prompt and the refusals quote) is cut the same way.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { shownUrl } from '../../server/src/core/send/shownUrl';
import { decideSendTarget, originOf, tokenTransportProblem } from '../../server/src/core/send';

const SECRET = 'CANARYsecret9a8b';

test('shownUrl keeps scheme, host, port and path, and hides user information, query values and fragments', () => {
  assert.equal(shownUrl('https://graph.example.com'), 'https://graph.example.com');
  assert.equal(shownUrl('https://graph.example.com/v23.0/'), 'https://graph.example.com/v23.0/');
  assert.equal(shownUrl(`https://bob:${SECRET}@graph.example.com:8443/api`), 'https://[REDACTED]@graph.example.com:8443/api');
  assert.equal(shownUrl(`https://graph.example.com/?access_token=${SECRET}&x=1#${SECRET}`), 'https://graph.example.com/?access_token=[REDACTED]&x=[REDACTED]');
  // Not a URL: cut by its punctuation all the same.
  assert.equal(shownUrl(`https://bob:${SECRET}@ho st/p?t=${SECRET}`), 'https://[REDACTED]@ho st/p?[REDACTED]');
  assert.equal(shownUrl(`https://a@b:${SECRET}@host:99999`), 'https://[REDACTED]@host:99999');
  assert.equal(shownUrl(`graph example ${SECRET}`), `graph example ${SECRET}`); // nothing to tell a secret by
});

test('messages and origins of a base URL that is no URL quote no secret', () => {
  const bad = `https://bob:${SECRET}@ho st/?access_token=${SECRET}`;
  assert.doesNotMatch(tokenTransportProblem(bad)!, new RegExp(SECRET));
  assert.doesNotMatch(originOf({ baseUrl: bad }), new RegExp(SECRET));
  const target = decideSendTarget({ environmentNamed: false, envBaseUrl: bad });
  assert.doesNotMatch(target.origin!, new RegExp(SECRET));
  assert.match(tokenTransportProblem(`https://graph.example.com/?access_token=${SECRET}`)!, /has a query/);
  assert.equal(tokenTransportProblem('https://graph.example.com/v1/'), null);
});
