/**
 * `graphreq test` as a user and a CI job run it: the built CLI in a subprocess. The example
 * collection (examples/contract.graphreq) runs against the embedded emulator; the JUnit report is
 * validated against the two schemas CI systems read (test/fixtures/junit/); snapshots are written
 * only when asked, masked, and never with a token in them.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { validateXML } from 'xmllint-wasm';
import { copyExamples } from '../examples';
import { localServer } from '../send/sendHelpers';
import { runCli, tempWorkspace } from './cliHelpers';

const fixtures = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'junit');
const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const keep = (d: string): string => {
  dirs.push(d);
  return d;
};

/** Validates `xml` against both JUnit schemas; returns the errors of each (empty when valid). */
async function junitErrors(xml: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const xsd of ['windyroad-JUnit.xsd', 'jenkins-junit-10.xsd']) {
    const r = await validateXML({ xml: { fileName: 'report.xml', contents: xml }, schema: { fileName: xsd, contents: fs.readFileSync(path.join(fixtures, xsd), 'utf8') } });
    out[xsd] = r.errors.map((e) => e.rawMessage);
  }
  return out;
}

const NO_ERRORS = { 'windyroad-JUnit.xsd': [], 'jenkins-junit-10.xsd': [] };

/** A workspace with one request file (and no environment file). */
function workspace(text: string, name = 'api.graphreq'): { dir: string; file: string } {
  const dir = keep(tempWorkspace('graphreq-test-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return { dir, file };
}

describe('graphreq test', () => {
  it('runs the example collection against the embedded emulator, twice in one workspace, and reports every expectation', async () => {
    const dir = keep(copyExamples({ env: true }));
    const first = await runCli(['test', '.'], dir);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.match(first.stderr, /^21 tests: 21 passed, 0 failed \(38 expectations, 0 failed; /m);
    assert.match(first.stdout, /^PASS contract\.graphreq:\d+ DSA: an account without defaults refuses an EU ad set that names no payor \(\d+ ms\)\n {2}✓ refused ADSET-DSA-REQUIRED \(error 100\/3858079\)\n {2}✓ error\.code 100\n {2}✓ error\.subcode 3858079\n/m);
    assert.match(first.stdout, /^PASS contract\.graphreq:\d+ The 11th read of the URL within the hour is refused/m);
    assert.match(first.stdout, /✓ body matches snapshot/);
    // The session lasts (.graphreq/ of the workspace): a second run creates new objects, reads a new URL, and passes again.
    const second = await runCli(['test', 'contract.graphreq', '--no-color'], dir);
    assert.equal(second.code, 0, second.stdout + second.stderr);
    // The last result of each test is kept for the editor's CodeLens.
    const results = JSON.parse(fs.readFileSync(path.join(dir, '.graphreq', 'test-results.json'), 'utf8')) as { files: Record<string, Record<string, { passed: boolean; summary: string }>> };
    assert.equal(results.files['contract.graphreq'].readCopy.passed, true);
    assert.equal(results.files['contract.graphreq'].readCopy.summary, 'all 3 expectations passed');
    assert.deepEqual(fs.readFileSync(path.join(dir, 'contract.snap.json'), 'utf8'), fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'examples', 'contract.snap.json'), 'utf8'), 'a run without --update-snapshots writes nothing');
  });

  it('fails with expected and actual, exits 1, and writes a JUnit report valid against both CI schemas', async () => {
    const { dir } = workspace(`### Read a thread
# @name thread
GET /v23.0/t_100200300?fields=id,messages.limit(2)
# @expect status 200
# @expect body.messages.data.length 3
# @expect body.id "t_100200300"

### A request without expectations is no test
GET /v23.0/t_100200300?fields=id

### Refused & "quoted" <xml>
POST /v23.0/act_1/adsets

{ "name": "x" }
# @expect refused ADSET-CAMPAIGN
# @expect time < 0
`);
    const r = await runCli(['test', '.', '--reporter', 'junit', '--out', 'reports/junit.xml'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^FAIL api\.graphreq:3 Read a thread \[thread\] \(\d+ ms\)\n {2}✓ status 200\n {2}✗ body\.messages\.data\.length 3 \(api\.graphreq:5\)\n {6}Expected 3, got 2\.\n {2}✓ body\.id "t_100200300"\n/m);
    assert.match(r.stdout, /✓ refused ADSET-CAMPAIGN/);
    assert.match(r.stderr, /^2 tests: 0 passed, 2 failed \(5 expectations, 2 failed; /m);
    const xml = fs.readFileSync(path.join(dir, 'reports', 'junit.xml'), 'utf8');
    assert.deepEqual(await junitErrors(xml), NO_ERRORS);
    assert.match(xml, /<testsuite name="api\.graphreq" package="api\.graphreq" id="0" tests="2" failures="2" errors="0" skipped="0" /);
    assert.match(xml, /<testcase name="Refused &amp; &quot;quoted&quot; &lt;xml&gt; \(line 12\)" classname="api\.graphreq" time="[\d.]+">\n {6}<failure message="line 16: time &lt; 0: Expected &lt; 0, got \d+\." type="expectation">/);
    assert.ok(!xml.includes('demo-token'));
    // Without --out the report goes to stdout, alone: the results go to stderr.
    const piped = await runCli(['test', '.', '--reporter', 'junit'], dir);
    assert.equal(piped.code, 1, piped.stderr);
    assert.match(piped.stdout, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites[ >]/);
    assert.deepEqual(await junitErrors(piped.stdout), NO_ERRORS);
    assert.match(piped.stderr, /^FAIL api\.graphreq:3 Read a thread/m);
    assert.match(piped.stderr, /^2 tests: 0 passed, 2 failed/m);
    const json = await runCli(['test', '.', '--reporter', 'json'], dir);
    assert.equal(json.code, 1, json.stderr);
    const report = JSON.parse(json.stdout) as { summary?: unknown; tests?: Array<{ status: string }> };
    assert.deepEqual(report.tests?.map((t) => t.status), ['failed', 'failed']);
    assert.match(json.stderr, /^FAIL api\.graphreq:3 Read a thread/m);
  });

  it('--bail stops at the first failing test; the rest are not run, and skipped in JUnit', async () => {
    const { dir } = workspace(`### one
GET /v23.0/t_100200300?fields=id
# @expect status 404

### two
GET /v23.0/t_100200300?fields=id
# @expect status 200
`);
    const r = await runCli(['test', 'api.graphreq', '--bail', '--reporter', 'junit', '--out', 'junit.xml'], dir);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^FAIL api\.graphreq:2 one/m);
    assert.match(r.stdout, /^NOT RUN api\.graphreq:6 two\n {2}- not run: the run stopped before it\n/m);
    // The stop message counts what the summary counts.
    assert.match(r.stderr, /^graphreq test: stopped at the first failing test \(--bail\); 1 test not run$/m);
    assert.match(r.stderr, /^2 tests: 0 passed, 1 failed, 1 not run /m);
    const xml = fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8');
    assert.deepEqual(await junitErrors(xml), NO_ERRORS);
    assert.match(xml, /<skipped message="not run: the run stopped before it"\/>/);
  });

  it('a test whose request is refused before it leaves is NOT SENT, counted apart from failures, and a JUnit error', async () => {
    const { dir } = workspace(`### elsewhere
GET https://graph.example.invalid/v23.0/me?fields=id
# @expect status 200

### undefined
GET /v23.0/{{nope}}?fields=id
# @expect status 200

### answered
GET /v23.0/t_100200300?fields=id
# @expect status 201
`);
    const r = await runCli(['test', 'api.graphreq', '--reporter', 'junit', '--out', 'junit.xml'], dir);
    assert.equal(r.code, 1, r.stderr);
    // Each says once why it was not sent, as `graphreq send` does; no expectation is held against an answer that never came.
    assert.match(r.stdout, /^NOT SENT api\.graphreq:2 elsewhere\n {2}✗ not sent: the request is written for https:\/\/graph\.example\.invalid, but the access token goes only to the base URL's origin/m);
    assert.match(r.stdout, /^NOT SENT api\.graphreq:6 undefined\n {2}✗ not sent: `\{\{nope\}\}` is not defined/m);
    assert.doesNotMatch(r.stdout, /No response to check/);
    assert.match(r.stdout, /^FAIL api\.graphreq:10 answered/m);
    assert.match(r.stderr, /^3 tests: 0 passed, 1 failed, 2 not sent /m);
    assert.match(r.stderr, /^ {2}failed: answered \(api\.graphreq:10\)$/m);
    assert.match(r.stderr, /^ {2}not sent: elsewhere \(api\.graphreq:2\), undefined \(api\.graphreq:6\)$/m);
    const xml = fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8');
    assert.deepEqual(await junitErrors(xml), NO_ERRORS);
    assert.match(xml, /tests="3" failures="1" errors="2" skipped="0"/);
    assert.match(xml, /<testcase name="elsewhere \(line 2\)"[^>]*>\n {6}<error message="not sent: the request is written for https:\/\/graph\.example\.invalid[^"]*" type="not-sent">/);
    assert.equal((xml.match(/<failure /g) ?? []).length, 1);
    const json = await runCli(['test', 'api.graphreq', '--reporter', 'json'], dir);
    const report = JSON.parse(json.stdout) as { summary: { failed: number; notSent: number }; tests: Array<{ status: string }> };
    assert.deepEqual(report.tests.map((t) => t.status), ['not-sent', 'not-sent', 'failed']);
    assert.deepEqual([report.summary.failed, report.summary.notSent], [1, 2]);
  });

  it('JSON objects and lists as values: deep equality, contains by members, the first difference; a broken one is not evaluated', async () => {
    const { dir } = workspace(`### Create an ad set in two countries
# @name create
# @expect status 200
POST /v23.0/act_1000000001/adsets

{
  "name": "Two countries",
  "campaign_id": "120200000000000001",
  "daily_budget": 2000,
  "billing_event": "IMPRESSIONS",
  "optimization_goal": "REACH",
  "targeting": { "geo_locations": { "countries": ["DE", "FR"] } },
  "status": "PAUSED"
}

### Read it back
# @name read
GET /v23.0/{{create.response.body.id}}?fields=id,daily_budget,targeting
# @expect body.targeting.geo_locations.countries == ["DE","FR"]
# @expect body.targeting.geo_locations == { "countries": ["DE", "FR"] }
# @expect body.targeting contains {"geo_locations": {"countries": ["DE", "FR"]}}
# @expect body.targeting.geo_locations.countries != ["FR", "DE"]

### A thread's messages
# @name thread
GET /v23.0/t_100200300?fields=messages.limit(2)
# @expect body.messages.data contains {"id": "m_100200307"}
# @expect body.messages.data[0].from == {"id": 5550001, "name": "Alex Example"}
# @expect body.messages.data[0].from == {"id": "5550001"}
# @expect body.messages.data contains {"id": "m_1",}
`);
    const r = await runCli(['test', 'api.graphreq', '--no-color'], dir);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^PASS api\.graphreq:18 Read it back \[read\] \(\d+ ms\)\n {2}✓ body\.targeting\.geo_locations\.countries == \["DE","FR"\]\n {2}✓ body\.targeting\.geo_locations == \{ "countries": \["DE", "FR"\] \}\n {2}✓ body\.targeting contains \{"geo_locations": \{"countries": \["DE", "FR"\]\}\} \(\{"geo_locations":\{"countries":\["DE","FR"\]\}\}\)\n {2}✓ body\.targeting\.geo_locations\.countries != \["FR", "DE"\] \(\["DE","FR"\]\)\n/m);
    assert.match(r.stdout, /^FAIL api\.graphreq:26 A thread's messages \[thread\] \(\d+ ms\)\n {2}✓ body\.messages\.data contains \{"id": "m_100200307"\} \(\[\{"id":"m_100200307",.*\)\n {2}✓ body\.messages\.data\[0\]\.from == \{"id": 5550001, "name": "Alex Example"\}\n {2}✗ body\.messages\.data\[0\]\.from == \{"id": "5550001"\} \(api\.graphreq:29\)\n {6}Expected == \{"id": "5550001"\}, got \{"id":"5550001","name":"Alex Example"\} \(body\.messages\.data\[0\]\.from\.name is not expected\)\.\n {2}✗ body\.messages\.data contains \{"id": "m_1",\} \(api\.graphreq:30\)\n {6}Not evaluated: Not JSON: JSON has no comma before a closing bracket/m);
    // `graphreq check` reports the broken value where it breaks (line 30, the closing brace).
    const check = await runCli(['check', 'api.graphreq', '--format', 'json'], dir);
    assert.equal(check.code, 1);
    const findings = (JSON.parse(check.stdout) as Array<{ code: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }>).filter((f) => f.code === 'SYNTAX-EXPECT');
    assert.deepEqual(findings.map((f) => [f.range.start.line, f.range.start.character, f.range.end.character]), [[29, 51, 52]]);
  });

  it('--format json: one report with every expectation', async () => {
    const { dir } = workspace('GET /v23.0/t_100200300?fields=messages\n# @expect body.messages.data.length >= 5\n# @expect usage.buc.msgr.call_count < 100\n');
    const r = await runCli(['test', 'api.graphreq', '--format', 'json'], dir);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { summary: Record<string, number>; tests: Array<Record<string, unknown> & { expectations: Array<Record<string, unknown>> }> };
    assert.equal(report.summary.tests, 1);
    assert.equal(report.summary.passed, 1);
    assert.equal(report.tests[0].status, 'passed');
    assert.equal(report.tests[0].httpStatus, 200);
    assert.deepEqual(report.tests[0].expectations[0], { line: 2, text: 'body.messages.data.length >= 5', passed: true, expected: '>= 5', actual: '7', message: null });
  });

  it('a missing snapshot fails; --update-snapshots writes it masked and token-free; a change is shown at its first difference', async () => {
    const TOKEN = 'EAAsnapshotSecret0123456789abcdef';
    let name = 'First';
    const srv = await localServer((_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: '120200000000000123', name, created_time: '2026-05-01T10:00:00+0000', echo: TOKEN, paging: { next: `https://graph.example.com/next?access_token=${TOKEN}` } }));
    });
    try {
      const { dir } = workspace('GET /v23.0/120200000000000123?fields=id,name,created_time\n# @expect body matches snapshot\n');
      const env = { GRAPHREQ_ACCESS_TOKEN: TOKEN };
      const missing = await runCli(['test', 'api.graphreq', '--base-url', srv.url], dir, env);
      assert.equal(missing.code, 1);
      assert.match(missing.stdout, /No snapshot of body yet: run graphreq test --update-snapshots to write it\./);
      assert.ok(!fs.existsSync(path.join(dir, 'api.snap.json')), 'nothing written unasked');

      const update = await runCli(['test', 'api.graphreq', '--base-url', srv.url, '--update-snapshots'], dir, env);
      assert.equal(update.code, 0, update.stdout + update.stderr);
      const snap = fs.readFileSync(path.join(dir, 'api.snap.json'), 'utf8');
      assert.deepEqual(JSON.parse(snap).snapshots, { 'request 1: body': { id: '<id>', name: 'First', created_time: '<time>', echo: '[REDACTED]', paging: '<paging>' } });
      assert.ok(!snap.includes(TOKEN));

      assert.equal((await runCli(['test', 'api.graphreq', '--base-url', srv.url], dir, env)).code, 0);
      name = 'Second';
      const changed = await runCli(['test', 'api.graphreq', '--base-url', srv.url], dir, env);
      assert.equal(changed.code, 1);
      assert.match(changed.stdout, /Differs from the snapshot: body\.name: expected "First", got "Second"\./);
      for (const text of [missing.stdout, missing.stderr, update.stdout, update.stderr, changed.stdout, changed.stderr]) assert.ok(!text.includes(TOKEN));
      for (const f of fs.readdirSync(path.join(dir, '.graphreq-history'))) assert.ok(!fs.readFileSync(path.join(dir, '.graphreq-history', f), 'utf8').includes(TOKEN), f);
    } finally {
      await srv.close();
    }
  });

  // docs/format.md, Expectations: a bare or quoted `{{variable}}` is resolved as the request resolves it; a secret stays hidden.
  it('resolves file and environment variables in expectations, and never prints a secret in a failure', async () => {
    const { dir } = workspace(`@adsetName = Seed ad set with three ads
@app_secret = s3cretValue0123456789

### Read
GET /v23.0/23850000000000001?fields=name
# @expect body.name == {{adsetName}}
# @expect body.name "{{adsetName}}"
# @expect body.name == {{envName}}
# @expect body.name == {{app_secret}}
`);
    fs.writeFileSync(path.join(dir, 'graphreq.env.json'), JSON.stringify({ $shared: { envName: 'Seed ad set with three ads' } }));
    const r = await runCli(['test', 'api.graphreq', '--fresh'], dir);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ body\.name == \{\{adsetName\}\} \("Seed ad set with three ads"\)/);
    assert.match(r.stdout, /✓ body\.name "\{\{adsetName\}\}"/);
    assert.match(r.stdout, /✓ body\.name == \{\{envName\}\}/);
    assert.match(r.stdout, /✗ body\.name == \{\{app_secret\}\}/);
    assert.ok(!(r.stdout + r.stderr).includes('s3cretValue0123456789'), r.stdout);
    const json = await runCli(['test', 'api.graphreq', '--format', 'json'], dir);
    assert.ok(!(json.stdout + json.stderr).includes('s3cretValue0123456789'));
    // The editor flags a variable an expectation reads that nothing defines, as in the request.
    fs.appendFileSync(path.join(dir, 'api.graphreq'), '# @expect body.name == {{nope}}\n');
    const check = await runCli(['check', 'api.graphreq'], dir);
    assert.match(check.stdout, /api\.graphreq:10:\d+: warning REQ-UNKNOWN-VARIABLE `\{\{nope\}\}` is not defined/);
  });

  it('sends first the requests a test reads, without counting them as tests', async () => {
    const { dir } = workspace(`### Create
# @name create
POST /v23.0/act_1000000001/adsets

{ "name": "Read me", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }

### Read
GET /v23.0/{{create.response.body.id}}?fields=id,name
# @expect body.name "Read me"
# @expect body.id {{create.response.body.id}}
`);
    const r = await runCli(['test', 'api.graphreq'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^· api\.graphreq:3 Create \[create\]: sent first, a test reads its response \(200\)\nPASS api\.graphreq:8 Read/m);
    assert.match(r.stderr, /^1 test: 1 passed, 0 failed/m);
  });

  it('sends first the requests a test reads from another file of the workspace, once, and as a test when it is one', async () => {
    // A fresh clone in CI: no saved response, the producer named in another file (docs/format.md, "Files of a workspace").
    const { dir } = workspace('### Read\nGET /v23.0/{{create.response.body.id}}?fields=id,name\n# @expect body.name "Read me"\n\n### Read again\nGET /v23.0/{{create.response.body.id}}?fields=name\n# @expect status 200\n', 'read.graphreq');
    fs.mkdirSync(path.join(dir, 'setup'));
    fs.writeFileSync(
      path.join(dir, 'setup', 'create.graphreq'),
      `### Create
# @name create
POST /v23.0/act_1000000001/adsets

{ "name": "Read me", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }
`,
    );
    const r = await runCli(['test', 'read.graphreq', '--fresh'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^· setup\/create\.graphreq:3 Create \[create\]: sent first, a test reads its response \(200\)\nPASS read\.graphreq:2 Read /m);
    assert.equal(r.stdout.match(/sent first/g)?.length, 1, r.stdout);
    assert.match(r.stderr, /^2 tests: 2 passed, 0 failed/m);

    // The producer is a test of the run too (its file comes after the reader's): sent once, reported as a test.
    fs.appendFileSync(path.join(dir, 'setup', 'create.graphreq'), '# @expect status 200\n');
    const both = await runCli(['test', '.', '--fresh'], dir);
    assert.equal(both.code, 0, both.stdout + both.stderr);
    assert.match(both.stdout, /^PASS setup\/create\.graphreq:3 Create \[create\] .*\n.*\nPASS read\.graphreq:2 Read /m);
    assert.doesNotMatch(both.stdout, /sent first/);
    assert.match(both.stderr, /^3 tests: 3 passed, 0 failed/m);

    // Named in two files: nothing is sent first, and the test says which files to set right.
    fs.writeFileSync(path.join(dir, 'setup', 'copy.graphreq'), fs.readFileSync(path.join(dir, 'setup', 'create.graphreq')));
    const twice = await runCli(['test', 'read.graphreq', '--fresh'], dir);
    assert.equal(twice.code, 1, twice.stdout + twice.stderr);
    assert.match(twice.stdout, /^NOT SENT read\.graphreq:2 Read\n .*rename all but one of the requests named `create` \(setup\/copy\.graphreq:3, setup\/create\.graphreq:3; REQ-AMBIGUOUS-NAME\) for graphreq test to send it first$/m);
  });

  it('usage errors exit 2 with one line', async () => {
    const { dir } = workspace('GET /v23.0/t_100200300?fields=id\n');
    const cases: Array<[string[], RegExp]> = [
      [['test', 'api.graphreq'], /^graphreq test: no request with expectations in api\.graphreq: add # @expect lines \(docs\/format\.md\), or test every request with --all\n$/],
      [['test', 'missing.graphreq'], /^graphreq test: missing\.graphreq: no such file or folder\n$/],
      [['test', 'api.graphreq', '--reporter', 'junit', '--format', 'json'], /^graphreq test: --format json and --reporter junit would both write to stdout: give --out FILE\n$/],
      [['test', 'api.graphreq', '--out', 'x.xml'], /^graphreq test: --out goes with --reporter junit or --reporter json\n$/],
      [['test', 'api.graphreq', '--reporter', 'tap', '--out', 'x'], /^graphreq test: --reporter takes junit or json, not "tap"\n$/],
      [['test', 'api.graphreq', '--format', 'xml'], /^graphreq test: --format must be text or json, not "xml"\n$/],
      [['test', 'api.graphreq', '--bial'], /^graphreq test: unknown option --bial \(did you mean --bail\?\); see graphreq test --help\n$/],
    ];
    for (const [args, stderr] of cases) {
      const r = await runCli(args, dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, stderr);
    }
    const all = await runCli(['test', 'api.graphreq', '--all'], dir);
    assert.equal(all.code, 0, all.stderr);
    assert.match(all.stdout, /^PASS api\.graphreq:1 GET \/v23\.0\/t_100200300\?fields=id/m);
    const broken = workspace('GET /v23.0/t_1\n# @expect body matches snapshot\n');
    fs.writeFileSync(path.join(broken.dir, 'api.snap.json'), '{ not json');
    const bad = await runCli(['test', 'api.graphreq'], broken.dir);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /api\.snap\.json: not valid JSON .*; fix it or delete it and run graphreq test --update-snapshots\n$/);
  });
});
