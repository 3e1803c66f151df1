/**
 * GraphReq: Paste cURL as Request and GraphReq: Import .http File. The conversion is the server's
 * (graphreq.importText, the same as `graphreq import`); this side reads the clipboard or the file,
 * and puts the result where the user asked: at the cursor, beside the .http file (never over a file
 * unasked), or in an unsaved document. What was not carried over goes to the GraphReq output.
 */
import * as vscode from 'vscode';
import { ExecuteCommandRequest, type LanguageClient } from 'vscode-languageclient/node';
import { Commands, type ImportTextArgs, type ImportTextResult } from '../../../server/src/lsp/protocol';
import { graphreqName, importPlace, pasteText, type ImportSituation } from '../importPlacement';

export interface ImportDeps {
  client: () => LanguageClient | undefined;
  log: vscode.LogOutputChannel;
}

async function convert(deps: ImportDeps, args: ImportTextArgs): Promise<ImportTextResult | undefined> {
  const client = deps.client();
  if (!client?.isRunning()) {
    void vscode.window.showErrorMessage('GraphReq: the language server is not running; see GraphReq: Show Server Log.');
    return undefined;
  }
  return (await client.sendRequest(ExecuteCommandRequest.type, { command: Commands.importText, arguments: [args] })) as ImportTextResult;
}

/** The notes in the output channel, and one message that counts them. */
function report(deps: ImportDeps, source: string, r: ImportTextResult, done: string): void {
  for (const note of r.notes) deps.log.warn(`import ${source}: ${note}`);
  const notes = r.notes.length ? `; ${r.notes.length} ${r.notes.length === 1 ? 'note' : 'notes'} on what was not carried over` : '';
  const message = `GraphReq: ${done}${notes}.`;
  if (!r.notes.length) void vscode.window.showInformationMessage(message);
  else void vscode.window.showWarningMessage(message, 'Show Notes').then((a) => (a ? deps.log.show(true) : undefined));
}

const requestsWord = (n: number): string => `${n} ${n === 1 ? 'request' : 'requests'}`;

/** Reads curl commands from the clipboard and inserts the requests at the cursor (a new unsaved file when no request file is active). */
export async function pasteCurl(deps: ImportDeps): Promise<boolean> {
  const clip = await vscode.env.clipboard.readText();
  if (!clip.trim()) {
    void vscode.window.showInformationMessage('GraphReq: the clipboard holds no text; copy a curl command first.');
    return false;
  }
  const r = await convert(deps, { text: clip, from: 'curl' });
  if (!r) return false;
  if (!r.requests) {
    void vscode.window.showWarningMessage(`GraphReq: no curl command in the clipboard${r.notes[0] ? ` (${r.notes[0]})` : ''}.`);
    return false;
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'graphreq') {
    const doc = await vscode.workspace.openTextDocument({ language: 'graphreq', content: r.text });
    await vscode.window.showTextDocument(doc);
  } else {
    const doc = editor.document;
    const at = editor.selection.active;
    const before = doc.getText(new vscode.Range(new vscode.Position(0, 0), at));
    const after = doc.getText(new vscode.Range(at, doc.lineAt(doc.lineCount - 1).range.end));
    const ok = await editor.edit((e) => e.replace(editor.selection, pasteText(before, after, r.text)));
    if (!ok) return false;
  }
  report(deps, 'clipboard', r, `pasted ${requestsWord(r.requests)} from curl`);
  return true;
}

/**
 * Converts a REST Client / httpYac file (chosen in a dialog, or given: the Explorer's context menu)
 * and opens the result: written beside it as name.graphreq when no such file exists, replacing one
 * only when the user says so, else (or outside a trusted workspace folder) as an unsaved document.
 */
export async function importHttpFile(deps: ImportDeps, given?: vscode.Uri): Promise<vscode.TextEditor | undefined> {
  const source =
    given instanceof vscode.Uri
      ? given
      : (await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: 'Import', title: 'GraphReq: Import .http File', filters: { 'REST Client and httpYac files': ['http', 'rest'] } }))?.[0];
  if (!source) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await vscode.workspace.fs.readFile(source));
  } catch (e) {
    void vscode.window.showErrorMessage(`GraphReq: ${vscode.workspace.asRelativePath(source)} cannot be read as UTF-8 text (${e instanceof Error ? e.message : String(e)}).`);
    return undefined;
  }
  const r = await convert(deps, { text, from: 'http' });
  if (!r) return undefined;
  const name = vscode.workspace.asRelativePath(source);
  if (!r.requests) {
    void vscode.window.showWarningMessage(`GraphReq: no request found in ${name}.`);
    return undefined;
  }
  const target = vscode.Uri.joinPath(source, '..', graphreqName(source.path.slice(source.path.lastIndexOf('/') + 1)));
  const situation: ImportSituation = { inTrustedWorkspace: vscode.workspace.isTrusted && !!vscode.workspace.getWorkspaceFolder(source), existing: await existingAt(target) };
  let place = importPlace(situation);
  if (place === 'ask') {
    const replace = 'Replace';
    const unsaved = 'Open as Unsaved Document';
    const chosen = await vscode.window.showWarningMessage(`${vscode.workspace.asRelativePath(target)} exists. Replace it with the requests imported from ${name}?`, { modal: true }, replace, unsaved);
    if (!chosen) return undefined;
    place = chosen === replace ? 'write' : 'untitled';
  }
  let editor: vscode.TextEditor;
  if (place === 'write') {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(r.text));
    editor = await vscode.window.showTextDocument(target);
    report(deps, name, r, `imported ${requestsWord(r.requests)} from ${name} into ${vscode.workspace.asRelativePath(target)}`);
  } else {
    editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'graphreq', content: r.text }));
    report(deps, name, r, `imported ${requestsWord(r.requests)} from ${name} into an unsaved document`);
  }
  return editor;
}

async function existingAt(uri: vscode.Uri): Promise<ImportSituation['existing']> {
  try {
    const st = await vscode.workspace.fs.stat(uri);
    return st.type === vscode.FileType.File ? 'file' : 'other';
  } catch {
    return 'none';
  }
}
