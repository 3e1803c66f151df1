/** Reading an ad set, `GET /{version}/<ad_set_id>/` ([2] Read an ad set, Ad set read fields, Versioning). */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyFix, findingsOf } from '../../helpers';
import { describeRuleCases, whenRun, type RuleCases } from './ruleCases';

export const cases: RuleCases = {
  'ADSET-READ-FIELDS': {
    fail: [
      { name: 'misspelt', text: 'GET /v23.0/120200000000000002?fields=id,⟦nmae⟧\n' },
      { name: 'a field of the URL node', text: 'GET /v23.0/120200000000000002?fields=⟦engagement⟧\n' },
      {
        name: 'past the last field the documents show: a hint',
        text: 'GET /v23.0/120200000000000002?fields=id,⟦source_adset_id⟧\n',
        expect: ['ADSET-READ-FIELDS:hint'],
      },
      { name: 'the ad set id from a variable', text: '@adset = 120200000000000002\n\n###\nGET /v23.0/{{adset}}?fields=id,⟦nmae⟧\n' },
      // The list's parameters are not shown, but its items are ad sets, whose fields [2] gives.
      { name: 'the fields of the ad sets an account lists', text: 'GET /v23.0/act_1234567890/adsets?fields=id,⟦nmae⟧\n' },
      {
        name: 'past the cut-off with a near documented name: still a hint (a "did you mean" never outranks "not shown")',
        text: 'GET /v23.0/120200000000000002?fields=id,⟦updated_time⟧,⟦regional_regulation_identities⟧\n',
        expect: ['ADSET-READ-FIELDS:hint', 'ADSET-READ-FIELDS:hint'],
      },
    ],
    pass: [
      {
        name: 'fields from the read-field table',
        text: 'GET /v23.0/120200000000000002?fields=id,account_id,name,status,configured_status,effective_status,daily_budget,lifetime_budget,budget_remaining,campaign_id,bid_amount,billing_event,optimization_goal,promoted_object,dsa_payor,dsa_beneficiary,regional_regulated_categories\n',
      },
      { name: 'no fields: id is the default', text: 'GET /v23.0/120200000000000002\n' },
      // Past the read table's cut-off, but [2] Create an ad set documents them as the ad set's own.
      { name: 'start_time and targeting, as the creation set them', text: 'GET /v23.0/120200000000000002?fields=id,start_time,end_time,targeting\n' },
      { name: 'the listed ad sets\' documented fields', text: 'GET /v23.0/act_1234567890/adsets?fields=id,name,status,effective_status\n' },
      { name: 'a subfield of the listed ad sets is REQ-UNKNOWN-FIELD', text: 'GET /v23.0/act_1234567890/adsets?fields=adset_schedule{⟦foo⟧}\n', expect: ['REQ-UNKNOWN-FIELD'] },
      { name: 'with the trailing slash [2] writes', text: 'GET /v23.0/120200000000000002/?fields=id,name\n' },
      {
        name: 'an id from a named creation',
        text: '# @name create\nPOST /v23.0/act_1234567890/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 2000 }\n\n###\nGET /v23.0/{{create.response.body.id}}?fields=id,name\n',
      },
    ],
  },
  'ADSET-READ-FIELD-VERSION': {
    fail: [
      { name: 'issues_info below v3.2', text: 'GET /v3.1/120200000000000002?fields=id,⟦issues_info⟧\n' },
      { name: 'is_dynamic_creative below v3.2', text: 'GET /v3.1/120200000000000002?fields=⟦is_dynamic_creative⟧\n' },
      { name: 'photo_user_id below v22.0', text: 'GET /v21.0/120200000000000002?fields=name,⟦photo_user_id⟧\n', expect: ['ADSET-READ-FIELD-VERSION:warning'] },
    ],
    pass: [
      { name: 'issues_info and is_dynamic_creative at v3.2', text: 'GET /v3.2/120200000000000002?fields=issues_info,is_dynamic_creative\n' },
      { name: 'photo_user_id at v22.0', text: 'GET /v22.0/120200000000000002?fields=photo_user_id\n' },
      { name: 'effective_status below v3.2 (only its values WITH_ISSUES and IN_PROCESS are newer)', text: 'GET /v3.1/120200000000000002?fields=effective_status\n' },
    ],
  },
  'ADSET-DATE-PRESET': {
    fail: [
      { name: 'lifetime from v10.0', text: 'GET /v10.0/120200000000000002?fields=id&date_preset=⟦lifetime⟧\n' },
      { name: 'lifetime with no version (flagged)', text: 'GET ⟦/120200000000000002⟧?date_preset=⟦lifetime⟧\n', expect: ['REQ-VERSION-MISSING', 'ADSET-DATE-PRESET'] },
      { name: 'an unlisted value', text: 'GET /v23.0/120200000000000002?date_preset=⟦last_7days⟧\n' },
    ],
    pass: [
      { name: 'maximum', text: 'GET /v23.0/120200000000000002?date_preset=maximum\n' },
      { name: 'lifetime before v10.0 (the service reads it as maximum)', text: 'GET /v9.0/120200000000000002?date_preset=lifetime\n' },
      ...['today', 'last_week_sun_sat', 'this_week_mon_today', 'data_maximum'].map((v) => ({ name: v, text: `GET /v23.0/120200000000000002?date_preset=${v}\n` })),
    ],
  },
  'ADSET-TIME-RANGE': {
    fail: [
      { name: 'since after until', text: 'GET /v23.0/120200000000000002?time_range=⟦{"since":"2025-02-01","until":"2025-01-01"}⟧\n' },
      { name: 'not YYYY-MM-DD', text: 'GET /v23.0/120200000000000002?time_range={"since":⟦"2025/01/01"⟧,"until":"2025-01-31"}\n' },
      { name: 'until missing', text: 'GET /v23.0/120200000000000002?⟦time_range⟧={"since":"2025-01-01"}\n' },
      { name: 'a day that does not exist', text: 'GET /v23.0/120200000000000002?time_range=⟦{"since":"2025-02-30","until":"2025-03-31"}⟧\n' },
    ],
    pass: [
      { name: 'a month', text: 'GET /v23.0/120200000000000002?time_range={"since":"2025-01-01","until":"2025-01-31"}\n' },
      { name: 'a single day', text: 'GET /v23.0/120200000000000002?time_range={"since":"2025-01-01","until":"2025-01-01"}\n' },
      { name: 'percent-encoded', text: 'GET /v23.0/120200000000000002?time_range=%7B%22since%22%3A%222025-01-01%22%2C%22until%22%3A%222025-01-31%22%7D\n' },
    ],
  },
  'ADSET-CBO-BID-STRATEGY': {
    fail: [{ name: 'reading bid_strategy', text: 'GET /v23.0/120200000000000002?fields=id,⟦bid_strategy⟧\n', expect: ['ADSET-CBO-BID-STRATEGY:hint'] }],
    pass: [{ name: 'reading bid_amount', text: 'GET /v23.0/120200000000000002?fields=id,bid_amount\n' }],
  },
};

