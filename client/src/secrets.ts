/**
 * Access tokens, one per environment, kept in VS Code's SecretStorage (the OS keychain on the
 * desktop). Never in settings or files; every token read or set is given to the redactor so that
 * it is masked wherever it could appear (log, trace, response view, saved files, curl).
 * The embedded emulator needs no token: it takes the documented `demo-token`.
 */
import * as vscode from 'vscode';
import type { Redactor } from './redact';

export const DEMO_TOKEN = 'demo-token';
const KEY_PREFIX = 'graphreq.accessToken.';
/** Names (never values) of the environments that have a token, for the "clear" picker and redaction at start-up. */
const INDEX_KEY = 'graphreq.accessToken.environments';

/** The storage name of an environment; the `$shared`-only setup (no environment chosen) is `default`. */
export function envKey(environment: string | undefined): string {
  return environment || 'default';
}

export class TokenStore {
  constructor(private readonly secrets: vscode.SecretStorage, private readonly state: vscode.Memento, private readonly redactor: Redactor) {}

  /** Loads the stored tokens into the redactor, so they are masked from the first log line on. */
  async primeRedactor(): Promise<void> {
    for (const env of this.environments()) this.redactor.add(await this.secrets.get(KEY_PREFIX + env));
  }

  environments(): string[] {
    return this.state.get<string[]>(INDEX_KEY, []);
  }

  async get(environment: string | undefined): Promise<string | undefined> {
    const token = await this.secrets.get(KEY_PREFIX + envKey(environment));
    this.redactor.add(token);
    return token || undefined;
  }

  async set(environment: string | undefined, token: string): Promise<void> {
    const key = envKey(environment);
    this.redactor.add(token);
    await this.secrets.store(KEY_PREFIX + key, token);
    const envs = new Set(this.environments());
    envs.add(key);
    await this.state.update(INDEX_KEY, [...envs].sort());
  }

  async clear(environment: string | undefined): Promise<void> {
    const key = envKey(environment);
    await this.secrets.delete(KEY_PREFIX + key);
    await this.state.update(INDEX_KEY, this.environments().filter((e) => e !== key));
  }

  /** Asks for a token (a password box); stores and returns it, or undefined if the user cancelled. */
  async prompt(environment: string | undefined, why: string): Promise<string | undefined> {
    const name = envKey(environment);
    const token = await vscode.window.showInputBox({
      title: `GraphReq: access token for environment "${name}"`,
      prompt: `${why} It is kept in VS Code's secret storage, never in settings or files.`,
      password: true,
      ignoreFocusOut: true,
      placeHolder: 'access token',
      validateInput: (v) => (v.trim() === '' ? 'Enter the token, or press Escape to cancel.' : /\s/.test(v.trim()) ? 'A token has no spaces.' : undefined),
    });
    if (!token) return undefined;
    await this.set(environment, token.trim());
    return token.trim();
  }
}
