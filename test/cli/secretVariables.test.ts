/**
 * Tokens read through built-in variables (`{{$processEnv GRAPHREQ_PROD_TOKEN}}`,
 * `{{$dotenv GRAPHREQ_DEV_TOKEN}}`) are tokens all the same: when a request puts one where a token
 * does not go (a parameter, a header), neither `graphreq check` nor `graphreq send` may print it or
 * write it in the workspace. The built CLI runs as a subprocess; the test greps everything.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, tempWorkspace } from './cliHelpers';

const PROD_TOKEN = 'EAABprodSecretValue9931';
const DEV_TOKEN = 'EAABdotenvSecretValue4242';
const OTHER_SECRET = 'ghp_notGraphreqButSecret77';

function filesUnder(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else out.push([p, fs.readFileSync(p, 'utf8')]);
  }
  return out;
}

describe('secrets read through $processEnv and $dotenv', () => {
  const dirs: string[] = [];
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('are redacted in what check and send print and in every file they write', async () => {
    const dir = tempWorkspace();
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, '.env'), `GRAPHREQ_DEV_TOKEN=${DEV_TOKEN}\n`);
    // Three mistakes a user makes: each puts a secret where a token does not go.
    fs.writeFileSync(
      path.join(dir, 'mistakes.graphreq'),
      [
        '### prod token in a parameter',
        'GET /v23.0/t_100200300?fields=id&scopes={{$processEnv GRAPHREQ_PROD_TOKEN}}',
        '',
        '### .env token in a parameter',
        'GET /v23.0/t_100200300?fields=id&scopes={{$dotenv GRAPHREQ_DEV_TOKEN}}',
        '',
        '### a secret of another tool as an enum value',
        'POST /v23.0/act_1234567890/adsets',
        '',
        '{ "name": "x", "campaign_id": "120200000000000001", "daily_budget": 1000, "billing_event": "{{$processEnv GITHUB_TOKEN}}",',
        '  "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }',
        '',
      ].join('\n'),
    );
    const env = { GRAPHREQ_PROD_TOKEN: PROD_TOKEN, GITHUB_TOKEN: OTHER_SECRET };
    const check = await runCli(['check', 'mistakes.graphreq'], dir, env);
    const checkJson = await runCli(['check', 'mistakes.graphreq', '--format', 'json'], dir, env);
    const send = await runCli(['send', 'mistakes.graphreq', '--all'], dir, env);
    const sendJson = await runCli(['send', 'mistakes.graphreq', '--all', '--format', 'jsonl', '--out', 'out'], dir, env);
    // The requests did go (the emulator answered them, refusing the values), so the secrets passed through everything.
    assert.equal(send.stdout.match(/^HTTP 400 /gm)?.length, 3, send.stdout + send.stderr);
    assert.match(check.stdout, /billing_event/, 'check reported the enum value');

    const seen: Array<[string, string]> = [
      ['check stdout', check.stdout],
      ['check stderr', check.stderr],
      ['check --format json', checkJson.stdout],
      ['send stdout', send.stdout],
      ['send stderr', send.stderr],
      ['send jsonl', sendJson.stdout],
      ['send jsonl stderr', sendJson.stderr],
      ...filesUnder(dir).filter(([f]) => path.basename(f) !== '.env' && !f.endsWith('.graphreq')),
    ];
    for (const [where, text] of seen) {
      for (const secret of [PROD_TOKEN, DEV_TOKEN, OTHER_SECRET]) assert.ok(!text.includes(secret), `${secret} appears in ${where}`);
    }
    assert.match(send.stdout, /scopes=\[REDACTED\]/, 'the redaction shows where the secret was');
  });
});
