/**
 * Values read through built-in variables (`{{$processEnv GRAPHREQ_VAR_PROD_SECRET}}`,
 * `{{$dotenv GRAPHREQ_VAR_DEV_SECRET}}`) are the user's, often secrets: when a request puts one in a
 * parameter, neither `graphreq check` nor `graphreq send` may print it or write it in the workspace.
 * A variable graphreq may not read (`{{$processEnv GITHUB_TOKEN}}`, a request file comes with the
 * repository) and an environment value in the URL are refused before anything is sent. The built
 * CLI runs as a subprocess; the test greps everything.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { filesUnder, runCli, tempWorkspace } from './cliHelpers';

const PROD_SECRET = 'EAABprodSecretValue9931';
const DEV_SECRET = 'EAABdotenvSecretValue4242';
const OTHER_SECRET = 'ghp_notGraphreqButSecret77';

describe('values read through $processEnv and $dotenv', () => {
  const dirs: string[] = [];
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('are redacted in what check and send print and in every file they write; others are never read', async () => {
    const dir = tempWorkspace();
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, '.env'), `GRAPHREQ_VAR_DEV_SECRET=${DEV_SECRET}\nGITHUB_TOKEN=${OTHER_SECRET}\n`);
    fs.writeFileSync(
      path.join(dir, 'mistakes.graphreq'),
      [
        '### a value of the environment in a parameter',
        'POST /v23.0/120200000000000002/copies',
        '',
        'status_option={{$processEnv GRAPHREQ_VAR_PROD_SECRET}}',
        '',
        '### a .env value in a parameter',
        'POST /v23.0/120200000000000002/copies',
        '',
        'status_option={{$dotenv GRAPHREQ_VAR_DEV_SECRET}}',
        '',
        '### a secret of another tool, from the shell and from .env',
        'POST /v23.0/120200000000000002/copies',
        '',
        'status_option={{$processEnv GITHUB_TOKEN}}&rename_options={{$dotenv GITHUB_TOKEN}}',
        '',
        '### a .env value the emulator keeps',
        'POST /v23.0/act_1234567890/adsets',
        '',
        '{ "name": "{{$dotenv GRAPHREQ_VAR_DEV_SECRET}}", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }',
        '',
        '### an allowed value in the URL',
        'GET /v23.0/120200000000000002?fields=id&date_format={{$processEnv GRAPHREQ_VAR_PROD_SECRET}}',
        '',
      ].join('\n'),
    );
    const env = { GRAPHREQ_VAR_PROD_SECRET: PROD_SECRET, GITHUB_TOKEN: OTHER_SECRET };
    const check = await runCli(['check', 'mistakes.graphreq'], dir, env);
    const checkJson = await runCli(['check', 'mistakes.graphreq', '--format', 'json'], dir, env);
    const send = await runCli(['send', 'mistakes.graphreq', '--all'], dir, env);
    const sendJson = await runCli(['send', 'mistakes.graphreq', '--all', '--format', 'jsonl', '--out', 'out'], dir, env);
    // The first two did go (the emulator answered them, refusing the values), so the secrets passed through everything.
    assert.equal(send.stdout.match(/^HTTP 400 /gm)?.length, 2, send.stdout + send.stderr);
    assert.equal(send.stdout.match(/^HTTP 200 /gm)?.length, 1, send.stdout + send.stderr);
    // The ad set the emulator created is in its state file, named without the secret.
    assert.match(fs.readFileSync(path.join(dir, '.graphreq', 'emulator-state.json'), 'utf8'), /"name":"\[REDACTED\]"/);
    assert.match(check.stdout, /`\$processEnv` may not read GITHUB_TOKEN: name it GRAPHREQ_VAR_GITHUB_TOKEN, or list it in GRAPHREQ_TOKEN_VARIABLES/);
    assert.match(check.stdout, /`\$dotenv` may not read GITHUB_TOKEN/);
    assert.match(check.stdout, /REQ-ENV-IN-URL/);
    assert.match(send.stdout + send.stderr, /puts an environment value in the URL/);

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
      for (const secret of [PROD_SECRET, DEV_SECRET, OTHER_SECRET]) assert.ok(!text.includes(secret), `${secret} appears in ${where}`);
    }
    assert.match(send.stdout, /`status_option` does not take the text `\[REDACTED\]`/, 'the redaction shows where the secret was');
  });
});
