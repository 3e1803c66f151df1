import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { curlOf, curlWithPlaceholder, Redactor, REDACTED, renderCurl } from '../../client/src/redact';

const TOKEN = 'EAAB-secret-token-123';

test('known tokens and token-shaped values are masked everywhere', () => {
  const r = new Redactor();
  r.add(TOKEN);
  const trace = `[Trace] Sending request 'workspace/executeCommand - (4)'.\nParams: {"command":"graphreq.send","arguments":[{"uri":"file:///a.graphreq","index":0,"token":"${TOKEN}"}]}`;
  assert.ok(!r.redact(trace).includes(TOKEN));
  assert.equal(r.redact(`GET /v23.0/me?access_token=${encodeURIComponent('other+tok/en')}&fields=id`), `GET /v23.0/me?access_token=${REDACTED}&fields=id`);
  assert.equal(r.redact('{"token": "unknown-token-value"}'), `{"token": "${REDACTED}"}`);
  assert.equal(r.redact('Authorization: Bearer abc.def'), `Authorization: Bearer ${REDACTED}`);
  assert.equal(r.redact(`plain ${TOKEN} text`), `plain ${REDACTED} text`);
  assert.equal(r.redact('nothing secret here'), 'nothing secret here');
  // Short values would mask ordinary words: they are not remembered.
  r.add('abc');
  assert.equal(r.redact('abc'), 'abc');
});

test('redactValue masks strings deep inside a result', () => {
  const r = new Redactor();
  r.add(TOKEN);
  const v = r.redactValue({ url: `https://x/?access_token=${TOKEN}`, body: { echo: [TOKEN] } });
  assert.ok(!JSON.stringify(v).includes(TOKEN));
});

test('a copied curl command carries a shell placeholder, quoted so that the shell expands it', () => {
  const r = new Redactor();
  r.add(TOKEN);
  const curl = `curl -sS 'https://graph.example.com/v23.0/me?fields=id&access_token=${TOKEN}'`;
  const out = curlWithPlaceholder(curl, r);
  assert.equal(out, `curl -sS 'https://graph.example.com/v23.0/me?fields=id&access_token='"$GRAPHREQ_ACCESS_TOKEN"''`);
  assert.ok(!out.includes(TOKEN));
  assert.equal(curlWithPlaceholder(`curl "https://x/?access_token=${TOKEN}"`, r), 'curl "https://x/?access_token=$GRAPHREQ_ACCESS_TOKEN"');
  const rendered = renderCurl({ method: 'POST', url: `https://x/act_1/adsets?access_token=${TOKEN}`, headers: [['Accept-Language', 'en_US']], body: 'name=it\'s' }, r);
  assert.ok(!rendered.includes(TOKEN));
  assert.ok(rendered.startsWith("curl -sS -X POST -H 'Accept-Language: en_US' --data-binary 'name=it'\\''s'"), rendered);
});

test('redactValue keeps the structure of values whose strings hold quotes and backslashes', () => {
  const r = new Redactor();
  r.add(TOKEN);
  const curl = 'curl -sS -X POST --data-urlencode "access_token=${GRAPHREQ_ACCESS_TOKEN}" \'http://127.0.0.1:1/v23.0/act_1/adsets\'';
  const v = r.redactValue({ curl, list: [`a\\"b ${TOKEN}`], n: 1, nil: null });
  assert.equal(v.list[0], `a\\"b ${REDACTED}`);
  assert.equal(v.n, 1);
  assert.equal(v.nil, null);
  assert.ok(v.curl.includes('--data-urlencode'));
});

test('a known token is masked in every encoding: lowercase or uppercase percent-encoding, twice encoded, JSON-escaped', () => {
  const token = 'EAAB/secret+token=42';
  const r = new Redactor();
  r.add(token);
  const lower = encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
  for (const s of [token, encodeURIComponent(token), lower, encodeURIComponent(encodeURIComponent(token)), JSON.stringify(token).slice(1, -1).replace(/\//g, '\\/')]) {
    assert.equal(r.redact(`x ${s} y`), `x ${REDACTED} y`, s);
  }
  r.remove(token);
  assert.equal(r.redact(`x ${lower} y`), `x ${lower} y`);
});

test('a curl command whose token is read from the shell in an Authorization header stays a shell variable', () => {
  const r = new Redactor();
  const curl = `curl -sS 'https://graph.example.com/v23.0/me?fields=id' -H "Authorization: Bearer $GRAPHREQ_PROD_TOKEN"`;
  assert.equal(curlWithPlaceholder(curl, r), curl);
  assert.equal(r.redact('Authorization: Bearer EAABsecret123'), `Authorization: Bearer ${REDACTED}`);
});

test('a result reopened from the history: its stored curl is not copied, the command is built again with every word quoted', () => {
  const r = new Redactor();
  const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-curl-')), 'ran');
  const stored = { curl: `curl -sS https://x/me; touch ${marker}`, request: { method: `GET; touch ${marker}`, url: `https://x/me'; touch ${marker}; '`, headers: { 'X-A': `$(touch ${marker})` }, body: null } };
  const copied = curlOf(stored, true, r);
  assert.doesNotMatch(copied, /^curl -sS https:\/\/x\/me; touch/);
  // Read by a shell (printf standing for curl), each part is one word and nothing runs.
  const words = execFileSync('sh', ['-c', copied.replace(/^curl /, 'printf "%s\\n" ')], { encoding: 'utf8' }).split('\n').slice(0, -1);
  assert.deepEqual(words, ['-sS', '-X', `GET; touch ${marker}`, '-H', `X-A: $(touch ${marker})`, `https://x/me'; touch ${marker}; '`]);
  assert.equal(fs.existsSync(marker), false);
  // A result of this session keeps the server's command.
  assert.equal(curlOf({ ...stored, curl: 'curl -sS https://x/me' }, false, r), 'curl -sS https://x/me');
});
