/**
 * Check and send speak one language: for generated requests (versions written, defaulted or in a
 * variable; base URLs written or in a variable; ids in file variables, `$processEnv` or `$dotenv`;
 * parameters in the query, continuation lines, form bodies, JSON bodies and `< path` bodies; values
 * with every character that needs escaping; built-ins decided at send time; httpYac `??` lines;
 * headers graphreq drops), the checker's view of the request (endpoint, version, path, parameters)
 * is what send puts on the wire, parsed back from the URL and the form body. When send refuses a
 * request, the checker has said why; when the checker says send will refuse, it does.
 *
 * fast-check with a fixed seed (GRAPHREQ_PBT_SEED overrides it, GRAPHREQ_PBT_RUNS the count), so a
 * failure is reproducible; fast-check shrinks it to the smallest request that disagrees.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildBlockCall, buildFileContext, getApiModel, parseDocument, validateDocument, type BodyFileResult, type Environment, type Finding } from '../../server/src/core';
import { prepareRequest, toWire } from '../../server/src/core/send';
import { formFieldText } from '../../server/src/core/send/losslessJson';

const model = getApiModel();
const BASE = 'http://127.0.0.1:8990';
const RUNTIME = { now: Date.UTC(2026, 0, 31, 12, 0, 0), random: () => 0.25, uuid: () => '00000000-0000-4000-8000-000000000000' };
const seed = Number(process.env.GRAPHREQ_PBT_SEED ?? 20260131);
const numRuns = Number(process.env.GRAPHREQ_PBT_RUNS ?? 400);

/** One generated request file, with the environment and body files it is read with. */
interface Case {
  text: string;
  env: Environment;
}

/** Characters that need care somewhere: in a query, a form field, JSON, a URL. No line breaks: a value is one line. */
const valueChar = fc.constantFrom(...Array.from('aZ09 _-.~&=?#%+/:,;@$!*()[]\'"\\é→😀'), 'x');
const plainValue = fc.string({ unit: valueChar, minLength: 0, maxLength: 10 });
const paramName = fc.constantFrom('fields', 'date_format', 'name', 'status', 'status_option', 'daily_budget', 'rename_suffix', 'limit', 'note');

/** A value as written, and how it is written: literally, or through a file variable, or a built-in decided at send time. */
const valueSpec = fc.oneof(
  { weight: 6, arbitrary: plainValue.map((v) => ({ kind: 'plain' as const, v })) },
  { weight: 2, arbitrary: plainValue.map((v) => ({ kind: 'var' as const, v })) },
  { weight: 1, arbitrary: fc.constantFrom('$guid', '$randomInt 1 9', '$timestamp 1 d', '$isoTimestamp').map((v) => ({ kind: 'builtin' as const, v })) },
  { weight: 1, arbitrary: plainValue.map((v) => ({ kind: 'processEnv' as const, v })) },
);

const endpoint = fc.constantFrom(
  { method: 'GET', path: ['{id}'] },
  { method: 'POST', path: ['act_{account}', 'adsets'] },
  { method: 'POST', path: ['{id}', 'copies'] },
  { method: 'GET', path: [''] },
  { method: 'POST', path: [''] },
  { method: 'GET', path: ['t_{thread}'] },
  { method: 'GET', path: ['me', 'accounts'] },
);

