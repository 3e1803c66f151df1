/**
 * Set, replace and clear an access token (kept in secret storage for one workspace folder,
 * environment and origin: secrets.ts). The origin is where that environment's sends go, decided as
 * a send decides it (environments.ts, core/send/sendTarget.ts).
 */
import * as vscode from 'vscode';
import { environmentInfo } from '../environments';
import { envKey, tokenScope, type TokenScope, type TokenStore } from '../secrets';

async function pickEnvironment(title: string, picked: string | undefined): Promise<string | undefined> {
  const info = await environmentInfo(vscode.window.activeTextEditor?.document.uri, picked);
  const names = [...new Set([...info.names, info.name])];
  if (names.length <= 1) return info.name;
  const items = names.map((n) => ({ label: envKey(n), value: n, description: n === info.name ? 'current environment' : undefined }));
  items.sort((a, b) => (a.description ? -1 : b.description ? 1 : a.label.localeCompare(b.label)));
  const chosen = await vscode.window.showQuickPick(items, { title });
  return chosen?.value;
}

/** `picked`: the environment picked in this workspace (the picker's record). */
export async function setAccessToken(tokens: TokenStore, picked: string | undefined): Promise<void> {
  const env = await pickEnvironment('GraphReq: set the access token of which environment?', picked);
  if (env === undefined) return;
  const uri = vscode.window.activeTextEditor?.document.uri;
  const info = await environmentInfo(uri, env);
  if (!info.target.origin) {
    void vscode.window.showInformationMessage(`GraphReq: environment "${envKey(env)}" sends to the embedded emulator, which takes its demo token: no token to set.`);
    return;
  }
  const scope = tokenScope(uri, env, info.target.origin);
  const had = !!(await tokens.get(scope));
  const token = await tokens.prompt(scope, had ? 'Replaces the token stored for this environment.' : 'Used for requests of this environment.');
  if (token) void vscode.window.showInformationMessage(`GraphReq: access token ${had ? 'replaced' : 'stored'} for environment "${envKey(env)}" (${scope.origin}).`);
}

export async function clearAccessToken(tokens: TokenStore): Promise<void> {
  const stored = tokens.scopes();
  if (!stored.length) {
    void vscode.window.showInformationMessage('GraphReq: no access token is stored.');
    return;
  }
  const items = stored.map((scope): vscode.QuickPickItem & { scope: TokenScope } => ({ label: `${envKey(scope.environment)} · ${scope.origin}`, description: workspaceLabel(scope.workspace), scope }));
  const chosen = await vscode.window.showQuickPick(items, { title: 'GraphReq: clear which access token?' });
  if (!chosen) return;
  await tokens.clear(chosen.scope);
  void vscode.window.showInformationMessage(`GraphReq: access token cleared for environment "${envKey(chosen.scope.environment)}" (${chosen.scope.origin}).`);
}

function workspaceLabel(uri: string): string {
  try {
    return vscode.Uri.parse(uri).path.split('/').filter(Boolean).pop() ?? uri;
  } catch {
    return uri;
  }
}
