/**
 * Which environments graphreq.env.json offers, and whether the chosen one talks to a real API (a
 * base URL) or to the embedded emulator. Reads the file the way the server does (the nearest
 * graphreq.env.json from the document's folder up to its workspace folder) with the core's own reader.
 */
import * as vscode from 'vscode';
import { readEnvironmentFile, resolveEnvironment, type EnvironmentFile, type EnvironmentSettings } from '../../server/src/core/environment';
import { decideSendTarget, type SendTarget } from '../../server/src/core/send/sendTarget';
import { baseUrlSetting, config, environmentChosen } from './settings';

export const ENV_FILE = 'graphreq.env.json';

export interface EnvironmentInfo {
  /** The environment in use ('' = `$shared` only): the one picked in this workspace, else the `graphreq.environment` setting. */
  name: string;
  /** The user chose it (the picker, or their own settings): its base URL may receive the token. */
  named: boolean;
  /** Every environment the file defines. */
  names: string[];
  /** Where sends go, decided as the server and the CLI decide it (core/send/sendTarget.ts). */
  target: SendTarget;
  /** The target's base URL; undefined = embedded emulator. */
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

/**
 * The environment in use for `uri` and where its sends go. `picked`: the environment chosen in the
 * picker for this workspace (workspace state; '' = none), which wins over the settings.
 */
export async function environmentInfo(uri: vscode.Uri | undefined, picked: string | undefined): Promise<EnvironmentInfo> {
  const name = picked ?? (config(uri).get<string>('environment') || '');
  const file = await findEnvFile(uri);
  const restricted = !vscode.workspace.isTrusted;
  let names: string[] = [];
  let problem: string | undefined;
  let env: EnvironmentSettings = { variables: {} };
  if (file) {
    try {
      const parsed = await readFile(file);
      names = parsed.names;
      if (!restricted) env = resolveEnvironment(parsed, name || undefined);
    } catch (e) {
      problem = (e as Error).message.split('\n')[0];
    }
  } else if (name) {
    problem = `no ${ENV_FILE} in the workspace, so environment "${name}" has no settings`;
  }
  // Restricted Mode: nothing is sent, and graphreq.env.json chooses no base URL (package.json, capabilities.untrustedWorkspaces).
  if (restricted) problem = 'Restricted Mode: GraphReq sends nothing until you trust this workspace';
  const baseUrl = baseUrlSetting(uri);
  const named = environmentChosen(name, uri, picked);
  const target = decideSendTarget({
    typedBaseUrl: baseUrl.fromWorkspace ? undefined : baseUrl.value,
    workspaceBaseUrl: baseUrl.fromWorkspace ? baseUrl.value : undefined,
    environment: name,
    environmentNamed: named,
    envBaseUrl: env.baseUrl,
    accessTokenEnv: env.accessTokenEnv,
    workspaceTrusted: !restricted,
  });
  return { name, named, names, target, baseUrl: target.baseUrl, file, problem, restricted };
}
