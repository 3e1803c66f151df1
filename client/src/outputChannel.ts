/**
 * The "GraphReq" output channel: the language server's log and the LSP trace, with every access
 * token masked before it is written, and messages below `graphreq.log.level` dropped.
 * The language client writes through this wrapper only, so nothing reaches the channel unredacted.
 */
import * as vscode from 'vscode';
import type { Redactor } from './redact';
import { logLevel, type LogLevelSetting } from './settings';

const RANK: Record<LogLevelSetting, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

export function createRedactingChannel(name: string, redactor: Redactor): vscode.LogOutputChannel {
  const inner = vscode.window.createOutputChannel(name, { log: true });
  const r = (s: string): string => redactor.redact(s);
  const allowed = (level: LogLevelSetting): boolean => RANK[logLevel()] >= RANK[level];
  const args = (a: unknown[]): unknown[] => a.map((x) => (typeof x === 'string' ? r(x) : x instanceof Error ? r(x.stack ?? x.message) : x));
  const channel: vscode.LogOutputChannel = {
    get name() { return inner.name; },
    get logLevel() { return inner.logLevel; },
    onDidChangeLogLevel: inner.onDidChangeLogLevel,
    // LSP traces (graphreq.trace.server) go through trace(): they carry executeCommand arguments, tokens included.
    trace: (message: string, ...a: unknown[]) => inner.trace(r(message), ...args(a)),
    debug: (message: string, ...a: unknown[]) => { if (allowed('debug')) inner.debug(r(message), ...args(a)); },
    info: (message: string, ...a: unknown[]) => { if (allowed('info')) inner.info(r(message), ...args(a)); },
    warn: (message: string, ...a: unknown[]) => { if (allowed('warn')) inner.warn(r(message), ...args(a)); },
    error: (error: string | Error, ...a: unknown[]) => {
      if (allowed('error')) inner.error(typeof error === 'string' ? r(error) : r(error.stack ?? error.message), ...args(a));
    },
    // The server's plain connection.console.log() lines arrive here.
    append: (value: string) => { if (allowed('info')) inner.append(r(value)); },
    appendLine: (value: string) => { if (allowed('info')) inner.appendLine(r(value)); },
    replace: (value: string) => inner.replace(r(value)),
    clear: () => inner.clear(),
    show: (a?: unknown, b?: boolean) => (typeof a === 'boolean' ? inner.show(a) : inner.show(a as vscode.ViewColumn | undefined, b)),
    hide: () => inner.hide(),
    dispose: () => inner.dispose(),
  } as vscode.LogOutputChannel;
  return channel;
}
