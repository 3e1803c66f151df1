// Format on save in the real editor (called by index.js, inside the extension host): with
// `editor.formatOnSave` on for graphreq files, saving a request file lays it out as `graphreq fmt`
// does (JSON bodies as Prettier lays out JSON), and a formatted file saves unchanged.
const vscode = require('vscode');

const MESSY = '###Create\nPOST   /v23.0/act_1234567890/adsets\n{"name":"Sale","targeting":{"geo_locations":{"countries":["US","CA"]}},"status":"PAUSED"}\n';
const TIDY = '### Create\nPOST /v23.0/act_1234567890/adsets\n\n{\n  "name": "Sale",\n  "targeting": { "geo_locations": { "countries": ["US", "CA"] } },\n  "status": "PAUSED"\n}\n';

exports.checkFormatOnSave = async function checkFormatOnSave({ check, withTimeout }) {
  const folder = vscode.workspace.workspaceFolders[0];
  const uri = vscode.Uri.joinPath(folder.uri, 'format-on-save.graphreq');
  const settings = vscode.workspace.getConfiguration('editor', { languageId: 'graphreq' });
  await vscode.workspace.fs.writeFile(uri, Buffer.from(MESSY));
  try {
    await settings.update('formatOnSave', true, vscode.ConfigurationTarget.Global, true);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    // An edit makes the document dirty, so that saving runs the save participants (format on save).
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), ' ');
    await vscode.workspace.applyEdit(edit);
    await withTimeout(Promise.resolve(doc.save()), 30000, 'save with format on save');
    const onDisk = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
    check(doc.getText() === TIDY && onDisk === TIDY, `format on save lays the file out as graphreq fmt does: ${JSON.stringify(onDisk.slice(0, 120))}`);
  } finally {
    await settings.update('formatOnSave', undefined, vscode.ConfigurationTarget.Global, true);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.workspace.fs.delete(uri);
  }
};
