/**
 * The account context item of the status bar in words (client/src/contextPresentation.ts): the calls
 * of the hour, how long ago the service was read, and a tooltip naming the source.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ago, contextStatusText, contextTooltip } from '../../client/src/contextPresentation';
import type { ContextStatus } from '../../server/src/lsp/protocol';

const T0 = Date.parse('2026-01-01T10:00:00Z');
const MIN = 60_000;
const status = (s: Partial<ContextStatus> = {}): ContextStatus => ({ uri: 'file:///w/a.graphreq', origin: 'https://graph.example.com', environment: 'prod', calls: 2, madeThisHour: 12, callsPerHour: 20, heldBack: 0, problems: [], lastReadAt: T0 - 3 * MIN, ...s });

test('the item: calls of the hour and when the service was last read', () => {
  assert.equal(contextStatusText(status(), T0), 'context: 12 calls this hour, fetched 3 min ago');
  assert.equal(contextStatusText(status({ madeThisHour: 1, lastReadAt: T0 - 10_000 }), T0), 'context: 1 call this hour, fetched just now');
  assert.equal(contextStatusText(status({ madeThisHour: 0, lastReadAt: null }), T0), 'context: 0 calls this hour, not fetched yet');
  assert.equal(ago(125 * MIN), '2 h ago');
});

test('the tooltip names the environment, the origin, the allowance and what went wrong', () => {
  const tip = contextTooltip(status({ heldBack: 3, problems: ['reading the account context of https://graph.example.com answered HTTP 500'] }), T0);
  assert.match(tip, /^Account context of environment "prod", read from https:\/\/graph\.example\.com \(GET reads with ids=, each id one call\)\.$/m);
  assert.match(tip, /^12 of 20 calls this hour \(graphreq\.env\.json context\.callsPerHour\); the last read made 2\.$/m);
  assert.match(tip, /^Last read 3 min ago .*cached in \.graphreq\/account-context\.json\.$/m);
  assert.match(tip, /^3 ids not read: the hour's allowance is spent\.$/m);
  assert.match(tip, /^⚠ reading the account context .* answered HTTP 500$/m);
  assert.match(contextTooltip(status({ environment: null }), T0), /^Account context of the shared environment,/);
});
