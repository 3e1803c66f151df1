// Navigation and rename in the real editor (called by index.js, inside the extension host): go to
// definition of a file variable and of an environment variable (into graphreq.env.json), references,
// prepare rename, and a rename applied through VS Code's workspace edit, which must edit the request
// file and graphreq.env.json; once both are saved, the renamed use leads to the renamed key.
const vscode = require('vscode');

exports.checkNavigation = async function checkNavigation({ uri, doc, check, lineOf }) {
  const folder = vscode.workspace.workspaceFolders[0];
  const envUri = vscode.Uri.joinPath(folder.uri, 'graphreq.env.json');

  // Definition of {{version}}: the `@version = v23.0` line.
  const versionUse = lineOf(doc, 'POST /{{version}}/act_{{account}}/adsets');
  const onVersion = new vscode.Position(versionUse, doc.lineAt(versionUse).text.indexOf('{{version}}') + 3);
  const versionDefs = await vscode.commands.executeCommand('vscode.executeDefinitionProvider', uri, onVersion);
  const versionDef = versionDefs && versionDefs[0];
  const defLine = lineOf(doc, '@version = v23.0');
  const target = versionDef && (versionDef.targetUri ? { uri: versionDef.targetUri, range: versionDef.targetRange } : versionDef);
  check(target && target.uri.toString() === uri.toString() && target.range.start.line === defLine && target.range.start.character === 1 && target.range.end.character === 8,
    `go to definition of {{version}} lands on @version (line ${defLine + 1}): ${target && `${target.uri.path.split('/').pop()}:${target.range.start.line + 1}:${target.range.start.character}`}`);

  // Definition of {{account}}: the key in graphreq.env.json's $shared section.
  const onAccount = new vscode.Position(versionUse, doc.lineAt(versionUse).text.indexOf('{{account}}') + 4);
  const accountDefs = await vscode.commands.executeCommand('vscode.executeDefinitionProvider', uri, onAccount);
  const accountDef = accountDefs && accountDefs[0];
  const envTarget = accountDef && (accountDef.targetUri ? { uri: accountDef.targetUri, range: accountDef.targetRange } : accountDef);
  const envDoc = await vscode.workspace.openTextDocument(envUri);
  const keyText = envTarget ? envDoc.getText(envTarget.range) : '';
  check(envTarget && envTarget.uri.toString() === envUri.toString() && keyText === 'account', `go to definition of {{account}} lands on its key in graphreq.env.json ("${keyText}")`);

  // References of {{version}}: the definition and every use.
  const refs = await vscode.commands.executeCommand('vscode.executeReferenceProvider', uri, onVersion);
  const uses = doc.getText().split('{{version}}').length - 1;
  check(refs && refs.length === uses + 1 && refs.every((r) => r.uri.toString() === uri.toString()), `find references of {{version}}: ${refs && refs.length} (want ${uses + 1})`);

  // Rename {{account}} to ad_account: the request file and graphreq.env.json in one workspace edit.
  const prepared = await vscode.commands.executeCommand('vscode.prepareRename', uri, onAccount);
  const preparedText = prepared && doc.getText(prepared.range || prepared);
  check(preparedText === 'account', `prepare rename of {{account}} selects "${preparedText}"`);
  const edit = await vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', uri, onAccount, 'ad_account');
  const touched = edit ? edit.entries().map(([u, edits]) => `${u.path.split('/').pop()}:${edits.length}`).sort() : [];
  check(touched.includes('graphreq.env.json:1') && touched.some((t) => t.startsWith('e2e.graphreq:')), `rename edits the request file and graphreq.env.json: ${touched.join(', ')}`);
  const applied = await vscode.workspace.applyEdit(edit);
  // Saved one by one: a document opened without an editor is not always among saveAll's.
  const saved = [await doc.save(), await envDoc.save()];
  check(saved.every(Boolean), `both files are saved (${saved})`);
  check(applied && doc.getText().includes('{{ad_account}}') && !doc.getText().includes('{{account}}'), 'the rename is applied to the request file');
  check(/"ad_account"/.test(envDoc.getText()) && !/"account"/.test(envDoc.getText()), 'the rename is applied to graphreq.env.json');
  // Once both are saved, the renamed use leads to the renamed key (the server reads the file from disk).
  const renamedLine = lineOf(doc, 'POST /{{version}}/act_{{ad_account}}/adsets');
  const onRenamed = new vscode.Position(renamedLine, doc.lineAt(renamedLine).text.indexOf('{{ad_account}}') + 4);
  const renamedDefs = await vscode.commands.executeCommand('vscode.executeDefinitionProvider', uri, onRenamed);
  const renamed = renamedDefs && renamedDefs[0];
  const renamedTarget = renamed && (renamed.targetUri ? { uri: renamed.targetUri, range: renamed.targetRange } : renamed);
  const renamedText = renamedTarget ? (await vscode.workspace.openTextDocument(renamedTarget.uri)).getText(renamedTarget.range) : '';
  check(renamedText === 'ad_account', `after the rename, {{ad_account}} leads to its key in graphreq.env.json ("${renamedText}")`);
};
