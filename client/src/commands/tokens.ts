/** Set, replace and clear the access token of an environment (kept in secret storage). */
import * as vscode from 'vscode';
import { environmentInfo } from '../environments';
import { envKey, type TokenStore } from '../secrets';

async function pickEnvironment(title: string, only?: string[]): Promise<string | undefined> {
  const info = await environmentInfo(vscode.window.activeTextEditor?.document.uri);
  const names = only ?? [...new Set([...(info.names.length ? info.names : []), envKey(info.name)])];
  if (names.length <= 1 && !only) return info.name;
  if (!names.length) return undefined;
  const items = names.map((n) => ({ label: n, description: n === envKey(info.name) ? 'current environment' : undefined }));
  items.sort((a, b) => (a.description ? -1 : b.description ? 1 : a.label.localeCompare(b.label)));
  const chosen = await vscode.window.showQuickPick(items, { title });
  return chosen ? (chosen.label === 'default' ? '' : chosen.label) : undefined;
}

export async function setAccessToken(tokens: TokenStore): Promise<void> {
  const env = await pickEnvironment('GraphReq: set the access token of which environment?');
  if (env === undefined) return;
  const had = !!(await tokens.get(env));
  const token = await tokens.prompt(env, had ? 'Replaces the token stored for this environment.' : 'Used for requests of this environment.');
  if (token) void vscode.window.showInformationMessage(`GraphReq: access token ${had ? 'replaced' : 'stored'} for environment "${envKey(env)}".`);
}

export async function clearAccessToken(tokens: TokenStore): Promise<void> {
  const stored = tokens.environments();
  if (!stored.length) {
    void vscode.window.showInformationMessage('GraphReq: no access token is stored.');
    return;
  }
  const env = await pickEnvironment('GraphReq: clear the access token of which environment?', stored);
  if (env === undefined) return;
  await tokens.clear(env);
  void vscode.window.showInformationMessage(`GraphReq: access token cleared for environment "${envKey(env)}".`);
}
