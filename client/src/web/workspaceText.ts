/**
 * A workspace file's text through the editor's file system (`workspace.fs`), for the web build's
 * server: strictly UTF-8 (a file that is not is refused in one line, as files/textFile.ts does on the
 * desktop), and no larger than the server reads.
 */
import * as vscode from 'vscode';
import { WEB_MAX_FILE_BYTES, type WebFileRead } from '../../../server/src/web/protocol';

/** A byte-order mark is kept (as U+FEFF), as on the desktop. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export async function readWorkspaceText(uri: vscode.Uri): Promise<WebFileRead> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type !== vscode.FileType.File) return { error: 'not a file' };
    if (stat.size > WEB_MAX_FILE_BYTES) return { error: `larger than ${WEB_MAX_FILE_BYTES} bytes` };
    const bytes = await vscode.workspace.fs.readFile(uri);
    return { text: strictUtf8.decode(bytes) };
  } catch (e) {
    return { error: e instanceof TypeError ? 'not UTF-8' : (e as Error).message };
  }
}
