/** Behaviours that once went wrong, each with the fix that keeps it right. */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../helpers';

const codes = (text: string): string[] => findingsOf(text).map((f) => f.code);

describe('regressions', () => {
  it('a # @node directive wins over the shape of the id', () => {
    assert.deepEqual(codes('# @node thread\nGET /v23.0/123456?fields=id,messages.source(PARTICIPANTS)\n'), []);
  });
  it('a variable may stand for a modifier argument', () => {
    assert.deepEqual(codes('@n = 5\nGET /v23.0/t_1?fields=messages.limit({{n}})\n'), []);
  });
  it('a multi-id read of ad sets checks ad set fields', () => {
    assert.deepEqual(codes('GET /v23.0/?ids=123,456&fields=name,daily_budget\n'), ['REQ-IDS-COUNT']);
    assert.deepEqual(codes('GET /v23.0/?ids=123,456&fields=nme\n'), ['REQ-IDS-COUNT', 'ADSET-READ-FIELDS']);
  });
});

describe('names of Object.prototype are not API names', () => {
  it('fields and parameters named after prototype members are unknown, not documented', () => {
    assert.deepEqual(codes('GET /v23.0/123?fields=constructor,toString\n'), ['ADSET-READ-FIELDS', 'ADSET-READ-FIELDS']);
    assert.deepEqual(codes('GET /v23.0/123?fields=id&constructor=1\n'), ['REQ-UNKNOWN-PARAM']);
    assert.deepEqual(codes('GET /v23.0/?id=https://example.com/&fields=og_object{hasOwnProperty}\n'), ['URL-FIELDS']);
  });
  it('variables, directives and objectives named after prototype members do not crash anything', () => {
    assert.deepEqual(codes('GET /v23.0/{{constructor}}?fields=id\n'), ['REQ-UNKNOWN-VARIABLE']);
    assert.deepEqual(codes('# @objective constructor\nPOST /v23.0/act_1/adsets\n\n{ "name": "n", "campaign_id": "1", "daily_budget": 100, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH" }\n'), ['REQ-DIRECTIVE-VALUE']);
    assert.deepEqual(codes('POST /v23.0/act_1/adsets\n\n{ "name": "n", "campaign_spec": { "name": "c", "objective": "__proto__", "buying_type": "AUCTION" }, "daily_budget": 100, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH" }\n'), ['ADSET-SPECIAL-CATEGORY']);
  });
});

import { applyFix, findingsOf as findings, unmark } from '../helpers';
import { createLanguageService } from '../../server/src/core';

const ls = createLanguageService();
function completeAt(marked: string): Array<{ label: string; insertText?: string; replace: { start: number; end: number } }> {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getCompletions(doc, cursor!, ls.fileContext(doc, { variables: {} }));
}
function hoverAt(marked: string): string {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getHover(doc, cursor!, ls.fileContext(doc, { variables: {} }))?.contents ?? '';
}

describe('fixes never damage what they do not fix (review of real-world files)', () => {
  it('removing a literal token keeps the comments and layout of the body', () => {
    const text = 'POST /v23.0/120200000000000002/copies\n\n{ "access_token": "EAAB123456789abcdef", /* keep */ "deep_copy": true, // sync copy\n  "status_option": "PAUSED" }\n';
    const f = findings(text).find((x) => x.code === 'REQ-TOKEN-IN-FILE')!;
    assert.equal(applyFix(text, f), 'POST /v23.0/120200000000000002/copies\n\n{ /* keep */ "deep_copy": true, // sync copy\n  "status_option": "PAUSED" }\n');
  });
  it('a value written as a variable gets no fix that would overwrite the variable', () => {
    const f = findings('@status = paused\nPOST /v23.0/act_1/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "status": "{{status}}" }\n').find((x) => x.code === 'ADSET-STATUS');
    assert.ok(f);
    assert.equal(f.fixes, undefined);
  });
  it('a token taken from a variable is fine, in the query and in the body', () => {
    assert.deepEqual(codes('@t = abc\nGET /v23.0/120200000000000002?fields=id&access_token={{t}}\n'), []);
    assert.deepEqual(codes('@t = abc\nPOST /v23.0/120200000000000002/copies\n\n{ "access_token": "{{t}}" }\n'), []);
  });
});

