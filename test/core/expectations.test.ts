/**
 * The evaluator of expectations (core/send/expectations.ts) against results made here, the snapshot
 * masking and comparison, and the refusal table (schemas/rules-data/refusals.json) held to the rule
 * engine: every refusal the engine produces for a rule case is one the table gives for that rule.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildBlockCall, buildFileContext, checkCall, getApiModel, parseDocument } from '../../server/src/core';
import { emptyUsage, evaluateExpectations, expectsError, firstDifference, maskForSnapshot, parseUsageHeaders, type SendResult } from '../../server/src/core/send';
import { refusalApplies, refusalErrors, returnableErrors } from '../../server/src/core/model/responses';
import { cases as adsetCreateCases } from './rules/adset-create.test';
import { cases as adsetReadCases } from './rules/adset-read.test';
import { cases as copyCases } from './rules/copy.test';
import { cases as requestCases } from './rules/request.test';
import { cases as threadCases } from './rules/thread.test';
import { cases as urlCases } from './rules/url.test';

const model = getApiModel();

function result(over: Partial<SendResult>): SendResult {
  return {
    index: 0, name: null, title: null, sentAt: '2026-01-01T00:00:00.000Z', status: 200, statusText: 'OK', durationMs: 12, size: 0, attempts: 1,
    headers: {}, body: null, bodyKind: 'json', error: null, usage: emptyUsage(), warnings: [], version: { text: 'v23.0', source: 'path' },
    request: { method: 'GET', url: 'http://x', headers: {}, body: null }, curl: '', failure: null, ...over,
  };
}

/** Evaluates the expectations of a one-request file against `r`: `[passed, message]` for each. */
function evaluate(expectations: string[], r: SendResult, request = 'GET /v23.0/t_100200300?fields=id,messages'): Array<[boolean, string | undefined]> {
  const text = `${expectations.map((e) => `# @expect ${e}`).join('\n')}\n${request}\n`;
  const doc = parseDocument(text);
  const block = doc.blocks[0];
  const endpoint = buildBlockCall(block, buildFileContext(doc, { variables: {} }), model)?.call.endpoint;
  return evaluateExpectations(block.parsed, r, { model, endpoint, resolve: (t) => ({ text: t.replace('{{id}}', '42'), missing: t.includes('{{nope}}') ? ['nope'] : [] }) }).map((o) => [o.passed, o.message]);
}

const verdicts = (expectations: string[], r: SendResult, request?: string): boolean[] => evaluate(expectations, r, request).map(([p]) => p);

