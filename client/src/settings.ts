/** The graphreq.* settings the client reads (the server reads its own part through workspace/configuration). */
import * as vscode from 'vscode';
import { settingValue } from '../../server/src/core/send/sendTarget';
import type { ServerSettings } from '../../server/src/lsp/protocol';
import type { Thresholds } from './usagePresentation';

export type LogLevelSetting = 'off' | 'error' | 'warn' | 'info' | 'debug';

export function config(scope?: vscode.Uri): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('graphreq', scope);
}

/** What the server gets as initializationOptions (and again through workspace/configuration). */
export function serverSettings(picked: string | undefined, scope?: vscode.Uri): ServerSettings {
  const c = config(scope);
  return {
    // The environment picked in this workspace (workspace state) wins over the setting.
    environment: (picked ?? c.get<string>('environment')) || undefined,
    // Each send carries the base URL and where it comes from; over LSP settings count as the workspace's.
    baseUrl: baseUrlSetting(scope).value,
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
  // An empty value is not set (the declared default is ""), at every level: it never means "no base URL".
  const fromWorkspace = [i?.workspaceFolderLanguageValue, i?.workspaceLanguageValue, i?.workspaceFolderValue, i?.workspaceValue].map(settingValue).find((v) => v !== undefined);
  if (fromWorkspace !== undefined) return { value: fromWorkspace, fromWorkspace: true };
  return { value: settingValue(i?.globalLanguageValue ?? i?.globalValue), fromWorkspace: false };
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
