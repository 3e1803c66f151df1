/** REST Client's and httpYac's .http files into .graphreq: variables, names, chaining, assertions, and what is not carried over. */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertNoSecret, convert } from './importHelpers';

const TOKEN = 'EAAB-secret-123456';

const REST_CLIENT = `@baseUrl = https://graph.facebook.com
@version = v23.0
@token = ${TOKEN}

### Create
# @name create
POST {{baseUrl}}/{{version}}/act_1/adsets HTTP/1.1
Authorization: Bearer {{token}}
Content-Type: application/json

{
  "name": "Sale",
  "campaign_id": "120200000000000001",
  "daily_budget": {{$dotenv GRAPHREQ_VAR_BUDGET}},
  "status": "PAUSED"
}

### Read back
GET {{baseUrl}}/{{version}}/{{create.response.body.$.id}}
    ?fields=id,name
    &access_token={{token}}

> {%
  client.global.set("id", response.body.id);
%}
`;

const HTTPYAC = `@host = https://graph.facebook.com
# @name create
POST {{host}}/v23.0/act_1/adsets
Content-Type: application/json

{
  "name": "Sale",
  "access_token": "${TOKEN}",
  "status": "PAUSED"
}

?? status == 200
?? body id exists

###
# @name read
# @prompt foo
GET {{host}}/v23.0/{{create.id}}?fields=name
?? body name == Sale
?? duration < 500
?? js response.parsedBody.x == 1

{{
  console.log('x');
}}

###
GRPC grpcb.in:9000
{
  "a": 1
}
`;