describe('evaluating expectations', () => {
  const body = { id: '120200000000000001', amount: '2000', n: 7, ok: false, none: null, name: 'Spring sale', list: [{ id: 'a' }, { id: 'b' }], nested: { length: 3 } };
  const r = result({ body, headers: { 'x-app-usage': '{"call_count":12}' } });

  it('status: numbers and classes', () => {
    assert.deepEqual(verdicts(['status 200', 'status 2xx', 'status == 201', 'status != 500', 'status < 300', 'status 4xx'], r), [true, true, false, true, true, false]);
  });

  it('equality: ids and amounts as text equal bare numbers; quoted text equals text only', () => {
    assert.deepEqual(verdicts(['body.id 120200000000000001', 'body.amount 2000', 'body.amount "2000"', 'body.n "7"', 'body.n 7', 'body.ok false', 'body.none null', 'body.name "Spring sale"', 'body.name Spring'], r), [true, true, true, false, true, true, true, true, false]);
  });

  it('paths: lists by index, length of lists, a member named length, absent parts', () => {
    assert.deepEqual(verdicts(['body.list.length 2', 'body.list[1].id b', 'body.list.0.id a', 'body.nested.length 3', 'body.missing absent', 'body.missing exists', 'body.none exists', 'body.list[5] absent'], r), [true, true, true, true, true, false, true, true]);
  });

  it('comparisons take numbers and numeric text; contains takes text, lists and objects', () => {
    assert.deepEqual(verdicts(['body.amount > 1999', 'body.amount <= 2000', 'body.name < 3', 'body.name contains sale', 'body.list contains "x"', 'body.nested contains length', 'time < 100', 'time >= 12ms'], r), [true, true, false, true, false, true, true, true]);
  });

  it('says the first difference: expected and what came', () => {
    assert.deepEqual(evaluate(['body.name "Autumn"'], r)[0], [false, 'Expected "Autumn", got "Spring sale".']);
    assert.deepEqual(evaluate(['body.missing != 3'], r)[0], [false, 'Expected != 3, got absent (the response has no such part).']);
    assert.deepEqual(evaluate(['body.name > 3'], r)[0], [false, 'Expected > 3, got "Spring sale" (not a number).']);
  });

  it('references are resolved when checked; one without a value is not evaluated', () => {
    assert.deepEqual(verdicts(['body.n {{id}}'], result({ body: { n: 42 } })), [true]);
    assert.match(evaluate(['body.n {{nope}}'], r)[0][1]!, /\{\{nope\}\} has no value/);
  });

  it('headers by name in any case; usage figures by scope', () => {
    const usage = parseUsageHeaders({ 'x-app-usage': '{"call_count":12,"total_cputime":30,"total_time":5}', 'x-business-use-case-usage': '{"1":[{"type":"msgr","call_count":40,"total_cputime":2,"total_time":1,"estimated_time_to_regain_access":0}]}' }, 0);
    const u = result({ headers: { 'x-app-usage': 'x' }, usage });
    assert.deepEqual(verdicts(['header.X-App-Usage exists', 'header.x-other absent', 'usage.max 40', 'usage.app 30', 'usage.app.call_count 12', 'usage.buc.msgr.call_count < 41', 'usage.buc.msgr.estimated_time_to_regain_access 0', 'usage.buc.ads_management absent', 'usage.ad_account absent'], u), [true, true, true, true, true, true, true, true, true]);
  });

  it('error paths: code, subcode (error_subcode), any member of the envelope', () => {
    const e = result({ status: 400, body: { error: { code: 100, error_subcode: 3858079, is_transient: false, type: 'OAuthException' } } });
    assert.deepEqual(verdicts(['error.code 100', 'error.subcode 3858079', 'error.error_subcode 3858079', 'error.is_transient false', 'error.type OAuthException', 'body.error.code 100'], e), [true, true, true, true, true, true]);
    assert.deepEqual(verdicts(['error.code exists', 'error absent'], r), [false, true]);
  });

  it('refused RULE-ID: the codes the documents give for the rule, and the rule the emulator names', () => {
    const create = 'POST /v23.0/act_1/adsets\n\n{}';
    const dsa = (subcode: number | undefined, rule?: string): SendResult => result({ status: 400, headers: rule ? { 'x-graphreq-rule': rule } : {}, body: { error: { code: 100, ...(subcode ? { error_subcode: subcode } : {}) } } });
    assert.deepEqual(verdicts(['refused ADSET-DSA-REQUIRED'], dsa(3858079), create), [true]);
    assert.deepEqual(verdicts(['refused ADSET-DSA-REQUIRED'], dsa(3858081, 'ADSET-DSA-REQUIRED'), create), [true]);
    assert.deepEqual(verdicts(['refused ADSET-DSA-REQUIRED'], dsa(undefined), create), [false]);
    assert.deepEqual(verdicts(['refused ADSET-NAME-REQUIRED'], dsa(undefined), create), [true]);
    // A documented subcode means another rule; the emulator's header settles it too.
    assert.deepEqual(verdicts(['refused ADSET-NAME-REQUIRED'], dsa(3858079), create), [false]);
    assert.match(evaluate(['refused ADSET-NAME-REQUIRED'], dsa(undefined, 'ADSET-CAMPAIGN'), create)[0][1]!, /the emulator refused it for ADSET-CAMPAIGN/);
    assert.match(evaluate(['refused ADSET-NAME-REQUIRED'], result({ body: { id: '1' } }), create)[0][1]!, /^Not refused: .* got accepted \(200\)\.$/);
    // A rate limit of the URL node.
    assert.deepEqual(verdicts(['refused URL-READ-RATE'], result({ status: 400, body: { error: { code: 613 } } }), 'GET /v23.0/?id=https://example.com/'), [true]);
  });

  it('JSON objects and lists: deep equality, numbers also as their digits in text, at every leaf', () => {
    const j = result({ body: { targeting: { geo_locations: { countries: ['DE', 'FR'] } }, data: [{ id: '1', name: 'a', spend: '2000' }, { id: '2', name: 'b', spend: '0' }], big: '120200000000000001', obj: { a: 1 } } });
    assert.deepEqual(verdicts([
      'body.targeting.geo_locations.countries == ["DE","FR"]',
      'body.targeting.geo_locations.countries ["DE", "FR"]',
      'body.targeting.geo_locations.countries == ["FR","DE"]',
      'body.targeting.geo_locations == {"countries": ["DE", "FR"]}',
      'body.data[0] == {"id": "1", "name": "a", "spend": 2000}',
      'body.data[0] == {"id": 1, "name": "a", "spend": "2000"}',
      'body.data[0] == {"id": "1"}',
      'body.data[0] != {"id": "1"}',
      'body.missing != {"id": "1"}',
      'body.big [120200000000000001]',
    ], result({ body: { ...(j.body as object), big: ['120200000000000001'] } })), [true, true, false, true, true, true, false, true, false, true]);
    // A quoted text at a leaf equals text only, as written alone.
    assert.deepEqual(verdicts(['body.obj == {"a": "1"}', 'body.obj == {"a": 1}'], j), [false, true]);
  });

  it('contains with an object: a list item (or the object) that has its members; with a list: an item equal to it', () => {
    const j = result({ body: { data: [{ id: '1', name: 'a' }, { id: '2', name: 'b' }], pairs: [['a', 'b'], ['c']], obj: { id: '1', name: 'a', n: 3 }, text: 'abc' } });
    assert.deepEqual(verdicts([
      'body.data contains {"id":"1"}',
      'body.data contains {"id": 2, "name": "b"}',
      'body.data contains {"id": "1", "name": "b"}',
      'body.obj contains {"name": "a", "n": 3}',
      'body.obj contains {"name": "b"}',
      'body.pairs contains ["c"]',
      'body.pairs contains ["a"]',
      'body.text contains {"a": 1}',
      'body.data contains "x"',
    ], j), [true, true, false, true, false, true, false, false, false]);
  });

  it('contains with an object: only its own members may be more; a member that is an object must equal it whole', () => {
    const j = result({ body: { data: [{ id: '1', from: { id: '5', name: 'a' } }], obj: { id: '1', from: { id: '5', name: 'a' } } } });
    assert.deepEqual(verdicts([
      'body.data contains {"from": {"id": "5", "name": "a"}}',
      'body.data contains {"from": {"id": "5"}}',
      'body.obj contains {"from": {"id": "5", "name": "a"}}',
      'body.obj contains {"from": {"id": "5"}}',
    ], j), [true, false, true, false]);
  });

  it('a JSON value that differs says where first', () => {
    const j = result({ body: { countries: ['DE', 'IT'], data: [{ id: '1', name: 'a' }], obj: { id: '1', name: 'a' } } });
    assert.deepEqual(evaluate(['body.countries == ["DE", "FR"]'], j)[0], [false, 'Expected == ["DE", "FR"], got ["DE","IT"] (body.countries[1]: expected "FR", got "IT").']);
    assert.deepEqual(evaluate(['body.countries == ["DE"]'], j)[0], [false, 'Expected == ["DE"], got ["DE","IT"] (body.countries: expected 1 items, got 2).']);
    assert.deepEqual(evaluate(['body.obj == {"id": "1"}'], j)[0], [false, 'Expected == {"id": "1"}, got {"id":"1","name":"a"} (body.obj.name is not expected).']);
    assert.deepEqual(evaluate(['body.obj == {"id": "1", "x": 2, "name": "a"}'], j)[0], [false, 'Expected == {"id": "1", "x": 2, "name": "a"}, got {"id":"1","name":"a"} (body.obj.x is missing).']);
    assert.deepEqual(evaluate(['body.data contains {"id": "2"}'], j)[0], [false, 'Expected contains {"id": "2"}, got [{"id":"1","name":"a"}] (no item has these members).']);
    assert.deepEqual(evaluate(['body.obj contains {"name": "b"}'], j)[0], [false, 'Expected contains {"name": "b"}, got {"id":"1","name":"a"} (body.obj.name: expected "b", got "a").']);
    assert.deepEqual(evaluate(['body.missing == ["DE"]'], j)[0], [false, 'Expected == ["DE"], got absent.']);
  });

  it('no response: every expectation fails, saying why', () => {
    const failed = result({ status: null, failure: { kind: 'refused', message: 'connection refused by 127.0.0.1:1', retryAt: null } });
    assert.deepEqual(evaluate(['status 200'], failed)[0], [false, 'No response to check: connection refused by 127.0.0.1:1.']);
  });

  it('a malformed expectation is never evaluated', () => {
    assert.match(evaluate(['code 100'], r)[0][1]!, /^Not evaluated: `code` is not something a response has/);
  });

  it('expectsError: refusals, error codes and 4xx/5xx statuses', () => {
    const e = (line: string): boolean => expectsError(parseDocument(`# @expect ${line}\nGET /v23.0/t_1\n`).blocks[0].parsed);
    assert.deepEqual(['refused THREAD-CALLER', 'error.code 200', 'status 400', 'status 4xx', 'status 200', 'status 2xx', 'error absent', 'body.id exists'].map(e), [true, true, true, true, false, false, false, false]);
  });
});