describe('real-world requests (review)', () => {
  it('a body nested thousands of levels deep gets a finding, not a crash', () => {
    assert.deepEqual(codes(`POST /v23.0/act_1/adsets\n\n{ "targeting": ${'['.repeat(20000)} }\n`), ['REQ-CHECK-LIMIT']);
    assert.ok(codes(`GET /v23.0/t_1?fields=${'messages{'.repeat(5000)}\n`).length >= 1);
  });
  it('percent-encoded field lists are decoded before they are checked', () => {
    assert.deepEqual(codes('GET /v23.0/120200000000000002?fields=id%2Cname%2Ceffective_status\n'), []);
    assert.deepEqual(codes('GET /v23.0/t_1?fields=messages.source%28PARTICIPANTS%29.limit%2810%29\n'), []);
    assert.deepEqual(codes('GET /v23.0/120200000000000002?fields=id%2Cnme\n'), ['ADSET-READ-FIELDS']);
  });
  it('legacy objectives are accepted by # @objective', () => {
    assert.ok(!codes('# @objective CONVERSIONS\nPOST /v23.0/act_1/adsets\n\n{ "name": "n", "campaign_id": "1", "daily_budget": 100, "billing_event": "IMPRESSIONS", "optimization_goal": "OFFSITE_CONVERSIONS", "promoted_object": { "pixel_id": "1" } }\n').includes('REQ-DIRECTIVE-VALUE'));
  });
  it('a datetime that names no day of the calendar is an error; a body that is not an object too', () => {
    assert.deepEqual(codes('POST /v23.0/act_1/adsets\n\n{ "name": "n", "campaign_id": "1", "daily_budget": 100, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "start_time": "2026-02-30T00:00:00Z" }\n'), ['ADSET-TYPES']);
    assert.deepEqual(codes('POST /v23.0/120200000000000002/copies\n\n[ "deep_copy" ]\n'), ['SYNTAX-JSON']);
  });
  it('a rejected daily_budget is one finding, not also a span finding', () => {
    assert.deepEqual(codes('POST /v23.0/act_1/adsets\n\n{ "name": "n", "campaign_id": "1", "daily_budget": "lots", "start_time": 1780000000, "end_time": 1780003600, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH" }\n'), ['ADSET-TYPES']);
  });
  it('each duplicate is flagged where it is written; a body member that wins over the query is flagged in the body', () => {
    const text = 'GET /v23.0/?id=a&id=b&id=c&fields=id\n';
    const dups = findings(text).filter((f) => f.code === 'REQ-DUPLICATE-PARAM');
    assert.deepEqual(dups.map((f) => f.span.start), [text.indexOf('id=b'), text.indexOf('id=c')]);
    const both = 'POST /v23.0/120200000000000002/copies?status_option=ACTIVE\n\n{ "status_option": "PAUSED" }\n';
    const d = findings(both).find((f) => f.code === 'REQ-DUPLICATE-PARAM')!;
    assert.equal(d.span.start, both.indexOf('"status_option"'));
  });
  it('a JSON body key written twice: the warning on the later key, the first one as related information', () => {
    const text = 'POST /v23.0/120200000000000002/copies\n\n{\n  "rename_options": { "rename_prefix": "A", "rename_prefix": "B" },\n  "deep_copy": true,\n  "deep_copy": false\n}\n';
    const dups = findings(text).filter((f) => f.code === 'REQ-DUPLICATE-PARAM');
    const second = (key: string): number => text.indexOf(key, text.indexOf(key) + 1);
    assert.deepEqual(dups.map((f) => [f.message, f.span.start, f.span.end, f.related?.[0].span.start]), [
      ['`rename_options.rename_prefix` is given twice: only the last one is sent.', second('"rename_prefix"'), second('"rename_prefix"') + 15, text.indexOf('"rename_prefix"')],
      ['`deep_copy` is given twice: only the last one is sent.', second('"deep_copy"'), second('"deep_copy"') + 11, text.indexOf('"deep_copy"')],
    ]);
  });
});

describe('completion and hover at awkward positions (review)', () => {
  it('hover on the closing braces of a variable explains that variable', () => {
    assert.match(hoverAt('@version = v23.0\nPOST /{{version}‸}/act_{{account}}/adsets\n'), /\{\{version\}\}.*v23\.0/);
  });
  it('no hover on the punctuation of a field list', () => {
    assert.equal(hoverAt('GET /v23.0/t_1?fields=id,messages.limit(10)‸.source(PARTICIPANTS)\n'), '');
  });
  it('typing a method on the first line offers methods and templates, not versions', () => {
    const labels = completeAt('GE‸').map((i) => i.label);
    assert.ok(labels.includes('GET') && !labels.includes('v26.0'), labels.join(','));
  });
  it('after a method, whole paths with the version; before the first slash, nothing', () => {
    const items = completeAt('POST ‸');
    assert.ok(items.some((i) => i.label === '/v26.0/act_{ad-account-id}/adsets'), items.map((i) => i.label).join(','));
    assert.deepEqual(completeAt('@version = v23.0\nPOST ‸/{{version}}/act_1/adsets'), []);
  });
  it('completing a name that already has its delimiter does not double it', () => {
    const ids = completeAt('GET /v23.0/?i‸ds=a').find((i) => i.label === 'ids')!;
    assert.equal(ids.insertText, 'ids');
    const get = completeAt('G‸ET /v23.0/1').find((i) => i.label === 'GET')!;
    assert.equal(get.insertText, 'GET');
  });
  it('a new body key after a member without a comma brings its comma', () => {
    const item = completeAt('POST /v23.0/act_1/adsets\n\n{\n  "name": "x"\n  ‸\n}\n').find((i) => i.label === 'status')!;
    assert.match(item.insertText!, /^,\n"status"/);
  });
});

