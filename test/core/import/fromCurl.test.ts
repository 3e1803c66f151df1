/**
 * curl commands into requests: as the API's documents write them (`-F` fields, `-G -d`), and as
 * Chrome's "Copy as cURL" writes them (bash with `$'...'`, cmd with `^` escapes), several in one input.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitCommands } from '../../../server/src/core/import/shellWords';
import { assertNoSecret, convert } from './importHelpers';

const TOKEN = 'EAAB-secret-123456';

describe('import: curl', () => {
  it('turns the documents\' -F form fields into a JSON body, values kept as JSON where they parse, and drops the token', () => {
    const r = convert(`curl -X POST \\
  -F 'name=My Ad Set' \\
  -F 'daily_budget=2000' \\
  -F 'targeting={"geo_locations":{"countries":["US"]}}' \\
  -F 'campaign_id=120200000000000001' \\
  -F 'is_dynamic=true' \\
  -F 'access_token=${TOKEN}' \\
  https://graph.facebook.com/v23.0/act_1234567890/adsets`);
    assert.match(r.text, /^POST \/v23\.0\/act_1234567890\/adsets$/m);
    const body = JSON.parse(r.text.slice(r.text.indexOf('{')));
    assert.deepEqual(body, { name: 'My Ad Set', daily_budget: 2000, targeting: { geo_locations: { countries: ['US'] } }, campaign_id: '120200000000000001', is_dynamic: true });
    assert.match(r.text, /^# the access_token field dropped by the import: .*accessTokenEnv.*secret storage/m);
    assert.ok(r.notes.some((n) => /access_token field was not copied/.test(n)));
    assertNoSecret(r, TOKEN);
  });

  it('keeps the path and query of a -G read, with data in the query and the host left to the environment', () => {
    const r = convert(`curl -G -d "fields=id,name" -d "access_token=${TOKEN}" "https://graph.facebook.com/v23.0/me"`);
    assert.match(r.text, /^GET \/v23\.0\/me\?fields=id,name$/m);
    assert.ok(!/graph\.facebook\.com/.test(r.text));
    assertNoSecret(r, TOKEN);
  });

  it('reads -d a=1 -d b=2 and --data-urlencode as form fields of a POST', () => {
    const r = convert(`curl --url 'https://graph.facebook.com/v23.0/act_1/adsets' -d name=Sale%20A -d daily_budget=2000 --data-urlencode 'status=PAUSED & more'`);
    assert.match(r.text, /^POST \/v23\.0\/act_1\/adsets$/m);
    assert.deepEqual(JSON.parse(r.text.slice(r.text.indexOf('{'))), { name: 'Sale A', daily_budget: 2000, status: 'PAUSED & more' });
  });

  it("reads Chrome's bash flavour: $'...' bodies, browser headers dropped, Authorization dropped with a note", () => {
    const r = convert(`curl 'https://graph.facebook.com/v23.0/act_1/adsets?fields=id%2Cname&access_token=${TOKEN}' \\
  -H 'accept: */*' \\
  -H 'accept-language: en-US,en;q=0.9' \\
  -H 'authorization: Bearer ${TOKEN}' \\
  -H 'content-type: application/json' \\
  -H 'sec-ch-ua: "Chromium";v="130"' \\
  -H 'user-agent: Mozilla/5.0' \\
  --data-raw $'{"name":"Spring\\'s sale","status":"PAUSED"}' \\
  --compressed`);
    assert.match(r.text, /^POST \/v23\.0\/act_1\/adsets\?fields=id,name$/m);
    assert.match(r.text, /^accept-language: en-US,en;q=0\.9$/m);
    assert.ok(!/sec-ch-ua|user-agent|content-type/i.test(r.text), r.text);
    assert.deepEqual(JSON.parse(r.text.slice(r.text.indexOf('\n{') + 1)), { name: "Spring's sale", status: 'PAUSED' });
    assert.match(r.text, /^# the authorization header dropped by the import/m);
    assertNoSecret(r, TOKEN);
  });

  it('drops a header whose name says it holds a credential, or whose value is a token, with a note', () => {
    const r = convert(`curl 'https://graph.facebook.com/v23.0/me?fields=id' -H 'X-Api-Key: zqHeaderKey0123' -H 'X-Auth-Token: zqAuthToken0123' -H 'X-Debug: EAABzqDebugHeader0123456789abcdef' -H 'accept-language: en_US' -H "X-Key: $MY_KEY"`);
    assert.match(r.text, /^accept-language: en_US$/m);
    assert.match(r.text, /^X-Key: \{\{MY_KEY\}\}$/m, 'a variable is no secret');
    for (const name of ['X-Api-Key', 'X-Auth-Token', 'X-Debug']) {
      assert.match(r.text, new RegExp(`^# the ${name} header dropped by the import: a request file never holds a credential`, 'm'));
      assert.ok(r.notes.some((n) => n.includes(`the ${name} header was not copied`)), r.notes.join('\n'));
    }
    for (const secret of ['zqHeaderKey0123', 'zqAuthToken0123', 'EAABzqDebugHeader0123456789abcdef']) assertNoSecret(r, secret);
  });

  it("reads Chrome's cmd flavour: ^ escapes and ^ line continuations", () => {
    const cmd = ['curl ^"https://graph.facebook.com/v23.0/act_1/adsets^" ^', '  -H ^"accept: */*^" ^', '  -H ^"content-type: application/json^" ^', '  --data-raw ^"^{^\\^"name^\\^":^\\^"A ^& B^\\^",^\\^"status^\\^":^\\^"PAUSED^\\^"^}^"'].join('\r\n');
    const r = convert(cmd);
    assert.match(r.text, /^POST \/v23\.0\/act_1\/adsets$/m);
    assert.deepEqual(JSON.parse(r.text.slice(r.text.indexOf('\n{') + 1)), { name: 'A & B', status: 'PAUSED' });
  });

  it('reads PowerShell backtick continuations and several commands in one input', () => {
    const r = convert('curl.exe -X DELETE `\n  "https://graph.facebook.com/v23.0/120200000000000001"\n\n# a read\n$ curl https://graph.facebook.com/v23.0/me?fields=id\n', 'curl');
    assert.match(r.text, /^DELETE \/v23\.0\/120200000000000001$/m);
    assert.match(r.text, /^GET \/v23\.0\/me\?fields=id$/m);
    assert.equal(r.text.match(/^###/gm)?.length, 2);
  });

  it('notes -u, file uploads and unknown options, and keeps another host whole', () => {
    const r = convert(`curl -u me:${TOKEN} -F 'source=@photo.jpg' --frobnicate -F 'name=x' http://127.0.0.1:4000/v23.0/act_1/adimages`);
    assert.match(r.text, /^POST http:\/\/127\.0\.0\.1:4000\/v23\.0\/act_1\/adimages$/m);
    assert.ok(r.notes.some((n) => /-u \(user and password\) ignored/.test(n)));
    assert.ok(r.notes.some((n) => /uploads a file/.test(n)));
    assert.ok(r.notes.some((n) => /--frobnicate ignored/.test(n)));
    assert.ok(r.notes.some((n) => /not the API's host/.test(n)));
    assertNoSecret(r, TOKEN);
  });

  it('never reads a credential option\'s value as the URL, nor keeps appsecret_proof, --url-query tokens or a URL\'s user information', () => {
    const commands = [
      'curl --oauth2-bearer zqBearerValue0 https://graph.facebook.com/v23.0/me',
      'curl -sLu alice:zqClusterPass1 https://graph.facebook.com/v23.0/me',
      'curl -U proxyuser:zqProxyPass2 --pass zqPassphrase3 --tlspassword zqTlsPass4 https://graph.facebook.com/v23.0/me',
      "curl --url-query 'access_token=zqUrlQuery5' --url-query 'fields=id' https://graph.facebook.com/v23.0/me",
      "curl 'https://graph.facebook.com/v23.0/me?fields=id&appsecret_proof=zqProof6'",
      "curl -X POST https://graph.facebook.com/v23.0/act_1/campaigns -d 'name=x' -d 'appsecret_proof=zqProof7'",
      'curl https://bob:zqUserInfo8@example.com/v23.0/me',
      'curl -sSo out.json --frobnicate2 https://graph.facebook.com/v23.0/me',
    ];
    const r = convert(commands.join('\n'));
    for (const secret of ['zqBearerValue0', 'zqClusterPass1', 'zqProxyPass2', 'zqPassphrase3', 'zqTlsPass4', 'zqUrlQuery5', 'zqProof6', 'zqProof7', 'zqUserInfo8']) assertNoSecret(r, secret);
    assert.equal(r.text.match(/^(GET|POST) /gm)?.length, commands.length);
    // Each request keeps the URL the command named, never a value of an option before it.
    assert.deepEqual(r.text.match(/^(?:GET|POST) \S+$/gm), [
      'GET /v23.0/me',
      'GET /v23.0/me',
      'GET /v23.0/me',
      'GET /v23.0/me?fields=id',
      'GET /v23.0/me?fields=id',
      'POST /v23.0/act_1/campaigns',
      'GET https://example.com/v23.0/me',
      'GET /v23.0/me',
    ]);
    assert.ok(r.notes.some((n) => n.includes('--oauth2-bearer (a bearer token) dropped')), r.notes.join('\n'));
    assert.ok(r.notes.some((n) => n.includes('the appsecret_proof query parameter was not copied')), r.notes.join('\n'));
    assert.ok(r.notes.some((n) => n.includes("the URL's user information was not copied")), r.notes.join('\n'));
  });

  it('never quotes a credential in a note: --option=value forms, an unknown option\'s value, a variable set before curl', () => {
    const r = convert(
      [
        'curl --oauth2-bearer=zqEqToken1 https://graph.facebook.com/v23.0/me',
        'curl --user=bob:zqEqPass2 --cookie=sid=zqEqCookie3 https://graph.facebook.com/v23.0/me',
        'curl --frobnicate=zqUnknown4 https://graph.facebook.com/v23.0/me',
        'TOKEN=zqPrefix5 curl https://graph.facebook.com/v23.0/me',
        'TOKEN=zqPrefix6 wget https://graph.facebook.com/v23.0/me',
      ].join('\n'),
    );
    for (const secret of ['zqEqToken1', 'zqEqPass2', 'zqEqCookie3', 'zqUnknown4', 'zqPrefix5', 'zqPrefix6']) assertNoSecret(r, secret);
    assert.equal(r.text.match(/^GET \/v23\.0\/me$/gm)?.length, 4, r.text);
    assert.ok(r.notes.some((n) => n.includes('--oauth2-bearer (a bearer token) dropped')), r.notes.join('\n'));
    assert.ok(r.notes.some((n) => n.includes('curl option --frobnicate ignored')), r.notes.join('\n'));
    assert.ok(r.notes.some((n) => n.includes('not a curl command (wget); skipped')), r.notes.join('\n'));
  });

  it('splits quoted words, escapes and continuations as a shell does', () => {
    assert.deepEqual(splitCommands(`curl -H "A: \\"b\\"" 'c d'\\\n  e\\ f\ncurl g`).map((c) => c.words), [
      ['curl', '-H', 'A: "b"', 'c d', 'e f'],
      ['curl', 'g'],
    ]);
    assert.deepEqual(splitCommands(`curl $'a\\nb\\x41\\u00e9'`)[0].words, ['curl', 'a\nbAé']);
  });

  it('says so when there is no curl command, and an unclosed quote is not a crash', () => {
    assert.deepEqual(convert('echo hi', 'curl').notes.slice(-1), ['no curl command found']);
    assert.match(convert(`curl 'https://graph.facebook.com/v23.0/me`, 'curl').text, /^GET \/v23\.0\/me$/m);
  });
});
