/**
 * Built-in variables (`{{$guid}}`, `{{$timestamp}}`, `{{$isoTimestamp}}`, `{{$randomInt MIN MAX}}`,
 * `{{$processEnv NAME}}`, `{{$dotenv NAME}}`) as completion, hover and send meet them. The check is
 * in the REQ-BUILTIN-VARIABLE cases (rules/request.test.ts); check and send agree on them in
 * checkSendAgree.test.ts.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFileContext, createLanguageService, getApiModel, parseDocument, type Environment } from '../../server/src/core';
import { parseBuiltin, resolveBuiltin } from '../../server/src/core/analysis/builtins';
import { prepareRequest } from '../../server/src/core/send';
import { unmark } from '../helpers';

const ls = createLanguageService();

function complete(marked: string, env: Partial<Environment> = {}) {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getCompletions(doc, cursor!, ls.fileContext(doc, { variables: {}, ...env }));
}

function hover(marked: string, env: Partial<Environment> = {}): string {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getHover(doc, cursor!, ls.fileContext(doc, { variables: {}, ...env }))?.contents ?? '';
}

const RUNTIME = { now: Date.UTC(2026, 0, 31, 12, 0, 0), random: () => 0.5, uuid: () => '00000000-0000-4000-8000-000000000000' };

function prepare(text: string, env: Partial<Environment> = {}) {
  const doc = parseDocument(text);
  const block = doc.blocks.find((b) => b.parsed.request)!;
  const ctx = buildFileContext(doc, { variables: {}, ...env });
  return prepareRequest(block, { model: getApiModel(), ctx, responses: { get: () => undefined }, baseUrl: 'http://127.0.0.1:8990', runtime: RUNTIME });
}

describe('built-in variables', () => {
  it('completion offers every built-in after {{$, with its usage and meaning', () => {
    const items = complete('GET /v23.0/120200000000000002?fields=id&date_format={{$‸}}');
    const builtins = items.filter((i) => i.label.startsWith('$')).map((i) => i.label);
    assert.deepEqual(builtins, ['$guid', '$timestamp', '$isoTimestamp', '$randomInt', '$processEnv', '$dotenv']);
    const randomInt = items.find((i) => i.label === '$randomInt')!;
    assert.equal(randomInt.insertText, '\\$randomInt ${1:1} ${2:100}');
    assert.match(randomInt.documentation ?? '', /MAX \(excluded\)/);
    assert.ok(items.find((i) => i.label === '$processEnv')!.retrigger, 'names are offered next');
  });

  it('completion offers the names of $processEnv and $dotenv, values masked', () => {
    const items = complete('POST /v23.0/1/copies\n\nx={{$processEnv G‸}}', { processEnv: { GRAPHREQ_VAR_ADSET: '120200000000000002', GRAPHREQ_VAR_API_TOKEN: 'EAAB1234567890abcdef' } });
    assert.deepEqual(items.map((i) => [i.label, i.detail]), [['GRAPHREQ_VAR_ADSET', '120200000000000002'], ['GRAPHREQ_VAR_API_TOKEN', '•••• (secret, 20 characters)']]);
    const dot = complete('POST /v23.0/1/copies\n\nx={{$dotenv ‸}}', { dotenv: { GRAPHREQ_VAR_ACCOUNT: '1234567890' } });
    assert.deepEqual(dot.map((i) => i.label), ['GRAPHREQ_VAR_ACCOUNT']);
  });

  it('hover explains a built-in, shows a known value (masked when secret) and explains a wrong one', () => {
    assert.match(hover('GET /v23.0/1?date_format={{$gu‸id}}'), /random UUID[\s\S]*Decided when the request is sent/);
    assert.match(hover('POST /v23.0/1/copies\n\nx={{$processEnv GRAPHREQ_VAR_AD‸SET}}', { processEnv: { GRAPHREQ_VAR_ADSET: '120200000000000002' } }), /Now: `120200000000000002`/);
    assert.match(hover('POST /v23.0/1/copies\n\nx={{$processEnv GRAPHREQ_VAR_API_TO‸KEN}}', { processEnv: { GRAPHREQ_VAR_API_TOKEN: 'EAAB1234567890abcdef' } }), /Now: •••• \(secret, 20 characters\): not shown/);
    assert.match(hover('POST /v23.0/1/copies\n\nx={{$processEnv HO‸ME}}', { processEnv: { HOME: '/root' } }), /⚠ .*`\$processEnv` may not read HOME: name it GRAPHREQ_VAR_HOME, or list it in GRAPHREQ_TOKEN_VARIABLES/);
    assert.match(hover('GET /v23.0/1?x={{$uu‸id}}'), /did you mean `\{\{\$guid\}\}`/);
    assert.match(hover('POST /v23.0/1/copies\n\nx={{$dotenv GRAPHREQ_VAR_NO‸PE}}', { dotenv: {} }), /⚠ .*GRAPHREQ_VAR_NOPE is not in the \.env file/);
  });

  it('reads arguments as REST Client writes them, and refuses what it cannot give', () => {
    assert.ok(parseBuiltin('$timestamp -3 d').ok);
    assert.ok(parseBuiltin('$isoTimestamp 2 h').ok);
    assert.equal(parseBuiltin('$randomInt 10 1').ok, false);
    assert.equal(parseBuiltin('$processEnv').ok, false);
    assert.equal(parseBuiltin('$guid 1').ok, false);
    assert.deepEqual(resolveBuiltin('$processEnv HOME', { variables: {} }), { kind: 'later' });
  });

  it('send gives each built-in its value from the runtime and the environment', () => {
    const out = prepare(
      '@later = {{$timestamp 7 d}}\n\n###\nGET /v23.0/120200000000000002?fields=id&a={{$guid}}&b={{$timestamp}}&c={{$isoTimestamp -1 h}}&d={{$randomInt 10 20}}&e={{later}}\nX-Who: {{$processEnv GRAPHREQ_VAR_WHO}} {{$dotenv GRAPHREQ_VAR_ADSET}}\n',
      { dotenv: { GRAPHREQ_VAR_ADSET: '120200000000000002' }, processEnv: { GRAPHREQ_VAR_WHO: 'me & you' } },
    );
    assert.ok(out.ok, !out.ok ? out.message : '');
    assert.equal(out.request.path, '/v23.0/120200000000000002');
    assert.equal(out.request.headers.find(([k]) => k === 'X-Who')?.[1], 'me & you 120200000000000002');
    assert.deepEqual(Object.fromEntries(out.request.query), {
      fields: 'id',
      a: '00000000-0000-4000-8000-000000000000',
      b: String(RUNTIME.now / 1000),
      c: '2026-01-31T11:00:00.000Z',
      d: '15',
      e: String(RUNTIME.now / 1000 + 7 * 86400),
    });
  });

  it('send refuses a built-in it cannot give, with the sentence the checker shows', () => {
    const text = 'POST /v23.0/120200000000000002/copies\n\nstatus_option={{$processEnv GRAPHREQ_VAR_STATUS}}\n';
    const out = prepare(text, { processEnv: {} });
    assert.equal(out.ok, false);
    const finding = ls.validate(ls.parse(text), { variables: {}, processEnv: {} }).find((f) => f.code === 'REQ-BUILTIN-VARIABLE')!;
    assert.ok(!out.ok && out.message === finding.message, `${!out.ok && out.message} / ${finding.message}`);
    const inUrl = 'GET /v23.0/{{$processEnv GRAPHREQ_VAR_ADSET}}?fields=id\n';
    const refused = prepare(inUrl, { processEnv: { GRAPHREQ_VAR_ADSET: '120200000000000002' } });
    const said = ls.validate(ls.parse(inUrl), { variables: {}, processEnv: { GRAPHREQ_VAR_ADSET: '120200000000000002' } }).find((f) => f.code === 'REQ-ENV-IN-URL')!;
    assert.ok(!refused.ok && refused.kind === 'insecure' && refused.message === `${said.message.replace(/\.$/, '')} (REQ-ENV-IN-URL)`, !refused.ok ? refused.message : 'sent');
    const typo = prepare('GET /v23.0/1?date_format={{$uuid}}\n');
    assert.ok(!typo.ok && /did you mean `\{\{\$guid\}\}`/.test(typo.message));
  });
});
