/**
 * The VS Code client starts the server over stdio (client/src/serverLaunch.ts), where the server's
 * own encoder splices the diagnostics it keeps as bytes into each message; over node IPC, Node
 * serialised them again as objects on every keystroke (issue 26). The server started as
 * vscode-languageclient starts a Node module over stdio (a fork with `--stdio` and
 * `--clientProcessId`, its stdio piped) answers VS Code's pulls with the golden diagnostics.
 */
import * as assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { DocumentDiagnosticReport, FullDocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { serverLaunch } from '../../client/src/serverLaunch';
import { goldenLines } from '../core/findingsGolden.test';
import { repoRoot, serverPath } from '../lsp/lspClient';

const fixtures = path.join(repoRoot, 'test', 'fixtures');
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

describe('the VS Code client launches the server', () => {
  it('over stdio, in run and in debug', () => {
    const launch = serverLaunch(serverPath);
    // vscode-languageclient's TransportKind: stdio 0, ipc 1, pipe 2, socket 3.
    assert.equal(launch.run.transport, 0);
    assert.equal(launch.debug.transport, 0);
    assert.equal(launch.run.module, serverPath);
  });

  it('and the server so started answers VS Code pulls with the golden diagnostics', async () => {
    const launch = serverLaunch(serverPath).run;
    // What vscode-languageclient does for a Node module over stdio (lib/node/main.js): fork, silent, `--stdio`.
    const child = fork(launch.module, ['--stdio', `--clientProcessId=${process.pid}`], { silent: true, execArgv: [] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.onRequest('workspace/configuration', () => [{ context: 'off' }]);
    connection.onRequest('workspace/diagnostic/refresh', () => null);
    connection.listen();
    try {
      const capabilities = { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport: true } } };
      await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities, initializationOptions: { context: 'off', clientRuleLinks: true } });
      await connection.sendNotification('initialized', {});
      const uri = 'file:///tmp/graphreq-launch-test/findings.graphreq';
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'graphreq', version: 1, text: fs.readFileSync(path.join(fixtures, 'findings-300.graphreq'), 'utf8') } });
      const report = (await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as DocumentDiagnosticReport;
      assert.equal(report.kind, 'full');
      const golden = fs.readFileSync(path.join(fixtures, 'findings-300.golden.txt'), 'utf8').split('\n').filter(Boolean);
      assert.deepEqual(goldenLines((report as FullDocumentDiagnosticReport).items.map((d) => ({ code: String(d.code), severity: SEVERITY[d.severity!], range: d.range }))), golden);
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
    } finally {
      connection.dispose();
      child.kill();
    }
  });
});
