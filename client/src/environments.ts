/**
 * Which environments graphreq.env.json offers, and whether the chosen one talks to a real API (a
 * base URL) or to the embedded emulator. Reads the file the way the server does (the nearest
 * graphreq.env.json from the document's folder up to its workspace folder) with the core's own reader.
 */
import * as vscode from 'vscode';
import { readEnvironmentFile, resolveEnvironment, type EnvironmentFile } from '../../server/src/core/environment';
import { config } from './settings';

export const ENV_FILE = 'graphreq.env.json';

export interface EnvironmentInfo {
  /** The configured environment name ('' = `$shared` only). */
  name: string;
  /** Every environment the file defines. */
  names: string[];
  /** The effective base URL (the setting wins over the file); undefined = embedded emulator. */
  baseUrl?: string;
  /** The env file found, if any. */
  file?: vscode.Uri;
  /** A problem reading the file or a missing environment, in one line. */
  problem?: string;
  /** The workspace is not trusted (Restricted Mode): no sends, no base URL from the file. */
  restricted: boolean;
}

/**
 * graphreq.env.json from the folder of `uri` up to its workspace folder, never above it (a file in a
 * parent folder of the workspace is not the workspace's): the server's rule (server/src/files/envFile.ts).
 * A document outside every folder looks in its own folder only; without a document, the first
 * workspace folder's root.
 */
export async function findEnvFile(uri?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const candidates: vscode.Uri[] = [];
  const folder = uri ? vscode.workspace.getWorkspaceFolder(uri) : undefined;
  if (uri && (uri.scheme === 'file' || folder)) {
    const root = folder?.uri;
    let dir = vscode.Uri.joinPath(uri, '..');
    for (let i = 0; i < 64; i++) {
      candidates.push(vscode.Uri.joinPath(dir, ENV_FILE));
      if (!root || dir.path === root.path || !dir.path.startsWith(root.path)) break;
      const parent = vscode.Uri.joinPath(dir, '..');
      if (parent.path === dir.path) break;
      dir = parent;
    }
  } else {
    const first = vscode.workspace.workspaceFolders?.[0];
    if (first) candidates.push(vscode.Uri.joinPath(first.uri, ENV_FILE));
  }
  for (const c of candidates) {
    try {
      await vscode.workspace.fs.stat(c);
      return c;
    } catch {
      // Not there: try the next folder up.
    }
  }
  return undefined;
}

async function readFile(file: vscode.Uri): Promise<EnvironmentFile> {
  const text = Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8');
  return readEnvironmentFile(JSON.parse(text));
}

export async function environmentInfo(uri?: vscode.Uri): Promise<EnvironmentInfo> {
  const c = config(uri);
  const name = c.get<string>('environment') || '';
  const settingBaseUrl = c.get<string>('baseUrl') || undefined;
  const file = await findEnvFile(uri);
  const info: EnvironmentInfo = { name, names: [], baseUrl: settingBaseUrl, file, restricted: !vscode.workspace.isTrusted };
  if (info.restricted) {
    // Restricted Mode: nothing is sent, and graphreq.env.json chooses no base URL (package.json, capabilities.untrustedWorkspaces).
    info.problem = 'Restricted Mode: GraphReq sends nothing until you trust this workspace';
    if (file) info.names = await readFile(file).then((f) => f.names, () => []);
    return info;
  }
  if (!file) {
    if (name) info.problem = `no ${ENV_FILE} in the workspace, so environment "${name}" has no settings`;
    return info;
  }
  try {
    const parsed = await readFile(file);
    info.names = parsed.names;
    const resolved = resolveEnvironment(parsed, name || undefined);
    info.baseUrl = settingBaseUrl ?? resolved.baseUrl;
  } catch (e) {
    info.problem = (e as Error).message.split('\n')[0];
  }
  return info;
}
