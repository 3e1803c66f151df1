/**
 * Which environments graphreq.env.json offers, and whether the chosen one talks to a real API (a
 * base URL) or to the embedded emulator. Reads the file the way the server does (the nearest
 * graphreq.env.json from the document's folder up to its workspace folder) with the core's own reader.
 */
import * as vscode from 'vscode';
import { readEnvironmentFile, resolveEnvironment, type EnvironmentFile, type EnvironmentSettings } from '../../server/src/core/environment';
import { decideSendTarget, type SendTarget } from '../../server/src/core/send/sendTarget';
import { lookUpEnvFile, type EntryStat, type EnvFileCandidate, type EnvFileFound } from './envFileLookup';
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
  /** An env file was found but not read: a link, not a regular file, too large (envFileLookup.ts); `problem` says why. */
  refused?: boolean;
  /** A problem reading the file or a missing environment, in one line. */
  problem?: string;
  /** The workspace is not trusted (Restricted Mode): no sends, no base URL from the file. */
  restricted: boolean;
}

/**
 * graphreq.env.json from the folder of `uri` up to its workspace folder, never above it (a file in a
 * parent folder of the workspace is not the workspace's): the server's rule (server/src/files/envFile.ts).
 * A document outside every folder looks in its own folder only; without a document, the first
 * workspace folder's root. No symbolic link is followed, and only a regular file is read (envFileLookup.ts).
 */
export async function findEnvFile(uri?: vscode.Uri): Promise<EnvFileFound<vscode.Uri>> {
  const candidates: Array<EnvFileCandidate<vscode.Uri>> = [];
  const folder = uri ? vscode.workspace.getWorkspaceFolder(uri) : undefined;
  if (uri && (uri.scheme === 'file' || folder)) {
    const root = folder?.uri;
    // The folders from the document's up to the workspace folder (the last one, when reached).
    const dirs: vscode.Uri[] = [];
    let reachedRoot = false;
    let dir = vscode.Uri.joinPath(uri, '..');
    for (let i = 0; i < 64; i++) {
      dirs.push(dir);
      if (!root || !dir.path.startsWith(root.path)) break;
      if (dir.path === root.path) {
        reachedRoot = true;
        break;
      }
      const parent = vscode.Uri.joinPath(dir, '..');
      if (parent.path === dir.path) break;
      dir = parent;
    }
    dirs.forEach((d, i) => candidates.push({ file: vscode.Uri.joinPath(d, ENV_FILE), folders: reachedRoot ? dirs.slice(i, -1) : [] }));
  } else {
    const first = vscode.workspace.workspaceFolders?.[0];
    if (first) candidates.push({ file: vscode.Uri.joinPath(first.uri, ENV_FILE), folders: [] });
  }
  const stat = async (u: vscode.Uri): Promise<EntryStat | undefined> => {
    try {
      const s = await vscode.workspace.fs.stat(u);
      return { type: s.type, size: s.size };
    } catch {
      return undefined; // Not there: the next folder up is tried.
    }
  };
  return lookUpEnvFile(candidates, stat, (u) => vscode.workspace.asRelativePath(u));
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
  const found = await findEnvFile(uri);
  const file = found && 'file' in found ? found.file : undefined;
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
  } else if (found && 'refused' in found) {
    problem = `${found.reason}, so it is not read`;
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
  return { name, named, names, target, baseUrl: target.baseUrl, file, refused: !!found && 'refused' in found, problem, restricted };
}
