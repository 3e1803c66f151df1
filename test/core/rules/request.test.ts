/**
 * Rules about requests as a whole ([3] Versioning and Limits, product rules) and the syntax of the
 * format: versions, tokens, methods, unknown parameters and fields, variables, duplicates.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { adsetCreate, applyFix, checkDiagnostics, findingsOf } from '../../helpers';
import { exampleFiles, examplesDir, examplesEnvironment } from '../../examples';
import type { BodyFileResult } from '../../../server/src/core';
import { describeRuleCases, mark, whenRun, type RuleCases } from './ruleCases';

const RELEASES = { 'v21.0': '2024-10-02', 'v22.0': '2025-01-21', 'v23.0': '2025-05-29' };

export const cases: RuleCases = {
  'REQ-VERSION-FORMAT': {
    fail: [
      { name: 'major only', text: 'GET /⟦v23⟧/120200000000000002?fields=id\n' },
      { name: 'capital V', text: 'GET /⟦V23.0⟧/120200000000000002\n' },
      { name: 'three parts', text: 'GET /⟦v23.0.1⟧/120200000000000002\n' },
      // The service's release table names v23.0, not v023.0: read as v23.0 here, it was refused there.
      { name: 'a leading zero', text: 'GET /⟦v023.0⟧/120200000000000002\n' },
      { name: 'a leading zero in the minor', text: 'GET /⟦v23.00⟧/120200000000000002\n' },
      // [3] Versioning 1: the prefix is v<major>.<minor>; these were read as no version and an unknown path.
      { name: 'no v', text: 'GET /⟦23.0⟧/120200000000000002?fields=id\n' },
      { name: 'no minor after the dot', text: 'GET /⟦v23.⟧/t_100200300?fields=id\n' },
      { name: 'a minor that is not a number', text: 'GET /⟦v23.x⟧/t_100200300?fields=id\n' },
    ],
    pass: [{ name: 'v<major>.<minor>', text: 'GET /v23.0/120200000000000002?fields=id\n' }],
  },
  'REQ-VERSION-MISSING': {
    fail: [
      { name: 'no version segment', text: 'GET ⟦/120200000000000002⟧?fields=id\n' },
      {
        name: 'the environment default is named',
        text: 'GET ⟦/⟧?id=https://example.com/post&fields=engagement\n',
        expect: ['REQ-VERSION-MISSING'],
        env: { defaultVersion: 'v23.0' },
      },
    ],
    pass: [
      { name: 'version written', text: 'GET /v23.0/?id=https://example.com/post&fields=engagement\n' },
      { name: 'version from a file variable', text: '@version = v23.0\n\n###\nGET /{{version}}/120200000000000002\n' },
    ],
  },
  'REQ-VERSION-EXPIRED': {
    fail: [
      {
        name: 'two years after the successor was released',
        text: 'GET /⟦v21.0⟧/120200000000000002\n',
        env: { releases: RELEASES, today: '2027-01-21' },
      },
    ],
    pass: [
      { name: 'successor released less than two years ago', text: 'GET /v21.0/120200000000000002\n', env: { releases: RELEASES, today: '2027-01-20' } },
      { name: 'the newest version', text: 'GET /v23.0/120200000000000002\n', env: { releases: RELEASES, today: '2030-01-01' } },
      { name: 'no release table configured', text: 'GET /v2.0/120200000000000002\n' },
    ],
  },
  'REQ-VERSION-UNKNOWN': {
    fail: [
      { name: 'newer than the latest version [3] names (v26.0)', text: 'GET /⟦v27.0⟧/?id=https://example.com/post\n' },
      { name: 'newer than the environment\'s latest version', text: 'GET /⟦v24.0⟧/120200000000000002\n', env: { latestVersion: 'v23.0' } },
      { name: 'released after today', text: 'GET /⟦v23.0⟧/120200000000000002\n', env: { releases: RELEASES, today: '2025-05-01' } },
      { name: 'between listed versions but not in the release table', text: 'GET /⟦v22.5⟧/120200000000000002\n', env: { releases: RELEASES, today: '2026-01-01' } },
    ],
    pass: [
      { name: 'the latest version', text: 'GET /v26.0/?id=https://example.com/post\n' },
      { name: 'a later latest version in the environment', text: 'GET /v27.0/120200000000000002\n', env: { latestVersion: 'v27.0' } },
      { name: 'released by today', text: 'GET /v23.0/120200000000000002\n', env: { releases: RELEASES, today: '2025-05-29' } },
    ],
  },
  'REQ-TOKEN-IN-FILE': {
    fail: [
      { name: 'in the query', text: 'GET /v23.0/120200000000000002?fields=id&access_token=⟦EAAB1234567890abcdef⟧\n' },
      {
        name: 'in a JSON body',
        text: 'POST /v23.0/120200000000000002/copies\n\n{ "status_option": "PAUSED", "access_token": ⟦"EAAB1234567890abcdef"⟧ }\n',
      },
      { name: 'in an Authorization header', text: 'GET /v23.0/120200000000000002\n⟦Authorization: Bearer EAAB1234567890abcdef⟧\n' },
      // Written in a file variable, the token is in the file all the same.
      { name: 'in a file variable used as access_token', text: '@token = EAAB1234567890abcdef\n\n###\nGET /v23.0/120200000000000002?fields=id&access_token=⟦{{token}}⟧\n' },
      { name: 'in a file variable used in a form body', text: '@token = EAAB1234567890abcdef\n\n###\nPOST /v23.0/120200000000000002/copies\n\nstatus_option=PAUSED&access_token=⟦{{token}}⟧\n' },
      { name: 'in a file variable used in the Authorization header', text: '@token = EAAB1234567890abcdef\n\n###\nGET /v23.0/120200000000000002\n⟦Authorization: OAuth {{token}}⟧\n' },
    ],
    pass: [
      { name: 'a variable', text: '@token = {{$processEnv GRAPHREQ_VAR_TOKEN}}\n\n###\nPOST /v23.0/120200000000000002/copies\n\nstatus_option=PAUSED&access_token={{token}}\n' },
      // Not a literal token; the header is still not sent (graphreq sends the token itself): a hint says so.
      { name: 'a header with a variable', text: '@token = x\n\n###\nGET /v23.0/120200000000000002\n⟦Authorization: Bearer {{token}}⟧\n', expect: ['REQ-HEADER-DROPPED:hint'] },
      { name: 'no token at all (added at send time)', text: 'GET /v23.0/120200000000000002\n' },
    ],
  },
  'REQ-METHOD-UNSUPPORTED': {
    fail: [
      { name: 'PUT', text: '⟦PUT⟧ /v23.0/120200000000000002\n\n{ "name": "x" }\n' },
      { name: 'PATCH', text: '⟦PATCH⟧ /v23.0/120200000000000002\n' },
      { name: 'DELETE on the copies edge', text: '⟦DELETE⟧ /v23.0/120200000000000002/copies\n' },
      { name: 'DELETE on the adsets edge', text: '⟦DELETE⟧ /v23.0/act_1234567890/adsets\n' },
    ],
    pass: [
      { name: 'POST on the copies edge', text: 'POST /v23.0/120200000000000002/copies\n' },
      { name: 'POST to an ad set (update, not documented, not checked)', text: 'POST /v23.0/120200000000000002\n\n{ "status": "PAUSED" }\n' },
    ],
  },
  'REQ-IDS-COUNT': {
    fail: [{ name: 'three URLs', text: 'GET /v23.0/?ids=⟦https://a.example,https://b.example,https://c.example⟧&fields=engagement\n', expect: ['REQ-IDS-COUNT:info'] }],
    pass: [{ name: 'one id', text: 'GET /v23.0/?ids=https://a.example&fields=engagement\n' }],
  },
  'REQ-UNKNOWN-FIELD': {
    fail: [
      { name: 'a subfield of issues_info', text: 'GET /v23.0/120200000000000002?fields=issues_info{error_code,⟦severity⟧}\n' },
      { name: 'a member of attribution_spec items ([2] Create an ad set lists them)', text: 'GET /v23.0/120200000000000002?fields=attribution_spec{event_type,⟦zzz⟧}\n' },
      { name: 'a member of adset_schedule items', text: 'GET /v23.0/120200000000000002?fields=adset_schedule{⟦foo⟧}\n' },
      { name: 'a subfield of issues_info in an ids read', text: 'GET /v23.0/?ids=⟦120200000000000002,120200000000000003⟧&fields=issues_info{⟦levels⟧}\n', expect: ['REQ-IDS-COUNT:info', 'REQ-UNKNOWN-FIELD'] },
    ],
    pass: [
      // RULES.md's URL-FIELDS row lists the URL node's subfields: an unknown one is URL-FIELDS (url.test.ts), not this rule.
      { name: 'an unknown subfield of the URL node is URL-FIELDS', text: 'GET /v23.0/?id=https://example.com&fields=engagement{⟦likes⟧}\n', expect: ['URL-FIELDS'] },
      { name: 'documented subfields', text: 'GET /v23.0/?id=https://example.com&fields=engagement{comment_count,share_count},og_object{id,updated_time}\n' },
      { name: 'subfields of an object the documents do not detail', text: 'GET /v23.0/120200000000000002?fields=campaign{id,name},promoted_object{pixel_id}\n' },
      { name: 'the members of attribution_spec items', text: 'GET /v23.0/120200000000000002?fields=attribution_spec{event_type,window_days,weight}\n' },
    ],
  },
  'REQ-UNKNOWN-PARAM': {
    fail: [
      { name: 'on an ad set read', text: 'GET /v23.0/120200000000000002?fields=id&⟦limit⟧=5\n' },
      { name: 'misspelt, with a rename fix', text: 'GET /v23.0/120200000000000002?⟦feilds⟧=id\n' },
      { name: 'on a copy', text: 'POST /v23.0/120200000000000002/copies\n\n{ ⟦"name"⟧: "Copy" }\n' },
      { name: 'on a URL read', text: 'GET /v23.0/?id=https://example.com&⟦scrape⟧=true\n' },
      {
        name: 'past the last creation parameter the documents show: only a hint',
        text: mark(adsetCreate({ zz_future_param: 1 }), '"zz_future_param"'),
        expect: ['REQ-UNKNOWN-PARAM:hint'],
      },
      {
        name: 'near a documented name but sorting past the last one shown: a hint, the near name only suggested',
        text: mark(adsetCreate({ targetting: {} }), '"targetting"'),
        expect: ['REQ-UNKNOWN-PARAM:hint'],
      },
    ],
    pass: [
      { name: 'URL read with every documented parameter', text: 'GET /v23.0/?id=https://example.com&fields=id&scopes=a,b\n' },
      { name: 'ad set read with every documented parameter', text: 'GET /v23.0/120200000000000002?fields=id&date_format=U&date_preset=last_7d&time_range={"since":"2025-01-01","until":"2025-01-31"}\n' },
    ],
  },
  'REQ-UNKNOWN-ENDPOINT': {
    fail: [{ name: 'an endpoint of no document', text: 'GET ⟦/v23.0/me/accounts⟧\n', expect: ['REQ-UNKNOWN-ENDPOINT:info'] }],
    pass: [{ name: 'a documented endpoint', text: 'GET /v23.0/t_100200300?fields=id\n' }],
  },
  'REQ-UNKNOWN-VARIABLE': {
    fail: [
      { name: 'undefined variable', text: 'GET /v23.0/⟦{{adset}}⟧?fields=id\n' },
      { name: 'a named request without .response', text: '# @name create\nPOST /v23.0/120200000000000002/copies\n\n###\nGET /v23.0/⟦{{create.id}}⟧?fields=id\n' },
      { name: 'a response of a request that no file of the workspace names', text: 'GET /v23.0/⟦{{springSale.response.body.id}}⟧?fields=id\n', workspace: { 'a/create.graphreq': '# @name create\nPOST /v23.0/120200000000000002/copies\n' } },
    ],
    pass: [
      { name: 'file variable', text: '@adset = 120200000000000002\n\n###\nGET /v23.0/{{adset}}?fields=id\n' },
      { name: 'environment variable', text: 'GET /v23.0/{{adset}}?fields=id\n', env: { variables: { adset: '120200000000000002' } } },
      { name: 'response of a named request', text: '# @name copy\nPOST /v23.0/120200000000000002/copies\n\n###\nGET /v23.0/{{copy.response.body.copied_adset_id}}?fields=id\n' },
    ],
  },
  'REQ-DUPLICATE-NAME': {
    fail: [
      {
        name: 'one name for two requests of the file: an error at each',
        text: '# @name ⟦create⟧\nPOST /v23.0/120200000000000002/copies\n\n###\n# @name ⟦create⟧\nPOST /v23.0/120200000000000003/copies\n',
        expect: ['REQ-DUPLICATE-NAME', 'REQ-DUPLICATE-NAME'],
      },
    ],
    pass: [{ name: 'a name each', text: '# @name create\nPOST /v23.0/120200000000000002/copies\n\n###\n# @name again\nPOST /v23.0/120200000000000003/copies\n' }],
  },
  'REQ-AMBIGUOUS-NAME': {
    fail: [
      {
        name: 'a name another file of the workspace gives too',
        text: '# @name ⟦create⟧\nPOST /v23.0/120200000000000002/copies\n',
        workspace: { 'b/create.graphreq': '# @name create\nPOST /v23.0/120200000000000003/copies\n' },
      },
      {
        name: 'a reader of a name two other files give',
        text: 'GET /v23.0/{{⟦create⟧.response.body.copied_adset_id}}?fields=id\n',
        workspace: { 'a/create.graphreq': '# @name create\nPOST /v23.0/120200000000000002/copies\n', 'b/create.graphreq': '# @name create\nPOST /v23.0/120200000000000003/copies\n' },
      },
    ],
    pass: [
      {
        name: 'a reader of a request named in one other file (not an unknown variable either)',
        text: 'GET /v23.0/{{create.response.body.copied_adset_id}}?fields=id\n',
        workspace: { 'a/create.graphreq': '# @name create\nPOST /v23.0/120200000000000002/copies\n' },
      },
    ],
  },
  'REQ-DIRECTIVE-VALUE': {
    fail: [
      { name: 'a misspelt objective', text: '# @objective ⟦OUTCOME_SALE⟧\nPOST /v23.0/act_1/adsets\n\n{ "name": "n", "campaign_id": "1", "daily_budget": 100, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH" }\n' },
      { name: 'an unknown node', text: '# @node ⟦campaign⟧\nGET /v23.0/123?fields=id\n' },
    ],
    pass: [
      { name: 'a known objective', text: '# @objective OUTCOME_AWARENESS\nPOST /v23.0/act_1/adsets\n\n{ "name": "n", "campaign_id": "1", "daily_budget": 100, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH" }\n' },
      { name: 'a directive of another tool (REQ-UNKNOWN-DIRECTIVE hints it is ignored)', text: '# @⟦no-redirect⟧\n# @⟦note⟧ keep this\nGET /v23.0/123?fields=id\n', expect: ['REQ-UNKNOWN-DIRECTIVE:hint', 'REQ-UNKNOWN-DIRECTIVE:hint'] },
    ],
  },
  'REQ-CHECK-LIMIT': {
    fail: [
      { name: 'a body nested 65 levels deep', text: `POST /v23.0/act_1234567890/adsets\n\n{ "name": "Deep", "targeting": ${'['.repeat(63)}⟦[⟧${']'.repeat(64)} }\n` },
      { name: 'a body nested 10,000 levels deep, not valid JSON', text: `POST /v23.0/act_1234567890/adsets\n\n{ "targeting": ${'{"a": '.repeat(63)}⟦{⟧${'{"a": '.repeat(9937)}1 }\n` },
    ],
    pass: [{ name: 'a body of a few levels', text: adsetCreate({ targeting: { geo_locations: { countries: ['US'] }, flexible_spec: [{ interests: [{ id: '6003139266461', name: 'Movies' }] }] } }) }],
  },
  'REQ-DUPLICATE-PARAM': {
    fail: [
      { name: 'fields twice', text: 'GET /v23.0/120200000000000002?fields=id&⟦fields⟧=name\n' },
      // docs/rules.md: a JSON body's key written twice is the same mistake (JSON.parse keeps the last one).
      { name: 'a JSON body key twice', text: 'POST /v23.0/120200000000000002/copies\n\n{ "status_option": "ACTIVE", ⟦"status_option"⟧: "PAUSED" }\n' },
      { name: 'a key twice inside an object of the body', text: 'POST /v23.0/120200000000000002/copies\n\n{ "rename_options": { "rename_prefix": "A", ⟦"rename_prefix"⟧: "B" } }\n' },
      { name: 'the same key spelt with an escape', text: 'POST /v23.0/120200000000000002/copies\n\n{ "deep_copy": false, ⟦"deep_\\u0063opy"⟧: true }\n' },
    ],
    pass: [
      { name: 'each once', text: 'GET /v23.0/120200000000000002?fields=id,name&date_format=U\n' },
      { name: 'the same keys in sibling objects of the body', text: adsetCreate({ attribution_spec: [{ event_type: 'CLICK_THROUGH', window_days: 7 }, { event_type: 'VIEW_THROUGH', window_days: 1 }] }) },
    ],
  },
  // Batch requests: not in the documents; the real service and the emulator serve them (docs/rules.md, REQ-BATCH).
  'REQ-BATCH': {
    fail: [
      { name: 'an empty list', text: 'POST /v23.0/?batch=⟦[]⟧\n' },
      { name: 'an item without relative_url (JSON body)', text: 'POST /v23.0/\n\n{ "batch": [⟦{ "method": "GET" }⟧] }\n' },
      { name: 'a method in lower case (form body)', text: 'POST /v23.0/\n\nbatch=[{"method":⟦"get"⟧,"relative_url":"23850000000000001?fields=name"}]\n' },
      { name: '51 items', text: `POST /v23.0/\n\n{ "batch": ⟦[${Array.from({ length: 51 }, () => '{ "method": "GET", "relative_url": "23850000000000001" }').join(', ')}]⟧ }\n` },
      { name: 'an item that is a batch itself', text: 'POST /v23.0/\n\n{ "batch": [{ "method": "POST", "relative_url": ⟦"?batch=[]"⟧ }] }\n' },
      { name: 'depends_on naming no earlier item', text: 'POST /v23.0/\n\n{ "batch": [{ "method": "GET", "relative_url": "23850000000000001" }, { "method": "GET", "relative_url": "23850000000000002", "depends_on": ⟦"first"⟧ }] }\n' },
      { name: 'a result of an item not named', text: 'POST /v23.0/\n\n{ "batch": [{ "method": "GET", "relative_url": "23850000000000001", "name": "first" }, { "method": "GET", "relative_url": ⟦"{result=frist:$.id}?fields=name"⟧ }] }\n' },
      { name: 'a mistake in an item is reported on it under its own rule', text: 'POST /v23.0/\n\n{ "batch": [{ "method": "GET", "relative_url": "23850000000000001?fields=name" }, { "method": "POST", "relative_url": "act_1000000001/adsets", "body": ⟦"name=%20%20&campaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&status=PAUSED"⟧ }, { "method": "GET", "relative_url": "v23.0/?ids=x", "depends_on": ⟦"nope"⟧ }] }\n', expect: ['ADSET-NAME-REQUIRED', 'REQ-BATCH'] },
    ],
    pass: [
      // The batch is not a URL node create (URL-NO-CREATE-DELETE): `batch` makes the POST a batch.
      // A form body's `&` separates fields: one inside the JSON is written %26.
      { name: 'reads in a form body', text: 'POST /v23.0/\n\nbatch=[{"method":"GET","relative_url":"23850000000000001?fields=name"},{"method":"GET","relative_url":"?id=https://example.com/post%26fields=engagement"}]\n' },
      { name: 'in the query string, URL-encoded', text: `POST /v23.0/?batch=${encodeURIComponent('[{"method":"GET","relative_url":"23850000000000001?fields=name"}]')}\n` },
      { name: 'a create, then a read of its id after it', text: 'POST /v23.0/\n\n{ "batch": [{ "method": "POST", "relative_url": "act_1000000001/adsets", "name": "create", "body": "name=Spring&campaign_id=120200000000000001&daily_budget=2000&billing_event=IMPRESSIONS&optimization_goal=REACH&status=PAUSED&targeting=%7B%22geo_locations%22%3A%7B%22countries%22%3A%5B%22US%22%5D%7D%7D" }, { "method": "GET", "relative_url": "{result=create:$.id}?fields=name,status", "depends_on": "create", "omit_response_on_success": false }], "include_headers": false }\n' },
      { name: 'items with their own version, and without', text: 'POST /v23.0/\n\n{ "batch": [{ "method": "GET", "relative_url": "/v22.0/23850000000000001" }, { "method": "DELETE", "relative_url": "23850000000000002" }] }\n' },
      // One REQ-VERSION-MISSING, the batch's: its items take the same default version.
      { name: 'no version on the batch nor its items', text: 'POST ⟦/⟧\n\n{ "batch": [{ "method": "GET", "relative_url": "23850000000000001?fields=name" }] }\n', expect: ['REQ-VERSION-MISSING'] },
      { name: 'fifty items', text: `POST /v23.0/\n\n{ "batch": [${Array.from({ length: 50 }, () => '{ "method": "GET", "relative_url": "23850000000000001" }').join(', ')}] }\n` },
    ],
  },
  'SYNTAX-REQUEST': {
    fail: [{ name: 'one word', text: '⟦hello⟧\n' },
      { name: 'a method without a path', text: '⟦GET⟧\n' },
      { name: 'a space in the path', text: 'GET /v23.0/1⟦ extra words⟧\n' }],
    pass: [{ name: 'a bare path means GET', text: '/v23.0/120200000000000002?fields=id\n' }],
  },
  'SYNTAX-METHOD': {
    fail: [
      { name: 'not a method', text: '⟦FETCH⟧ /v23.0/120200000000000002\n' },
      { name: 'two words, the first no method', text: '⟦hello⟧ there\n' },
      { name: 'lower case (the request is still checked)', text: '⟦get⟧ /v23.0/120200000000000002?fields=⟦nmae⟧\n', expect: ['SYNTAX-METHOD', 'ADSET-READ-FIELDS'] },
    ],
    pass: [{ name: 'GET', text: 'GET /v23.0/120200000000000002\n' }],
  },
  'SYNTAX-HEADER': {
    fail: [{ name: 'a line that is no header', text: 'GET /v23.0/120200000000000002\n⟦this is not a header⟧\n' }],
    pass: [{ name: 'a header', text: 'GET /v23.0/120200000000000002\nAccept-Language: en_US\n' }],
  },
  'SYNTAX-VARIABLE': {
    fail: [{ name: 'name starting with a digit', text: '⟦@1version = v23.0⟧\n' }],
    pass: [{ name: 'a variable', text: '@version = v23.0\n' }],
  },
  'SYNTAX-SEPARATOR': {
    fail: [{ name: 'two requests in one block', text: 'GET /v23.0/120200000000000002\n⟦GET /v23.0/120200000000000003⟧\n' }],
    pass: [{ name: 'separated by ###', text: 'GET /v23.0/120200000000000002\n\n###\nGET /v23.0/120200000000000003\n' }],
  },
  'SYNTAX-JSON': {
    fail: [{ name: 'a missing comma', text: 'POST /v23.0/120200000000000002/copies\n\n{ "deep_copy": true ⟦"status_option"⟧: "PAUSED" }\n' }],
    pass: [
      {
        name: 'comments and a trailing comma',
        text: 'POST /v23.0/120200000000000002/copies\n\n{\n  // keep the ads\n  "deep_copy": true,\n  "status_option": "PAUSED",\n}\n',
      },
    ],
  },
  'SYNTAX-ASSERTION': {
    fail: [
      { name: 'after the request line (it was read as a query line)', text: 'GET /v23.0/120200000000000002?fields=id\n⟦?? status == 200⟧\n' },
      { name: 'after a JSON body', text: 'POST /v23.0/120200000000000002/copies\n\n{ "status_option": "PAUSED" }\n\n⟦?? status == 200⟧\n⟦?? body copied_adset_id exists⟧\n', expect: ['SYNTAX-ASSERTION', 'SYNTAX-ASSERTION'] },
      { name: 'inside a form body', text: 'POST /v23.0/120200000000000002/copies\n\nstatus_option=PAUSED\n⟦?? status == 200⟧\n' },
    ],
    pass: [{ name: 'a query continuation line', text: 'GET /v23.0/120200000000000002\n?fields=id\n&date_format=U\n' }],
  },
};

const BODY_FILES: Record<string, string> = {
  'copy.json': '{ "status_option": "PAUSED" }\n',
  'bodies/create.json': '{\n  "name": "{{name}}",\n  "campaign_id": "120200000000000001",\n  "daily_budget": 2000,\n  "billing_event": "IMPRESSIONZ",\n  "optimization_goal": "REACH",\n  "targeting": { "geo_locations": { "countries": ["US"] } },\n  "status": "PAUSED"\n}\n',
  'templated.json': '{ "status_option": "{{status}}" }',
  'broken.json': '{\n  "status_option": "PAUSED"\n  "deep_copy": true\n}',
  'form.txt': 'status_option=PAUSED\n&deep_copy=true\n',
};
/** The host's reader of `< path` bodies, over the files above. */
const readFile = (path: string): BodyFileResult => (path.replace(/^\.\//, '') in BODY_FILES ? { ok: true, text: BODY_FILES[path.replace(/^\.\//, '')] } : { ok: false, reason: 'no such file' });
const CREATE_BODY = '{ "name": "Sale", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }';

Object.assign(cases, {
  'REQ-UNKNOWN-DIRECTIVE': {
    fail: [
      { name: 'a misspelt @name', text: '# @⟦nme⟧ create\nGET /v23.0/120200000000000002?fields=id\n' },
      { name: 'nothing close', text: '# @⟦todo⟧ read it back later\nGET /v23.0/120200000000000002?fields=id\n' },
      { name: 'a directive of httpYac is a hint', text: '# @⟦ref⟧ create\nGET /v23.0/120200000000000002?fields=id\n', expect: ['REQ-UNKNOWN-DIRECTIVE:hint'] },
    ],
    pass: [{ name: 'the directives graphreq reads', text: '# @name read\n# @node adset\nGET /v23.0/120200000000000002?fields=id\n' }],
  },
  'REQ-BUILTIN-VARIABLE': {
    fail: [
      { name: 'a misspelt name', text: `POST /v23.0/120200000000000002/copies\n\n{ "status_option": "PAUSED", "rename_options": { "rename_suffix": "⟦{{$guidd}}⟧" } }\n` },
      { name: "another tool's name", text: 'GET /v23.0/120200000000000002?fields=id&date_format=⟦{{$uuid}}⟧\n' },
      { name: 'wrong arguments', text: `POST /v23.0/act_1234567890/adsets\n\n${CREATE_BODY.replace('"Sale"', '"Sale ⟦{{$randomInt 5}}⟧"')}\n` },
      { name: 'a wrong offset, in a file variable', text: '@later = ⟦{{$timestamp 7 days}}⟧\n\n###\nGET /v23.0/120200000000000002?fields=id\n' },
      { name: 'an environment variable that is not set', text: 'POST /v23.0/120200000000000002/copies\n\nstatus_option=⟦{{$processEnv GRAPHREQ_VAR_STATUS}}⟧\n', expect: ['REQ-BUILTIN-VARIABLE:warning'], env: { processEnv: { HOME: '/root' } } },
      { name: 'a .env name that is not there', text: 'POST /v23.0/120200000000000002/copies\n\nstatus_option=⟦{{$dotenv GRAPHREQ_VAR_STATUS}}⟧\n', expect: ['REQ-BUILTIN-VARIABLE:warning'], env: { dotenv: {} } },
      { name: 'a variable graphreq may not read, set or not', text: 'POST /v23.0/120200000000000002/copies\n\nstatus_option=⟦{{$processEnv HOME}}⟧\n', expect: ['REQ-BUILTIN-VARIABLE:error'], env: { processEnv: { HOME: '/root' } } },
      { name: 'a .env name graphreq may not read', text: 'POST /v23.0/120200000000000002/copies\n\nstatus_option=⟦{{$dotenv AWS_SECRET_ACCESS_KEY}}⟧\n', expect: ['REQ-BUILTIN-VARIABLE:error'], env: { dotenv: { AWS_SECRET_ACCESS_KEY: 'x' } } },
    ],
    pass: [
      { name: 'the values decided at send time', text: `POST /v23.0/act_1234567890/adsets\n\n${CREATE_BODY.replace('"Sale"', '"Sale {{$guid}} {{$randomInt 1 1000}} {{$isoTimestamp}} {{$timestamp -1 h}}"')}\n` },
      { name: 'a name the user allowed (GRAPHREQ_TOKEN_VARIABLES)', text: `POST /v23.0/act_1234567890/adsets\n\n${CREATE_BODY.replace('"Sale"', '"{{$processEnv SALE_NAME}}"')}\n`, env: { processEnv: { SALE_NAME: 'Spring' }, readableVariables: ['SALE_NAME'] } },
      {
        name: 'a .env value is checked like a written one',
        text: `POST /v23.0/act_1234567890/adsets\n\n${CREATE_BODY.replace('"daily_budget": 2000', '"daily_budget": ⟦{{$dotenv GRAPHREQ_VAR_BUDGET}}⟧')}\n`,
        env: { dotenv: { GRAPHREQ_VAR_BUDGET: '-5' } },
        expect: ['ADSET-BUDGET-POSITIVE'],
      },
    ],
  },
  'REQ-BASE-URL': {
    fail: [
      { name: 'a base-URL variable without a base URL', text: '@host = http://127.0.0.1:8990\n\n###\nGET ⟦{{host}}⟧/v23.0/120200000000000002?fields=id\n' },
      { name: 'another origin than the base URL', text: 'GET ⟦https://graph.example.com⟧/v23.0/120200000000000002?fields=id\n', env: { baseUrl: 'http://127.0.0.1:8990' } },
      { name: "a link of the embedded emulator, sent to a base URL", text: 'GET ⟦http://embedded-emulator.graphreq.invalid⟧/v23.0/act_1/adsets?limit=2\n', env: { baseUrl: 'http://127.0.0.1:8990' } },
    ],
    pass: [
      // docs/sending.md, Pages of a list: without a base URL, sends go to the embedded emulator, which its links name.
      { name: 'a link of the embedded emulator, without a base URL', text: 'GET http://embedded-emulator.graphreq.invalid/v23.0/act_1000000001/adsets?limit=2&after=MjM4NTAwMDAwMDAwMDAwMDI%3D\n' },
      { name: 'the base URL written through a variable', text: '@host = http://127.0.0.1:8990\n\n###\nGET {{host}}/v23.0/120200000000000002?fields=id\n', env: { baseUrl: 'http://127.0.0.1:8990/' } },
      {
        name: 'the rest of the path is checked as send resolves it',
        text: '@host = http://127.0.0.1:8990\n@base = {{host}}/v23.0\n\n###\nGET {{base}}/120200000000000002?fields=⟦nmae⟧\n',
        env: { baseUrl: 'http://127.0.0.1:8990' },
        expect: ['ADSET-READ-FIELDS'],
      },
    ],
  },
  'REQ-LONE-SURROGATE': {
    fail: [
      { name: 'a high half alone, as a JSON escape', text: 'POST /v23.0/120200000000000002\n\n{ "name": "a⟦\\ud800⟧b" }\n' },
      { name: 'a low half alone', text: 'POST /v23.0/120200000000000002\n\n{ "name": "⟦\\uDC00⟧" }\n' },
      { name: 'a raw code unit in the editor\'s text', text: 'GET /v23.0/120200000000000002?fields=id\n# note ⟦\ud800⟧\n' },
    ],
    pass: [
      { name: 'a whole pair', text: 'POST /v23.0/120200000000000002\n\n{ "name": "\\ud83d\\ude00 \ud83d\ude00" }\n' },
      { name: 'an escaped backslash before the letters', text: 'POST /v23.0/120200000000000002\n\n{ "name": "\\\\ud800" }\n' },
      { name: 'in a comment', text: 'POST /v23.0/120200000000000002\n\n{\n  // "\\ud800"\n  "name": "Spring"\n}\n' },
    ],
  },
  'REQ-BODY-FILE': {
    fail: [
      { name: 'a file that is not there', text: 'POST /v23.0/120200000000000002/copies\n\n< ⟦./missing.json⟧\n', env: { readFile } },
      { name: 'a document not on disk', text: 'POST /v23.0/120200000000000002/copies\n\n< ⟦./copy.json⟧\n' },
      { name: 'broken JSON', text: 'POST /v23.0/120200000000000002/copies\n\n< ⟦./broken.json⟧\n', env: { readFile } },
      { name: 'variables in a < file', text: 'POST /v23.0/120200000000000002/copies\n\n< ⟦./templated.json⟧\n', env: { readFile } },
    ],
    pass: [
      { name: 'a JSON file', text: 'POST /v23.0/120200000000000002/copies\n\n< ./copy.json\n', env: { readFile } },
      { name: 'a form file', text: 'POST /v23.0/120200000000000002/copies\n\n< ./form.txt\n', env: { readFile } },
      { name: 'variables resolved with <@', text: '@status = PAUSED\n\n###\nPOST /v23.0/120200000000000002/copies\n\n<@ ./templated.json\n', env: { readFile } },
      {
        name: "the file's parameters are checked, shown on its path",
        text: '@name = Spring\n@dir = bodies\n\n###\nPOST /v23.0/act_1234567890/adsets\n\n<@ ⟦./{{dir}}/create.json⟧\n',
        env: { readFile },
        expect: ['ADSET-ENUMS'],
      },
    ],
  },
  'REQ-ENV-IN-URL': {
    fail: [
      { name: 'on the request line', text: 'GET /v23.0/⟦{{$processEnv GRAPHREQ_VAR_ADSET}}⟧?fields=id\n', env: { processEnv: { GRAPHREQ_VAR_ADSET: '120200000000000002' } } },
      { name: 'on a query line, from .env', text: 'GET /v23.0/120200000000000002?fields=id\n  &date_format=⟦{{$dotenv GRAPHREQ_VAR_FORMAT}}⟧\n', env: { dotenv: { GRAPHREQ_VAR_FORMAT: 'U' } } },
      { name: 'through a file variable and an environment variable', text: '@inner = {{$processEnv GRAPHREQ_VAR_ID}}\n@id = {{inner}}\n\n###\nGET /v23.0/⟦{{id}}⟧?fields=id&limit=⟦{{fromEnv}}⟧\n', env: { variables: { fromEnv: '{{$dotenv GRAPHREQ_VAR_LIMIT}}' } }, expect: ['REQ-ENV-IN-URL', 'REQ-ENV-IN-URL'] },
    ],
    pass: [
      { name: 'in the body', text: 'POST /v23.0/120200000000000002/copies\n\n{ "status_option": "PAUSED", "rename_options": { "rename_suffix": "{{$processEnv GRAPHREQ_VAR_SUFFIX}}" } }\n', env: { processEnv: { GRAPHREQ_VAR_SUFFIX: ' (copy)' } } },
      { name: 'a file variable without one, in the URL', text: '@id = 120200000000000002\n\n###\nGET /v23.0/{{id}}?fields=id\n' },
    ],
  },
  'REQ-HEADER-DROPPED': {
    fail: [
      { name: 'Content-Type', text: 'POST /v23.0/120200000000000002/copies\n⟦Content-Type: application/json⟧\n\n{ "status_option": "PAUSED" }\n' },
      { name: 'content-length, any case', text: 'POST /v23.0/120200000000000002/copies\n⟦content-length: 12⟧\n\nstatus_option=PAUSED\n' },
      { name: 'Authorization with a variable (a literal token is REQ-TOKEN-IN-FILE)', text: 'GET /v23.0/120200000000000002?fields=id\n⟦Authorization: Bearer {{$processEnv GRAPHREQ_ACCESS_TOKEN}}⟧\n' },
    ],
    pass: [{ name: 'a header that is sent', text: 'POST /v23.0/120200000000000002/copies\nAccept-Language: en_US\n\n{ "status_option": "PAUSED" }\n' }],
  },
} satisfies RuleCases);

whenRun(module, () => {
  describeRuleCases('request rules', cases);

  describe('request quick fixes', () => {
    it('REQ-VERSION-UNKNOWN offers the newest version the release table shows released by today', () => {
      // Not v26.0, the latest [3] names: a table that stops at v23.0 does not list it either.
      const env = { releases: RELEASES, today: '2026-01-01' };
      const text = 'GET /v22.5/120200000000000002\n';
      const [f] = findingsOf(text, env);
      assert.match(f.message, /: use v23\.0 or an older available version\.$/);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002\n');
      const [g] = findingsOf('GET /v23.0/120200000000000002\n', { releases: RELEASES, today: '2025-05-01' });
      assert.match(g.message, /: use v22\.0 or an older available version\.$/);
    });

    it('REQ-VERSION-FORMAT writes the version as v<major>.<minor>', () => {
      const text = 'GET /v23/120200000000000002?fields=id\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002?fields=id\n');
      assert.ok(f.fixes![0].fixAll);
      const zero = 'GET /v023.00/120200000000000002?fields=id\n';
      assert.equal(applyFix(zero, findingsOf(zero)[0]), 'GET /v23.0/120200000000000002?fields=id\n');
      const bare = 'GET /23.0/120200000000000002?fields=id\n';
      assert.equal(applyFix(bare, findingsOf(bare)[0]), 'GET /v23.0/120200000000000002?fields=id\n');
    });

    it('REQ-TOKEN-IN-FILE removes the token from the query', () => {
      const text = 'GET /v23.0/120200000000000002?fields=id&access_token=EAAB1234567890abcdef\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002?fields=id\n');
    });

    it('REQ-TOKEN-IN-FILE removes the token when it is the only query parameter', () => {
      const text = 'GET /v23.0/120200000000000002?access_token=EAAB1234567890abcdef\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002\n');
    });

    it('REQ-TOKEN-IN-FILE removes the token from a JSON body', () => {
      const text = 'POST /v23.0/120200000000000002/copies\n\n{\n  "status_option": "PAUSED",\n  "access_token": "EAAB1234567890abcdef"\n}\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'POST /v23.0/120200000000000002/copies\n\n{\n  "status_option": "PAUSED"\n}\n');
    });

    it('REQ-TOKEN-IN-FILE removes a continuation line that holds only the token', () => {
      const text = 'GET /v23.0/120200000000000002\n    ?fields=id\n    &access_token=EAAB1234567890abcdef\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002\n    ?fields=id\n');
    });

    it('REQ-TOKEN-IN-FILE removes an Authorization header', () => {
      const text = 'GET /v23.0/120200000000000002\nAuthorization: Bearer EAAB1234567890abcdef\nAccept-Language: en_US\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002\nAccept-Language: en_US\n');
    });

    it('REQ-UNKNOWN-PARAM renames a misspelt parameter', () => {
      const text = 'GET /v23.0/120200000000000002?feilds=id\n';
      const [f] = findingsOf(text);
      assert.equal(applyFix(text, f), 'GET /v23.0/120200000000000002?fields=id\n');
    });
  });

  describe('request messages', () => {
    it('say what is wrong, what is allowed and where the rule comes from', () => {
      const [f] = checkDiagnostics('GET /v23.0/120200000000000002?fields=id&⟦limit⟧=5\n', ['REQ-UNKNOWN-PARAM']);
      assert.match(f.message, /`limit` is not a parameter/);
      assert.match(f.detail!, /`fields`, `date_format`, `date_preset` or `time_range`/);
      assert.match(f.detail!, /\[2\] Read an ad set/);
    });
  });

  describe('the examples', () => {
    it('report nothing', () => {
      const files = exampleFiles();
      assert.ok(files.length >= 3);
      for (const file of files) {
        const found = findingsOf(fs.readFileSync(path.join(examplesDir, file), 'utf8'), examplesEnvironment());
        assert.deepEqual(found.map((f) => `${f.code}: ${f.message}`), [], file);
      }
    });
  });
});
