// "GraphReq: Paste cURL as Request" and "GraphReq: Import .http File" in the real editor (called by
// index.js, inside the extension host): the clipboard's curl command lands at the cursor as a request
// of its own, a .http file becomes its .graphreq beside it, never over a link, with no token anywhere.
const vscode = require('vscode');

const TOKEN = 'EAAB-e2e-import-secret-31337';
const CURL = `curl 'https://graph.facebook.com/v23.0/act_1234567890/adsets' \\\n  -H 'authorization: Bearer ${TOKEN}' \\\n  -H 'sec-fetch-mode: cors' \\\n  --data-raw '{"name":"Pasted sale","campaign_id":"120200000000000001","status":"PAUSED"}'`;
const HTTP = `@host = https://graph.facebook.com\n\n# @name me\nGET {{host}}/v23.0/me?fields=id,name\nAuthorization: Bearer ${TOKEN}\n\n?? status == 200\n\n###\nGET {{host}}/v23.0/{{me.id}}/adaccounts?fields=name\n`;

exports.checkImport = async function checkImport({ check, withTimeout, waitFor }) {
  const folder = vscode.workspace.workspaceFolders[0];
  const made = [];
  const write = async (name, text) => {
    const uri = vscode.Uri.joinPath(folder.uri, name);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    made.push(uri);
    return uri;
  };
  try {
    // Paste: the cursor at the end of a file with one request; the curl command on the clipboard.
    const pasteUri = await write('pasted.graphreq', 'GET /v23.0/me?fields=id\n');
    const doc = await vscode.workspace.openTextDocument(pasteUri);
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(doc.lineAt(doc.lineCount - 1).range.end, doc.lineAt(doc.lineCount - 1).range.end);
    await vscode.env.clipboard.writeText(CURL);
    const clip = await vscode.env.clipboard.readText();
    check(clip === CURL, `the editor's clipboard holds the curl command (${clip.length} of ${CURL.length} characters read back)`);
    const pasted = await withTimeout(Promise.resolve(vscode.commands.executeCommand('graphreq.pasteCurl')), 30000, 'Paste cURL as Request');
    const text = doc.getText();
    // The import heads its request with a titled ### line (and the note about the token as a comment).
    check(pasted === true && /^GET \/v23\.0\/me\?fields=id\n\n### POST \/v23\.0\/act_1234567890\/adsets\n(#[^\n]*\n)*POST \/v23\.0\/act_1234567890\/adsets\n\n\{\n  "name": "Pasted sale",/.test(text), `Paste cURL as Request inserts the request below the one there, after a ###: ${JSON.stringify(text.slice(0, 120))}`);
    check(!text.includes(TOKEN) && !/sec-fetch/i.test(text), 'the pasted request has no token and no browser header');
    // The server checks the new text: no syntax finding.
    const diags = await waitFor(() => (doc.version > 1 ? vscode.languages.getDiagnostics(pasteUri) : undefined), vscode.languages.onDidChangeDiagnostics, 'diagnostics of the pasted file');
    check(!diags.some((d) => /^SYNTAX-/.test(String(typeof d.code === 'object' ? d.code.value : d.code))), `the pasted request reads without syntax findings (${diags.map((d) => (typeof d.code === 'object' ? d.code.value : d.code)).join(', ') || 'none'})`);
    await doc.save();

    // Import: api.http (httpYac, a token in a header) becomes api.graphreq beside it, opened.
    const httpUri = await write('api.http', HTTP);
    const target = vscode.Uri.joinPath(folder.uri, 'api.graphreq');
    made.push(target);
    const opened = await withTimeout(Promise.resolve(vscode.commands.executeCommand('graphreq.importHttpFile', httpUri)), 30000, 'Import .http File');
    const onDisk = await vscode.workspace.fs.readFile(target).then((b) => Buffer.from(b).toString('utf8'), () => '');
    check(opened && opened.document.uri.toString() === target.toString(), `Import .http File opens ${vscode.workspace.asRelativePath(target)} (${opened && opened.document.uri.path})`);
    check(/^GET \/v23\.0\/me\?fields=id,name$/m.test(onDisk) && /^# @expect status == 200$/m.test(onDisk) && /\{\{me\.response\.body\.id\}\}/.test(onDisk), `api.graphreq holds the converted requests (host left to the environment, the assertion as # @expect, chaining): ${JSON.stringify(onDisk.slice(0, 160))}`);
    check(!onDisk.includes(TOKEN), 'api.graphreq holds no token');

    // A .graphreq of that name that is a link is never written through: the result opens unsaved.
    const linkTarget = await write('link-target.txt', 'theirs\n');
    const linkedHttp = await write('linked.http', HTTP);
    const link = vscode.Uri.joinPath(folder.uri, 'linked.graphreq');
    require('fs').symlinkSync(linkTarget.fsPath, link.fsPath);
    made.push(link);
    const unsaved = await withTimeout(Promise.resolve(vscode.commands.executeCommand('graphreq.importHttpFile', linkedHttp)), 30000, 'Import .http File beside a link');
    const kept = Buffer.from(await vscode.workspace.fs.readFile(linkTarget)).toString('utf8');
    check(unsaved && unsaved.document.isUntitled && unsaved.document.languageId === 'graphreq' && /GET \/v23\.0\/me/.test(unsaved.document.getText()) && kept === 'theirs\n', `beside a linked.graphreq that is a link, the import opens unsaved and the link's file is untouched (${unsaved && unsaved.document.uri.scheme})`);
  } finally {
    // Closed without a save prompt (an unsaved import would ask): only the editors this check opened.
    for (let i = 0; i < 5; i++) {
      const active = vscode.window.activeTextEditor;
      if (!active || !(active.document.isUntitled || made.some((u) => u.toString() === active.document.uri.toString()))) break;
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    for (const uri of made) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  }
};
