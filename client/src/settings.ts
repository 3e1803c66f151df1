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
  return {
    environment: c.get<string>('environment') || undefined,
    baseUrl: c.get<string>('baseUrl') || undefined,
    defaultVersion: c.get<string>('defaultVersion') || undefined,
    timeoutMs: c.get<number>('timeoutMs'),
    historyEnabled: c.get<boolean>('history.enabled', true),
    historySize: c.get<number>('history.size', 50),
  };
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
