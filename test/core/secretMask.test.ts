/**
 * Secrets are never shown where the editor shows variables' values (hover, inlay hints, completion
 * details): what `$processEnv` and `$dotenv` read, graphreq.env.json's variables and file variables,
 * when the name says secret, when it is the token's variable, when the value looks like a token, or
 * when the value holds one of those. Only the length is shown; ordinary values are shown as they are.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService, type EnvironmentSettings } from '../../server/src/core';
import { unmark } from '../helpers';

const ls = createLanguageService();

// Secrets with letters found nowhere else (`zq`), so that not even two of their characters can pass unseen.
const SESSION = 'zqSessionValue0001';
const TOKEN = 'EAABzqTokenValue0123456789abcdefgh';
const HEX = 'fe9d0123456789abcdef0123456789abcdef';
const APP_SECRET = 'zqAppSecretValue0002';
const CRED = 'zqCredentialValue003';

const env: EnvironmentSettings = {
  name: 'dev',
  variables: { app_secret: APP_SECRET, account: '1234567890', shape: TOKEN },
  processEnv: { GRAPHREQ_VAR_BUDGET: '2000', GRAPHREQ_VAR_PLAIN: HEX, MY_CRED: CRED, GRAPHREQ_ACCESS_TOKEN: 'zqPlainLookingValue' },
  dotenv: { GRAPHREQ_VAR_SESSION: SESSION },
  readableVariables: ['MY_CRED', 'GRAPHREQ_ACCESS_TOKEN'],
};

function assertNoSecret(shown: string): void {
  assert.ok(!/zq/i.test(shown) && !shown.includes(HEX.slice(0, 4)) && !shown.includes(HEX.slice(-4)), shown);
}

function hover(marked: string, e: EnvironmentSettings = env): string {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getHover(doc, cursor!, ls.fileContext(doc, e))?.contents ?? '';
}

function complete(marked: string, e: EnvironmentSettings = env) {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getCompletions(doc, cursor!, ls.fileContext(doc, e));
}

describe('secrets in hover, inlay hints and completion', () => {
  it('hover masks what $processEnv and $dotenv read when the name, the token variable or the value says secret, and shows the rest', () => {
    const session = hover('GET /v23.0/me\nX-A: {{$dotenv GRAPHREQ_VAR_SE‸SSION}}');
    assert.match(session, /Now: •••• \(secret, 18 characters\): not shown/);
    assert.match(hover('GET /v23.0/me\nX-A: {{$processEnv GRAPHREQ_VAR_PL‸AIN}}'), /Now: •••• \(secret, 36 characters\)/, 'a long hexadecimal value looks like a key');
    assert.match(hover('GET /v23.0/me\nX-A: {{$processEnv GRAPHREQ_ACC‸ESS_TOKEN}}'), /•••• \(secret/, 'the default token variable');
    assert.match(hover('GET /v23.0/me\nX-A: {{$processEnv MY_C‸RED}}', { ...env, accessTokenEnv: 'MY_CRED' }), /•••• \(secret/, "the environment's accessTokenEnv");
    assert.match(hover('GET /v23.0/me\nX-A: {{$processEnv GRAPHREQ_VAR_BU‸DGET}}'), /Now: `2000`/);
    for (const h of [session, hover('GET /v23.0/me\nX-A: {{$processEnv GRAPHREQ_VAR_PL‸AIN}}')]) assertNoSecret(h);
  });

  it("hover masks a file variable that holds a secret read elsewhere, and graphreq.env.json's secrets, without a character of them", () => {
    const text = '@auth = Bearer {{$dotenv GRAPHREQ_VAR_SESSION}}\n@h = {{$dotenv GRAPHREQ_VAR_SESSION}}\nGET /v23.0/me\nX-A: {{‸h}}\nX-B: {{au‸th}}\nX-C: {{app_se‸cret}}\nX-D: {{sh‸ape}}\nX-E: {{acc‸ount}}';
    const plain = text.replace(/‸/g, '');
    const shown: string[] = [];
    for (const word of ['{{h}}', '{{auth}}', '{{app_secret}}', '{{shape}}']) {
      const at = plain.indexOf(word, plain.indexOf('GET')) + 3;
      const doc = ls.parse(plain);
      const h = ls.getHover(doc, at, ls.fileContext(doc, env))?.contents ?? '';
      assert.match(h, /= •••• \(secret, \d+ characters\): not shown/, `${word}: ${h}`);
      shown.push(h);
    }
    assertNoSecret(shown.join('\n'));
    const doc = ls.parse(plain);
    assert.match(ls.getHover(doc, plain.indexOf('{{account}}') + 3, ls.fileContext(doc, env))?.contents ?? '', /= `1234567890`/);
  });

  it('inlay hints mask a file variable holding a $dotenv or $processEnv secret', () => {
    const text = '@h = {{$dotenv GRAPHREQ_VAR_SESSION}}\n@k = {{$processEnv GRAPHREQ_VAR_PLAIN}}\n@b = {{$processEnv GRAPHREQ_VAR_BUDGET}}\nGET /v23.0/me\nX-A: {{h}}\nX-B: {{k}}\nX-C: {{b}}\n';
    const doc = ls.parse(text);
    const got = ls.getInlayHints(doc, ls.fileContext(doc, env), { start: 0, end: text.length });
    assert.deepEqual(got.map((h) => h.label), ['= ••••', '= ••••', '= 2000']);
    assertNoSecret(JSON.stringify(got));
  });

  it('completion details mask the secrets of $processEnv, $dotenv, graphreq.env.json and the file', () => {
    const names = complete('GET /v23.0/me\nX-A: {{$processEnv ‸', { ...env, accessTokenEnv: 'MY_CRED' });
    assert.deepEqual(names.map((i) => [i.label, i.detail]), [
      ['GRAPHREQ_ACCESS_TOKEN', '•••• (secret, 19 characters)'],
      ['GRAPHREQ_VAR_BUDGET', '2000'],
      ['GRAPHREQ_VAR_PLAIN', '•••• (secret, 36 characters)'],
      ['MY_CRED', '•••• (secret, 20 characters)'],
    ]);
    const dotenv = complete('GET /v23.0/me\nX-A: {{$dotenv ‸');
    assert.deepEqual(dotenv.map((i) => i.detail), ['•••• (secret, 18 characters)']);
    const vars = complete('@password = zqPlainLookingValue\nGET /v23.0/me\nX-A: {{‸');
    assert.equal(vars.find((i) => i.label === 'app_secret')?.detail, '•••• (secret, 20 characters) (environment dev)');
    assert.equal(vars.find((i) => i.label === 'password')?.detail, '•••• (secret, 19 characters)');
    assert.equal(vars.find((i) => i.label === 'account')?.detail, '1234567890 (environment dev)');
    assertNoSecret(JSON.stringify([names, dotenv, vars]));
  });
});

describe('secrets in findings', () => {
  it('a finding never quotes a secret $processEnv or $dotenv read, nor one of graphreq.env.json or the file', () => {
    const text = [
      '@password = zqPasswordValue99',
      'POST /v23.0/act_1234567890/adsets',
      '',
      '{ "name": "x", "campaign_id": "{{$dotenv GRAPHREQ_VAR_SESSION}}", "daily_budget": "{{$processEnv GRAPHREQ_VAR_BUDGET}}x", "billing_event": "{{app_secret}}", "optimization_goal": "{{password}}", "bid_strategy": "{{$processEnv GRAPHREQ_VAR_PLAIN}}" }',
    ].join('\n');
    const doc = ls.parse(text);
    const findings = ls.validate(doc, env);
    const quoting = findings.filter((f) => /\[REDACTED\]/.test(f.message));
    assert.ok(quoting.length >= 4, JSON.stringify(findings.map((f) => f.message)));
    assertNoSecret(JSON.stringify(findings));
    // A value the hover shows is quoted as it is: redacting `2000` would redact it in every message.
    assert.ok(JSON.stringify(findings).includes('`2000x`'), JSON.stringify(findings));
  });

  it("a quick fix's title never quotes a secret the finding's message redacts, nor a token written in an httpYac assertion", () => {
    // `TARGET_COST` is the file's secret here (its variable's name says key): the finding's message
    // redacts it, and the fix's title (`Replace \`…\` with \`COST_CAP\``) quoted it.
    const text = [
      '@bid_key = TARGET_COST',
      'POST /v23.0/act_1234567890/adsets',
      '',
      '{ "name": "x", "campaign_id": "1", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "bid_strategy": "TARGET_COST", "bid_amount": 100, "bid_note": "{{bid_key}}" }',
      `?? body token == ${TOKEN}`,
    ].join('\n');
    const doc = ls.parse(text);
    const findings = ls.validate(doc, env);
    const titles = findings.flatMap((f) => (f.fixes ?? []).map((x) => x.title));
    assert.ok(titles.some((t) => t.startsWith('Replace `[REDACTED]` with `COST_CAP`')), JSON.stringify(titles));
    assert.ok(titles.some((t) => t.startsWith('Change to `# @expect body.token == [REDACTED]')), JSON.stringify(titles));
    assert.ok(!titles.join('\n').includes('TARGET_COST'), JSON.stringify(titles));
    // Not even the first characters of the token (a message cut at 40 characters kept 20 of them).
    assert.ok(!JSON.stringify(findings.map((f) => [f.message, f.detail, ...(f.fixes ?? []).map((x) => x.title)])).includes(TOKEN.slice(0, 8)), JSON.stringify(findings.map((f) => f.message)));
    // The edits still write what the fix means: the file's own text is the user's to change.
    assert.ok(findings.some((f) => (f.fixes ?? []).some((x) => x.edits.some((e) => e.newText.includes(TOKEN)))));
  });
});
