// A repository's graphreq.env.json that is a symbolic link (called by index.js, inside the extension
// host). A cloned repository can ship `graphreq.env.json -> /somewhere/else.json`, a file the user did
// not choose; the client follows no link (client/src/envFileLookup.ts). Here the link's target names
// the workspace's chosen environment `local` with the base URL of a local recording server: a send
// from a request beside the link must go to the embedded emulator, nothing may reach the recorder, and
// the environment item must say the emulator. envFileLookup's unit tests cover the
// lookup; this covers its wiring into the send (client/src/environments.ts) in a real editor.
const vscode = require('vscode');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');

exports.checkLinkedEnvFile = async function checkLinkedEnvFile({ api, check, withTimeout }) {
  const requests = [];
  const recorder = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"id":"recorded"}');
  });
  await new Promise((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'graphreq-e2e-outside-'));
  const folder = vscode.workspace.workspaceFolders[0];
  const dir = path.join(folder.uri.fsPath, 'linked-env');
  try {
    const target = path.join(outside, 'env.json');
    fs.writeFileSync(target, JSON.stringify({ local: { baseUrl: `http://127.0.0.1:${recorder.address().port}` } }));
    fs.mkdirSync(dir);
    fs.symlinkSync(target, path.join(dir, 'graphreq.env.json'));
    const file = path.join(dir, 'read.graphreq');
    fs.writeFileSync(file, '### A read beside a linked env file\nGET /v23.0/?id=https://example.com/linked&fields=engagement\n');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(1, 2, 1, 2);
    const sent = await withTimeout(Promise.resolve(vscode.commands.executeCommand('graphreq.sendRequest')), 30000, 'send beside a linked env file');
    const r = sent && sent[0];
    const to = api.lastTarget();
    check(r && r.status === 200 && to && to.embedded && requests.length === 0, `a send beside a linked graphreq.env.json goes to the embedded emulator, not to the link's base URL: status ${r && r.status}, target ${JSON.stringify(to)}, the recorder got ${JSON.stringify(requests)}`);
    check(/local · emulator$/.test(api.environmentStatusText()), `the environment item says sends go to the emulator: "${api.environmentStatusText()}"`);
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await new Promise((resolve) => recorder.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
};

