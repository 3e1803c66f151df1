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

/** Items in the order an editor shows them (sortText, then label). */
const ordered = (items: CompletionItem[]): CompletionItem[] => [...items].sort((a, b) => ((a.sortText ?? a.label) < (b.sortText ?? b.label) ? -1 : (a.sortText ?? a.label) > (b.sortText ?? b.label) ? 1 : 0));

describe('goal values ordered by the campaign objective', () => {
  it('puts the goals of the inline campaign objective first, in the table order, and says why the others come after', () => {
    const items = ordered(complete('POST /v23.0/act_1/adsets\n\n{ "campaign_spec": { "name": "c", "objective": "OUTCOME_AWARENESS" }, "optimization_goal": "‸" }'));
    assert.deepEqual(items.slice(0, 3).map((i) => [i.label, i.detail]), [
      ['AD_RECALL_LIFT', 'allowed for the Awareness objective'],
      ['REACH', 'allowed for the Awareness objective'],
      ['IMPRESSIONS', 'allowed for the Awareness objective'],
    ]);
    const link = items.find((i) => i.label === 'LINK_CLICKS')!;
    assert.equal(link.detail, 'not allowed for the Awareness objective (ADSET-GOAL-FOR-OBJECTIVE)');
    assert.ok(items.indexOf(link) > 2);
    // Deprecated goals stay last, as they were.
    assert.deepEqual(items.slice(-2).map((i) => i.label), ['NONE', 'CLICKS']);
  });

  it('narrows by destination_type and reads the objective from # @objective, in the body and in the query', () => {
    const body = ordered(complete('# @objective OUTCOME_TRAFFIC\nPOST /v23.0/act_1/adsets\n\n{ "destination_type": "APP", "optimization_goal": ‸ }'));
    assert.deepEqual(body.slice(0, 2).map((i) => [i.label, i.detail]), [
      ['LINK_CLICKS', 'allowed for the Traffic objective with conversion location App'],
      ['REACH', 'allowed for the Traffic objective with conversion location App'],
    ]);
    assert.equal(body.find((i) => i.label === 'LANDING_PAGE_VIEWS')!.detail, 'not allowed for the Traffic objective with conversion location App (ADSET-GOAL-FOR-OBJECTIVE)');
    const query = ordered(complete('# @objective OUTCOME_TRAFFIC\nPOST /v23.0/act_1/adsets?optimization_goal=‸'));
    assert.deepEqual(query.slice(0, 4).map((i) => i.label), ['LINK_CLICKS', 'LANDING_PAGE_VIEWS', 'IMPRESSIONS', 'REACH']);
    // No destination: allowed at some location of the objective, which the detail does not claim is every one.
    assert.equal(query[0].detail, 'allowed for the Traffic objective');
    assert.equal(query.find((i) => i.label === 'THRUPLAY')!.detail, 'not allowed for the Traffic objective at any conversion location (ADSET-GOAL-FOR-OBJECTIVE)');
  });

  it('keeps the schema order when the objective is unknown or not in the table', () => {
    const plain = complete('POST /v23.0/act_1/adsets\n\n{ "optimization_goal": "‸" }');
    const unknown = complete('# @objective LINK_CLICKS\nPOST /v23.0/act_1/adsets\n\n{ "optimization_goal": "‸" }');
    for (const items of [plain, unknown]) assert.ok(items.every((i) => !i.detail?.includes('objective')), JSON.stringify(items.map((i) => i.detail)));
    assert.deepEqual(unknown.map((i) => i.sortText), plain.map((i) => i.sortText));
  });

  it('offers first only goals the rule accepts: each top goal passes ADSET-GOAL-FOR-OBJECTIVE, each "not allowed" one fails it', () => {
    const head = '# @objective OUTCOME_SALES\nPOST /v23.0/act_1/adsets\n\n{ "destination_type": "MSGR", "optimization_goal": ';
    for (const item of complete(`${head}"‸" }`).filter((i) => !i.deprecated)) {
      const doc = ls.parse(`${head}"${item.label}" }`);
      const codes = ls.validate(doc, { variables: {} }).map((f) => f.code);
      assert.equal(codes.includes('ADSET-GOAL-FOR-OBJECTIVE'), item.detail!.startsWith('not allowed'), `${item.label}: ${item.detail}`);
    }
  });
});

