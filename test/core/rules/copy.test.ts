/** Copying an ad set, `POST /{version}/<ad_set_id>/copies` ([2] Copy an ad set). */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyFix, findingsOf } from '../../helpers';
import { describeRuleCases, whenRun, type RuleCases } from './ruleCases';

const COPY = 'POST /v23.0/120200000000000002/copies';

export const cases: RuleCases = {
  'COPY-PARAMS': {
    fail: [
      { name: 'status_option not listed', text: `${COPY}?status_option=⟦RUNNING⟧\n` },
      { name: 'deep_copy not a boolean', text: `${COPY}?deep_copy=⟦yes⟧\n` },
      { name: 'rename_strategy not listed', text: `${COPY}\n\n{ "rename_options": { "rename_strategy": ⟦"DEEP"⟧ } }\n` },
      { name: 'rename_prefix not text', text: `${COPY}\n\n{ "rename_options": { "rename_prefix": ⟦5⟧ } }\n` },
      { name: 'campaign_id not numeric', text: `${COPY}\n\n{ "campaign_id": ⟦"spring"⟧ }\n` },
      { name: 'start_time not a time', text: `${COPY}\n\n{ "start_time": ⟦"next week"⟧ }\n` },
      { name: 'rename_options not an object', text: `${COPY}\n\n{ "rename_options": ⟦"DEEP_RENAME"⟧ }\n` },
      { name: 'an unknown rename option', text: `${COPY}\n\n{ "rename_options": { ⟦"rename_sufix"⟧: " (2)" } }\n`, expect: ['COPY-PARAMS:error'] },
    ],
    pass: [
      { name: 'no parameters: every default', text: `${COPY}\n` },
      {
        name: 'every parameter',
        text: `${COPY}\n\n{\n  "campaign_id": "120200000000000001",\n  "deep_copy": true,\n  "start_time": "2026-09-01T00:00:00+0200",\n  "end_time": 0,\n  "rename_options": { "rename_strategy": "DEEP_RENAME", "rename_prefix": null, "rename_suffix": " (copy)" },\n  "status_option": "INHERITED_FROM_SOURCE"\n}\n`,
      },
      { name: 'in the query string, as form fields', text: `${COPY}?deep_copy=false&status_option=ACTIVE&rename_options={"rename_strategy":"NO_RENAME"}\n` },
      { name: 'the id of a named creation', text: '# @name create\nPOST /v23.0/act_1234567890/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 2000 }\n\n###\nPOST /v23.0/{{create.response.body.id}}/copies\n' },
    ],
  },
};

whenRun(module, () => {
  describeRuleCases('ad set copy rules', cases);

  describe('copy quick fixes', () => {
    it('COPY-PARAMS changes a misspelt status_option to the nearest value', () => {
      const text = `${COPY}\n\n{ "status_option": "PAUSD" }\n`;
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), `${COPY}\n\n{ "status_option": "PAUSED" }\n`);
    });

    it('COPY-PARAMS renames a misspelt rename option', () => {
      const text = `${COPY}\n\n{ "rename_options": { "rename_sufix": " (2)" } }\n`;
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), `${COPY}\n\n{ "rename_options": { "rename_suffix": " (2)" } }\n`);
    });
  });

  describe('copy messages', () => {
    it('COPY-PARAMS lists the allowed values and the document', () => {
      const [f] = findingsOf(`${COPY}?status_option=RUNNING\n`);
      assert.match(f.message, /`ACTIVE`, `PAUSED` or `INHERITED_FROM_SOURCE`/);
      assert.match(f.detail!, /\[2\] Copy an ad set/);
    });
  });
});