describe('snapshots', () => {
  it('mask ids, times, paging and tokens, at any depth, and keep the rest', () => {
    const masked = maskForSnapshot({
      id: '120200000000000001', copied_adset_id: '2', ad_object_ids: ['1', '2'], fbtrace_id: 'Ab', __www_request_id__: 'A1', account_id: 7,
      created_time: '2026-01-01T00:00:00+0000', start_time: 1767225600, when: '2026-01-01T10:00:00Z', date: '2026-01-01',
      paging: { cursors: { after: 'x' }, next: 'https://x/?access_token=secret' }, access_token: 'secret', link: 'https://x/?a=1&access_token=secret&b=2',
      data: [{ id: 'm_1', message: 'Hi', identity: 'kept', from: { id: '9', name: 'Alex' } }],
    });
    assert.deepEqual(masked, {
      id: '<id>', copied_adset_id: '<id>', ad_object_ids: ['<id>', '<id>'], fbtrace_id: '<id>', __www_request_id__: '<id>', account_id: '<id>',
      created_time: '<time>', start_time: '<time>', when: '<time>', date: '2026-01-01',
      paging: '<paging>', access_token: '<token>', link: 'https://x/?a=1&access_token=<token>&b=2',
      data: [{ id: '<id>', message: 'Hi', identity: 'kept', from: { id: '<id>', name: 'Alex' } }],
    });
  });

  it('find the first difference: a value, a missing or new member, a list of another length', () => {
    assert.equal(firstDifference({ a: 1 }, { a: 1 }, 'body'), undefined);
    assert.deepEqual(firstDifference({ a: { b: [1, 2] } }, { a: { b: [1, 3] } }, 'body'), { path: 'body.a.b[1]', expected: 2, actual: 3, kind: 'value' });
    assert.equal(firstDifference({ a: 1, b: 2 }, { a: 1 }, 'body')?.kind, 'missing');
    assert.equal(firstDifference({ a: 1 }, { a: 1, c: 2 }, 'body')?.path, 'body.c');
    assert.deepEqual(firstDifference([1], [1, 2], 'body'), { path: 'body.length', expected: 1, actual: 2, kind: 'length' });
  });
});

