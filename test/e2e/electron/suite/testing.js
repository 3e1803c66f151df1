// The Testing view in the real editor (called by index.js, inside the extension host): the extension's
// test controller lists tests.graphreq and its two tests, VS Code's "Run All Tests" (testing.runAll)
// runs them through the language server against the embedded emulator, one passes and one fails,
// each test's CodeLens then shows its last result, and the usage status bar follows the run.
// A test not sent shows as errored, not failed (checkNotSent).
const vscode = require('vscode');

exports.checkTesting = async function checkTesting({ api, check, withTimeout }) {
  const folder = vscode.workspace.workspaceFolders[0];
  const uri = vscode.Uri.joinPath(folder.uri, 'tests.graphreq');
  const id = uri.toString();
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));

  await withTimeout(api.discoverTests(), 30000, 'the Testing view\'s discovery');
  const file = api.testItems().find((f) => f.id === id);
  const pass = `${id}#participants`;
  const fail = `${id}#A count that is wrong on purpose`;
  check(file && file.tests.includes(pass) && file.tests.includes(fail) && file.tests.length === 2, `the Testing view lists tests.graphreq with its two tests (${file && file.tests.map((t) => t.split('#')[1]).join(', ')})`);
  check(api.testItems().some((f) => f.id.endsWith('/examples/contract.graphreq') && f.tests.length >= 20), 'and the example collection, a file that is not open');

  const finished = new Promise((resolve) => {
    const sub = api.onDidFinishTestRun((summary) => {
      sub.dispose();
      resolve(summary);
    });
  });
  const msgrSeen = () => api.usageScopes().scopes.find((s) => s.key.includes('msgr'))?.at ?? 0;
  const msgrBefore = msgrSeen();
  await vscode.commands.executeCommand('testing.runAll');
  const summary = await withTimeout(finished, 60000, 'the test run');
  check(summary.passed.includes(pass), 'Run All Tests: the passing test passed');
  check(summary.failed.includes(fail), 'Run All Tests: the failing test failed');
  // A normal run writes each test's exchange to Test Results too, the token redacted (issue 21).
  const ran = summary.passed.length + summary.failed.length + summary.errored.length;
  const failOut = summary.output.find((o) => /^── FAIL A count that is wrong on purpose · tests\.graphreq:\d+/.test(o));
  check(summary.kind === 'run' && summary.output.length === ran && failOut && /\r\n> GET http:\/\/127\.0\.0\.1:\d+\/v23\.0\//.test(failOut) && /\r\n< HTTP 200/.test(failOut) && /✗ body\.messages\.data\.length 3/.test(failOut), `Run All Tests: Test Results holds each test's exchange (${summary.output.length} of ${ran})`);
  check(!summary.output.join('').includes('demo-token'), 'Run All Tests: Test Results holds no token');
  const contract = summary.passed.filter((t) => t.includes('/examples/contract.graphreq#')).length;
  check(contract >= 20 && !summary.failed.some((t) => t.includes('/examples/')), `Run All Tests: the example collection passes (${contract} tests)`);

  const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri, 10);
  const titles = lenses.filter((l) => l.command && api.lensTarget(l.command).command === 'graphreq.test').map((l) => l.command.title);
  check(titles.length === 2 && /^✓ all 2 expectations passed/.test(titles[0]) && /^✗ body\.messages\.data\.length 3: Expected 3, got 2\./.test(titles[1]), `each test's CodeLens shows its last result: ${JSON.stringify(titles)}`);

  // The tests read threads, counted under the messaging app use case: the status bar saw that scope again.
  check(msgrSeen() > msgrBefore, `the usage status bar follows the test run: the msgr scope of its thread reads is updated ("${api.usageStatusText()}")`);
};

/** Writes a request file into the workspace, opens it, and waits for the Testing view to list its tests. */
async function openTestFile(api, withTimeout, name, lines) {
  const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, name);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(lines.join('\n'), 'utf8'));
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  await withTimeout(api.discoverTests(), 30000, 'the Testing view\'s discovery');
  return uri;
}

/**
 * Runs a file's tests by VS Code's command (`testing.run.uri`, `testing.debug.uri`) and resolves with
 * the run's summary. The extension host has listed the file's tests when discovery resolves, but the
 * workbench learns of them a moment later, over its own channel: a command sent before that finds no
 * test and starts no run (seen once in CI: the run handler was never called). A run takes 1-2 s here,
 * so a command that started nothing in 15 s is sent once more.
 */
async function runFile(api, withTimeout, command, uri, what) {
  const finished = nextRun(api);
  await vscode.commands.executeCommand(command, uri);
  const first = await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 15000, undefined))]);
  if (first) return first;
  await vscode.commands.executeCommand(command, uri);
  return withTimeout(finished, 60000, what);
}

/** The summary of the next test run to finish. */
function nextRun(api) {
  return new Promise((resolve) => {
    const sub = api.onDidFinishTestRun((summary) => {
      sub.dispose();
      resolve(summary);
    });
  });
}

