/**
 * The version an environment's account context is read with: the one the requests that need the
 * facts are written for (path, `{{version}}`, or the defaultVersion they take), else the environment's
 * version for unversioned calls, else graphreq's latest (docs/format.md, "Account context").
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileContext, contextNeeds, contextVersion, getApiModel, parseDocument, type EnvironmentSettings } from '../../../server/src/core';

const create = (path: string, campaign: string): string =>
  `POST ${path}/act_42/adsets\n\n{ "name": "a", "campaign_id": "${campaign}", "daily_budget": 1000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } } }\n`;

function versionOf(requests: string[], env: Partial<EnvironmentSettings> = {}): string {
  const environment: EnvironmentSettings = { variables: {}, ...env };
  const doc = parseDocument(requests.join('\n###\n'));
  return contextVersion(contextNeeds(doc, buildFileContext(doc, environment), getApiModel()), environment, getApiModel());
}

describe('contextVersion', () => {
  it('is the version the requests that need the context are written for', () => {
    assert.equal(versionOf([create('/v23.0', '777')]), 'v23.0');
    assert.equal(versionOf([create('/{{version}}', '777')], { variables: { version: 'v22.0' } }), 'v22.0');
    // A request without a version takes the environment's defaultVersion, and the read with it.
    assert.equal(versionOf([create('', '777')], { defaultVersion: 'v21.0' }), 'v21.0');
  });

  it('is the most used when they differ, the newest on a tie; requests that need nothing do not count', () => {
    assert.equal(versionOf([create('/v21.0', '1'), create('/v22.0', '2'), create('/v21.0', '3')]), 'v21.0');
    assert.equal(versionOf([create('/v21.0', '1'), create('/v22.0', '2')]), 'v22.0');
    assert.equal(versionOf([create('/v21.0', '1'), 'GET /v24.0/me?fields=id\n', 'GET /v24.0/me?fields=name\n']), 'v21.0');
  });

  it("falls back on the environment's defaultVersion, then its latestVersion, then graphreq's latest", () => {
    const none = { campaigns: ['1'], accounts: [] };
    assert.equal(contextVersion(none, { defaultVersion: 'v20.0', latestVersion: 'v24.0' }, getApiModel()), 'v20.0');
    assert.equal(contextVersion(none, { latestVersion: 'v24.0' }, getApiModel()), 'v24.0');
    assert.equal(contextVersion(none, {}, getApiModel()), getApiModel().latestVersion);
  });
});
