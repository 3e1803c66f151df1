/**
 * Requests as tests through the language server, as VS Code's Testing view and any LSP client use
 * them: `graphreq/tests` lists the tests of a file (open or only on disk), `graphreq.test` runs them
 * against the workspace's embedded emulator with each report sent as it completes, and the CodeLens
 * of each test shows its last result (also one recorded by `graphreq test` in a terminal).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeLens } from 'vscode-languageserver-protocol';
import type { TestCommandResult, TestInfo, TestResultParams } from '../../server/src/lsp/protocol';
import { exchangeText } from '../../client/src/testExchange';
import { testOutcome } from '../../client/src/testOutcome';
import { runCli } from '../cli/cliHelpers';
import { LspClient } from './lspClient';

const TEXT = `### Thread
# @name thread
GET /v23.0/t_100200300?fields=id,messages.source(PARTICIPANTS)
# @expect status 200
# @expect body.messages.data.length 5

### No expectations: no test
GET /v23.0/t_100200300?fields=id

### Wrong count
GET /v23.0/t_100200300?fields=messages.limit(2)
# @expect body.messages.data.length 3
# @expect usage.buc.msgr.call_count < 100
`;

describe('tests through the language server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-test-'));
  const file = path.join(dir, 'api.graphreq');
  const closed = path.join(dir, 'closed.graphreq');
  const uri = pathToFileURL(file).href;
  // The server and the CLI below share the workspace's emulator only with the same user's key: one configuration folder for both.
  const config = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-test-config-'));
  const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: config });
  const results: TestResultParams[] = [];
  before(async () => {
    fs.writeFileSync(file, TEXT);
    fs.writeFileSync(closed, 'GET /v23.0/t_100200300?fields=id\n# @expect status 200\n');
    client.connection.onNotification('graphreq/testResult', (p: TestResultParams) => {
      results.push(p);
    });
    await client.initialize(pathToFileURL(dir).href);
    await client.open(uri, TEXT);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(config, { recursive: true, force: true });
  });

  it('lists the tests of a file, open or not, with their lines', async () => {
    const tests = await client.request<TestInfo[]>('graphreq/tests', { uri });
    assert.deepEqual(tests.map((t) => [t.key, t.line, t.range.startLine, t.expectations.map((e) => e.line)]), [
      ['thread', 2, 0, [3, 4]],
      ['Wrong count', 10, 9, [11, 12]],
    ]);
    const onDisk = await client.request<TestInfo[]>('graphreq/tests', { uri: pathToFileURL(closed).href });
    assert.deepEqual(onDisk.map((t) => t.key), ['request 1']);
  });

  it('runs no test of a file on disk that is not UTF-8: the reason names the byte, and nothing is sent with U+FFFD', async () => {
    const latin1 = path.join(dir, 'latin1.graphreq');
    fs.writeFileSync(latin1, Buffer.from('# Caf\u00e9\nGET /v23.0/t_100200300?fields=id\n# @expect status 200\n', 'latin1'));
    const before = results.length;
    await assert.rejects(
      client.request<TestCommandResult>('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri: pathToFileURL(latin1).href }] }),
      (e: Error) => e.message.includes(`${latin1} is not UTF-8 text (byte 0xE9 at line 1, column 6)`),
    );
    assert.equal(results.length, before, 'no test ran');
    assert.deepEqual(await client.request<TestInfo[]>('graphreq/tests', { uri: pathToFileURL(latin1).href }), []);
  });

  it('offers to run each test from a CodeLens before it ever ran', async () => {
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const tests = lenses.filter((l) => l.command?.command === 'graphreq.test');
    assert.deepEqual(tests.map((l) => [l.range.start.line, l.command!.title]), [[2, '▷ Run test (2 expectations)'], [10, '▷ Run test (2 expectations)']]);
    assert.deepEqual(tests[0].command!.arguments, [{ uri, keys: ['thread'] }]);
  });

  it('runs them, each report as it completes, and the CodeLens shows the last result', async () => {
    const r = await client.request<TestCommandResult>('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri, runId: 'run-1' }] });
    assert.equal(r.runId, 'run-1');
    assert.deepEqual(r.reports.map((x) => [x.key, x.status]), [['thread', 'passed'], ['Wrong count', 'failed']]);
    const failed = r.reports[1];
    assert.deepEqual(failed.expectations.map((e) => [e.line, e.passed, e.message]), [[11, false, 'Expected 3, got 2.'], [12, true, null]]);
    assert.ok(failed.usage?.buc.some((e) => e.type === 'msgr'), 'the usage of the response, for the status bar');
    assert.deepEqual(results.filter((p) => p.runId === 'run-1').map((p) => p.report.key), ['thread', 'Wrong count']);

    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const titles = lenses.filter((l) => l.command?.command === 'graphreq.test').map((l) => l.command!.title);
    assert.match(titles[0], /^✓ all 2 expectations passed \(\d\d:\d\d\)$/);
    assert.match(titles[1], /^✗ body\.messages\.data\.length 3: Expected 3, got 2\. \(\d\d:\d\d\)$/);
  });

  it('for the Debug profile: stops at the first failure (bail) and gives each report its whole exchange, token-free', async () => {
    const failFirst = `### Wrong count first
GET /v23.0/t_100200300?fields=messages.limit(2)
# @expect body.messages.data.length 3

### Never reached
GET /v23.0/t_100200300?fields=id
# @expect status 200
`;
    const debugFile = path.join(dir, 'debug.graphreq');
    const debugUri = pathToFileURL(debugFile).href;
    fs.writeFileSync(debugFile, failFirst);
    await client.open(debugUri, failFirst);
    const r = await client.request<TestCommandResult>('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri: debugUri, runId: 'debug-1', bail: true, exchanges: true }] });
    assert.deepEqual(r.reports.map((x) => [x.key, x.status]), [['Wrong count first', 'failed'], ['Never reached', 'not-run']]);
    const x = r.reports[0].exchange!;
    assert.equal(x.status, 200);
    assert.equal(x.request.method, 'GET');
    assert.match(x.request.url, /\/v23\.0\/t_100200300\?fields=messages\.limit\(2\)/);
    assert.ok(Object.keys(x.headers).some((h) => h === 'x-business-use-case-usage'), `the usage headers: ${Object.keys(x.headers).join(', ')}`);
    assert.equal((x.body as { messages: { data: unknown[] } }).messages.data.length, 2);
    assert.equal(r.reports[1].exchange, undefined, 'a test not run has no exchange');
    const notified = results.filter((p) => p.runId === 'debug-1');
    assert.deepEqual(notified.map((p) => [p.report.key, !!p.report.exchange]), [['Wrong count first', true], ['Never reached', false]]);
    assert.ok(!JSON.stringify(r).includes('demo-token'), 'the token never comes back');
    // A run that did not ask carries no exchange (reports stay small).
    const plain = await client.request<TestCommandResult>('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri: debugUri }] });
    assert.deepEqual(plain.reports.map((x) => [x.status, 'exchange' in x]), [['failed', false], ['passed', false]]);
  });

  it('says which tests were not sent (refused before they left), as graphreq test counts them, and the Testing view shows them errored', async () => {
    const text = '### Sent\nGET /v23.0/t_100200300?fields=id\n# @expect status 200\n\n### Unsent\nGET /v23.0/{{nowhere}}?fields=id\n# @expect status 200\n';
    const notSentFile = path.join(dir, 'notsent.graphreq');
    const notSentUri = pathToFileURL(notSentFile).href;
    fs.writeFileSync(notSentFile, text);
    await client.open(notSentUri, text);
    const r = await client.request<TestCommandResult>('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri: notSentUri, runId: 'not-sent-1' }] });
    assert.deepEqual(r.reports.map((x) => [x.key, x.status, x.notSent ?? false]), [['Sent', 'passed', false], ['Unsent', 'failed', true]]);
    assert.match(r.reports[1].reason ?? '', /^not sent: `\{\{nowhere\}\}` is not defined/);
    assert.deepEqual(r.reports.map((x) => testOutcome(x)), ['passed', 'errored']);
    assert.match(exchangeText(r.reports[1], 'notsent.graphreq:6'), /^── NOT SENT Unsent · notsent\.graphreq:6 \(\d+ ms\)\r\nnot sent: /);
    // The tests below run every file of the folder.
    fs.rmSync(notSentFile);
  });

  it('runs one test by its key, and shows a result graphreq test recorded in a terminal', async () => {
    const one = await client.request<TestCommandResult>('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri, keys: ['Wrong count'] }] });
    assert.deepEqual(one.reports.map((x) => x.key), ['Wrong count']);
    // The CLI runs the same file in the same workspace (its embedded emulator is the server's, shared).
    fs.writeFileSync(file, TEXT.replace('data.length 3', 'data.length 2'));
    const cli = await runCli(['test', 'api.graphreq'], dir, { GRAPHREQ_CONFIG_DIR: config });
    assert.equal(cli.code, 0, cli.stdout + cli.stderr);
    // The editor still has the old expectation: the result the terminal recorded is not its result.
    assert.match(await lens(1), /^▷ Run test \(2 expectations\) · edited since the last run \(✓ \d\d:\d\d\)$/);
    await client.change(uri, 2, [{ text: TEXT.replace('data.length 3', 'data.length 2') }]);
    assert.match(await lens(1), /^✓ all 2 expectations passed/);
  });

  it('marks a result stale once the request or its expectations are edited, not for a comment, until it runs again', async () => {
    const now = TEXT.replace('data.length 3', 'data.length 2');
    assert.match(await lens(0), /^✓ all 2 expectations passed/);
    // A comment and blank lines change neither what is sent nor what is checked.
    await client.change(uri, 3, [{ text: now.replace('# @name thread\n', '# @name thread\n# a note about the thread\n\n') }]);
    assert.match(await lens(0), /^✓ all 2 expectations passed/);
    // An expectation edited: the last result no longer speaks for the test.
    await client.change(uri, 4, [{ text: now.replace('data.length 5', 'data.length 4') }]);
    assert.match(await lens(0), /^▷ Run test \(2 expectations\) · edited since the last run \(✓ \d\d:\d\d\)$/);
    assert.match(await lens(1), /^✓ all 2 expectations passed/, 'the other test was not edited');
    // The request edited (a field added), and the expectation put back: still not the request that ran.
    await client.change(uri, 5, [{ text: now.replace('fields=id,messages', 'fields=id,name,messages') }]);
    assert.match(await lens(0), /edited since the last run/);
    // Undone: the result is the test's again.
    await client.change(uri, 6, [{ text: now }]);
    assert.match(await lens(0), /^✓ all 2 expectations passed/);
    // Edited and run again: a fresh result.
    await client.change(uri, 7, [{ text: now.replace('data.length 5', 'data.length 4') }]);
    await client.request<TestCommandResult>('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri, keys: ['thread'] }] });
    assert.match(await lens(0), /^✗ body\.messages\.data\.length 4: Expected 4, got 5\. \(\d\d:\d\d\)$/);
  });

  async function lens(n: number): Promise<string> {
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    return lenses.filter((l) => l.command?.command === 'graphreq.test')[n].command!.title;
  }
});

describe('tests through the language server, reading a response named in another file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-test-deps-'));
  const config = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-lsp-test-deps-config-'));
  const client = new LspClient(undefined, { GRAPHREQ_CONFIG_DIR: config });
  const read = path.join(dir, 'read.graphreq');
  const READ = '### Read\nGET /v23.0/{{create.response.body.id}}?fields=id,name\n# @expect body.name "Read me"\n';
  before(async () => {
    fs.mkdirSync(path.join(dir, 'setup'));
    fs.writeFileSync(
      path.join(dir, 'setup', 'create.graphreq'),
      '### Create\n# @name create\nPOST /v23.0/act_1000000001/adsets\n\n{ "name": "Read me", "campaign_id": "120200000000000001", "daily_budget": 2000, "billing_event": "IMPRESSIONS", "optimization_goal": "REACH", "targeting": { "geo_locations": { "countries": ["US"] } }, "status": "PAUSED" }\n',
    );
    fs.writeFileSync(read, READ);
    await client.initialize(pathToFileURL(dir).href);
    await client.open(pathToFileURL(read).href, READ);
  });
  after(async () => {
    assert.equal(await client.shutdown(), 0);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(config, { recursive: true, force: true });
  });

  it('sends the producer of the other file first, as graphreq test does, in a workspace that never sent it', async () => {
    const r = await client.request<TestCommandResult>('workspace/executeCommand', { command: 'graphreq.test', arguments: [{ uri: pathToFileURL(read).href }] });
    assert.deepEqual(r.reports.map((x) => [x.key, x.status, x.reason ?? null]), [['Read', 'passed', null]]);
  });
});