// The Debug profile (the Debug button; here "Debug Tests" of the file): the file's tests one at a time,
// stopping at the first failure; each test's whole exchange in the run's output (the request as sent,
// the response's status, headers with the usage headers, and body, token-free); the failing test's
// response in the response view and its failing expectation's line selected in the editor.
exports.checkDebug = async function checkDebug({ api, check, withTimeout }) {
  const uri = await openTestFile(api, withTimeout, 'debug.graphreq', [
    '### Passes',
    '# @name first',
    'GET /v23.0/t_100200300?fields=id,messages.source(PARTICIPANTS)',
    '# @expect status 200',
    '',
    '### Fails on purpose',
    '# @name second',
    'GET /v23.0/t_100200300?fields=messages.limit(2)',
    '# @expect status 200',
    '# @expect body.messages.data.length 3',
    '',
    '### Not run: the Debug run stops at the failure before it',
    '# @name third',
    'GET /v23.0/t_100200300?fields=id',
    '# @expect status 200',
    '',
  ]);
  const id = uri.toString();
  const file = api.testItems().find((f) => f.id === id);
  check(file && file.tests.length === 3, `the Testing view lists debug.graphreq with its three tests (${file && file.tests.length})`);

  // "Debug Tests" of the file (the Explorer's context menu): "Debug Tests in Current File" takes the
  // focused code editor, and the run before left the focus in the Test Results panel.
  const summary = await runFile(api, withTimeout, 'testing.debug.uri', uri, 'the debug run');
  check(summary.kind === 'debug', `the Debug profile ran the file (${summary.kind})`);
  check(summary.passed.join() === `${id}#first` && summary.failed.join() === `${id}#second` && summary.skipped.join() === `${id}#third`, `Debug: the first test passed, the second failed and the run stopped before the third (passed ${summary.passed.length}, failed ${summary.failed.length}, skipped ${summary.skipped.length})`);
  const [first, second] = summary.output;
  check(summary.output.length === 2, `Debug: one exchange in the output per test that ran (${summary.output.length})`);
  check(first && /^── PASS Passes \[first\] · debug\.graphreq:3/.test(first) && /\r\n> GET http:\/\/127\.0\.0\.1:\d+\/v23\.0\/t_100200300\?fields=id,messages\.source\(PARTICIPANTS\)\r\n/.test(first), 'Debug output: the verdict and the request as sent');
  check(first && /\r\n< HTTP 200 /.test(first) && /\r\n< x-business-use-case-usage: \{/.test(first) && /\r\n< content-type: application\/json/.test(first), 'Debug output: the response status and headers, the usage headers among them');
  check(first && first.includes('"id": "t_100200300"') && first.includes('✓ status 200'), 'Debug output: the response body and each expectation');
  check(second && second.includes('✗ body.messages.data.length 3 (line 10): Expected 3, got 2.'), 'Debug output: the failing expectation with its line');
  check(!summary.output.join('').includes('demo-token'), 'Debug output: no token');

  check(summary.shown && summary.shown.test === `${id}#second` && summary.shown.line === 9, `Debug: the failure shown is the second test's expectation on line 10 (${JSON.stringify(summary.shown)})`);
  const shown = api.responseShown();
  check(api.responseViewVisible() && shown.length === 1 && shown[0].status === 200 && shown[0].body.messages.data.length === 2, 'Debug: the response view shows the failing test\'s response');
  const editor = vscode.window.activeTextEditor;
  check(editor && editor.document.uri.toString() === id && editor.selection.start.line === 9 && editor.document.lineAt(9).text === '# @expect body.messages.data.length 3', `Debug: the editor reveals the failing expectation (line ${editor && editor.selection.start.line + 1})`);
};

// A test whose request is refused before it leaves (an undefined variable: it cannot be built) is
// not a failed test: `graphreq test` counts it NOT SENT, JUnit writes an error, and the Testing view
// shows it errored with the reason (VS Code's TestRun.errored), not failed; the test beside it passes.
exports.checkNotSent = async function checkNotSent({ api, check, withTimeout }) {
  const uri = await openTestFile(api, withTimeout, 'notsent.graphreq', [
    '### Sent',
    '# @name sent',
    'GET /v23.0/t_100200300?fields=id',
    '# @expect status 200',
    '',
    '### Not sent: its variable is defined nowhere',
    '# @name unsent',
    'GET /v23.0/{{nowhere}}?fields=id',
    '# @expect status 200',
    '',
  ]);
  try {
    const id = uri.toString();
    const summary = await runFile(api, withTimeout, 'testing.run.uri', uri, 'the run of notsent.graphreq');
    check(summary.passed.join() === `${id}#sent` && summary.errored.join() === `${id}#unsent` && summary.failed.length === 0, `a test not sent is errored, not failed (passed ${summary.passed.length}, failed ${summary.failed.length}, errored ${summary.errored.join()})`);
    const out = summary.output.find((o) => o.startsWith('── NOT SENT '));
    check(out && /not sent: `\{\{nowhere\}\}` is not defined/.test(out), `Test Results says NOT SENT with the reason (${JSON.stringify(out && out.slice(0, 120))})`);
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.workspace.fs.delete(uri);
  }
};
