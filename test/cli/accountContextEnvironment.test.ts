/**
 * `graphreq check --context` against an environment with a base URL (a recording server on
 * loopback): the ids the files need are read with one batched GET per kind (`ids=`), each id counted
 * as a call, at most the environment's `context.callsPerHour` an hour; the answers are cached in
 * .graphreq/ and used again without a call; without --context nothing is sent and the rules say what
 * is unknown; the token goes in the Authorization header only and is written nowhere.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { localServer } from '../send/sendHelpers';
import { runCli } from './cliHelpers';

const TOKEN = 'EAAcontexttoken0123456789abcdef';
const FILE = `POST /v23.0/act_42/adsets

{ "name": "a", "campaign_id": "777", "daily_budget": 1000, "billing_event": "IMPRESSIONS", "optimization_goal": "LINK_CLICKS", "targeting": { "geo_locations": { "countries": ["US"] } } }

###
POST /v23.0/act_42/adsets

{ "name": "b", "campaign_id": "778", "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } } }
`;

describe('check --context with an environment', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-cli-envcontext-'));
  // The environment's base URL is the repository's: each workspace's (origin, token) pair is confirmed with --trust-origin, remembered here.
  const USER_ENV = { GRAPHREQ_ACCESS_TOKEN: TOKEN, GRAPHREQ_CONFIG_DIR: path.join(root, 'config') };
  let server: Awaited<ReturnType<typeof localServer>>;
  before(async () => {
    server = await localServer((req, _body, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      const answer: Record<string, unknown> = {};
      for (const id of ids) {
        if (id === '777') answer[id] = { id, objective: 'OUTCOME_AWARENESS', buying_type: 'AUCTION', bid_strategy: 'LOWEST_COST_WITHOUT_CAP' };
        if (id === '778') answer[id] = { id, objective: 'OUTCOME_AWARENESS', buying_type: 'AUCTION' };
        if (id === 'act_42') answer[id] = { id, currency: 'EUR' };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  after(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function workspace(name: string, callsPerHour: number): string {
    const dir = path.join(root, name);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ prod: { baseUrl: server.url, context: { callsPerHour } } }));
    fs.writeFileSync(path.join(dir, 'sets.graphreq'), FILE);
    return dir;
  }

  const codes = (stdout: string) => (JSON.parse(stdout) as Array<{ code: string; range: { start: { line: number } } }>).map((f) => `${f.code}@${f.range.start.line + 1}`);

  it('reads nothing without --context, and says what is unknown', async () => {
    const dir = workspace('plain', 10);
    const before = server.requests.length;
    const run = await runCli(['check', '--env', 'prod', '--format', 'json', 'sets.graphreq'], dir, USER_ENV);
    assert.equal(server.requests.length, before, 'no call');
    assert.deepEqual(codes(run.stdout), ['ADSET-CAMPAIGN-UNKNOWN@3', 'ADSET-CAMPAIGN-UNKNOWN@8']);
  });

  it('reads the campaigns and the account with one call per kind, counts each id, caches them, and never writes the token', async () => {
    const dir = workspace('read', 10);
    const before = server.requests.length;
    const run = await runCli(['check', '--env', 'prod', '--context', '--trust-origin', '--format', 'json', 'sets.graphreq'], dir, USER_ENV);
    const made = server.requests.slice(before);
    assert.deepEqual(made.map((r) => r.method), ['GET', 'GET']);
    assert.equal(made[0].url, '/v23.0/?ids=777,778&fields=objective,buying_type,daily_budget,lifetime_budget,bid_strategy');
    assert.equal(made[1].url, '/v23.0/?ids=act_42&fields=currency,default_dsa_payor,default_dsa_beneficiary');
    assert.equal(made[0].headers.authorization, `Bearer ${TOKEN}`, 'the token goes in the header, to the chosen base URL');
    assert.deepEqual(codes(run.stdout), ['ADSET-GOAL-FOR-OBJECTIVE@3', 'ADSET-BUDGET-POSITIVE@6']);
    const goal = (JSON.parse(run.stdout) as Array<{ detail?: string }>)[0];
    assert.match(goal.detail ?? '', /objective OUTCOME_AWARENESS, read from the service of environment prod/);
    assert.match(run.stderr, /account context of http:\/\/127\.0\.0\.1:\d+: 3 calls now, 3 of 10 this hour/);

    const again = await runCli(['check', '--env', 'prod', '--context', '--trust-origin', '--format', 'json', 'sets.graphreq'], dir, USER_ENV);
    assert.equal(server.requests.length, before + 2, 'the cache is used: no call the second time');
    assert.deepEqual(codes(again.stdout), codes(run.stdout));
    assert.match(again.stderr, /0 calls now, 3 of 10 this hour/);
    // The editor without reading on, and check without --context, see the same cached context.
    const cached = await runCli(['check', '--env', 'prod', '--format', 'json', 'sets.graphreq'], dir, USER_ENV);
    assert.deepEqual(codes(cached.stdout), codes(run.stdout));
    // The forecast of a run counts the reads of the hour in the app's use; it sends nothing.
    const dry = await runCli(['send', 'sets.graphreq', '--all', '--dry-run', '--env', 'prod'], dir, USER_ENV);
    assert.match(dry.stdout, /^ {2}account context: 3 calls this hour \(of 10 allowed\), counted in the app's use$/m);
    assert.equal(server.requests.length, before + 2);

    for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
      const p = path.join(dir, name);
      if (fs.statSync(p).isFile()) assert.ok(!fs.readFileSync(p, 'utf8').includes(TOKEN), `${name} holds no token`);
    }
    assert.ok(fs.existsSync(path.join(dir, '.graphreq', 'account-context.json')));
  });

  it('never makes more calls an hour than the environment allows', async () => {
    const dir = workspace('limited', 2);
    const before = server.requests.length;
    const run = await runCli(['check', '--env', 'prod', '--context', '--trust-origin', '--format', 'json', 'sets.graphreq'], dir, USER_ENV);
    const made = server.requests.slice(before);
    assert.deepEqual(made.map((r) => r.url), ['/v23.0/?ids=777,778&fields=objective,buying_type,daily_budget,lifetime_budget,bid_strategy']);
    assert.match(run.stderr, /2 calls now, 2 of 2 this hour; 1 id not read/);
    await runCli(['check', '--env', 'prod', '--context', '--trust-origin', '--format', 'json', 'sets.graphreq'], dir, USER_ENV);
    assert.equal(server.requests.length, before + 1, 'the allowance is spent for the hour: the account is not read');
  });

  it('reads with the version the requests use: `/{{version}}/` of the environment, else its defaultVersion, not graphreq\'s latest', async () => {
    const dir = path.join(root, 'versions');
    fs.mkdirSync(dir);
    // The usual environment: the version is a variable every request writes in its path.
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ $shared: { version: 'v22.0' }, prod: { baseUrl: server.url, context: { callsPerHour: 10 } }, unversioned: { baseUrl: server.url, defaultVersion: 'v21.0' } }));
    fs.writeFileSync(path.join(dir, 'sets.graphreq'), FILE.replaceAll('/v23.0/', '/{{version}}/'));
    const before = server.requests.length;
    await runCli(['check', '--env', 'prod', '--context', '--trust-origin', '--format', 'json', 'sets.graphreq'], dir, USER_ENV);
    assert.deepEqual(server.requests.slice(before).map((r) => r.url.split('?')[0]), ['/v22.0/', '/v22.0/']);
    // Requests without a version take the environment's defaultVersion: so do the reads.
    fs.writeFileSync(path.join(dir, 'plain.graphreq'), FILE.replaceAll('/v23.0/', '/'));
    const next = server.requests.length;
    await runCli(['check', '--env', 'unversioned', '--context', '--trust-origin', '--format', 'json', 'plain.graphreq'], dir, USER_ENV);
    assert.deepEqual(server.requests.slice(next).map((r) => r.url.split('?')[0]), ['/v21.0/', '/v21.0/']);
  });

  it('turns off with --no-context', async () => {
    const dir = workspace('off', 10);
    const run = await runCli(['check', '--env', 'prod', '--no-context', '--format', 'json', 'sets.graphreq'], dir, USER_ENV);
    assert.deepEqual(codes(run.stdout), []);
  });
});
