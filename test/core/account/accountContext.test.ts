/**
 * The account context in the core: the rules that need the campaign's objective or budget, the
 * account's defaults or the service's release table read it when the file says nothing, say where
 * the fact came from, and give way to the file's directives and graphreq.env.json.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService, emptyContext, ValidationCache, parseDocument, type AccountContext, type Environment } from '../../../server/src/core';
import { applyFix, findingsOf } from '../../helpers';

const AT = Date.UTC(2026, 10, 1);
const fromEmulator = { kind: 'emulator' as const, of: 'state' as const };

/** A context as the embedded emulator's state gives it: one awareness campaign without a budget, one sales campaign with a daily budget. */
function context(): AccountContext {
  const ctx = emptyContext({ kind: 'emulator' });
  ctx.key = 'test:1';
  ctx.campaigns['555'] = {
    account: '42',
    objective: { value: 'OUTCOME_AWARENESS', source: fromEmulator, at: AT },
    buyingType: { value: 'AUCTION', source: fromEmulator, at: AT },
    budget: { value: 'none', source: fromEmulator, at: AT },
    campaignType: { value: 'regular', source: fromEmulator, at: AT },
  };
  ctx.campaigns['777'] = {
    account: '42',
    objective: { value: 'OUTCOME_SALES', source: { kind: 'environment', environment: 'prod' }, at: AT },
    budget: { value: 'daily', source: { kind: 'environment', environment: 'prod' }, at: AT },
  };
  ctx.accounts['42'] = {
    dsaPayor: { value: 'Payor Ltd', source: fromEmulator, at: AT },
    dsaBeneficiary: { value: 'Beneficiary Ltd', source: fromEmulator, at: AT },
    currency: { value: 'JPY', source: { kind: 'environment', environment: 'prod' }, at: AT },
  };
  ctx.service.releases = { value: { 'v3.0': '2018-05-01', 'v26.0': '2026-06-10' }, source: { kind: 'emulator', of: 'configuration' }, at: AT };
  return ctx;
}

const env = (extra: Partial<Environment> = {}): Partial<Environment> => ({ today: '2026-11-27', context: context(), ...extra });

function adset(campaign: string, members: string, directives = ''): string {
  return `${directives}POST /v23.0/act_42/adsets\n\n{ "name": "x", "campaign_id": "${campaign}", "billing_event": "IMPRESSIONS", "targeting": { "geo_locations": { "countries": ["US"] } }${members} }\n`;
}

const codes = (text: string, e: Partial<Environment>) => findingsOf(text, e).map((f) => f.code);

