/**
 * Access tokens in VS Code's SecretStorage (the OS keychain on the desktop), each kept for one
 * workspace folder, one environment and one origin (the base URL's scheme, host and port): a token
 * stored for `prod` of one repository is never sent to another repository's `prod`, nor to another
 * address after graphreq.env.json changes. Never in settings or files; every token read or set is
 * given to the redactor so that it is masked wherever it could appear (log, trace, response view,
 * saved files, curl). The embedded emulator needs no token: it takes the documented `demo-token`.
 */
import * as vscode from 'vscode';
import type { Redactor } from './redact';

export const DEMO_TOKEN = 'demo-token';
const KEY_PREFIX = 'graphreq.token.';
/** What is stored (scopes, never values), for the "clear" picker and redaction at start-up. */
const INDEX_KEY = 'graphreq.token.scopes';

/** What a token is stored for. */
export interface TokenScope {
  /** The workspace folder's URI (a file outside every folder: its own folder's). */
  workspace: string;
  /** The environment ('' = `$shared` only). */
  environment: string;
  /** The origin the token goes to. */
  origin: string;
}

/** The storage name of an environment; the `$shared`-only setup (no environment chosen) is `default`. */
export function envKey(environment: string | undefined): string {
  return environment || 'default';
}

/** The scope of a token for a document sent to `origin` in `environment`. */
export function tokenScope(document: vscode.Uri | undefined, environment: string, origin: string): TokenScope {
  const folder = document ? vscode.workspace.getWorkspaceFolder(document) : vscode.workspace.workspaceFolders?.[0];
  const workspace = folder ? folder.uri.toString() : document ? vscode.Uri.joinPath(document, '..').toString() : '';
  return { workspace, environment, origin };
}

function keyOf(scope: TokenScope): string {
  return KEY_PREFIX + JSON.stringify([scope.workspace, scope.environment, scope.origin]);
}

function sameScope(a: TokenScope, b: TokenScope): boolean {
  return a.workspace === b.workspace && a.environment === b.environment && a.origin === b.origin;
}

export class TokenStore {
  constructor(private readonly secrets: vscode.SecretStorage, private readonly state: vscode.Memento, private readonly redactor: Redactor) {}

  /** Loads the stored tokens into the redactor, so they are masked from the first log line on. */
  async primeRedactor(): Promise<void> {
    for (const scope of this.scopes()) this.redactor.add(await this.secrets.get(keyOf(scope)));
  }

  /** Every scope a token is stored for. */
  scopes(): TokenScope[] {
    const list = this.state.get<unknown>(INDEX_KEY, []);
    return Array.isArray(list) ? list.filter((s): s is TokenScope => !!s && typeof s.workspace === 'string' && typeof s.environment === 'string' && typeof s.origin === 'string') : [];
  }

  async get(scope: TokenScope): Promise<string | undefined> {
    const token = await this.secrets.get(keyOf(scope));
    this.redactor.add(token);
    return token || undefined;
  }

  async set(scope: TokenScope, token: string): Promise<void> {
    this.redactor.add(token);
    await this.secrets.store(keyOf(scope), token);
    await this.state.update(INDEX_KEY, [...this.scopes().filter((s) => !sameScope(s, scope)), scope]);
  }

  async clear(scope: TokenScope): Promise<void> {
    await this.secrets.delete(keyOf(scope));
    await this.state.update(INDEX_KEY, this.scopes().filter((s) => !sameScope(s, scope)));
  }

  /** Asks for a token (a password box); stores and returns it, or undefined if the user cancelled. */
  async prompt(scope: TokenScope, why: string): Promise<string | undefined> {
    const token = await vscode.window.showInputBox({
      title: `GraphReq: access token for environment "${envKey(scope.environment)}" (${scope.origin})`,
      prompt: `${why} It is kept in VS Code's secret storage for this workspace and this address only, never in settings or files.`,
      password: true,
      ignoreFocusOut: true,
      placeHolder: 'access token',
      validateInput: (v) => (v.trim() === '' ? 'Enter the token, or press Escape to cancel.' : /\s/.test(v.trim()) ? 'A token has no spaces.' : undefined),
    });
    if (!token) return undefined;
    await this.set(scope, token.trim());
    return token.trim();
  }
}