whenRun(module, () => {
  describeRuleCases('ad set read rules', cases);

  describe('ad set read quick fixes', () => {
    it('ADSET-DATE-PRESET replaces lifetime with maximum (and --fix may apply it)', () => {
      const text = 'GET /v23.0/120200000000000002?fields=id,name&date_preset=lifetime\n';
      const [f] = findingsOf(text);
      assert.equal(f.code, 'ADSET-DATE-PRESET');
      assert.ok(f.fixes![0].fixAll);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002?fields=id,name&date_preset=maximum\n');
    });

    it('ADSET-DATE-PRESET changes a misspelt preset to the nearest one', () => {
      const text = 'GET /v23.0/120200000000000002?date_preset=last_7days\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002?date_preset=last_7d\n');
    });

    it('ADSET-READ-FIELDS changes a misspelt field to the nearest one', () => {
      const text = 'GET /v23.0/120200000000000002?fields=id,nmae\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002?fields=id,name\n');
    });

    it('ADSET-READ-FIELDS offers no "did you mean" that changes most of a short name (`ads` is not a misspelt `id`)', () => {
      const text = 'GET /v23.0/120200000000000002?fields=id,ads{id,name},nme\n';
      const [ads, nme] = findingsOf(text).filter((f) => f.code === 'ADSET-READ-FIELDS');
      assert.equal(ads.message, '`ads` is not a documented field of the ad set: remove it or use a documented one.');
      assert.deepEqual(ads.fixes ?? [], []);
      assert.match(nme.message, /did you mean `name`\?$/, 'one letter off is still a typo');
    });
  });

  describe('ad set read messages', () => {
    it('ADSET-READ-FIELD-VERSION names the version gate and the document', () => {
      const [f] = findingsOf('GET /v21.0/120200000000000002?fields=photo_user_id\n');
      assert.match(f.message, /available from v22\.0; this request uses v21\.0/);
      assert.match(f.detail!, /\[2\] Versioning/);
    });
  });
});
