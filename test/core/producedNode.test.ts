/**
 * Which node an id taken from a named response stands for, in this file or another of the
 * workspace: the `id` of a node read is that node's (a thread read gives a thread's id), as the
 * request that made the response says; an id from an ad set creation or copy, or from a request
 * graphreq cannot tell, is an ad set as before. The producer's request line is part of its name, so
 * an edit of it checks the readers again (in the file: the file context; across files: the
 * workspace's generation).
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileContext, fileContextAfterEdit } from '../../server/src/core/analysis/fileContext';
import { WorkspaceNames } from '../../server/src/core/analysis/workspaceNames';
import { getApiModel } from '../../server/src/core/model/apiModel';
import { allFindings, validateByBlock } from '../../server/src/core/features/validation';
import { parseDocument, updateDocument } from '../../server/src/core/syntax/parseDocument';
import { findingsOf } from '../helpers';

const THREAD = '# @name conv\nGET /v23.0/t_100200300?fields=id\n';
const ADSET = '# @name conv\nGET /v23.0/120200000000000001?fields=id\n';
const CREATE = '# @name conv\nPOST /v23.0/act_1000000001/adsets\n\n{ "name": "A", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }\n';
const READER = 'GET /v23.0/{{conv.response.body.id}}?fields=id,messages.limit(5)\n';
const codes = (text: string, others?: Record<string, string>): string[] => findingsOf(text, {}, others).map((f) => f.code);

describe('the node of an id from a named response', () => {
  it('is the thread a named thread read gives, in the file and in another file of the workspace', () => {
    assert.deepEqual(codes(`${THREAD}\n###\n${READER}`), []);
    assert.deepEqual(codes(READER, { 'a.graphreq': THREAD }), []);
    // Its version given by a variable of that file, unknown here: still a read of a thread.
    assert.deepEqual(codes(READER, { 'a.graphreq': THREAD.replace('/v23.0/', '/{{version}}/') }), []);
  });

  it('is an ad set for an ad set read, creation or copy, and when two files name the request', () => {
    assert.deepEqual(codes(`${ADSET}\n###\n${READER}`), ['ADSET-READ-FIELDS']);
    assert.deepEqual(codes(`${CREATE}\n###\n${READER}`), ['ADSET-READ-FIELDS']);
    assert.deepEqual(codes(READER, { 'a.graphreq': CREATE }), ['ADSET-READ-FIELDS']);
    assert.deepEqual(codes(READER, { 'a.graphreq': THREAD, 'b.graphreq': CREATE }).filter((c) => c !== 'REQ-AMBIGUOUS-NAME'), ['ADSET-READ-FIELDS']);
  });

  it('follows an edit of the producer\'s request line: the file context is built again', () => {
    const text = `${THREAD}\n###\n${READER}`;
    const doc = parseDocument(text);
    const env = { variables: {} };
    const ctx = buildFileContext(doc, env);
    const at = text.indexOf('t_100200300');
    const edited = updateDocument(doc, at, at + 't_100200300'.length, '120200000000000001');
    const after = fileContextAfterEdit({ doc, ctx }, edited, env);
    assert.notEqual(after, ctx);
    const found = validateByBlock(edited, after, { env, model: getApiModel() });
    assert.deepEqual(allFindings(found).map((f) => f.code), ['ADSET-READ-FIELDS']);
  });

  it('follows an edit of the producer in another file: the workspace\'s names change generation', () => {
    const names = new WorkspaceNames();
    names.set('a.graphreq', parseDocument(THREAD));
    const generation = names.generation;
    names.set('a.graphreq', parseDocument(ADSET));
    assert.notEqual(names.generation, generation);
    assert.deepEqual(codes(READER, { 'a.graphreq': ADSET }), ['ADSET-READ-FIELDS']);
  });
});
