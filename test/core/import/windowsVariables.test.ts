/**
 * curl commands as Windows users paste them (issue 27's follow-up on import, noted by the userpath
 * session): cmd's `%VAR%` with `^` continuations and `set NAME=value`, PowerShell's `$env:VAR` with
 * backtick continuations and `$NAME = "value"`; the documents' `{app-id}` placeholders; and `-F`
 * fields of a GET, which curl sends as a GET only with `-X GET` (without it, `-F` makes a POST).
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertNoSecret, convert } from './importHelpers';

const TOKEN = 'EAAB-windows-secret-778899';

describe('import: Windows shells, placeholders, and -F of a GET', () => {
  it('reads cmd\'s %VAR%: set in the commands, its value; not set, a {{variable}}; a credential never copied', () => {
    const r = convert(`set PAGE_ID=1234567890
set ACCESS_TOKEN=${TOKEN}
curl -X POST "https://graph.facebook.com/v23.0/%PAGE_ID%/feed" ^
  -F "message=%GREETING%" ^
  -F "access_token=%ACCESS_TOKEN%"`);
    assert.match(r.text, /^POST \/v23\.0\/1234567890\/feed$/m);
    assert.deepEqual(JSON.parse(r.text.slice(r.text.indexOf('{'))), { message: '{{GREETING}}' });
    assert.ok(r.notes.some((n) => /^\$GREETING is not set in the commands: written \{\{GREETING\}\}/.test(n)), r.notes.join('\n'));
    assertNoSecret(r, TOKEN);
  });

  it('reads a one-line cmd command\'s %PAGE_ID% without taking a URL\'s percent-escapes for variables', () => {
    const r = convert('curl "https://graph.facebook.com/v23.0/%PAGE_ID%/feed?message=caf%C3%A9%E2%80%99s"');
    assert.match(r.text, /^GET \/v23\.0\/\{\{PAGE_ID\}\}\/feed\?message=café’s$/m);
  });

  it('reads PowerShell\'s $env:VAR and $NAME = "value", with backtick continuations', () => {
    const r = convert(`$PAGE_ID = "1234567890"
$env:GRAPH_VERSION = "v23.0"
curl.exe -X POST "https://graph.facebook.com/$env:GRAPH_VERSION/$PAGE_ID/feed" \`
  -F "message=$env:GREETING" \`
  -F "access_token=$env:ACCESS_TOKEN"`);
    assert.match(r.text, /^POST \/v23\.0\/1234567890\/feed$/m);
    assert.deepEqual(JSON.parse(r.text.slice(r.text.indexOf('{'))), { message: '{{GREETING}}' });
    assert.ok(!r.text.includes('env:'), r.text);
  });

  it('writes the documents\' {app-id} placeholders as {{variables}}, in the path and as whole values, and leaves field expansions alone', () => {
    const r = convert(`curl -X POST "https://graph.facebook.com/{graph-api-version}/act_{ad-account-id}/adsets?fields=id,adcreatives{name}" \\
  -F "campaign_id={campaign-id}" \\
  -F "name=Sale {2024}"`);
    assert.match(r.text, /^POST \/\{\{graph-api-version\}\}\/act_\{\{ad-account-id\}\}\/adsets\?fields=id,adcreatives\{name\}$/m);
    assert.deepEqual(JSON.parse(r.text.slice(r.text.indexOf('{', r.text.indexOf('\n\n')))), { campaign_id: '{{campaign-id}}', name: 'Sale {2024}' });
    assert.ok(r.notes.some((n) => /placeholders \{graph-api-version\}, \{ad-account-id\} written as variables/.test(n)), r.notes.join('\n'));
  });

  it('writes an .http file\'s {page-id} placeholders as {{variables}} too', () => {
    const r = convert('GET https://graph.facebook.com/v23.0/{page-id}/feed?fields=id,comments{message}\n', 'http');
    assert.match(r.text, /^GET \/v23\.0\/\{\{page-id\}\}\/feed\?fields=id,comments\{message\}$/m);
  });

  it('a GET with -F fields (curl -X GET -F) is a read with those fields in its query, no body; without -X GET, -F is a POST', () => {
    const get = convert(`curl -X GET -F 'fields=id,name' -F 'access_token=${TOKEN}' https://graph.facebook.com/v23.0/me/accounts`);
    assert.equal(get.text.trim().split('\n').filter((l) => !l.startsWith('# ')).join('\n'), '### GET /v23.0/me/accounts\nGET /v23.0/me/accounts?fields=id,name');
    assert.ok(get.notes.some((n) => /-F fields of a GET written in its query: fields/.test(n)), get.notes.join('\n'));
    assertNoSecret(get, TOKEN);
    const post = convert(`curl -F 'name=x' https://graph.facebook.com/v23.0/act_1/adsets`);
    assert.match(post.text, /^POST \/v23\.0\/act_1\/adsets$/m);
  });
});
