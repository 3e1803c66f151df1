/**
 * Reading the send result model the server returns (graphreq.send & co., types in
 * server/src/lsp/protocol.ts). The client never decodes headers or errors itself: these helpers only
 * pick fields for display. Plain module (no 'vscode' import), so unit tests can load it.
 */
import type { SendCommandResult, SendResult, UsageFigure, UsageModel } from '../../server/src/lsp/protocol';

export type { SendResult, UsageFigure, UsageModel } from '../../server/src/lsp/protocol';

/** The results of a command's answer ({sendId, results}), or of a bare result or list (history). */
export function resultsOf(value: unknown): SendResult[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : isObject(value) && Array.isArray((value as SendCommandResult).results) ? (value as SendCommandResult).results : [value];
  return list.filter((r): r is SendResult => isObject(r) && 'status' in (r as object));
}

/** Headers as [name, value] pairs sorted by name. */
export function headerList(headers: Record<string, string> | null | undefined): Array<[string, string]> {
  return Object.entries(headers ?? {}).map(([k, v]): [string, string] => [k, String(v)]).sort((a, b) => a[0].localeCompare(b[0]));
}

export function usageFigures(usage: UsageModel | null | undefined): UsageFigure[] {
  return usage?.figures ?? [];
}

export function highestPercent(usage: UsageModel | null | undefined): number | undefined {
  return typeof usage?.highestPercent === 'number' ? usage.highestPercent : undefined;
}

export function limitingLabel(usage: UsageModel | null | undefined): string | undefined {
  return usage?.limiting?.label ?? undefined;
}

/** The end of a block (epoch ms), when the usage says calls are limited now. */
export function blockedUntilMs(usage: UsageModel | null | undefined): number | undefined {
  if (!usage?.blockedUntil) return undefined;
  const t = Date.parse(usage.blockedUntil);
  return Number.isFinite(t) ? t : undefined;
}

/** Minutes until a BUC figure's type regains access (its entry's estimated_time_to_regain_access). */
export function regainMinutes(usage: UsageModel | null | undefined, f: UsageFigure): number | undefined {
  if (f.source !== 'buc' || !usage) return undefined;
  const e = usage.buc.find((b) => b.type === f.type && b.businessId === f.businessId);
  return e?.estimated_time_to_regain_access ?? undefined;
}

/** A short label of the request: `# @name`, `###` title, or method and URL. */
export function requestLabel(r: SendResult): string {
  return r.name || r.title || (r.request ? `${r.request.method} ${r.request.url}` : `request ${r.number ?? r.index + 1}`);
}

/** A result the client makes itself when no answer came (the send was cancelled before it returned). */
export function clientFailure(index: number, kind: 'cancelled' | 'network', message: string): SendResult {
  return {
    index, name: null, title: null, sentAt: new Date().toISOString(), status: null, statusText: '', durationMs: 0, size: 0, attempts: 0,
    headers: {}, body: null, bodyKind: 'empty', error: null,
    usage: { app: null, adAccount: null, buc: [], throttle: [], figures: [], highestPercent: null, limiting: null, regainAccessMinutes: null, blockedUntil: null, warnings: [] },
    warnings: [], version: { text: null, source: 'none' }, request: { method: '', url: '', headers: {}, body: null }, curl: '',
    failure: { kind, message, retryAt: null },
  };
}

function isObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