describe('the account context', () => {
  it("gives ADSET-GOAL-FOR-OBJECTIVE the campaign's objective, and the finding says where it came from", () => {
    const text = adset('555', ', "daily_budget": 1000, "optimization_goal": "LINK_CLICKS"');
    const goal = findingsOf(text, env()).find((f) => f.code === 'ADSET-GOAL-FOR-OBJECTIVE');
    assert.ok(goal, 'the goal is flagged with the objective from the context');
    assert.match(goal.detail ?? '', /objective OUTCOME_AWARENESS, from the emulator's state/);
    assert.equal(text.slice(goal.related![0].span.start, goal.related![0].span.end), '"555"', 'the related place is the campaign_id it was looked up by');
    assert.ok(!codes(text, {}).includes('ADSET-GOAL-FOR-OBJECTIVE'), 'without a context the objective is unknown');
    assert.ok(!codes(adset('556', ', "daily_budget": 1000, "optimization_goal": "LINK_CLICKS"'), env()).includes('ADSET-GOAL-FOR-OBJECTIVE'), 'a campaign the context does not hold');
  });

  it('gives way to the `# @objective` directive and to campaign_spec', () => {
    const members = ', "daily_budget": 1000, "optimization_goal": "LINK_CLICKS"';
    assert.ok(!codes(adset('555', members, '# @objective OUTCOME_TRAFFIC\n'), env()).includes('ADSET-GOAL-FOR-OBJECTIVE'));
    const spec = `POST /v23.0/act_42/adsets\n\n{ "name": "x", "campaign_id": "555", "campaign_spec": { "objective": "OUTCOME_TRAFFIC" }, "daily_budget": 1000, "billing_event": "IMPRESSIONS", "optimization_goal": "LINK_CLICKS", "targeting": { "geo_locations": { "countries": ["US"] } } }\n`;
    assert.ok(!codes(spec, env()).includes('ADSET-GOAL-FOR-OBJECTIVE'));
  });

  it("flags an ad set without a budget in a campaign that has none, and says the campaign's budget came from the context", () => {
    const none = findingsOf(adset('555', ''), env()).find((f) => f.code === 'ADSET-BUDGET-POSITIVE');
    assert.ok(none);
    assert.match(none.message, /No budget here nor on the campaign/);
    assert.match(none.detail ?? '', /campaign budget none, from the emulator's state/);
    assert.ok(!codes(adset('777', ''), env()).includes('ADSET-BUDGET-POSITIVE'), 'a campaign with a daily budget holds it');
    assert.ok(!codes(adset('555', '', '# @campaign-budget daily\n'), env()).includes('ADSET-BUDGET-POSITIVE'), 'the directive wins');
    assert.ok(codes(adset('556', '', '# @campaign-budget none\n'), {}).includes('ADSET-BUDGET-POSITIVE'), '`# @campaign-budget none` alone says it too');
    assert.ok(!codes(adset('555', ''), {}).includes('ADSET-BUDGET-POSITIVE'), 'nothing known, nothing said');
  });

  it('names the environment a fact was read from', () => {
    const text = adset('777', ', "daily_budget": 1000, "optimization_goal": "AD_RECALL_LIFT"');
    const goal = findingsOf(text, env()).find((f) => f.code === 'ADSET-GOAL-FOR-OBJECTIVE');
    assert.match(goal?.detail ?? '', /objective OUTCOME_SALES, read from the service of environment prod/);
  });

  it("gives the version rules the service's release table; graphreq.env.json's wins", () => {
    const text = 'GET /v2.8/act_42/adsets\n';
    const expired = findingsOf(text, env()).find((f) => f.code === 'REQ-VERSION-EXPIRED');
    assert.ok(expired);
    assert.match(expired.detail ?? '', /The release table is from the emulator's configuration/);
    assert.ok(!codes(text, { today: '2026-11-27' }).includes('REQ-VERSION-EXPIRED'), 'no table, no expiry');
    const own = findingsOf(text, env({ releases: { 'v2.8': '2016-10-05', 'v3.0': '2026-11-01' } }));
    assert.ok(!own.some((f) => f.code === 'REQ-VERSION-EXPIRED'), "the environment's table says v2.8 is still available");
  });

  it("fills the account's DSA defaults from the context", () => {
    const eu = `POST /v23.0/act_42/adsets\n\n{ "name": "x", "campaign_id": "777", "daily_budget": 1000, "targeting": { "geo_locations": { "countries": ["FR"] } } }\n`;
    assert.ok(!codes(eu, env()).includes('ADSET-DSA-REQUIRED'));
    assert.equal(codes(eu, { context: emptyContext({ kind: 'emulator' }) }).filter((c) => c === 'ADSET-DSA-REQUIRED').length, 2);
  });

  it('says once per request what a rule needs and nobody knows, with fixes that add the directive', () => {
    const text = `### first\n${adset('999', ', "optimization_goal": "LINK_CLICKS"')}### second\n${adset('555', '')}`;
    const hints = findingsOf(text, env()).filter((f) => f.code === 'ADSET-CAMPAIGN-UNKNOWN');
    assert.equal(hints.length, 1, 'one hint, on the request whose campaign is unknown');
    const [hint] = hints;
    assert.equal(hint.severity, 'hint');
    assert.equal(text.slice(hint.span.start, hint.span.end), '"999"');
    assert.match(hint.message, /Campaign 999 is not in the emulator's state, which refuses it; its objective and budget unknown/);
    const fixed = applyFix(text, hint, 'Add `# @objective OUTCOME_TRAFFIC`');
    assert.ok(fixed.includes('### first\n# @objective OUTCOME_TRAFFIC\nPOST /v23.0/act_42/adsets'), fixed);
    const after = findingsOf(fixed, env()).filter((f) => f.code === 'ADSET-CAMPAIGN-UNKNOWN');
    assert.match(after[0]?.message ?? '', /its budget unknown/, 'the objective is known now; the budget still is not');
    assert.deepEqual(findingsOf(applyFix(fixed, after[0], 'Add `# @campaign-budget daily`'), env()).filter((f) => f.code === 'ADSET-CAMPAIGN-UNKNOWN'), []);
  });

  it("orders goal completions by the campaign's objective, shows it on hover of campaign_id, and gives inlay hints the account's currency", () => {
    const ls = createLanguageService();
    const text = 'POST /v23.0/act_42/adsets\n\n{ "name": "a", "campaign_id": "555", "daily_budget": 1000, "optimization_goal": "" }\n';
    const doc = parseDocument(text);
    const file = ls.fileContext(doc, { variables: {}, context: context() });
    const goals = ls.getCompletions(doc, text.indexOf('"optimization_goal": "') + 22, file);
    const first = [...goals].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label))[0];
    assert.equal(first.label, 'AD_RECALL_LIFT', 'an awareness goal first');
    assert.match(first.detail ?? '', /allowed for the Awareness objective/);
    const none = ls.getCompletions(doc, text.indexOf('"optimization_goal": "') + 22, ls.fileContext(doc, { variables: {} }));
    assert.ok(none.every((i) => !/Awareness/.test(i.detail ?? '')), 'without the context the objective is unknown');

    const hover = ls.getHover(doc, text.indexOf('"555"') + 2, file);
    assert.match(hover?.contents ?? '', /The campaign: objective OUTCOME_AWARENESS, from the emulator's state; budget none, from the emulator's state/);

    const hints = ls.getInlayHints(doc, file, { start: 0, end: text.length });
    const money = hints.find((h) => /JPY/.test(h.label));
    assert.equal(money?.label, '1,000 JPY/day', 'JPY has no smaller unit');
    assert.match(money?.tooltip ?? '', /act_42, read from the service of environment prod/);
  });

  it('is part of the per-block caches\' key: a new context checks the blocks again', () => {
    const ls = createLanguageService();
    const doc = parseDocument(adset('555', ', "daily_budget": 1000, "optimization_goal": "LINK_CLICKS"'));
    const cache = new ValidationCache();
    const first = ls.validateByBlock(doc, { variables: {}, context: context() }, cache);
    const changed = context();
    changed.key = 'test:2';
    changed.campaigns['555'].objective = { value: 'OUTCOME_TRAFFIC', source: fromEmulator, at: AT };
    const second = ls.validateByBlock(doc, { variables: {}, context: changed }, cache);
    const has = (v: typeof first) => v.results.some((r) => r.findings.some((f) => f.code === 'ADSET-GOAL-FOR-OBJECTIVE'));
    assert.equal(has(first), true);
    assert.equal(has(second), false);
  });
});