describe('completion in sub-selections the documents do not describe', () => {
  it('offers nothing inside a selection of a field without documented subfields', () => {
    for (const t of [
      'GET /v23.0/123?fields=targeting{‸',
      'GET /v23.0/123?fields=targeting{‸}',
      'GET /v23.0/123?fields=id,targeting{geo_locations,‸}',
      'GET /v23.0/123?fields=targeting{geo_locations{‸}}',
      'GET /v23.0/123?fields=campaign{id,‸}',
      'GET /v23.0/123?fields=issues_info{level{‸}}',
      'GET /v23.0/?id=https://example.com/&fields=og_object{image{‸}}',
    ]) assert.deepEqual(labels(complete(t)), [], t);
  });

  it('offers nothing where the field list has no selection the cursor could be in (an encoded brace, a brace without a field)', () => {
    for (const t of ['GET /v23.0/123?fields=targeting%7B‸', 'GET /v23.0/123?fields={‸}', 'GET /v23.0/123?fields=id,{na‸}']) assert.deepEqual(labels(complete(t)), [], t);
  });

  it('still offers documented subfields and the names of the enclosing level after a selection', () => {
    assert.deepEqual(labels(complete('GET /v23.0/123?fields=issues_info{‸}')), ['level', 'error_code', 'error_summary', 'error_message', 'error_type', 'additional_info']);
    assert.deepEqual(labels(complete('GET /v23.0/?id=https://example.com/&fields=og_object{title},‸')), ['id', 'app_links', 'engagement']);
  });
});

describe('completion inside an expectation', () => {
  it('offers no value inside a JSON object or list after the operator; before one, the values of the part', () => {
    const at = (line: string): string[] => labels(complete(`GET /v23.0/120200000000000002?fields=status\n# @expect ${line}\n`));
    assert.ok(at('body.status == ‸').includes('PAUSED'), 'the enum values, written alone');
    assert.deepEqual(at('body.status == [‸'), []);
    assert.deepEqual(at('body.status == ["ACTIVE", ‸'), []);
    assert.deepEqual(at('body.status contains {"a": ‸'), []);
  });
});

describe('completion of keys below a broken line', () => {
  const create = (lines: string): string => `POST /v23.0/act_1/adsets\n\n{\n  "name": "x",\n${lines}\n}\n`;

  it('keeps offering the parameter names while the line above is half typed', () => {
    for (const above of ['  "daily_budget": {{,', '  "daily_budget": {{', '  "daily_budget": {{bud', '  "daily_budget": ,']) {
      for (const line of ['  "‸"', '  ‸', '  "camp‸']) {
        const names = labels(complete(create(`${above}\n${line}`)));
        assert.ok(names.includes('campaign_id'), `${above} / ${line}: ${names.slice(0, 5).join(', ')}`);
        // The keys already written are not offered again.
        assert.ok(!names.includes('name') && !names.includes('daily_budget'), `${above} / ${line}: name or daily_budget offered again`);
      }
    }
  });

  it('offers the keys of the object the cursor is in, nested ones too', () => {
    const names = labels(complete(create('  "targeting": {\n    "age_min": {{\n    "‸"\n  }')));
    assert.ok(names.includes('geo_locations') && !names.includes('campaign_id') && !names.includes('age_min'), names.slice(0, 8).join(', '));
  });

  it('still offers values for a value written on the line below its key (valid JSON)', () => {
    for (const line of ['    "PA‸"', '    ‸']) {
      const names = labels(complete(create(`  "status":\n${line}`)));
      assert.ok(names.includes('PAUSED') && !names.includes('campaign_id'), `${line}: ${names.slice(0, 5).join(', ')}`);
    }
  });

  it('replaces the key being typed', () => {
    const text = resultText(create('  "daily_budget": {{\n  "camp‸"'), 'campaign_id');
    assert.match(text, /\n {2}"campaign_id": /);
  });
});
