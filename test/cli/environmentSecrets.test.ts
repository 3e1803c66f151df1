/**
 * Secrets besides the token and what `$processEnv`/`$dotenv` read: graphreq.env.json's variables
 * that are secrets by name (`app_secret`) or shape, the file's (`@password = …`), and a token of the
 * service's shape written in any header. A local service echoes every header back, in its body and
 * in a response header, as a debugging proxy or a misbehaving service does; neither `send` (text,
 * JSON, `--out`), `test` (text, JSON and JUnit reports, snapshots) nor `check` may show them, and no
 * file graphreq writes may hold them. Everything printed and written is grepped.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { localServer } from '../send/sendHelpers';
import { filesUnder, runCli, tempWorkspace } from './cliHelpers';

const APP_SECRET = 'zqAppSecretFromEnvJson01';
const SHAPED = 'QVFIUnpxU2hhcGVkVmFsdWUwMTIzNDU2';
const PASSWORD = 'zqPasswordInTheFile02';
const LITERAL = 'EAABzqLiteralInAHeader0123456789';
const TOKEN = 'EAABzqTheRealToken0123456789abcdef';
const SECRETS = [APP_SECRET, SHAPED, PASSWORD, LITERAL, TOKEN];

function assertNone(where: string, text: string): void {
  for (const s of SECRETS) assert.ok(!text.includes(s) && !text.includes(s.slice(4, 16)), `${where} shows ${s}:\n${text}`);
}

describe("graphreq.env.json's and the file's secrets", () => {
  let service: Awaited<ReturnType<typeof localServer>>;
  let dir: string;
  let config: string;
  before(async () => {
    config = tempWorkspace();
    // Echoes the request's headers and body, and one header back as a response header.
    service = await localServer((req, body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Echo': String(req.headers['x-app'] ?? '') });
      res.end(JSON.stringify({ id: '1', headers: req.headers, body }));
    });
    dir = tempWorkspace();
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ $shared: { app_secret: APP_SECRET, shaped: SHAPED, account: '1234567890' }, rec: { baseUrl: service.url } }));
    const request = [
      `@password = ${PASSWORD}`,
      '',
      '### echo',
      '# @name echo',
      '# @expect status 200',
      '# @expect body.headers.x-app "nope"',
      '# @expect body matches snapshot',
      'POST /v23.0/act_{{account}}/adsets',
      'X-App: {{app_secret}}',
      'X-Shaped: {{shaped}}',
      `X-Literal: ${LITERAL}`,
      '',
      '{ "name": "{{password}}" }',
      '',
    ].join('\n');
    fs.writeFileSync(path.join(dir, 'echo.graphreq'), request);
    fs.writeFileSync(path.join(dir, 'bad.graphreq'), '### refused\nPOST /v23.0/act_1234567890/adsets\n\n{ "name": "x", "billing_event": "{{app_secret}}" }\n');
  });
  after(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(config, { recursive: true, force: true });
  });

  it('are redacted in what send, test and check print and in every file they write', async () => {
    // The repository's base URL gets the token once the pair is confirmed (the records in the test's own folder).
    const env = { GRAPHREQ_ACCESS_TOKEN: TOKEN, GRAPHREQ_CONFIG_DIR: config };
    const runs = [
      await runCli(['send', 'echo.graphreq', '--all', '--env', 'rec', '--trust-origin', '--output', 'exchange', '--out', 'out'], dir, env),
      await runCli(['send', 'echo.graphreq', '--all', '--env', 'rec', '--trust-origin', '--format', 'json'], dir, env),
      await runCli(['test', 'echo.graphreq', '--env', 'rec', '--trust-origin', '--update-snapshots'], dir, env),
      await runCli(['test', 'echo.graphreq', '--env', 'rec', '--trust-origin', '--output', 'exchange', '--reporter', 'junit', '--out', 'report.xml'], dir, env),
      await runCli(['test', 'echo.graphreq', '--env', 'rec', '--trust-origin', '--format', 'json', '--reporter', 'json', '--out', 'report.json'], dir, env),
      await runCli(['check', 'bad.graphreq', '--format', 'json'], dir, env),
      await runCli(['check', 'bad.graphreq'], dir, env),
    ];
    // The secrets did go, and came back: the echo is where a leak would show.
    assert.ok(service.requests.length >= 5, String(service.requests.length));
    assert.equal(service.requests[0].headers['x-app'], APP_SECRET);
    assert.equal(service.requests[0].headers['x-literal'], LITERAL);
    assert.match(runs[0].stdout, /x-echo: \[REDACTED\]/);
    assert.match(runs[5].stdout, /billing_event/);
    for (const [i, r] of runs.entries()) assertNone(`run ${i}`, r.stdout + r.stderr);
    const written = filesUnder(dir).filter(([p]) => !p.endsWith('.graphreq') && !p.endsWith('graphreq.env.json'));
    for (const part of ['out', '.graphreq-history', 'echo.snap.json', 'report.xml', 'report.json', 'responses.json']) assert.ok(written.some(([p]) => p.includes(part)), `${part} written`);
    for (const [p, text] of written) assertNone(p, text);
  });

  it("are kept out of the embedded emulator's state, as what $processEnv and $dotenv read is", async () => {
    const own = tempWorkspace();
    try {
      fs.writeFileSync(path.join(own, 'graphreq.env.json'), JSON.stringify({ $shared: { app_secret: APP_SECRET } }));
      const body = { name: `{{app_secret}} {{password}} ${LITERAL}`, campaign_id: '120200000000000001', daily_budget: 2000, billing_event: 'IMPRESSIONS', optimization_goal: 'REACH', targeting: { geo_locations: { countries: ['US'] } }, status: 'PAUSED' };
      fs.writeFileSync(path.join(own, 'create.graphreq'), `@password = ${PASSWORD}\n### create\nPOST /v23.0/act_1234567890/adsets\n\n${JSON.stringify(body)}\n`);
      const run = await runCli(['send', 'create.graphreq', '--all', '--format', 'json'], own);
      assert.match(run.stdout, /"status": 200/, run.stdout + run.stderr);
      const state = fs.readFileSync(path.join(own, '.graphreq', 'emulator-state.json'), 'utf8');
      assert.match(state, /"name":"\[REDACTED\] \[REDACTED\] \[REDACTED\]"/);
      assertNone('run', run.stdout + run.stderr);
      for (const [p, text] of filesUnder(own).filter(([f]) => !f.endsWith('.graphreq') && !f.endsWith('graphreq.env.json'))) assertNone(p, text);
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