const arbCase: fc.Arbitrary<Case> = fc
  .record({
    endpoint,
    version: fc.constantFrom('written', 'variable', 'default', 'none', 'badform'),
    origin: fc.constantFrom('none', 'none', 'literal', 'variable', 'variable-with-version'),
    id: fc.constantFrom('literal', 'variable', 'processEnv', 'dotenv', 'encoded'),
    params: fc.array(fc.record({ name: paramName, value: valueSpec, where: fc.constantFrom('line', 'continuation', 'body') }), { maxLength: 5 }),
    bodyStyle: fc.constantFrom('json', 'form', 'file-json', 'file-form', 'file-json-subst'),
    assertion: fc.constantFrom('none', 'after-line', 'after-body'),
    header: fc.constantFrom('none', 'Content-Type: application/json', 'Accept-Language: en_US'),
    directive: fc.constantFrom('', '# @name made\n', '# @nme made\n', '# @ref other\n'),
  })
  .map((g): Case => {
    const variables: string[] = [];
    const processEnv: Record<string, string> = { ACCOUNT: '1234567890', ADSET: '120200000000000002' };
    const dotenv: Record<string, string> = { ADSET: '120200000000000002', THREAD: 't_100200300' };
    const files: Record<string, string> = {};
    let n = 0;
    const written = (spec: { kind: 'plain' | 'var' | 'builtin' | 'processEnv'; v: string }, json: boolean): string => {
      if (spec.kind === 'plain') return json ? JSON.stringify(spec.v).slice(1, -1) : spec.v;
      if (spec.kind === 'builtin') return `{{${spec.v}}}`;
      const name = `v${n++}`;
      if (spec.kind === 'processEnv') {
        processEnv[name.toUpperCase()] = spec.v;
        return `{{$processEnv ${name.toUpperCase()}}}`;
      }
      // A file variable's value is the rest of its line, trimmed: keep what survives that.
      variables.push(`@${name} = ${spec.v}`);
      return `{{${name}}}`;
    };
    const ids: Record<string, string> = {
      literal: '120200000000000002',
      variable: '{{adset}}',
      processEnv: '{{$processEnv ADSET}}',
      dotenv: '{{$dotenv ADSET}}',
      encoded: '12020000000000000%32',
    };
    variables.push('@adset = 120200000000000002');
    const segs = g.endpoint.path.map((s) => s.replace('{id}', ids[g.id]).replace('{account}', g.id === 'processEnv' ? '{{$processEnv ACCOUNT}}' : '1234567890').replace('{thread}', g.id === 'dotenv' ? '100200300' : '100200300'));
    let version = '';
    if (g.version === 'written') version = '/v23.0';
    if (g.version === 'badform') version = '/v23';
    if (g.version === 'variable') {
      variables.push('@version = v22.0');
      version = '/{{version}}';
    }
    let origin = '';
    if (g.origin === 'literal') origin = BASE;
    if (g.origin === 'variable') {
      variables.push(`@host = ${BASE}`);
      origin = '{{host}}';
    }
    if (g.origin === 'variable-with-version' && g.version === 'written') {
      variables.push(`@api = ${BASE}/v23.0`);
      origin = '{{api}}';
      version = '';
    }
    const line = g.params.filter((p) => p.where === 'line');
    const cont = g.params.filter((p) => p.where === 'continuation');
    const body = g.endpoint.method === 'POST' ? g.params.filter((p) => p.where === 'body') : [];
    const query = line.map((p) => `${p.name}=${written(p.value, false).replace(/&/g, '%26').replace(/#/g, '%23')}`).join('&');
    let request = `${g.directive}${g.endpoint.method} ${origin}${version}/${segs.join('/')}${query ? `?${query}` : ''}\n`;
    for (const p of cont) request += `&${p.name}=${written(p.value, false).replace(/&/g, '%26').replace(/#/g, '%23')}\n`;
    if (g.assertion === 'after-line') request += '?? status == 200\n';
    if (g.header !== 'none') request += `${g.header}\n`;
    if (body.length) {
      const unique = [...new Map(body.map((p) => [p.name, p])).values()];
      const json = `{ ${unique.map((p) => `"${p.name}": "${written(p.value, true)}"`).join(', ')} }`;
      const form = unique.map((p) => `${p.name}=${encodeURIComponent(written(p.value, false)).replace(/%7B%7B/g, '{{').replace(/%7D%7D/g, '}}').replace(/%24/g, '$').replace(/%20/g, ' ')}`).join('\n&');
      if (g.bodyStyle === 'json') request += `\n${json}\n`;
      else if (g.bodyStyle === 'form') request += `\n${form}\n`;
      else {
        const subst = g.bodyStyle === 'file-json-subst';
        const content = g.bodyStyle === 'file-form' ? form : json;
        files['body.txt'] = content;
        request += `\n<${subst ? '@' : ''} ./body.txt\n`;
      }
    }
    if (g.assertion === 'after-body') request += '\n?? status == 200\n';
    const text = `${variables.join('\n')}\n\n###\n${request}`;
    const env: Environment = {
      variables: {},
      defaultVersion: g.version === 'default' ? 'v21.0' : undefined,
      baseUrl: BASE,
      processEnv,
      dotenv,
      readFile: (p: string): BodyFileResult => (p.replace(/^\.\//, '') in files ? { ok: true, text: files[p.replace(/^\.\//, '')] } : { ok: false, reason: 'no such file' }),
    };
    return { text, env };
  });

/** What send puts on the wire, read back: path segments, and parameters (body over query, as the API reads them). */
function wireView(text: string, env: Environment) {
  const doc = parseDocument(text);
  const block = doc.blocks.find((b) => b.parsed.request)!;
  const out = prepareRequest(block, { model, ctx: buildFileContext(doc, env), responses: { get: () => undefined }, baseUrl: BASE, runtime: RUNTIME });
  if (!out.ok) return out;
  const wire = toWire(out.request, 'TOKEN');
  const url = new URL(wire.url);
  const params = new Map<string, string>();
  for (const [k, v] of url.searchParams) params.set(k, v);
  if (wire.body !== null) for (const [k, v] of new URLSearchParams(wire.body)) params.set(k, v);
  params.delete('access_token');
  const segments = url.pathname.split('/').filter((s) => s !== '').map(decodeURIComponent);
  return { ok: true as const, request: out.request, segments, params, headers: wire.headers };
}

/** The checker's view: the Call it checks. Values decided at send time are known only by name. */
function checkView(text: string, env: Environment) {
  const doc = parseDocument(text);
  const block = doc.blocks.find((b) => b.parsed.request)!;
  const bc = buildBlockCall(block, buildFileContext(doc, env), model)!;
  const params = new Map<string, string | null>();
  for (const [name, p] of bc.call.params) if (name !== 'access_token') params.set(name, p.opaque ? null : formFieldText(p.value));
  return { call: bc.call, params, findings: validateDocument(doc, { env, model }) };
}

/** The findings that say a request cannot be sent as written. */
const REFUSALS = new Set(['REQ-BUILTIN-VARIABLE', 'REQ-BASE-URL', 'REQ-BODY-FILE', 'REQ-ENV-IN-URL', 'REQ-UNKNOWN-VARIABLE', 'SYNTAX-REQUEST', 'SYNTAX-METHOD', 'SYNTAX-JSON', 'SYNTAX-SEPARATOR', 'SYNTAX-HEADER', 'SYNTAX-VARIABLE']);
const refusing = (findings: Finding[]): Finding[] => findings.filter((f) => REFUSALS.has(f.code) && (f.severity === 'error' || f.code === 'REQ-UNKNOWN-VARIABLE' || f.code === 'REQ-BUILTIN-VARIABLE'));

describe('check and send agree', () => {
  it('on the endpoint, version, path and parameters of generated requests', () => {
    const seen = { sent: 0, refused: 0, endpoints: new Set<string>(), files: 0 };
    fc.assert(
      fc.property(arbCase, ({ text, env }) => {
        const wire = wireView(text, env);
        const check = checkView(text, env);
        if (wire.ok) {
          seen.sent++;
          seen.endpoints.add(wire.request.endpointId ?? 'none');
          if (/^<@? /m.test(text)) seen.files++;
        } else seen.refused++;
        if (!wire.ok) {
          // Send refused: the checker said why, in the same words when it is a built-in or a body file.
          const said = refusing(check.findings);
          assert.ok(said.length > 0, `send refused (${wire.message}) but the checker said nothing:\n${text}`);
          return;
        }
        assert.deepEqual(refusing(check.findings).filter((f) => f.severity === 'error' && f.code !== 'SYNTAX-HEADER'), [], `the checker says send refuses, but it sent:\n${text}`);
        const { call } = check;
        assert.equal(call.endpoint?.id ?? null, wire.request.endpointId, `endpoint of:\n${text}`);
        // The version: the one the checker checks is the one on the wire.
        assert.equal(call.version?.text ?? call.versionLike ?? null, wire.request.version.text, `version of:\n${text}`);
        const rest = wire.request.version.text ? wire.segments.slice(1) : wire.segments;
        assert.deepEqual(call.segments.map((s) => s.text), rest, `path of:\n${text}`);
        // Parameters: the same names; the same values unless decided at send time.
        assert.deepEqual([...check.params.keys()].sort(), [...wire.params.keys()].sort(), `parameter names of:\n${text}`);
        for (const [name, value] of check.params) if (value !== null) assert.equal(wire.params.get(name), value, `${name} of:\n${text}`);
        // A header the checker hints is dropped is not on the wire.
        for (const f of check.findings.filter((x) => x.code === 'REQ-HEADER-DROPPED')) assert.ok(!Object.keys(wire.headers).some((h) => h.toLowerCase() === 'content-type' && wire.request.form === null), f.message);
      }),
      { seed, numRuns },
    );
    // The generator reaches both outcomes, every endpoint and file bodies (else the property proves little).
    assert.ok(seen.sent > numRuns / 4 && seen.refused > 0 && seen.files > 0, JSON.stringify({ ...seen, endpoints: [...seen.endpoints] }));
    assert.ok(seen.endpoints.size >= 6, [...seen.endpoints].join(', '));
  });

  it('on what send refuses: a base URL, a body file, a built-in (the same sentence)', () => {
    const env: Environment = { variables: {}, baseUrl: 'https://graph.example.com', processEnv: {}, dotenv: {}, readFile: () => ({ ok: false, reason: 'no such file' }) };
    for (const text of [
      '@host = http://127.0.0.1:8990\n\n###\nGET {{host}}/v23.0/120200000000000002?fields=id\n',
      'POST /v23.0/120200000000000002/copies\n\n< ./copy.json\n',
      'POST /v23.0/120200000000000002/copies\n\nstatus_option={{$processEnv GRAPHREQ_VAR_STATUS}}\n',
      'GET /v23.0/120200000000000002?fields=id&x={{$randomInt 9 1}}\n',
    ]) {
      const doc = parseDocument(text);
      const out = prepareRequest(doc.blocks.find((b) => b.parsed.request)!, { model, ctx: buildFileContext(doc, env), responses: { get: () => undefined }, baseUrl: env.baseUrl!, runtime: RUNTIME });
      assert.equal(out.ok, false, text);
      const said = refusing(validateDocument(doc, { env, model }));
      assert.ok(said.length === 1, `${text}: ${said.map((f) => f.code).join(', ')}`);
      // The sentences match where both come from one reader (built-ins, body files).
      const plain = (s: string): string => s.replace(/^./, (c) => c.toLowerCase()).replace(/\.$/, '');
      if (said[0].code !== 'REQ-BASE-URL') assert.equal(!out.ok && plain(out.message), plain(said[0].message));
    }
  });
});