describe('refusals (schemas/rules-data/refusals.json)', () => {
  const families = [requestCases, urlCases, threadCases, adsetCreateCases, adsetReadCases, copyCases];

  it('every refusal the rule engine makes for a failing rule case is one the table gives for its rule and endpoint', () => {
    const problems: string[] = [];
    let compared = 0;
    for (const family of families) {
      for (const [id, set] of Object.entries(family)) {
        for (const c of set.fail) {
          const text = c.text.replace(/[⟦⟧]/g, '');
          const doc = parseDocument(text);
          const ctx = buildFileContext(doc, { variables: {}, ...c.env });
          for (const block of doc.blocks) {
            const bc = buildBlockCall(block, ctx, model);
            if (!bc) continue;
            for (const f of checkCall(bc.call, model)) {
              if (!f.service) continue;
              compared++;
              const endpoint = bc.call.endpoint;
              const pairs = refusalErrors(f.rule, endpoint, model);
              const ok = pairs.some((p) => p.code === f.service!.code && p.subcode === (f.service!.subcode ?? null));
              if (!ok) problems.push(`${id} / ${c.name}: ${f.rule} refused with ${f.service.code}/${f.service.subcode ?? '-'}, table: ${JSON.stringify(pairs)}`);
              if (endpoint && !refusalApplies(f.rule, endpoint, model)) problems.push(`${id} / ${c.name}: ${f.rule} refuses ${endpoint.id}, which the table does not list`);
            }
          }
        }
      }
    }
    // A new rule the service refuses calls for needs its row: `"RULE": { "endpoints": [...], "errors": [[code, subcode]] }`.
    assert.deepEqual(problems, [], 'add these rules, endpoints or codes to schemas/rules-data/refusals.json');
    assert.ok(compared > 100, `only ${compared} refusals compared`);
  });

  it('every rule of the table exists, and every endpoint it names', () => {
    const table = (model.data.refusals as { rules: Record<string, { endpoints: string[] | '*' }> }).rules;
    for (const [rule, row] of Object.entries(table)) {
      assert.ok(model.rule(rule), rule);
      if (row.endpoints !== '*') for (const e of row.endpoints) assert.ok(model.endpointById(e), `${rule}: ${e}`);
    }
  });

  it('the codes an endpoint can answer: its own, its rules\', its rate limits', () => {
    const thread = model.endpointById('thread.read');
    const codes = returnableErrors(thread, model)!.map((p) => (p.subcode === null ? p.code : `${p.code}/${p.subcode}`));
    for (const c of [100, 190, 200, 2635, 4, 17, 80006]) assert.ok(codes.includes(c), `${c} in ${codes.join(', ')}`);
    for (const c of [613, 80004, '100/3858079']) assert.ok(!codes.includes(c as never), `${c} not in ${codes.join(', ')}`);
    assert.equal(returnableErrors(model.endpointById('adset.update'), model), undefined, 'an undocumented endpoint: anything goes');
  });
});