describe('second review batch', () => {
  it('reads through ?ids= count toward the 10 reads of a URL', () => {
    const reads = Array.from({ length: 10 }, () => '###\nGET /v23.0/?id=https://example.com/post&fields=id\n').join('');
    assert.deepEqual(codes(`${reads}###\nGET /v23.0/?ids=https://example.com/post,https://example.com/other&fields=id\n`), ['REQ-IDS-COUNT', 'URL-READ-RATE']);
  });
  it('a field of another node on a numeric id suggests the # @node directive', () => {
    const f = findings('GET /v23.0/100200300400?fields=id,messages\n')[0];
    assert.match(f.message, /# @node thread/);
  });
  it('a URL cut at a raw & in a read says so', () => {
    const f = findings('GET /v23.0/?id=https://example.com/p?x=1&y=2&fields=engagement\n').find((x) => x.code === 'REQ-UNKNOWN-PARAM')!;
    assert.match(f.message, /cut at a raw `&`/);
  });
  it('form values may have spaces around =', () => {
    assert.deepEqual(codes('POST /v23.0/120200000000000002/copies\n\ndeep_copy = true\n&status_option = PAUSED\n'), []);
  });
  it('an emoji in a field list is reported whole', () => {
    const text = 'GET /v23.0/?id=https://example.com/&fields=engagement,😀x\n';
    const f = findings(text)[0];
    assert.equal(text.slice(f.span.start, f.span.end), '😀');
  });
  it('completes the documented answer of a named request, and only of requests written before', () => {
    const text = '### a\n# @name copy\nPOST /v23.0/123/copies\n\n{}\n### b\nGET /v23.0/{{copy.response.body.‸}}\n### c\n# @name later\nGET /v23.0/1\n';
    const labels = completeAt(text).map((i) => i.label);
    assert.deepEqual(labels, ['copy.response.body.copied_adset_id', 'copy.response.body.ad_object_ids']);
    assert.ok(!completeAt('### a\nGET /v23.0/{{‸}}\n### b\n# @name later\nGET /v23.0/1\n').some((i) => i.label.startsWith('later')));
  });
  it('completes versions after @version = and values of headers; never offers a header graphreq does not send', () => {
    assert.ok(completeAt('@version = ‸').some((i) => i.label === 'v26.0'));
    assert.ok(completeAt('POST /v23.0/act_1/adsets\nAccept-Language: ‸').some((i) => i.label === 'en_US'));
    // Content-Type is graphreq's to set (REQ-HEADER-DROPPED): completion does not suggest writing it.
    const names = completeAt('POST /v23.0/act_1/adsets\nCon‸').map((i) => i.label.toLowerCase());
    assert.ok(!names.includes('content-type'), names.join(','));
    assert.deepEqual(completeAt('POST /v23.0/act_1/adsets\nContent-Type: ‸').map((i) => i.label), []);
  });
});

describe('path and field completion follow what is written', () => {
  it('path items fit the segments before them', () => {
    assert.deepEqual(completeAt('POST /v23.0/act_1/‸').map((i) => i.label), ['adsets']);
    assert.deepEqual(completeAt('POST /v23.0/123/‸').map((i) => i.label), ['copies']);
  });
  it('a field completed right after a selection brings its comma', () => {
    assert.equal(completeAt('GET /v23.0/?id=x&fields=og_object{title}‸').find((i) => i.label === 'id')!.insertText, ',id');
  });
});

describe('one node for a field list, whoever asks', () => {
  it('completion after ?ids= of ad sets offers ad set fields, as the rules check them', () => {
    const labels = completeAt('GET /v23.0/?ids=123,456&fields=‸').map((i) => i.label);
    assert.ok(labels.includes('daily_budget') && !labels.includes('engagement'), labels.join(','));
  });
});
