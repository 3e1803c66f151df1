/**
 * Every enum value completion offers says something: its description from the documents, or that
 * the documents list it without one (citing where). Walks every parameter of every endpoint whose
 * schema enumerates values, and the nested ones a body reaches, through completion as a user gets it.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService, getApiModel, type CompletionItem } from '../../server/src/core';
import { enumValues } from '../../server/src/core/features/docs';
import { resolveRef } from '../../server/src/core/model/validateValue';
import type { JsonSchema } from '../../server/src/core/model/schemaTypes';
import { unmark } from '../helpers';

const ls = createLanguageService();
const model = getApiModel();

function complete(marked: string): CompletionItem[] {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getCompletions(doc, cursor!, ls.fileContext(doc, { variables: {} }));
}

/** The request of an endpoint with the cursor in the value of `name` (a body member of a POST, a query value of a GET). */
function requestWith(endpointId: string, name: string, list: boolean): string {
  const e = model.endpoints.find((x) => x.id === endpointId)!;
  const path = e.path.replace('act_{ad-account-id}', 'act_1234567890').replace(/\{[^}]+\}/g, '120200000000000002');
  if (e.method === 'POST') return `POST /v23.0${path}\n\n{ "${name}": ${list ? '["‸"]' : '"‸"'} }\n`;
  return `GET /v23.0${path}?${name}=‸\n`;
}

const UNDESCRIBED = /^Listed (in \[\d\] [^.]+|by the documents) without a description\.$/;

describe('enum values in completion', () => {
  it('every value of every enumerating parameter has a description or says the documents give none', () => {
    const missing: string[] = [];
    let values = 0;
    for (const e of model.endpoints) {
      const params = model.paramsSchema(e);
      if (!params?.properties || e.refuse) continue;
      for (const [name, raw] of Object.entries(params.properties)) {
        const s = resolveRef(raw as JsonSchema, params);
        const list = !!s.items && enumValues(resolveRef(s.items as JsonSchema, params)).length > 0;
        const want = enumValues(list ? resolveRef(s.items as JsonSchema, params) : s);
        if (!want.length) continue;
        const items = complete(requestWith(e.id, name, list));
        for (const v of want) {
          values++;
          const item = items.find((i) => i.label === v);
          if (!item) missing.push(`${e.id} ${name}=${v}: not offered`);
          else if (!item.documentation?.trim()) missing.push(`${e.id} ${name}=${v}: no documentation`);
        }
      }
    }
    assert.ok(values > 120, `only ${values} values walked`);
    assert.deepEqual(missing, []);
  });

  it('billing_event: the documents\' descriptions where they give one, else where they list it', () => {
    const items = complete(requestWith('adset.create', 'billing_event', false));
    const docs = Object.fromEntries(items.filter((i) => i.kind === 'value').map((i) => [i.label, i.documentation ?? '']));
    assert.equal(Object.keys(docs).length, 13);
    assert.match(docs.THRUPLAY, /15 seconds/);
    assert.match(docs.IMPRESSIONS, /per 1,000 impressions/);
    assert.match(docs.LINK_CLICKS, UNDESCRIBED);
    assert.equal(docs.LINK_CLICKS, 'Listed in [2] Create an ad set without a description.');
  });

  it('nested values too (a list item, a member of an object)', () => {
    const items = complete('POST /v23.0/act_1234567890/adsets\n\n{ "promoted_object": { "custom_event_type": "‸" } }\n');
    assert.ok(items.length > 20);
    for (const i of items.filter((x) => x.kind === 'value')) assert.ok(i.documentation?.trim(), `${i.label} has documentation`);
    const modifier = complete('GET /v23.0/t_100200300?fields=messages.source(‸)\n');
    assert.ok(modifier.some((i) => i.label === 'PARTICIPANTS' && i.documentation), JSON.stringify(modifier));
  });
});
