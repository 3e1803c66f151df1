/** The graphreq.* settings the client reads (the server reads its own part through workspace/configuration). */
import * as vscode from 'vscode';
import type { ServerSettings } from '../../server/src/lsp/protocol';
import type { Thresholds } from './usagePresentation';

export type LogLevelSetting = 'off' | 'error' | 'warn' | 'info' | 'debug';

export function config(scope?: vscode.Uri): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('graphreq', scope);
}

/** What the server gets as initializationOptions (and again through workspace/configuration). */
export function serverSettings(scope?: vscode.Uri): ServerSettings {
  const c = config(scope);
  const baseUrl = baseUrlSetting(scope);
  return {
    environment: c.get<string>('environment') || undefined,
    // A base URL from the workspace's settings file goes with each send, marked as such; only the user's own is a default.
    baseUrl: baseUrl.fromWorkspace ? undefined : baseUrl.value,
    defaultVersion: c.get<string>('defaultVersion') || undefined,
    timeoutMs: c.get<number>('timeoutMs'),
    historyEnabled: c.get<boolean>('history.enabled', true),
    historySize: c.get<number>('history.size', 50),
    historyMaxBytes: c.get<number>('history.maxBytes'),
    responseMaxBytes: c.get<number>('response.maxBytes'),
    workspaceTrusted: vscode.workspace.isTrusted,
  };
}

/**
 * `graphreq.baseUrl` and where it comes from: the user's own settings, or the workspace's settings
 * file (written by whoever wrote the repository, so trusted like graphreq.env.json).
 */
export function baseUrlSetting(scope?: vscode.Uri): { value?: string; fromWorkspace: boolean } {
  const i = config(scope).inspect<string>('baseUrl');
  const fromWorkspace = [i?.workspaceFolderLanguageValue, i?.workspaceLanguageValue, i?.workspaceFolderValue, i?.workspaceValue].find((v) => v !== undefined);
  if (fromWorkspace !== undefined) return { value: fromWorkspace || undefined, fromWorkspace: !!fromWorkspace };
  return { value: config(scope).get<string>('baseUrl') || undefined, fromWorkspace: false };
}

/**
 * Whether the user chose the environment `name`: in the picker (remembered in the workspace state,
 * outside the repository), or in their own settings. A name found only in the workspace's settings
 * file was chosen by the repository.
 */
export function environmentChosen(name: string, scope: vscode.Uri | undefined, picked: string | undefined): boolean {
  if (!name) return false;
  if (picked === name) return true;
  const i = config(scope).inspect<string>('environment');
  const inWorkspace = [i?.workspaceFolderLanguageValue, i?.workspaceLanguageValue, i?.workspaceFolderValue, i?.workspaceValue].some((v) => v !== undefined);
  return !inWorkspace && (i?.globalLanguageValue ?? i?.globalValue) === name;
}

export function thresholds(): Thresholds {
  const c = config();
  const warning = c.get<number>('usage.warningThreshold', 75);
  const error = c.get<number>('usage.errorThreshold', 90);
  return { warning: Math.min(warning, error), error };
}

export function logLevel(): LogLevelSetting {
  return config().get<LogLevelSetting>('log.level', 'info');
}