describe('import: .http files', () => {
  it("converts REST Client's syntax: variables and names kept, chaining rewritten, the host and the token left out", () => {
    const r = convert(REST_CLIENT);
    assert.match(r.text, /^@version = v23\.0$/m);
    assert.match(r.text, /^# @name create$/m);
    assert.match(r.text, /^POST \/\{\{version\}\}\/act_1\/adsets$/m);
    assert.match(r.text, /^GET \/\{\{version\}\}\/\{\{create\.response\.body\.id\}\}$/m);
    assert.match(r.text, /"daily_budget": \{\{\$dotenv GRAPHREQ_VAR_BUDGET\}\}/);
    assert.match(r.text, /^# not carried over \(script\): > \{%$/m);
    assert.ok(!/Content-Type|Authorization:|access_token=/i.test(r.text), r.text);
    assert.ok(r.notes.some((n) => /response handler/.test(n)));
    assert.ok(r.notes.some((n) => /Authorization header was not copied/.test(n)));
    assertNoSecret(r, TOKEN);
  });

  it("converts httpYac's syntax: ?? assertions into # @expect, {{name.id}} chaining, scripts and GRPC as comments", () => {
    const r = convert(HTTPYAC);
    for (const line of ['# @expect status == 200', '# @expect body.id exists', '# @expect body.name == Sale', '# @expect time < 500']) assert.ok(r.text.split('\n').includes(line), `${line} in:\n${r.text}`);
    assert.match(r.text, /^GET \/v23\.0\/\{\{create\.response\.body\.id\}\}\?fields=name$/m);
    assert.match(r.text, /^# not carried over \(assertion\): \?\? js/m);
    assert.match(r.text, /^# not carried over \(other protocol\): GRPC/m);
    assert.match(r.text, /^# not carried over \(directive\): @prompt foo$/m);
    assert.deepEqual(JSON.parse(r.text.slice(r.text.indexOf('{'), r.text.indexOf('}') + 1)), { name: 'Sale', status: 'PAUSED' });
    for (const what of ['script block', 'GRPC requests', '@prompt', 'has no graphreq expectation', 'access_token field']) assert.ok(r.notes.some((n) => n.includes(what)), what);
    assertNoSecret(r, TOKEN);
  });

  it('writes an httpYac value with spaces as quoted text, the whole of it, as httpYac compares it (no SYNTAX-EXPECT)', () => {
    const r = convert('# @name read\nGET https://graph.facebook.com/v23.0/120200000000000002?fields=name,targeting\n?? body name == Spring sale 2026\n?? header content-type includes application/json; charset=UTF-8\n?? body targeting == {"geo_locations": {"countries": ["US"]}}\n?? body name != "Winter sale"\n', 'http');
    for (const line of ['# @expect body.name == "Spring sale 2026"', '# @expect header.content-type contains "application/json; charset=UTF-8"', '# @expect body.targeting == {"geo_locations": {"countries": ["US"]}}', '# @expect body.name != "Winter sale"']) {
      assert.ok(r.text.split('\n').includes(line), `${line} in:\n${r.text}`);
    }
  });

  it('drops every credential REST Client files hold: a path-only URL\'s token, secret variables, a URL\'s user information, one-line form and JSON bodies', () => {
    const text = [
      '@host = https://bob:zqHostPass1@graph.facebook.com',
      '@apiKey = zqApiKey2',
      '@session = zqSession3',
      '@bearer = Bearer zqBearer4abcdefabcdef',
      '@plain = hello',
      '@fromEnv = {{$dotenv GRAPHREQ_VAR_KEY}}',
      '',
      '### one',
      'GET {{baseUrl}}/v19.0/me?fields=id&access_token=zqQuery5&appsecret_proof=zqProof6',
      'X-Api-Key: {{apiKey}}',
      '',
      '### two',
      'POST {{host}}/v19.0/act_1/campaigns',
      'Content-Type: application/x-www-form-urlencoded',
      '',
      'name=x&access_token=zqForm7&client_secret=zqForm8',
      '',
      '### three',
      'POST https://graph.facebook.com/oauth/access_token',
      'Content-Type: application/json',
      '',
      '{"client_id": "1", "client_secret": "zqJson9", "nested": {"password": "zqJson10"}}',
    ].join('\n');
    const r = convert(text, 'http');
    for (const secret of ['zqHostPass1', 'zqApiKey2', 'zqSession3', 'zqBearer4', 'zqQuery5', 'zqProof6', 'zqForm7', 'zqForm8', 'zqJson9', 'zqJson10']) assertNoSecret(r, secret);
    assert.match(r.text, /^@plain = hello$/m);
    assert.match(r.text, /^@fromEnv = \{\{\$dotenv GRAPHREQ_VAR_KEY\}\}$/m, 'a value that reads a variable is no secret');
    assert.match(r.text, /^GET \/v19\.0\/me\?fields=id$/m);
    assert.match(r.text, /^name=x$/m);
    assert.deepEqual(JSON.parse(r.text.slice(r.text.lastIndexOf('\n{') + 1)), { client_id: '1', nested: {} });
    for (const what of ['the variable @apiKey', 'the variable @session', 'the variable @bearer', 'the user information of @host', 'the access_token query parameter', 'the appsecret_proof query parameter', 'the client_secret field', 'the password field']) {
      assert.ok(r.notes.some((n) => n.includes(`${what} was not copied`)), `${what}:\n${r.notes.join('\n')}`);
    }
  });

  it('keeps scripts, lines that are no header and other protocols as comments without the tokens and secrets they hold', () => {
    const text = [
      '{{',
      '  exports.apiToken = "EAABzqScriptToken0123456789abcdef";',
      "  exports.password = 'zqScriptPassword2';",
      '  exports.region = "eu";',
      '}}',
      '',
      '### one',
      'GET https://graph.facebook.com/v19.0/me',
      'Authorization Bearer zqNoColon3abcdefabcdef',
      '> {%',
      '  client.global.set("token", "EAABzqHandlerToken0123456789abc");',
      '%}',
      '?? body access_token == EAABzqAssertToken0123456789abcdef',
      '?? status == 200',
      '',
      '### two',
      'GRPC grpc.example.com/Svc/Call',
      'authorization: Bearer zqGrpcBearer4',
    ].join('\n');
    const r = convert(text, 'http');
    assertNoSecret(r, 'zq');
    assert.match(r.text, /exports\.region = "eu"/, 'a value under a plain name is kept');
    assert.match(r.text, /^# @expect status == 200$/m);
    assert.match(r.text, /^# not carried over \(assertion\): \?\? body access_token == \[REDACTED\]$/m);
    assert.ok(r.notes.some((n) => /line 13: the assertion compares with a token/.test(n)), r.notes.join('\n'));
  });

  it('names the line of the header or body member it dropped, notes in the order of their lines, and says in the file what was dropped', () => {
    const r = convert('### A\nPOST https://graph.facebook.com/v23.0/act_1/adsets\nAuthorization: Bearer {{token}}\n\n{\n  "name": "x",\n  "access_token": "EAAB123456789012345"\n}\n\n> {%\n  client.global.set("a", 1);\n%}\n', 'http');
    assert.deepEqual(
      r.notes.map((n) => n.replace(/:.*?(header|field|response handler).*$/, ' $1')),
      ['line 3 header', 'line 7 field', 'line 10 response handler'],
    );
    assert.match(r.text, /^# the access_token field dropped by the import/m);
    assertNoSecret(r, 'EAAB123456789012345');
  });
});
