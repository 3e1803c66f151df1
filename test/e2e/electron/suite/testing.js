// The Testing view in the real editor (called by index.js, inside the extension host): the extension's
// test controller lists tests.graphreq and its two tests, VS Code's "Run All Tests" (testing.runAll)
// runs them through the language server against the embedded emulator, one passes and one fails,
// each test's CodeLens then shows its last result, and the usage status bar follows the run.
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
  const contract = summary.passed.filter((t) => t.includes('/examples/contract.graphreq#')).length;
  check(contract >= 20 && !summary.failed.some((t) => t.includes('/examples/')), `Run All Tests: the example collection passes (${contract} tests)`);

  const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri, 10);
  const titles = lenses.filter((l) => l.command && l.command.command === 'graphreq.test').map((l) => l.command.title);
  check(titles.length === 2 && /^✓ all 2 expectations passed/.test(titles[0]) && /^✗ body\.messages\.data\.length 3: Expected 3, got 2\./.test(titles[1]), `each test's CodeLens shows its last result: ${JSON.stringify(titles)}`);

  // The tests read threads, counted under the messaging app use case: the status bar saw that scope again.
  check(msgrSeen() > msgrBefore, `the usage status bar follows the test run: the msgr scope of its thread reads is updated ("${api.usageStatusText()}")`);
};
