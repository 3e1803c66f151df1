/** Expectations (`# @expect ...`): their syntax and what the response of the request can be (docs/format.md, Expectations). */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatText, parseDocument } from '../../../server/src/core';
import { blockExpectations, expectationFromAssertion } from '../../../server/src/core/syntax/expectation';
import { adsetCreate, applyFix, findingsOf } from '../../helpers';
import { describeRuleCases, whenRun, type RuleCases } from './ruleCases';

const EU_CREATE = adsetCreate({ targeting: { geo_locations: { countries: ['FR'] } } });

export const cases: RuleCases = {
  'SYNTAX-EXPECT': {
    fail: [
      { name: 'a subject the response does not have', text: '# @expect ⟦code⟧ 100\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'nothing to expect', text: '# @⟦expect⟧\nGET /v23.0/t_100200300?fields=id\n' },
      { name: '= instead of ==', text: '# @expect status ⟦=⟧ 200\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'a comparison without its value', text: '# @expect usage.max ⟦<⟧\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'a status that is not a number', text: '# @expect status ⟦OK⟧\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'text with spaces, unquoted', text: 'GET /v23.0/120200000000000002?fields=name\n# @expect body.name Spring ⟦sale⟧\n' },
      { name: 'not exists', text: '# @expect body.id ⟦not exists⟧\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'no subject word', text: '# @expect body.id exists\n# @expect ⟦200⟧\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'a broken list index', text: '# @expect body.messages.data⟦[x]⟧ exists\nGET /v23.0/t_100200300?fields=messages\n' },
      { name: 'a snapshot of the status', text: '# @expect status ⟦matches⟧ snapshot\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'a rule ID in lower case', text: '# @expect refused ⟦adset-dsa-required⟧\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'a JSON list with a missing comma', text: 'GET /v23.0/t_100200300?fields=messages\n# @expect body.messages.data == ["DE" ⟦"FR"⟧]\n' },
      { name: 'a JSON object with text in single quotes', text: 'GET /v23.0/t_100200300?fields=messages\n# @expect body.messages.data[0] == {"id": ⟦\'1\'⟧}\n' },
      { name: 'a JSON object never closed', text: 'GET /v23.0/t_100200300?fields=messages\n# @expect body.messages.data contains ⟦{⟧"id": "1"\n' },
      { name: 'a JSON object with a trailing comma', text: 'GET /v23.0/t_100200300?fields=messages\n# @expect body.messages.data contains {"id": "1",⟦}⟧\n' },
      { name: 'a reference inside a JSON value', text: 'GET /v23.0/t_100200300?fields=messages\n# @expect body.messages.data contains {"id": ⟦{{$guid}}⟧}\n' },
      { name: 'a JSON list compared with <', text: 'GET /v23.0/t_100200300?fields=messages\n# @expect body.messages.data < ⟦[1]⟧\n' },
      { name: 'an operator against the subject', text: '# @expect status⟦==⟧200\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'an operator against its value', text: '# @expect status ⟦==⟧200\nGET /v23.0/t_100200300?fields=id\n' },
      { name: 'contains against its value', text: 'GET /v23.0/t_100200300?fields=messages\n# @expect body.messages.data ⟦contains⟧{"id": "1"}\n' },
      { name: 'outside any request', text: '@version = v23.0\n⟦# @expect status 200⟧\n\n### read\nGET /{{version}}/t_100200300?fields=id\n' },
    ],
    pass: [
      {
        name: 'every subject and check',
        text: [
          '# @expect status 200',
          '# @expect status 2xx',
          '# @expect status != 500',
          '# @expect time < 500',
          '# @expect time <= 2s',
          '# @expect body.id exists',
          '# @expect body.id "t_100200300"',
          '# @expect body.messages.data.length <= 10',
          '# @expect body.messages.data[0].message contains "a"',
          '# @expect body.messages.data.0.id exists',
          '# @expect body.foo absent',
          '# @expect header.x-business-use-case-usage exists',
          '# @expect usage.max < 80',
          '# @expect usage.buc.msgr.call_count < 80',
          '# @expect body matches snapshot',
          'GET /v23.0/t_100200300?fields=id,messages',
        ].join('\n') + '\n',
      },
      { name: 'after the body', text: `${EU_CREATE.replace('\n\n{', '\n\n{').trimEnd()}\n# @expect refused ADSET-DSA-REQUIRED\n# @expect error.subcode 3858079\n` },
      {
        name: 'JSON objects and lists as values',
        text: [
          'GET /v23.0/t_100200300?fields=id,messages',
          '# @expect body.messages.data[0].from == {"id": "5550001", "name": "Alex Example"}',
          '# @expect body.messages.data contains { "id": "m_100200307" }',
          '# @expect body.messages.data[0].tags != ["a", "b"]',
          '# @expect body.messages.data.length 5',
        ].join('\n') + '\n',
      },
      { name: 'a reference as the value', text: '### create\n# @name create\n' + adsetCreate() + '\n### read\nGET /v23.0/{{create.response.body.id}}?fields=id\n# @expect body.id {{create.response.body.id}}\n' },
    ],
  },
  'EXPECT-PATH': {
    fail: [
      { name: 'a field the node does not have', text: 'GET /v23.0/120200000000000002?fields=id,name\n# @expect body.⟦nme⟧ exists\n' },
      { name: 'a field past the documented list that the read does not ask for', text: 'GET /v23.0/120200000000000002?fields=id,name\n# @expect body.⟦targeting⟧ exists\n' },
      { name: 'a field the read does not ask for', text: 'GET /v23.0/120200000000000002?fields=id,name\n# @expect body.⟦daily_budget⟧ exists\n' },
      { name: 'a member of the copy answer', text: 'POST /v23.0/120200000000000002/copies\n\n{ "status_option": "PAUSED" }\n# @expect body.⟦copied_id⟧ exists\n' },
      { name: 'an index into an object', text: 'GET /v23.0/t_100200300?fields=messages\n# @expect body.messages⟦[0]⟧ exists\n' },
      { name: 'a member of the error envelope', text: 'GET /v23.0/t_100200300?fields=id\n# @expect error.⟦subcodes⟧ 3858079\n' },
      { name: 'an unknown usage scope', text: 'GET /v23.0/t_100200300?fields=id\n# @expect usage.⟦ap⟧ < 80\n' },
      { name: 'a BUC type the endpoint does not count under', text: 'GET /v23.0/t_100200300?fields=id\n# @expect usage.⟦buc.ads_management⟧ < 80\n' },
      { name: 'ad account usage after v3.3', text: 'GET /v23.0/120200000000000002?fields=id\n# @expect usage.⟦ad_account⟧ < 80\n' },
      { name: 'a validate-only create answers success, not id', text: `${adsetCreate({ execution_options: ['validate_only'] }).trimEnd()}\n# @expect body.⟦id⟧ exists\n` },
    ],
    pass: [
      { name: 'the fields asked for, and a connection', text: 'GET /v23.0/t_100200300?fields=id,messages.limit(2)\n# @expect body.messages.data.length 2\n# @expect body.messages.paging absent\n# @expect body.messages.data[0].message exists\n' },
      { name: 'the default field', text: 'GET /v23.0/120200000000000002\n# @expect body.id exists\n' },
      { name: 'the error envelope under body', text: 'GET /v23.0/120200000000000002?fields=id\n# @expect body.error.code 100\n# @expect error.type OAuthException\n' },
      { name: 'a validate-only create', text: `${adsetCreate({ execution_options: ['validate_only'] }).trimEnd()}\n# @expect body.success true\n` },
      { name: 'an undocumented answer is not judged', text: 'GET /v23.0/act_1/adsets\n# @expect body.data.length <= 10\n' },
      { name: 'a sub-selection', text: 'GET /v23.0/?id=https://example.com/&fields=og_object{title}\n# @expect body.og_object.title exists\n' },
      { name: 'the id of a node read with a field list that does not name it', text: 'GET /v23.0/120200000000000002?fields=name\n# @expect body.id exists\n' },
      { name: 'the id of a node inside a sub-selection', text: 'GET /v23.0/?id=https://example.com/&fields=og_object{title}\n# @expect body.og_object.id exists\n' },
      { name: 'the id of each message of a narrowed connection', text: 'GET /v23.0/t_100200300?fields=messages{message}\n# @expect body.messages.data[0].id exists\n' },
    ],
  },
  'EXPECT-CODE': {
    fail: [
      { name: 'a code the endpoint never answers', text: 'GET /v23.0/t_100200300?fields=id\n# @expect error.code ⟦2695⟧\n' },
      { name: 'a BUC code of another use case', text: 'GET /v23.0/t_100200300?fields=id\n# @expect error.code ⟦80004⟧\n' },
      { name: 'a subcode of another endpoint', text: 'GET /v23.0/t_100200300?fields=id\n# @expect error.subcode ⟦3858079⟧\n' },
      { name: 'the unknown object subcode on a creation, which names no object', text: `${adsetCreate().trimEnd()}\n# @expect error.subcode ⟦33⟧\n` },
      { name: 'a subcode with another code', text: `${adsetCreate().trimEnd()}\n# @expect error.code 4\n# @expect error.subcode ⟦3858079⟧\n` },
    ],
    pass: [
      { name: 'the endpoint\'s codes', text: 'GET /v23.0/t_100200300?fields=id\n# @expect error.code 200\n' },
      { name: 'its rate limit', text: 'GET /v23.0/t_100200300?fields=id\n# @expect error.code 80006\n' },
      { name: 'the DSA subcodes', text: `${EU_CREATE.trimEnd()}\n# @expect refused ADSET-DSA-REQUIRED\n# @expect error.code 100\n# @expect error.subcode 3858081\n` },
      { name: 'the URL read limit', text: 'GET /v23.0/?id=https://example.com/&fields=id\n# @expect error.code 613\n' },
      // docs/api.md [2] Errors: an id that names nothing answers 100 with subcode 33 (the real service's answer).
      { name: 'an ad set that does not exist', text: 'GET /v23.0/23859999999999999?fields=id\n# @expect status 400\n# @expect error.code 100\n# @expect error.subcode 33\n' },
      { name: 'a thread that does not exist', text: 'GET /v23.0/t_999?fields=id\n# @expect error.subcode 33\n' },
    ],
  },
  'EXPECT-RULE': {
    fail: [
      { name: 'no such rule', text: 'GET /v23.0/t_100200300?fields=id\n# @expect refused ⟦THREAD-CALER⟧\n', expect: ['EXPECT-RULE:error'] },
      { name: 'a rule the service never refuses for', text: 'GET /v23.0/t_100200300?fields=id\n# @expect refused ⟦THREAD-SOURCE-ADMIN⟧\n' },
      { name: 'a rule of another endpoint', text: 'GET /v23.0/t_100200300?fields=id\n# @expect refused ⟦ADSET-DSA-REQUIRED⟧\n' },
    ],
    pass: [
      { name: 'the rule the request breaks, which is then not reported', text: `${EU_CREATE.trimEnd()}\n# @expect refused ADSET-DSA-REQUIRED\n` },
      { name: 'a rule only the service checks', text: 'GET /v23.0/t_100200300?fields=id\n# @expect refused THREAD-CALLER\n' },
      { name: 'a rule of every endpoint', text: 'GET /v23.0/t_100200300?fields=id\n# @expect refused REQ-TOKEN-REQUIRED\n' },
    ],
  },
};

whenRun(module, () => {
  describeRuleCases('expectation rules', cases);

  describe('expectation quick fixes', () => {
    it('SYNTAX-EXPECT turns = into ==', () => {
      const text = '# @expect status = 200\nGET /v23.0/t_100200300?fields=id\n';
      assert.equal(applyFix(text, findingsOf(text)[0]), '# @expect status == 200\nGET /v23.0/t_100200300?fields=id\n');
    });
    it('EXPECT-PATH: a field asked for that the field check says may exist may be in the answer', () => {
      // `updated_time` is past the documents' alphabetical cut-off of ad set fields: a hint, and no EXPECT-PATH.
      const adset = findingsOf('GET /v23.0/120200000000000002?fields=id,updated_time\n# @expect body.updated_time exists\n');
      assert.deepEqual(adset.map((f) => `${f.code} ${f.severity}`), ['ADSET-READ-FIELDS hint']);
      // `targeting` is a read field ([2] Create documents it), an object whose members are not all named: no finding.
      assert.deepEqual(findingsOf('GET /v23.0/120200000000000002?fields=id,targeting\n# @expect body.targeting.geo_locations.countries == ["DE", "FR"]\n# @expect body.targeting contains {"age_min": 20}\n'), []);
      // A thread's fields are not all named (a hint too).
      assert.deepEqual(findingsOf('GET /v23.0/t_100200300?fields=id,snippet\n# @expect body.snippet exists\n').map((f) => f.code), ['THREAD-FIELDS']);
      // A field the documents rule out (a URL's fields are all named) stays absent from the answer.
      assert.ok(findingsOf('GET /v23.0/?id=https://example.com/&fields=engagment\n# @expect body.engagment exists\n').some((f) => f.code === 'EXPECT-PATH'));
    });

    it('EXPECT-PATH takes the nearest name', () => {
      const text = 'GET /v23.0/120200000000000002?fields=id,name\n# @expect body.nme exists\n';
      assert.equal(applyFix(text, findingsOf(text)[0]), 'GET /v23.0/120200000000000002?fields=id,name\n# @expect body.name exists\n');
    });
    it('EXPECT-RULE takes the nearest rule ID', () => {
      const text = 'GET /v23.0/t_100200300?fields=id\n# @expect refused THREAD-CALER\n';
      assert.equal(applyFix(text, findingsOf(text)[0]), 'GET /v23.0/t_100200300?fields=id\n# @expect refused THREAD-CALLER\n');
    });
  });

  describe('httpYac assertions become expectations (the quick fix of SYNTAX-ASSERTION)', () => {
    it('rewrites what has a declarative equal, and leaves code alone', () => {
      const cases: Array<[string, string | undefined]> = [
        ['?? status == 200', 'status == 200'],
        ['?? duration < 500', 'time < 500'],
        ['?? header Content-Type includes json', 'header.content-type contains json'],
        ["?? body name == 'Spring sale'", 'body.name == "Spring sale"'],
        ['?? body $.data.length <= 10', 'body.data.length <= 10'],
        ['?? body id exists', 'body.id exists'],
        ['?? body is_transient isFalse', 'body.is_transient == false'],
        ['?? js response.parsedBody.id == 1', undefined],
        ['?? body id sha256 abc', undefined],
        ['?? status toString 1', undefined],
      ];
      for (const [line, want] of cases) assert.equal(expectationFromAssertion(line), want, line);
    });

    it('the fix writes the # @expect line, which then checks as an expectation', () => {
      const text = 'POST /v23.0/120200000000000002/copies\n\n{ "status_option": "PAUSED" }\n\n?? status == 200\n?? body copied_adset_id exists\n';
      const fixed = applyFix(text, findingsOf(text)[0]);
      assert.equal(fixed, 'POST /v23.0/120200000000000002/copies\n\n{ "status_option": "PAUSED" }\n\n# @expect status == 200\n?? body copied_adset_id exists\n');
      const again = applyFix(fixed, findingsOf(fixed)[0]);
      assert.deepEqual(findingsOf(again), []);
      assert.deepEqual(blockExpectations(parseDocument(again).blocks[0].parsed).map((e) => e.text), ['status == 200', 'copied_adset_id exists'.replace(/^/, 'body.')]);
    });
  });

  describe('formatting keeps the lines after a body', () => {
    it('expectations, comments and ?? lines after a JSON body stay, formatted, and formatting twice changes nothing', () => {
      const text = 'POST /v23.0/act_1/adsets\n\n{ "name": "x" }\n#   @expect   status 200\n\n\n// @expect body.id exists\n?? status == 200\n';
      const once = formatText(text, parseDocument(text));
      assert.equal(once, 'POST /v23.0/act_1/adsets\n\n{ "name": "x" }\n# @expect status 200\n\n// @expect body.id exists\n?? status == 200\n');
      assert.equal(formatText(once, parseDocument(once)), once);
      assert.deepEqual(blockExpectations(parseDocument(once).blocks[0].parsed).map((e) => e.text), ['status 200', 'body.id exists']);
    });
  });

  describe('a block without expectations', () => {
    it('has the one shared empty list, whatever other directives it has', () => {
      // Two kinds of empty list threw away the check's compiled code on the first `# @campaign-budget` after it was compiled.
      const doc = parseDocument('GET /v23.0/t_1\n\n###\n# @campaign-budget none\n# @note x\nGET /v23.0/t_2\n\n###\n# @expect status 200\nGET /v23.0/t_3\n');
      const [none, others, one] = doc.blocks.map((b) => blockExpectations(b.parsed));
      assert.equal(others, none);
      assert.ok(Object.isFrozen(others));
      assert.deepEqual(one.map((e) => e.text), ['status 200']);
    });
  });

  describe('expectation grammar', () => {
    const parse = (line: string) => blockExpectations(parseDocument(`${line}\nGET /v23.0/t_1\n`).blocks[0].parsed)[0];

    it('reads subject, path, operator and value', () => {
      const e = parse('# @expect body.data[0].id == "x y"');
      assert.equal(e.subject?.kind, 'body');
      assert.deepEqual(e.subject?.path.map((p) => p.index ?? p.text), ['data', 0, 'id']);
      assert.equal(e.check?.op, '==');
      assert.deepEqual(e.check?.value && { kind: e.check.value.kind, value: e.check.value.value }, { kind: 'string', value: 'x y' });
      assert.deepEqual(e.errors, []);
    });

    it('a value alone means ==; classes, durations and references are values', () => {
      assert.equal(parse('# @expect status 4xx').check?.value?.kind, 'statusClass');
      assert.equal(parse('# @expect time < 2s').check?.value?.value, 2000);
      const ref = parse('# @expect body.id {{create.response.body.id}}');
      assert.equal(ref.check?.op, '==');
      assert.equal(ref.check?.value?.value, '{{create.response.body.id}}');
    });

    it('expectations after a JSON body are not part of the body', () => {
      const doc = parseDocument('POST /v23.0/act_1/adsets\n\n{ "name": "x" }\n# @expect status 200\n\n// @expect body.id exists\n');
      const b = doc.blocks[0].parsed;
      assert.equal(b.request?.body?.text, '{ "name": "x" }');
      assert.deepEqual(blockExpectations(b).map((e) => e.text), ['status 200', 'body.id exists']);
    });

    it('JSON objects and lists are one value, spaces and all, parsed member by member', () => {
      const e = parse('# @expect body.targeting.geo_locations == { "countries": ["DE", "FR"], "n": 120200000000000001 }');
      assert.deepEqual(e.errors, []);
      assert.equal(e.check?.op, '==');
      const v = e.check!.value!;
      assert.equal(v.kind, 'json');
      assert.equal(v.text, '{ "countries": ["DE", "FR"], "n": 120200000000000001 }');
      assert.deepEqual(v.kind === 'json' && v.value, { countries: ['DE', 'FR'], n: 120200000000000001 });
      // Numbers keep their digits as written (an id past 2^53 is compared by its text).
      const json = v.kind === 'json' ? v.json : null;
      assert.equal(json?.kind === 'object' && json.members[1].value.kind === 'number' && json.members[1].value.text, '120200000000000001');
      const list = parse('# @expect body.list contains ["a", {"b": null}]');
      assert.equal(list.check?.op, 'contains');
      assert.deepEqual(list.check?.value?.kind === 'json' && list.check.value.value, ['a', { b: null }]);
      // `{{` is a reference, not an object; a list index stays part of the path.
      assert.equal(parse('# @expect body.id {{x}}').check?.value?.kind, 'string');
      assert.deepEqual(parse('# @expect body.data[0] {"id": "1"}').subject?.path.map((p) => p.index ?? p.text), ['data', 0]);
      assert.match(parse('# @expect body.data {"id": "1"}x').errors[0].message, /Leave a space after the closing bracket/);
    });

    it('an operator written without its spaces is named, not read as a path or as text', () => {
      const one = (line: string): string[] => parse(`# @expect ${line}`).errors.map((e) => e.message);
      assert.deepEqual(one('status==200'), ['Leave a space before and after `==`.']);
      assert.deepEqual(one('body.data.length<=2'), ['Leave a space before and after `<=`.']);
      assert.deepEqual(one('body.data=={"id":"1"}'), ['Leave a space before and after `==`.']);
      assert.deepEqual(one('body.data.length >=1'), ['Leave a space after `>=`.']);
      assert.deepEqual(one('body.name contains"Alex"'), ['Leave a space after `contains`.']);
      assert.deepEqual(one('body.data contains["DE"]'), ['Leave a space after `contains`.']);
      // The JSON value after it is still read as one, spaces and all.
      const json = parse('# @expect body.data contains{"id": "1", "n": [1, 2]}');
      assert.deepEqual(json.errors.map((e) => e.message), ['Leave a space after `contains`.']);
      assert.deepEqual(json.check?.op === 'contains' && json.check.value?.kind === 'json' && json.check.value.value, { id: '1', n: [1, 2] });
      assert.deepEqual(one('body.data=={"id": "1"}'), ['Leave a space before and after `==`.']);
      assert.deepEqual(one('body.data !=["DE", "FR"]'), ['Leave a space after `!=`.']);
      // The path before the operator is still read (hover and completion use it).
      assert.deepEqual(parse('# @expect body.data.length<=2').subject?.path.map((p) => p.text), ['data', 'length']);
      // Written with spaces, or a word that only starts like one, they are what they were.
      for (const fine of ['status == 200', 'body.data.length >= 1', 'body.name contains Alex', 'body.name containsAlex', 'body.data contains ["DE"]', 'body.x ==', 'body.name "<b>"', 'body.contains[0] exists', 'body.data[0] == [1]']) {
        assert.deepEqual(one(fine).filter((m) => /Leave a space/.test(m)), [], fine);
      }
    });

    it('never throws on any text after @expect', () => {
      for (const junk of ['body [', 'body {', 'body ["', 'body {"a": [}', 'body [1]]', 'body {{"a": 1}}', 'body [\\', '"', '"\\', '[', '.', 'body..', 'body[', 'body[]', '{{', '== ==', 'refused', 'refused A-B C', 'usage.', '\u0000', 'é è', 'status < 2xx', 'time 5ms5']) {
        const e = parse(`# @expect ${junk}`);
        assert.ok(Array.isArray(e.errors), junk);
      }
    });
  });
});
