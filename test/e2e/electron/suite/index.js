// End-to-end checks run INSIDE the extension host, as @vscode/test-electron's extensionTestsPath
// (VS Code calls run() and waits for its promise; no test framework needed). The same module runs in
// code-server through `node test/e2e/drive.mjs --tests test/e2e/electron/suite/index.js`, where the
// exit code does not come back, so the result is also written to $E2E_RESULT.
// Every wait is for an event or a result, with a timeout: no fixed sleeps.
const vscode = require('vscode');
const fs = require('fs');

const EXTENSION_ID = 'graphreq.graphreq';
const TIMEOUT = 30000;

exports.run = async function run() {
  const result = { checks: [] };
  const check = (ok, what) => {
    result.checks.push({ ok: !!ok, what });
    console.log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
    return !!ok;
  };
  try {
    const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
    if (!check(folder, 'a workspace folder is open')) throw new Error('no workspace');
    const uri = vscode.Uri.joinPath(folder.uri, 'e2e.graphreq');
    const doc = await vscode.workspace.openTextDocument(uri);
    let editor = await vscode.window.showTextDocument(doc);
    check(doc.languageId === 'graphreq', `e2e.graphreq has language graphreq (${doc.languageId})`);

    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    if (!check(ext, `extension ${EXTENSION_ID} is installed`)) throw new Error('extension missing');
    const api = ext.isActive ? ext.exports : await ext.activate();
    await withTimeout(api.ready, TIMEOUT, 'language server start');
    check(ext.isActive, 'the extension activated and its language server started');

    // Diagnostics for the broken request.
    const diagnostics = await waitFor(() => {
      const d = vscode.languages.getDiagnostics(uri);
      return d.some((x) => x.message.includes('IMPRESSIONZ')) ? d : undefined;
    }, vscode.languages.onDidChangeDiagnostics, 'diagnostics');
    const enumDiag = diagnostics.find((x) => x.message.includes('IMPRESSIONZ'));
    const enumLine = lineOf(doc, '"billing_event": "IMPRESSIONZ"');
    check(enumDiag.severity === vscode.DiagnosticSeverity.Error && enumDiag.range.start.line === enumLine, `diagnostic for IMPRESSIONZ on line ${enumLine + 1}: ${codeOf(enumDiag)} ${enumDiag.message.slice(0, 60)}`);
    check(diagnostics.some((x) => x.message.includes('bogus_parameter')), 'diagnostic for the unknown parameter bogus_parameter');
    check(diagnostics.every((x) => x.source === 'graphreq' && codeOf(x)), 'every diagnostic has source graphreq and a rule ID');
    // The rule links are added by the client (clientRuleLinks): each code links to its section of docs/rules.md.
    // ... at the line of its heading (`rules.md#L100`: VS Code opens a file link at an `L` line; an anchor opened line 1).
    const rulesFile = vscode.Uri.joinPath(ext.extensionUri, 'docs', 'rules.md');
    const rulesLines = fs.readFileSync(rulesFile.fsPath, 'utf8').split('\n');
    const atHeading = (x) => {
      const target = typeof x.code === 'object' ? x.code.target : undefined;
      const m = target && /^L(\d+)$/.exec(target.fragment);
      return !!m && target.path === rulesFile.path && rulesLines[Number(m[1]) - 1] === `## ${codeOf(x)}`;
    };
    check(diagnostics.every(atHeading), `every diagnostic links to the heading line of its rule in docs/rules.md (${diagnostics.map((x) => `${codeOf(x)} -> ${x.code.target && x.code.target.fragment}`).slice(0, 3).join(', ')})`);
    // Opened as the Problems panel opens it, the link lands on the rule's heading.
    const enumTarget = diagnostics.find((x) => x.message.includes('IMPRESSIONZ')).code.target;
    await vscode.commands.executeCommand('vscode.open', enumTarget);
    const rulesEditor = await waitFor(() => (vscode.window.activeTextEditor && vscode.window.activeTextEditor.document.uri.path === rulesFile.path ? vscode.window.activeTextEditor : undefined), vscode.window.onDidChangeTextEditorSelection, 'docs/rules.md open');
    const landed = rulesEditor.document.lineAt(rulesEditor.selection.active.line).text;
    check(landed === `## ${codeOf(diagnostics.find((x) => x.message.includes('IMPRESSIONZ')))}`, `opening the rule link lands on its heading: line ${rulesEditor.selection.active.line + 1} "${landed}"`);
    editor = await vscode.window.showTextDocument(doc);

    // Completion offers the enum values inside an empty body value.
    const bidLine = lineOf(doc, '"bid_strategy": ""');
    const inQuotes = new vscode.Position(bidLine, doc.lineAt(bidLine).text.indexOf('""') + 1);
    const list = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', uri, inQuotes);
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    const want = ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'COST_CAP', 'LOWEST_COST_WITH_MIN_ROAS'];
    check(want.every((w) => labels.includes(w)), `completion offers ${want.join(', ')} (got ${labels.slice(0, 6).join(', ')})`);

    // Hover shows a field's documentation.
    const budgetLine = lineOf(doc, '"daily_budget": 2000');
    const onField = new vscode.Position(budgetLine, doc.lineAt(budgetLine).text.indexOf('daily_budget') + 3);
    const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, onField);
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    check(/daily_budget/.test(hoverText) && /currency|budget/i.test(hoverText.replace(/daily_budget/g, '')), `hover documents daily_budget: ${JSON.stringify(hoverText.slice(0, 80))}`);
    // Its links into docs/ name the heading's line, not an anchor the editor cannot follow.
    const docLinks = [...hoverText.matchAll(/\]\((file:[^)\s]+\.md)#([^)\s]*)\)/g)];
    check(docLinks.length > 0 && docLinks.every((m) => /^L\d+$/.test(m[2])), `the hover's links into docs/ land on a line: ${docLinks.map((m) => `${m[1].split('/').pop()}#${m[2]}`).join(', ')}`);

    // CodeLens "Send request" above each request.
    // Each lens's command has no arguments (client/src/lensCommands.ts): the extension says which server command it runs.
    const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri, 10);
    check(lenses.every((l) => !l.command || !(l.command.arguments || []).length), 'CodeLens commands carry no arguments (a lens drawn from an older list still runs)');
    const sendLenses = lenses.filter((l) => l.command && api.lensTarget(l.command).command === 'graphreq.send');
    check(sendLenses.length >= 2 && sendLenses.every((l) => /Send request/.test(l.command.title)), `CodeLens "Send request" on every request (${sendLenses.length})`);

    // Send the request under the cursor (the palette command and Ctrl+Alt+R run this) to the embedded emulator.
    const createLine = lineOf(doc, '"name": "Spring sale"');
    editor.selection = new vscode.Selection(createLine, 4, createLine, 4);
    const sent = await withTimeout(Promise.resolve(vscode.commands.executeCommand('graphreq.sendRequest')), TIMEOUT, 'send');
    const r = sent && sent[0];
    check(r && r.status >= 200 && r.status < 300, `send request under the cursor: status ${r && r.status} ${r && r.request && r.request.method} ${r && r.request && r.request.url}`);
    check(r && r.body && typeof r.body === 'object' && r.body.id, 'the response body is parsed JSON with the new id');
    check(api.responseViewVisible(), 'the response view is open');
    const expected = highestUsage(r ? r.headers : {});
    const text = api.usageStatusText();
    const shown = Number((/Graph (\d+(?:\.\d+)?)%/.exec(text) || [])[1]);
    // The first response with usage headers: the highest across scopes is this response's highest.
    check(expected !== undefined && Math.abs(shown - expected) < 0.051 && / · \w+$/.test(text), `status bar "${text}" shows the highest usage figure of the headers (${expected}%) and names its scope`);
    check(r && !JSON.stringify(r).includes('demo-token'), 'the result holds no token');

    // Copy as cURL: the command on the clipboard reads the token from an environment variable.
    await vscode.commands.executeCommand('graphreq.copyAsCurl');
    const curl = await vscode.env.clipboard.readText();
    check(/^curl /.test(curl) && curl.includes('$GRAPHREQ_ACCESS_TOKEN') && !curl.includes('demo-token'), `copy as cURL puts a token-free command on the clipboard: ${curl.slice(0, 70)}…`);
    await vscode.commands.executeCommand('graphreq.showUsage');

    // The CodeLens command itself ({uri, index}) goes through the client, which adds token and environment.
    const urlLens = sendLenses.find((l) => l.range.start.line < createLine);
    const viaLens = await withTimeout(Promise.resolve(vscode.commands.executeCommand(urlLens.command.command, ...(urlLens.command.arguments || []))), TIMEOUT, 'CodeLens send');
    const lr = viaLens && viaLens[0];
    check(lr && lr.status >= 200 && lr.status < 300, `CodeLens "Send request" (URL read): status ${lr && lr.status}`);
    check(api.results().length >= 2, `the extension recorded ${api.results().length} results`);

    // The output channel numbers requests as people count them: the ad set creation is the file's
    // second request, although its block is the third (the variable preamble is not a request).
    check(r && r.number === 2 && api.sendLog().some((l) => /^send e2e\.graphreq#2 to the embedded emulator \(http:\/\/127\.0\.0\.1:\d+\): 2\d\d in \d+ ms$/.test(l)), `the output channel numbers the creation #2 and names the address used: ${api.sendLog().join(' | ')}`);
    // The environment item and the last send agree: the workspace's `local` has no base URL, so the embedded emulator.
    const sentTo = api.lastTarget();
    check(/local · emulator$/.test(api.environmentStatusText()) && sentTo && sentTo.embedded && sentTo.environment === 'local', `the environment item "${api.environmentStatusText()}" says where the send went: ${JSON.stringify(sentTo)}`);

    // A thread read (msgr) after the ad set calls: the ad account's scope is still counted, and the
    // usage item shows the highest figure across the scopes seen, naming its scope.
    const threadLens = sendLenses[sendLenses.length - 1];
    const viaThread = await withTimeout(Promise.resolve(vscode.commands.executeCommand(threadLens.command.command, ...(threadLens.command.arguments || []))), TIMEOUT, 'thread read');
    const tr = viaThread && viaThread[0];
    check(tr && tr.status === 200 && tr.body && tr.body.messages && tr.number === 4, `CodeLens send (thread read, request 4): status ${tr && tr.status}`);
    const seen = api.usageScopes();
    const keys = seen.scopes.map((x) => x.key);
    check(keys.some((k) => /:ads_management$/.test(k)) && keys.some((k) => /:msgr$/.test(k)) && keys.includes('app'), `after the thread read the ad set calls' scope is still counted: ${keys.join(', ')}`);
    const highest = seen.highest;
    const shortOf = (key) => (key.startsWith('buc:') ? key.slice(key.lastIndexOf(':') + 1) : key.startsWith('adAccount:') ? key.slice(10) : key);
    const pct = (p) => `${Number.isInteger(p) ? p : Math.round(p * 10) / 10}%`;
    const itemText = api.usageStatusText();
    check(highest && seen.scopes.every((x) => x.now <= highest.now) && itemText.endsWith(`Graph ${pct(highest.now)} · ${shortOf(highest.key)}`), `the usage item "${itemText}" shows the highest figure of ${seen.scopes.length} scopes and names it`);

    // The Testing view: requests with expectations as tests.
    await require('./testing').checkTesting({ api, check, withTimeout });
    await require('./testing').checkDebug({ api, check, withTimeout });
    await require('./testing').checkNotSent({ api, check, withTimeout });

    // Format on save (a file of its own, removed after).
    await require('./formatting').checkFormatOnSave({ check, withTimeout });

    // Paste cURL as Request and Import .http File (files of their own, removed after).
    await require('./importing').checkImport({ check, withTimeout, waitFor });

    // A graphreq.env.json that is a symbolic link out of the workspace chooses no base URL.
    await require('./linkedEnv').checkLinkedEnvFile({ api, check, withTimeout });

    // Navigation and rename (last: the rename changes the fixture files).
    await require('./navigation').checkNavigation({ uri, doc, check, lineOf });
  } catch (e) {
    check(false, `exception: ${e && e.stack || e}`);
  }
  result.ok = result.checks.every((c) => c.ok);
  if (process.env.E2E_RESULT) fs.writeFileSync(process.env.E2E_RESULT, JSON.stringify(result, null, 2));
  if (!result.ok) throw new Error(`end-to-end checks failed: ${result.checks.filter((c) => !c.ok).map((c) => c.what).join('; ')}`);
};

function lineOf(doc, needle) {
  for (let i = 0; i < doc.lineCount; i++) if (doc.lineAt(i).text.includes(needle)) return i;
  throw new Error(`fixture has no line with ${needle}`);
}

function codeOf(d) {
  return typeof d.code === 'object' && d.code !== null ? d.code.value : d.code;
}

/** Resolves with fn()'s first truthy value, checked now and after each event; rejects after TIMEOUT. */
function waitFor(fn, event, what) {
  return new Promise((resolve, reject) => {
    const now = fn();
    if (now) return resolve(now);
    const timer = setTimeout(() => { sub.dispose(); reject(new Error(`timeout waiting for ${what}`)); }, TIMEOUT);
    const sub = event(() => {
      const v = fn();
      if (v) { clearTimeout(timer); sub.dispose(); resolve(v); }
    });
  });
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timeout waiting for ${what}`)), ms); })]).finally(() => clearTimeout(timer));
}

/** The highest percentage of the usage headers (the same reading as test/e2e/drive.mjs). */
function highestUsage(headers) {
  let max;
  const take = (v) => { if (typeof v === 'number' && Number.isFinite(v)) max = max === undefined ? v : Math.max(max, v); };
  for (const [name, value] of Object.entries(headers || {})) {
    let json;
    try { json = JSON.parse(value); } catch { continue; }
    const n = name.toLowerCase();
    if (n === 'x-app-usage') ['call_count', 'total_cputime', 'total_time'].forEach((k) => take(json[k]));
    else if (n === 'x-ad-account-usage') take(json.acc_id_util_pct);
    else if (n === 'x-business-use-case-usage') {
      for (const entries of Object.values(json)) for (const e of Array.isArray(entries) ? entries : []) ['call_count', 'total_cputime', 'total_time'].forEach((k) => take(e[k]));
    }
  }
  return max;
}
