import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService, type CompletionItem } from '../../server/src/core';
import { unmark } from '../helpers';

const ls = createLanguageService();

/** Completion at the `‸` of a fixture. */
function complete(marked: string, env = { variables: {} as Record<string, string> }): CompletionItem[] {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getCompletions(doc, cursor!, ls.fileContext(doc, env));
}
const labels = (items: CompletionItem[]): string[] => items.map((i) => i.label);

/** The whole text after inserting the item with the given label (snippet placeholders removed). */
function resultText(marked: string, label: string): string {
  const { text } = unmark(marked);
  const item = complete(marked).find((i) => i.label === label);
  assert.ok(item, `no item ${label}`);
  const insert = (item.insertText ?? item.label).replace(/\$\{\d+\|([^,|}]*)[^}]*\}/g, '$1').replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '');
  return text.slice(0, item.replace.start) + insert + text.slice(item.replace.end);
}

describe('completion', () => {
  it('offers request templates on an empty line, ad set creation first', () => {
    const items = complete('‸');
    assert.equal(items[0].label, 'POST /act_{ad-account-id}/adsets');
    assert.ok(labels(items).includes('GET /{thread-id}'));
  });

  it('offers versions in the first path segment', () => {
    const items = complete('@version = v23.0\nGET /‸');
    assert.deepEqual(labels(items).slice(0, 2), ['{{version}}', 'v26.0']);
  });

  it('offers the parameters of the endpoint after ? and &, required first, without those present', () => {
    const items = complete('GET /v23.0/123?fields=id&‸');
    assert.ok(labels(items).includes('date_preset'));
    assert.ok(!labels(items).includes('fields'));
    const create = complete('POST /v23.0/act_1/adsets?‸');
    assert.equal(create[0].label, 'name');
  });

  it('offers enum values with descriptions in query values and body values', () => {
    assert.ok(labels(complete('GET /v23.0/123?date_preset=‸')).includes('maximum'));
    const body = complete('POST /v23.0/act_1/adsets\n\n{ "billing_event": "‸" }');
    assert.ok(labels(body).includes('IMPRESSIONS'));
    const thruplay = body.find((i) => i.label === 'THRUPLAY');
    assert.ok(thruplay?.documentation);
    const deprecated = body.find((i) => i.label === 'CLICKS');
    assert.equal(deprecated?.deprecated, true);
  });

  it('offers body keys with snippets for objects, and nested keys inside them', () => {
    const keys = complete('POST /v23.0/act_1/adsets\n\n{\n  "name": "x",\n  ‸\n}');
    assert.ok(!labels(keys).includes('name'));
    const targeting = keys.find((i) => i.label === 'targeting');
    assert.match(targeting!.insertText!, /"targeting": \{ "geo_locations"/);
    const nested = complete('POST /v23.0/act_1/adsets\n\n{ "promoted_object": { "‸" } }');
    assert.ok(labels(nested).includes('pixel_id'));
    const items = complete('POST /v23.0/act_1/adsets\n\n{ "frequency_control_specs": [ { ‸ } ] }');
    assert.ok(labels(items).includes('max_frequency'), labels(items).join(','));
  });

  it('completes fields, subfields, modifiers and modifier arguments', () => {
    assert.ok(labels(complete('GET /v23.0/?id=https://example.com/&fields=‸')).includes('engagement'));
    assert.deepEqual(labels(complete('GET /v23.0/?id=https://example.com/&fields=og_object{‸}')).sort(), ['description', 'id', 'title', 'type', 'updated_time']);
    assert.deepEqual(labels(complete('GET /v23.0/t_1?fields=messages.‸')), ['source(', 'limit(']);
    assert.deepEqual(labels(complete('GET /v23.0/t_1?fields=messages.source(‸)')), ['PARTICIPANTS']);
    assert.equal(resultText('GET /v23.0/t_1?fields=id,mess‸', 'messages'), 'GET /v23.0/t_1?fields=id,messages.source(PARTICIPANTS).limit(10)');
  });

  it('completes variables, named responses and directives', () => {
    const text = '@version = v23.0\n### a\n# @name create\nPOST /v23.0/act_1/adsets\n\n{}\n### b\nGET /v23.0/{{‸}}';
    const items = labels(complete(text));
    assert.ok(items.includes('version') && items.includes('create.response.body.'));
    assert.ok(labels(complete('### a\n# @name c\nPOST /v23.0/act_1/adsets\n\n{}\n### b\nGET /v23.0/{{c.response.body.‸}}')).includes('c.response.body.id'));
    assert.ok(labels(complete('# @‸\nGET /v23.0/1')).includes('objective'));
    assert.ok(labels(complete('# @objective ‸\nPOST /v23.0/act_1/adsets')).includes('OUTCOME_SALES'));
  });
});


describe('completion of documented shapes', () => {
  it('URL-READ-SHAPE: the URL read template and its parameters id, fields, scopes', () => {
    const template = complete('‸').find((i) => i.label === 'GET /');
    assert.match(template!.insertText!, /\?id=.*&fields=/);
    const params = labels(complete('GET /v23.0/?id=https://example.com/&‸'));
    assert.ok(['fields', 'scopes'].every((p) => params.includes(p)), params.join(','));
  });
  it('ADSET-DATE-FORMAT: date_format offers U', () => {
    assert.deepEqual(labels(complete('GET /v23.0/123?date_format=‸')), ['U']);
  });
});
