import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { decodeErrorBody } from '../../server/src/core/send';
import { model } from './sendHelpers';

const envelope = (error: Record<string, unknown>) => ({ error: { message: 'm', type: 'OAuthException', fbtrace_id: 'Atrace', ...error }, __fb_trace_id__: 'Atrace', __www_request_id__: 'Areq' });

describe('decodeErrorBody: the error envelope explained with errors.json', () => {
  it('explains every documented error code and subcode with its meaning and what to do (ERR-CODES)', () => {
    const documented = model.errors.filter((e) => e.kind !== 'issue');
    assert.ok(documented.length >= 60, 'errors.json lists the codes of all three documents');
    for (const info of documented) {
      const d = decodeErrorBody(envelope({ code: info.code ?? 100, ...(info.subcode !== null ? { error_subcode: info.subcode } : {}) }), model);
      assert.ok(d, `${info.code}/${info.subcode}`);
      assert.equal(d.known, true, `${info.code}/${info.subcode} is documented`);
      assert.equal(d.title, info.title, `${info.code}/${info.subcode}`);
      assert.ok(d.explanation.includes(info.meaning), `${info.code}/${info.subcode}: ${d.explanation}`);
      assert.equal(d.action, info.action ?? null);
      assert.equal(d.rateLimit, info.rateLimit ?? null);
    }
  });

  it('says the title once, explains for the user, and keeps notes about the documents out (they are in docs/rules.md)', () => {
    const notes = /\[\d\]|errors\.json|bucType|error_data (is|holds)|blame_field_specs|issues_info|ADSET-[A-Z-]+|Appears in both tables|gives only the subcode|Endpoints: [A-Z]+ =/;
    for (const info of model.errors) {
      assert.doesNotMatch(info.meaning, notes, `errors.json ${info.code}/${info.subcode}: the meaning is for the user; the rest goes to note`);
      if (info.kind === 'issue') continue;
      const d = decodeErrorBody(envelope({ code: info.code ?? 100, ...(info.subcode !== null ? { error_subcode: info.subcode } : {}) }), model)!;
      assert.ok(!d.explanation.includes(d.title), `${info.code}/${info.subcode}: the title is not repeated in "${d.explanation}"`);
      assert.doesNotMatch(d.explanation, notes, `${info.code}/${info.subcode}`);
    }
    const docs = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'rules.md'), 'utf8');
    for (const info of model.errors as Array<typeof model.errors[number] & { note?: string }>) {
      if (info.note) assert.ok(docs.includes(info.note), `the note of ${info.code}/${info.subcode} is in docs/rules.md: ${info.note}`);
    }
    const unknown = decodeErrorBody(envelope({ message: 'Something odd', code: 999 }), model)!;
    assert.equal(unknown.title, 'Something odd');
    assert.ok(!unknown.explanation.includes('Something odd'), unknown.explanation);
    const plain = decodeErrorBody(envelope({ message: 'Invalid parameter', code: 100 }), model)!;
    assert.ok(!plain.explanation.includes('Invalid parameter'), `a service message that is the title is not repeated: ${plain.explanation}`);
  });

  it('decodes the envelope of the regional-regulation error with the field to blame (ERR-ENVELOPE)', () => {
    const d = decodeErrorBody(envelope({ message: 'Invalid parameter', code: 100, error_subcode: 3858081, is_transient: false, error_data: '{"blame_field_specs":[["dsa_beneficiary"]]}' }), model)!;
    assert.equal(d.title, 'Beneficiary missing in a regulated region');
    assert.deepEqual(d.blameFields, ['dsa_beneficiary']);
    assert.match(d.explanation, /Field at fault: dsa_beneficiary\./);
    assert.match(d.explanation, /The service says: "Invalid parameter"/);
    assert.equal(d.isTransient, false);
    assert.equal(d.fbtraceId, 'Atrace');
  });

  it('reads an iOS 14 number sent as the subcode of 100, and a subcode known without its code', () => {
    assert.equal(decodeErrorBody(envelope({ code: 100, error_subcode: 2490216 }), model)!.title, 'Target cost is unavailable; pick another bid strategy');
    const flagged = decodeErrorBody(envelope({ code: 100, error_subcode: 246003, error_data: '["23850000000001"]', error_user_title: 'Audience flagged', error_user_msg: 'Pick another' }), model)!;
    assert.equal(flagged.title, 'Flagged custom audience');
    assert.match(flagged.explanation, /23850000000001/);
    assert.equal(flagged.userTitle, 'Audience flagged');
    assert.equal(flagged.userMessage, 'Pick another');
  });

  it('says when a code or subcode is not in the documents, and keeps the service message', () => {
    const unknown = decodeErrorBody(envelope({ code: 99999, message: 'Something odd' }), model)!;
    assert.equal(unknown.known, false);
    assert.match(unknown.explanation, /The documents do not list code 99999/);
    // The service's message is kept, once: as the title.
    assert.equal(unknown.title, 'Something odd');
    const subcode = decodeErrorBody(envelope({ code: 190, error_subcode: 463 }), model)!;
    assert.equal(subcode.title, 'Invalid OAuth 2.0 token');
    assert.match(subcode.explanation, /Subcode 463 is not in the documents/);
  });

  it('takes the regain time given with a rate-limit error', () => {
    const d = decodeErrorBody(envelope({ code: 80004, error_subcode: 2446079, error_data: { estimated_time_to_regain_access: 12 } }), model)!;
    assert.equal(d.rateLimit, 'buc');
    assert.equal(d.bucType, 'ads_management');
    assert.equal(d.regainAccessMinutes, 12);
  });

  it('decodes a 404 and other answers that are not about a parameter as what they are, not as "Invalid parameter"', () => {
    const unknownObject = envelope({ message: "Unsupported get request. Object with ID '999' does not exist, cannot be loaded due to missing permissions, or does not support this operation.", type: 'GraphMethodException', code: 100 });
    for (const status of [404, 400]) {
      const d = decodeErrorBody(unknownObject, model, status)!;
      assert.equal(d.title, 'Object not found', `HTTP ${status}`);
      // The title once (above); the explanation says what happened and which status and code came.
      assert.match(d.explanation, new RegExp(`^Nothing answers this method .+ The service sent HTTP ${status} with code 100\\.`));
      assert.match(d.action ?? '', /^Check the id in the path/);
      assert.doesNotMatch(`${d.title} ${d.explanation} ${d.action}`, /Invalid parameter|Fix the parameter/);
      assert.equal(d.known, true);
    }
    const tooLarge = decodeErrorBody(envelope({ message: 'Request body too large', code: 100 }), model, 413)!;
    assert.equal(tooLarge.title, 'Request body too large');
    assert.equal(decodeErrorBody(envelope({ message: 'Unsupported media type', code: 100 }), model, 415)!.title, 'Unsupported body type');
    assert.equal(decodeErrorBody(envelope({ message: 'Headers too large', code: 100 }), model, 431)!.title, 'Request headers too large');
    const failure = decodeErrorBody(envelope({ message: 'An unknown error occurred', code: 1, is_transient: true }), model, 500)!;
    assert.equal(failure.title, 'Service failure (HTTP 500)');
    assert.match(failure.explanation, /The service says: "An unknown error occurred"/);
    // A parameter refused with 400 stays what the documents call it, and so do rate limits and token errors.
    assert.equal(decodeErrorBody(envelope({ message: 'Invalid parameter', code: 100 }), model, 400)!.title, 'Invalid parameter');
    assert.equal(decodeErrorBody(envelope({ code: 4 }), model, 403)!.title, 'App rate limit reached');
    assert.equal(decodeErrorBody(envelope({ code: 17 }), model, 400)!.title, 'User rate limit reached');
    assert.equal(decodeErrorBody(envelope({ code: 190 }), model, 401)!.title, 'Invalid OAuth 2.0 token');
  });

  it('decodes "Unsupported put request" (100/33) as the get, post and delete forms: Object not found', () => {
    // The wording of the unknown-object answer, with the put method and subcode 33 (issue 24).
    const put = envelope({ message: "Unsupported put request. Object with ID '120200000000000099' does not exist, cannot be loaded due to missing permissions, or does not support this operation.", type: 'GraphMethodException', code: 100, error_subcode: 33 });
    const d = decodeErrorBody(put, model, 400)!;
    assert.equal(d.title, 'Object not found');
    assert.doesNotMatch(`${d.title} ${d.explanation}`, /Invalid parameter/);
  });

  it('finds no error in a body without the envelope', () => {
    assert.equal(decodeErrorBody({ id: '1' }, model), null);
    assert.equal(decodeErrorBody('text', model), null);
    assert.equal(decodeErrorBody({ error: 'flat' }, model), null);
  });
});
